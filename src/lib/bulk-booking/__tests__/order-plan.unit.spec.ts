import { failedOutcome, planBulkOrder, type BulkOrderView } from "../order-plan"

const carrier = new Set(["so_carrier"])
const order = (overrides: Partial<BulkOrderView> = {}): BulkOrderView => ({
  id: "order_1",
  status: "pending",
  items: [
    { id: "line_a", detail: { quantity: 2, fulfilled_quantity: 1 } },
    { id: "line_b", detail: { quantity: 1, fulfilled_quantity: 0 } },
  ],
  shipping_methods: [{ shipping_option_id: "so_carrier" }],
  ...overrides,
})

describe("what a bulk run does with an order", () => {
  it("fulfils every unit not fulfilled yet", () => {
    expect(planBulkOrder(order(), carrier)).toEqual({ action: "fulfil", items: [{ id: "line_a", quantity: 1 }, { id: "line_b", quantity: 1 }] })
  })

  it("skips an order already fulfilled, so it is never booked twice", () => {
    const done = order({ items: [{ id: "line_a", detail: { quantity: 2, fulfilled_quantity: 2 } }] })
    expect(planBulkOrder(done, carrier)).toEqual({ action: "skip", reason: "the order is already fulfilled", alreadyFulfilled: true })
  })

  it.each([
    [undefined, "the order no longer exists"],
    [order({ status: "canceled" }), "the order is canceled"],
    [order({ shipping_methods: [{ shipping_option_id: "so_manual" }] }), "the order does not ship with Nordic Parcel"],
  ])("skips with a reason the merchant reads: %#", (view, reason) => {
    expect(planBulkOrder(view, carrier)).toMatchObject({ action: "skip", reason })
  })

  it("tells the carrier's refusals from other failures", () => {
    expect(failedOutcome(new Error("The carrier refused the booking of order #4: Postal code 0000 does not exist in NO (BOOK_INPUT-057)"))).toMatchObject({ status: "refused" })
    // Never "skipped" on the refusal alone: the runner reads the order again (still unfulfilled: tried again).
    expect(failedOutcome(new Error("2 ordered and 2 already booked for other fulfilments, so 2 more cannot be fulfilled"))).toMatchObject({ status: "held" })
    // Not sent: tried again later, never reported as "may have been booked".
    expect(failedOutcome(new Error("The carrier is throttling bookings; order #4 was not booked, try again in a moment: rate_limited (not sent: no turn at the rate limit within 60000 ms)"))).toMatchObject({ status: "pending" })
    expect(failedOutcome(new Error("The carrier could not be reached; order #4 was not booked: network"))).toMatchObject({ status: "pending" })
    expect(failedOutcome(new Error("No stock reservation found"))).toEqual({ status: "failed", message: "No stock reservation found" })
  })
})
