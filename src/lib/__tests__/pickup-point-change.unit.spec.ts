import { bookedRefusal, methodToChange, withMerchantPoint, type OrderMethod } from "../pickup-point-change"

const home: OrderMethod = { id: "osm_home", data: { service_code: "PA_DOREN" } }
const pickup: OrderMethod = { id: "osm_pickup", data: { service_code: "SERVICEPAKKE", pickup_point_id: "150041" } }
const otherPickup: OrderMethod = { id: "osm_pickup_2", data: { service_code: "SERVICEPAKKE" } }
const takesPoint = (method: OrderMethod) => method.data?.service_code === "SERVICEPAKKE"

describe("methodToChange: the method whose pickup point the merchant changes", () => {
  it.each<[string, OrderMethod[], string | undefined, ReturnType<typeof methodToChange>]>([
    ["the order's only pickup-point method", [home, pickup], undefined, { ok: true, method: pickup }],
    ["the one named", [pickup, otherPickup], "osm_pickup_2", { ok: true, method: otherPickup }],
    ["none goes to a pickup point", [home], undefined, { ok: false, status: 400, message: "the order has no shipping method that delivers to a pickup point" }],
    [
      "two pickup-point methods and none named",
      [pickup, otherPickup],
      undefined,
      { ok: false, status: 400, message: "shipping_method_id is required: the order has 2 pickup-point methods (osm_pickup, osm_pickup_2)" },
    ],
    ["a method of another order", [pickup], "osm_elsewhere", { ok: false, status: 404, message: "shipping_method_id: the order has no shipping method osm_elsewhere" }],
    [
      "a home-delivery method named",
      [home, pickup],
      "osm_home",
      { ok: false, status: 400, message: "shipping_method_id: shipping method osm_home does not deliver to a pickup point" },
    ],
  ])("%s", (_case, methods, requested, expected) => {
    expect(methodToChange(methods, requested, takesPoint)).toEqual(expected)
  })
})

describe("bookedRefusal: the change is refused once the order is booked", () => {
  it.each<[string, { kind: string; status: string; consignment_number?: string | null }[], RegExp | undefined]>([
    ["nothing booked", [], undefined],
    ["only a return is booked", [{ kind: "return", status: "booked", consignment_number: "70438101" }], undefined],
    ["the booking failed", [{ kind: "outbound", status: "failed" }], undefined],
    ["delivered", [{ kind: "outbound", status: "delivered", consignment_number: "70438101" }], /consignment 70438101/],
    ["its fulfilment was cancelled (unused)", [{ kind: "outbound", status: "unused", consignment_number: "70438101" }], undefined],
    ["booked", [{ kind: "outbound", status: "booked", consignment_number: "70438101" }], /already booked with the carrier \(consignment 70438101\).*cancel the fulfilment first/],
    ["shipped", [{ kind: "outbound", status: "shipped", consignment_number: "70438101" }], /consignment 70438101/],
    ["a booking under way", [{ kind: "outbound", status: "booking", consignment_number: null }], /a booking under way/],
  ])("%s", (_case, shipments, expected) => {
    const refusal = bookedRefusal("Order #12", shipments)
    if (expected) {
      expect(refusal).toMatch(expected)
      expect(refusal).toMatch(/^Order #12 /)
    } else {
      expect(refusal).toBeUndefined()
    }
  })
})

describe("withMerchantPoint: the method's data with the merchant's point", () => {
  const snapshot = { id: "150043", name: "Kiwi Bergen", address: "Strandgaten 3", postal_code: "5004", city: "BERGEN", country_code: "NO", is_locker: false }
  const chosen = {
    pickup_point_id: "150043",
    pickup_point: snapshot,
    pickup_point_chosen_by: "shopper" as const,
    pickup_point_area: { country_code: "NO", postal_code: "5004" },
  }

  it("replaces the point, keeps the service and delivery date, and says the merchant chose it", () => {
    const before = { service_code: "SERVICEPAKKE", delivery_date: "2026-11-27", pickup_point_id: "150041", pickup_point_chosen_by: "shopper" }
    expect(withMerchantPoint(before, chosen)).toEqual({ ...before, ...chosen, pickup_point_chosen_by: "merchant" })
  })

  it("drops the marks of a point not yet checked or not yet chosen", () => {
    const data = withMerchantPoint({ service_code: "SERVICEPAKKE", pickup_point_pending: true, pickup_point_verified: false }, chosen)
    expect(data).not.toHaveProperty("pickup_point_pending")
    expect(data).not.toHaveProperty("pickup_point_verified")
  })
})
