import { pickupPointRule, type PickupPointRule } from "../../pickup-point-rule"

/** Booking rule 3 (carrier notes 29, 35) for every Nordic destination, as checkout and booking apply it. */
describe("pickup-point rule per service and destination country", () => {
  const required: PickupPointRule = { required: true, choosable: true, withoutChoice: "nearest" }
  const optional: PickupPointRule = { required: false, choosable: true, withoutChoice: "nearest" }
  const door: PickupPointRule = { required: false, choosable: true, withoutChoice: "door" }
  const carrierNearest: PickupPointRule = { required: false, choosable: true, withoutChoice: "carrier-nearest" }
  const noPoints: PickupPointRule = { required: false, choosable: false, withoutChoice: "door" }

  it.each<[string, string, PickupPointRule]>([
    ["SERVICEPAKKE", "NO", required],
    ["5800", "NO", required],
    ["PICKUP_PARCEL_BULK", "NO", required],
    ["PICKUP_PARCEL_BULK", "SE", required],
    ["PICKUP_PARCEL_BULK", "DK", door],
    ["PICKUP_PARCEL", "NO", optional],
    ["PICKUP_PARCEL", "SE", optional],
    ["PICKUP_PARCEL", "FI", optional],
    ["PICKUP_PARCEL", "DK", door],
    ["PICKUP_PARCEL", "dk", door],
    ["HOME_DELIVERY_PARCEL", "SE", noPoints],
    ["BUSINESS_PARCEL", "DK", noPoints],
    ["PA_DOREN", "NO", noPoints],
    ["A_NEW_SERVICE", "FI", noPoints],
  ])("%s to %s", (code, country, expected) => {
    expect(pickupPointRule({ code }, country)).toEqual(expected)
  })

  it.each<[string, string, PickupPointRule]>([
    ["PICKUP_PARCEL", "DK", carrierNearest],
    ["PICKUP_PARCEL_BULK", "DK", carrierNearest],
    // The setting is about Denmark's door delivery: elsewhere it changes nothing.
    ["PICKUP_PARCEL", "SE", optional],
    ["PICKUP_PARCEL_BULK", "NO", required],
  ])("with 'nearest pickup point when none is chosen': %s to %s", (code, country, expected) => {
    expect(pickupPointRule({ code, nearestPickupPointWhenNoneChosen: true }, country)).toEqual(expected)
  })

  it.each<[string, boolean, string, PickupPointRule]>([
    ["PA_DOREN", true, "NO", required],
    ["PICKUP_PARCEL", true, "DK", required],
    ["SERVICEPAKKE", false, "NO", door],
    ["PA_DOREN", false, "NO", noPoints],
  ])("the merchant's explicit choice wins: %s required=%s to %s", (code, requiresPickupPoint, country, expected) => {
    expect(pickupPointRule({ code, requiresPickupPoint }, country)).toEqual(expected)
  })

  it("without a destination yet, nothing is required", () => {
    expect(pickupPointRule({ code: "SERVICEPAKKE" }, undefined)).toEqual(optional)
  })
})
