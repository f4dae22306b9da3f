import type { PickupConfirmation } from "../../carrier"
import { carrierToday, isWorkingDay, nextWorkingDay, pickupDateProblem, suggestedPickupDate } from "../pickup-date"
import { pickupConfirmationRecord } from "../pickup-confirmation"
import { pickupOrderRequest, type PickupOrderInput } from "../pickup-request"

describe("pickup dates (carrier time, Oslo)", () => {
  it.each([
    // Tuesday 24 Nov 2026, 23:30 UTC is already Wednesday in Oslo.
    ["2026-11-24T23:30:00Z", "2026-11-25"],
    ["2026-11-24T22:59:00Z", "2026-11-24"],
    // Summer time: UTC+2.
    ["2026-06-30T22:30:00Z", "2026-07-01"],
  ])("today at %s is %s", (now, today) => {
    expect(carrierToday(new Date(now))).toBe(today)
  })

  it.each([
    ["2026-11-23", true, "2026-11-24"], // Monday
    ["2026-11-27", true, "2026-11-30"], // Friday → Monday
    ["2026-11-28", false, "2026-11-30"], // Saturday → Monday
    ["2026-11-29", false, "2026-11-30"], // Sunday → Monday
    ["2026-12-31", true, "2027-01-01"], // over the year's end (holidays are the carrier's to refuse)
  ])("%s: working day %s, next %s", (date, working, next) => {
    expect(isWorkingDay(date)).toBe(working)
    expect(nextWorkingDay(date)).toBe(next)
  })

  it.each([
    ["Monday morning", "2026-11-23T07:00:00Z", "2026-11-23"],
    ["Monday afternoon", "2026-11-23T13:00:00Z", "2026-11-24"],
    ["Friday afternoon", "2026-11-27T13:00:00Z", "2026-11-30"],
    ["Saturday morning", "2026-11-28T08:00:00Z", "2026-11-30"],
  ])("suggests for %s (%s): %s", (_, now, suggested) => {
    expect(suggestedPickupDate(new Date(now))).toBe(suggested)
  })

  const MONDAY_NOON = new Date("2026-11-23T11:00:00Z")
  it.each([
    ["today", "2026-11-23", undefined],
    ["a later working day", "2026-12-01", undefined],
    ["yesterday", "2026-11-22", /pickup_date 2026-11-22 is in the past: a pickup can be ordered for today \(2026-11-23\)/],
    ["a Saturday", "2026-11-28", /pickup_date 2026-11-28 is a Saturday: the carrier collects on working days \(the next one is 2026-11-30\)/],
    ["a Sunday", "2026-11-29", /is a Sunday/],
    ["not a date", "2026-02-30", /not a date in the form yyyy-MM-dd/],
    ["another form", "23.11.2026", /not a date/],
  ])("%s (%s)", (_, date, problem) => {
    const found = pickupDateProblem(date, MONDAY_NOON)
    if (problem) expect(found).toMatch(problem)
    else expect(found).toBeUndefined()
  })
})

