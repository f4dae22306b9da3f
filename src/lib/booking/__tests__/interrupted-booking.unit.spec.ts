import { interruptedVerdict, settledAfterStartMs, supersededMessage, unconfirmedMessage, type AttemptView, type FulfillmentView } from "../interrupted-booking"

const now = new Date("2026-11-25T12:00:00Z")
const LIMIT = 10_000
const ago = (ms: number) => new Date(now.getTime() - ms)
const attempt = (status: AttemptView["status"], ageMs: number, overrides: Partial<AttemptView> = {}): AttemptView => ({
  status,
  kind: "outbound",
  order_id: "order_1",
  created_at: ago(ageMs),
  ...overrides,
})
const linked: FulfillmentView = { canceled_at: null, order_id: "order_1" }
const unlinked: FulfillmentView = { canceled_at: null, order_id: null }
const cancelled: FulfillmentView = { canceled_at: "2026-11-25T11:59:00Z", order_id: "order_1" }

describe("what became of an attempt a stopped process may have left", () => {
  it.each([
    // An attempt without an answer.
    ["in flight: young, its fulfilment not linked yet", attempt("booking", 2_000), unlinked, "keep"],
    ["its fulfilment is gone", attempt("booking", 2_000), undefined, "unconfirmed"],
    ["its fulfilment was cancelled", attempt("booking", 2_000), cancelled, "unconfirmed"],
    ["older than its time limit plus the margin (the process stopped)", attempt("booking", LIMIT + 10_001), unlinked, "unconfirmed"],
    ["just within the margin", attempt("booking", LIMIT + 9_000), unlinked, "keep"],
    // A booking the carrier confirmed.
    ["booked, the order's", attempt("booked", LIMIT + 60_000), linked, "keep"],
    ["booked, not linked yet (the workflow's last steps)", attempt("booked", 5_000), unlinked, "keep"],
    ["booked, never made the order's", attempt("booked", LIMIT + 31_000), unlinked, "unused"],
    ["booked, its fulfilment gone", attempt("booked", LIMIT + 31_000), undefined, "unused"],
    ["booked, its fulfilment cancelled", attempt("booked", LIMIT + 31_000), cancelled, "unused"],
    ["a return's booking is linked to its return, not the order", attempt("booked", LIMIT + 60_000, { kind: "return" }), unlinked, "keep"],
  ])("%s -> %s", (_case, view, fulfillment, action) => {
    expect(interruptedVerdict(view, fulfillment, now, LIMIT).action).toBe(action)
  })
})

describe("when a started process can judge what a stopped one left", () => {
  it.each([
    // Attempts by a process that stopped before this start: each is judged once its age passes
    // the verdict's bound and its process counts as stopped, whichever comes later.
    ["a time limit of 10 s: a booked attempt's link margin decides", 10_000, 20_000, 40_000],
    ["a store's short time limit of 4 s", 4_000, 20_000, 34_000],
    ["heartbeats judged late: the process counts as stopped last", 4_000, 60_000, 60_000],
  ])("%s", (_case, limitMs, stoppedAfterMs, expected) => {
    const after = settledAfterStartMs(limitMs, stoppedAfterMs)
    expect(after).toBe(expected)
    // An attempt recorded at the start is, that long later, no longer kept for its age.
    const atStart = (status: AttemptView["status"]) => attempt(status, after + 1)
    expect(interruptedVerdict(atStart("booking"), unlinked, now, limitMs).action).toBe("unconfirmed")
    expect(interruptedVerdict(atStart("booked"), unlinked, now, limitMs).action).toBe("unused")
  })
})

describe("a booked attempt whose order fulfilment workflow stopped halfway", () => {
  const items = [{ line_item_id: "item_a", quantity: 1 }]
  const orderWith = (fulfilled: number, linkedIds: string[]) => ({
    items: [{ id: "item_a", detail: { quantity: 1, fulfilled_quantity: fulfilled } }],
    fulfillments: linkedIds.map((id) => ({ id, canceled_at: null, items })),
  })
  const ful = (order_id: string | null): FulfillmentView => ({ id: "ful_1", canceled_at: null, order_id, items })
  it.each([
    ["linked, counted", LIMIT + 31_000, ful("order_1"), orderWith(1, ["ful_1"]), "keep", undefined],
    ["linked, not counted", LIMIT + 31_000, ful("order_1"), orderWith(0, ["ful_1"]), "complete", "count"],
    ["linked, not counted, but the workflow may still be running", LIMIT + 29_000, ful("order_1"), orderWith(0, ["ful_1"]), "keep", undefined],
    ["counted, not linked", LIMIT + 31_000, ful(null), orderWith(1, []), "complete", "link"],
    ["neither: unused, for the next fulfilment", LIMIT + 31_000, ful(null), orderWith(0, []), "unused", undefined],
    ["the order not loaded: judged by the link alone", LIMIT + 31_000, ful("order_1"), undefined, "keep", undefined],
    ["linked, not counted, an hour old, but its process still beats (a slow workflow)", 3_600_000, ful("order_1"), orderWith(0, ["ful_1"]), "keep", undefined, true],
    ["counted, not linked, its process still beats", 3_600_000, ful(null), orderWith(1, []), "keep", undefined, true],
    ["neither, its process still beats: not released under it", 3_600_000, ful(null), orderWith(0, []), "keep", undefined, true],
    ["linked, not counted, its process stopped beating", LIMIT + 31_000, ful("order_1"), orderWith(0, ["ful_1"]), "complete", "count", false],
  ])("%s -> %s", (_case, ageMs, fulfillment, order, action, missing, processAlive = false) => {
    const verdict = interruptedVerdict(attempt("booked", ageMs, { process_alive: processAlive }), fulfillment, now, LIMIT, order)
    expect(verdict.action).toBe(action)
    expect(verdict.action === "complete" ? verdict.missing : undefined).toBe(missing)
  })
})

describe("what the merchant reads about an attempt", () => {
  it.each([
    ["unconfirmed: the reference to look up, then Book again", unconfirmedMessage("its fulfilment was cancelled", "ful_A"), [/reference ful_A/, /Book again/]],
    [
      "replaced: the new consignment, and the reference whose parcel to leave unused",
      supersededMessage("ful_A", { fulfillmentId: "ful_B", consignmentNumber: "70438100000000001" }),
      [/Replaced by consignment 70438100000000001 \(fulfilment ful_B\)/, /reference ful_A, leave that label unused/],
    ],
  ])("%s", (_case, message, patterns) => {
    for (const pattern of patterns) expect(message).toMatch(pattern)
  })
})
