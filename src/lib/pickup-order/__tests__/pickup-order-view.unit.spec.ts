import { alreadyOrderedMessage, nextPickupByLocation, pickupOrderView, pickupWindowText, type PickupOrderRow, type PickupOrderView } from "../pickup-order-view"

const row = (overrides: Partial<PickupOrderRow> = {}): PickupOrderRow => ({
  id: "nppick_1",
  location_id: "sloc_oslo",
  location_name: "Oslo warehouse",
  pickup_date: "2026-11-24",
  status: "ordered",
  sequence: 1,
  ready_at: null,
  message: null,
  number_of_packages: 10,
  number_of_pallets: 0,
  customer_number: "5",
  test: true,
  earliest_pickup_at: new Date("2026-11-24T08:00:00Z"),
  latest_pickup_at: new Date("2026-11-24T15:00:00Z"),
  receipt_url: "https://carrier.example/r/1",
  carrier_reference: "370438100000000017",
  last_error: null,
  created_at: new Date("2026-11-23T10:00:00Z"),
  ...overrides,
})
const STALE_AFTER_MS = 50_000

describe("pickup order view", () => {
  it.each([
    ["an ordered one as it is", {}, "2026-11-23T10:00:01Z", "ordered"],
    ["a fresh reservation is being ordered", { status: "ordering" as const }, "2026-11-23T10:00:30Z", "ordering"],
    ["a reservation past its time budget is unconfirmed (its process stopped)", { status: "ordering" as const }, "2026-11-23T10:01:00Z", "unconfirmed"],
    ["an unconfirmed one stays so", { status: "unconfirmed" as const, last_error: "timeout" }, "2026-11-23T10:00:01Z", "unconfirmed"],
  ])("%s", (_, overrides, now, status) => {
    const view = pickupOrderView(row(overrides), new Date(now), STALE_AFTER_MS)
    expect(view.status).toBe(status)
    if (status === "unconfirmed") expect(view.last_error).toMatch(/\w/)
    expect(view.earliest_pickup_at).toBe("2026-11-24T08:00:00.000Z")
  })

  it.each([
    ["winter (UTC+1)", row(), "09:00–16:00"],
    ["no end", row({ latest_pickup_at: null }), "from 09:00"],
    ["no window", row({ earliest_pickup_at: null, latest_pickup_at: null }), undefined],
    // Midnight to midnight in carrier time: the whole day, said in words.
    ["the whole day (00:00 to the next 00:00)", row({ earliest_pickup_at: "2026-11-23T23:00:00Z", latest_pickup_at: "2026-11-24T23:00:00Z" }), "all day"],
    ["the whole day (both ends 00:00 of the day)", row({ earliest_pickup_at: "2026-11-23T23:00:00Z", latest_pickup_at: "2026-11-23T23:00:00Z" }), "all day"],
    ["the whole summer day (Oslo on summer time)", row({ earliest_pickup_at: "2026-06-23T22:00:00Z", latest_pickup_at: "2026-06-24T22:00:00Z" }), "all day"],
    ["from midnight to 16:00 is not the whole day", row({ earliest_pickup_at: "2026-11-23T23:00:00Z", latest_pickup_at: "2026-11-24T15:00:00Z" }), "00:00–16:00"],
  ])("window in carrier time, %s", (_, order, text) => {
    expect(pickupWindowText(pickupOrderView(order, new Date(), STALE_AFTER_MS))).toBe(text)
  })

  it.each([
    ["ordered: names it, its reference and window, and order_another", {}, /^A pickup from Oslo warehouse on 2026-11-24 is already ordered \(nppick_1, carrier reference 370438100000000017, window 09:00–16:00\)\. .*order_another/],
    ["being ordered", { status: "ordering" as const }, /is being ordered right now \(nppick_1\)/],
    ["unconfirmed: check the carrier, then order another", { status: "unconfirmed" as const }, /never confirmed \(nppick_1\).*carrier's portal.*order_another/],
  ])("409 message when %s", (_, overrides, message) => {
    expect(alreadyOrderedMessage(pickupOrderView(row(overrides), new Date("2026-11-23T10:00:01Z"), STALE_AFTER_MS))).toMatch(message)
  })

  it("the next pickup of each location is its first from today on", () => {
    const view = (id: string, location: string, date: string): PickupOrderView => ({ ...pickupOrderView(row({ id, location_id: location, pickup_date: date }), new Date(), STALE_AFTER_MS) })
    const next = nextPickupByLocation([view("a", "oslo", "2026-11-24"), view("b", "oslo", "2026-11-25"), view("c", "gbg", "2026-11-26"), view("d", "bergen", "2026-11-20")], "2026-11-23")
    expect(Object.fromEntries(Object.entries(next).map(([location, order]) => [location, order.id]))).toEqual({ oslo: "a", gbg: "c" })
  })
})
