import { carriedReturnNumber, followedNumbers, statusFromEvents } from "../followed-consignments"

describe("tracking: the consignments of a booking the store follows", () => {
  const carried = { service_code: "9300", consignment_number: "70438100000000028", label_url: null, qr_codes: [] }

  it.each([
    ["a parcel", { consignment_number: "70438100000000011", return_shipment: null }, ["70438100000000011"]],
    ["a parcel with the free return it carries", { consignment_number: "70438100000000011", return_shipment: carried }, ["70438100000000011", "70438100000000028"]],
    ["a return booking", { consignment_number: "70438100000000035" }, ["70438100000000035"]],
    ["an attempt not confirmed yet", { consignment_number: null, return_shipment: null }, []],
    ["a carried return without a number", { consignment_number: "70438100000000011", return_shipment: { service_code: "9300", consignment_number: "" } }, ["70438100000000011"]],
    ["a carried return's number that is not text", { consignment_number: "70438100000000011", return_shipment: { consignment_number: 7043 } }, ["70438100000000011"]],
    ["the same number twice", { consignment_number: "70438100000000011", return_shipment: { consignment_number: "70438100000000011" } }, ["70438100000000011"]],
  ])("%s: %j", (_case, booking, numbers) => {
    expect(followedNumbers(booking)).toEqual(numbers)
  })

  it("the carried return's number, or null", () => {
    expect(carriedReturnNumber({ return_shipment: carried })).toBe("70438100000000028")
    expect(carriedReturnNumber({ return_shipment: null })).toBeNull()
    expect(carriedReturnNumber({})).toBeNull()
  })

  it.each([
    [[], "booked"],
    [["PRE_NOTIFIED", "NOTIFICATION_SENT"], "booked"],
    [["HANDED_IN"], "shipped"],
    [["HANDED_IN", "IN_TRANSIT", "DELIVERED"], "delivered"],
    // The furthest event wins, whatever order they came in.
    [["DELIVERED", "HANDED_IN"], "delivered"],
    [["handed_in"], "shipped"],
    [["HANDED_IN", "DELIVERED_SENDER"], "returned"],
    [["SOMETHING_NEW"], "booked"],
  ] as const)("a parcel with events %j is %s", (statuses, status) => {
    expect(statusFromEvents(statuses)).toBe(status)
  })
})