describe("pickup order request", () => {
  const oslo: PickupOrderInput = {
    location: {
      name: "Oslo warehouse",
      address: { address_1: "Karl Johans gate 1", postal_code: "0154", city: "Oslo", country_code: "no", phone: "+4791234567" },
    },
    customerNumber: "5",
    pickupDate: "2026-11-24",
    readyAt: "10:00",
    message: "Gate 2",
    packages: 10,
    pallets: 0,
    test: true,
    now: new Date("2026-11-23T11:00:00Z"),
  }

  it("sends the location as the booking's sender, its customer number, test mode and the counts", () => {
    const { request, problems } = pickupOrderRequest(oslo)
    expect(problems).toEqual([])
    expect(request).toEqual({
      customerInformation: { customerNumber: "5", companyName: "Oslo warehouse" },
      pickupAddress: { street: "Karl Johans gate 1", postalCode: "0154", city: "Oslo", email: null, phoneNumber: "+4791234567", message: "Gate 2" },
      pickupDate: "2026-11-24",
      pickupIsReadyAtTime: "10:00",
      pickupTimeZone: null,
      countryCode: "NO",
      service: "PARCEL",
      pickupDetails: { numberOfPackages: 10, numberOfPostContainers: 0, numberOfPallets: 0 },
      testIndicator: true,
    })
  })

  it.each([
    [
      "the merchant's sender settings over the location (name, contact, e-mail, phone)",
      { location: { ...oslo.location, sender: { senderName: "Nordisk Hage AS", contactName: "Lisa Lager", email: "lager@nordiskhage.no", phone: "+4798765432" } } },
      { customerInformation: { customerNumber: "5", companyName: "Nordisk Hage AS" }, pickupAddress: expect.objectContaining({ email: "lager@nordiskhage.no", phoneNumber: "+4798765432", message: "Gate 2 · Contact: Lisa Lager" }) },
    ],
    [
      "the company on the address when no sender name is set",
      { location: { ...oslo.location, address: { ...oslo.location.address, company: "Hage Lager AS" } } },
      { customerInformation: { customerNumber: "5", companyName: "Hage Lager AS" } },
    ],
    [
      "both address lines in the street",
      { location: { ...oslo.location, address: { ...oslo.location.address, address_2: "Bygg B" } } },
      { pickupAddress: expect.objectContaining({ street: "Karl Johans gate 1, Bygg B" }) },
    ],
    ["a Swedish warehouse's postal code as digits", { location: { name: "Gothenburg", address: { address_1: "Lagergatan 4", postal_code: "411 01", city: "Göteborg", country_code: "SE", phone: "+46311234567" } }, customerNumber: "8" }, { countryCode: "SE", pickupAddress: expect.objectContaining({ postalCode: "41101" }), customerInformation: expect.objectContaining({ customerNumber: "8" }) }],
    ["pallets only travel as cargo", { packages: 0, pallets: 2 }, { service: "CARGO", pickupDetails: { numberOfPackages: 0, numberOfPostContainers: 0, numberOfPallets: 2 } }],
    ["parcels and pallets as a parcel pickup", { packages: 3, pallets: 1 }, { service: "PARCEL" }],
    ["no ready time and no message", { readyAt: null, message: "  " }, { pickupIsReadyAtTime: null, pickupAddress: expect.objectContaining({ message: null }) }],
    ["live mode", { test: false }, { testIndicator: false }],
  ])("%s", (_, overrides, expected) => {
    const { request, problems } = pickupOrderRequest({ ...oslo, ...overrides } as PickupOrderInput)
    expect(problems).toEqual([])
    expect(request).toMatchObject(expected)
  })

  it.each([
    ["a location without phone", { location: { ...oslo.location, address: { ...oslo.location.address, phone: null } } }, ["stock_location.address.phone"]],
    ["a location without address", { location: { name: "Empty", address: {} } }, ["stock_location.address.address_1", "stock_location.address.postal_code", "stock_location.address.city", "stock_location.address.country_code", "stock_location.address.phone"]],
    ["no customer number", { customerNumber: undefined }, ["customer_number"]],
    ["a weekend date", { pickupDate: "2026-11-28" }, ["pickup_date"]],
    ["a past date", { pickupDate: "2026-11-20" }, ["pickup_date"]],
    ["nothing to collect", { packages: 0, pallets: 0 }, ["number_of_packages"]],
  ])("refuses %s, naming the field", (_, overrides, fields) => {
    const { problems } = pickupOrderRequest({ ...oslo, ...overrides } as PickupOrderInput)
    expect(problems.map((p) => p.field)).toEqual(fields)
    for (const problem of problems) expect(problem.message).toMatch(/\w/)
  })
})

describe("pickup confirmation", () => {
  const confirmation = (overrides: Partial<PickupConfirmation> = {}): PickupConfirmation => ({
    status: "OK",
    earliestPickupDate: Date.parse("2026-11-24T09:00:00Z"),
    latestPickupDate: Date.parse("2026-11-24T15:00:00Z"),
    url: "https://carrier.example/pickup/370438100000000017",
    packageNumber: "370438100000000017",
    ...overrides,
  })

  it.each([
    ["the window and receipt as given", {}, { earliest_pickup_at: new Date("2026-11-24T09:00:00Z"), latest_pickup_at: new Date("2026-11-24T15:00:00Z"), receipt_url: "https://carrier.example/pickup/370438100000000017" }],
    ["seconds instead of milliseconds: unknown", { earliestPickupDate: 1795510800, latestPickupDate: 1795532400 }, { earliest_pickup_at: null, latest_pickup_at: null }],
    ["an end before the start keeps the start", { latestPickupDate: Date.parse("2026-11-24T08:00:00Z") }, { earliest_pickup_at: new Date("2026-11-24T09:00:00Z"), latest_pickup_at: null }],
    ["not a number", { earliestPickupDate: Number.NaN }, { earliest_pickup_at: null }],
    ["a receipt link that is not http(s) is dropped", { url: "javascript:alert(1)" }, { receipt_url: null }],
    ["a relative receipt link is dropped", { url: "/pickup/1" }, { receipt_url: null }],
    ["no receipt link", { url: null }, { receipt_url: null }],
  ])("%s", (_, overrides, expected) => {
    expect(pickupConfirmationRecord(confirmation(overrides as Partial<PickupConfirmation>))).toMatchObject({ carrier_reference: "370438100000000017", ...expected })
  })
})
