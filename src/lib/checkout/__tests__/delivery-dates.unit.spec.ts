import type { ShippingProduct } from "../../carrier"
import { parseOptions } from "../../options"
import {
  alternativeDatesFor,
  checkRequestedDeliveryDate,
  customerSpecifiedDeliveryDateTime,
  dayInWords,
  deliveryDatesOf,
  estimatedArrivalsOf,
  offeredDeliveryDates,
  windowOfTimeSlots,
} from "../delivery-dates"
import { quoteInputFromContext } from "../quote-input"
import { quoteKey } from "../quote-key"
import { toServiceQuote } from "../service-quote"
import { toShippingLookupRequest } from "../shipping-lookup-request"

const slot = (from: [unknown, unknown], to: [unknown, unknown]) => ({
  startTime: { hour: from[0], minute: from[1] },
  endTime: { hour: to[0], minute: to[1] },
})

describe("windowOfTimeSlots (carrier notes 54)", () => {
  it.each([
    ["one slot, strings", [slot(["17", "0"], ["21", "0"])], { from: "17:00", to: "21:00" }],
    ["one slot, numbers", [slot([8, 30], [16, 0])], { from: "08:30", to: "16:00" }],
    ["minute missing", [{ startTime: { hour: "9" }, endTime: { hour: "12" } }], { from: "09:00", to: "12:00" }],
    ["several slots: earliest start to latest end", [slot(["17", "0"], ["19", "0"]), slot(["8", "0"], ["10", "0"])], { from: "08:00", to: "19:00" }],
    ["unreadable slots are left out", [slot(["x", "0"], ["10", "0"]), slot(["12", "0"], ["14", "0"])], { from: "12:00", to: "14:00" }],
    ["end before start", [slot(["21", "0"], ["17", "0"])], undefined],
    ["hour out of range", [slot(["25", "0"], ["26", "0"])], undefined],
    ["empty list", [], undefined],
    ["absent", undefined, undefined],
    ["not a list", { startTime: {} }, undefined],
  ])("%s", (_name, slots, window) => {
    expect(windowOfTimeSlots(slots)).toEqual(window)
  })
})

describe("deliveryDatesOf (carrier notes 53)", () => {
  const day = (d: string, extra: object = {}) => ({ expectedDeliveryDate: { year: "2026", month: "11", day: d, ...extra } })
  it.each([
    ["expected day alone", { ...day("24") }, [{ date: "2026-11-24" }]],
    [
      "expected day, then the alternatives in order, with windows",
      { ...day("24", { timeSlots: [slot(["17", "0"], ["21", "0"])] }), alternativeDeliveryDates: [day("25"), day("26", { timeSlots: [slot(["17", "0"], ["21", "0"])] })] },
      [{ date: "2026-11-24", window: { from: "17:00", to: "21:00" } }, { date: "2026-11-25" }, { date: "2026-11-26", window: { from: "17:00", to: "21:00" } }],
    ],
    ["a repeated or earlier alternative is left out", { ...day("24"), alternativeDeliveryDates: [day("24"), day("23"), day("25"), day("25")] }, [{ date: "2026-11-24" }, { date: "2026-11-25" }]],
    ["an unreadable alternative is left out", { ...day("24"), alternativeDeliveryDates: [{ expectedDeliveryDate: { year: "2026", month: "2", day: "30" } }, day("27")] }, [{ date: "2026-11-24" }, { date: "2026-11-27" }]],
    ["no expected day: no days at all", { alternativeDeliveryDates: [day("25")] }, []],
    ["nothing", undefined, []],
  ])("%s", (_name, expected, days) => {
    expect(deliveryDatesOf(expected as never)).toEqual(days)
  })
})

describe("estimatedArrivalsOf (carrier notes 55)", () => {
  it.each([
    ["times of day with a Norwegian date", { pickupPointId: "1", deliveryStartTime: "09:00", deliveryEndTime: "13:00", formattedExpectedDeliveryDate: "24.11.2026" }, { "1": { date: "2026-11-24", from: "09:00", to: "13:00" } }],
    ["date-times without a formatted date", { pickupPointId: "2", deliveryStartTime: "2026-11-24T10:00:00", deliveryEndTime: "2026-11-24T14:30:00" }, { "2": { date: "2026-11-24", from: "10:00", to: "14:30" } }],
    ["HHmm times", { pickupPointId: "3", deliveryStartTime: "0900", deliveryEndTime: "1300", formattedExpectedDeliveryDate: "24.11.2026 09:00" }, { "3": { date: "2026-11-24", from: "09:00", to: "13:00" } }],
    ["no id", { deliveryStartTime: "09:00", deliveryEndTime: "13:00", formattedExpectedDeliveryDate: "24.11.2026" }, {}],
    ["no day", { pickupPointId: "4", deliveryStartTime: "09:00", deliveryEndTime: "13:00" }, {}],
    ["end before start", { pickupPointId: "5", deliveryStartTime: "13:00", deliveryEndTime: "09:00", formattedExpectedDeliveryDate: "24.11.2026" }, {}],
    ["not a time", { pickupPointId: "6", deliveryStartTime: "morning", deliveryEndTime: "13:00", formattedExpectedDeliveryDate: "24.11.2026" }, {}],
  ])("%s", (_name, time, arrivals) => {
    expect(estimatedArrivalsOf([time])).toEqual(arrivals)
  })
})

describe("alternativeDatesFor and offeredDeliveryDates", () => {
  const days = ["24", "25", "26", "27", "30"].map((d) => ({ date: `2026-11-${d}` }))
  it.each([
    [{ code: "PA_DOREN" }, 5],
    [{ code: "PA_DOREN", alternativeDeliveryDates: 2 }, 2],
    [{ code: "5600", alternativeDeliveryDates: 0 }, 0],
    [{ code: "OIL_EXPRESS", alternativeDeliveryDates: 9 }, 9],
    [{ code: "SERVICEPAKKE", alternativeDeliveryDates: 4 }, 0],
  ])("%j offers %i", (service, count) => {
    expect(alternativeDatesFor(service)).toBe(count)
  })
  it.each([
    ["PA_DOREN", 2, days.slice(0, 3)],
    ["PA_DOREN", 9, days],
    ["PA_DOREN", 0, []],
    ["SERVICEPAKKE", 5, []],
  ])("%s with %i alternatives", (code, count, offered) => {
    expect(offeredDeliveryDates(code, count, days)).toEqual(offered)
  })
})

describe("checkRequestedDeliveryDate: a shopper's data.delivery_date", () => {
  const offered = ["24", "25", "26", "27"].map((d) => ({ date: `2026-11-${d}` }))
  it.each([
    ["the third alternative", "2026-11-27", "PA_DOREN", 3, offered, { ok: true, date: "2026-11-27" }],
    ["the expected day", "2026-11-24", "5600", 3, offered, { ok: true, date: "2026-11-24" }],
    ["beyond the merchant's count", "2026-11-27", "PA_DOREN", 2, offered, /2026-11-27 is not one of the days the carrier offers for this cart \(2026-11-24, 2026-11-25, 2026-11-26\)/],
    ["a day not offered", "2026-12-24", "PA_DOREN", 3, offered, /data\.delivery_date: 2026-12-24 is not one of the days/],
    ["malformed", "27.11.2026", "PA_DOREN", 3, offered, /data\.delivery_date: must be a date as yyyy-MM-dd/],
    ["not a real day", "2026-02-30", "PA_DOREN", 3, offered, /must be a date as yyyy-MM-dd/],
    ["not a string", 20261127, "PA_DOREN", 3, offered, /must be a date as yyyy-MM-dd/],
    ["a service that takes no day", "2026-11-25", "SERVICEPAKKE", 3, offered, /data\.delivery_date: SERVICEPAKKE does not take a requested delivery day/],
    ["choice turned off", "2026-11-25", "PA_DOREN", 0, offered, /does not offer a choice of delivery day for PA_DOREN/],
    ["carrier's days not known", "2026-11-25", "PA_DOREN", 3, undefined, /delivery days for this cart are not known right now/],
  ])("%s", (_name, value, code, count, days, expected) => {
    const result = checkRequestedDeliveryDate(value, code as string, count as number, days as never)
    if (expected instanceof RegExp) {
      expect(result.ok).toBe(false)
      expect(!result.ok && result.message).toMatch(expected)
    } else {
      expect(result).toEqual(expected)
    }
  })
})

describe("the booking's day and the merchant's words", () => {
  it.each([
    ["2026-11-27", "2026-11-27T12:00:00", "Friday 27 November 2026"],
    ["2027-01-04", "2027-01-04T12:00:00", "Monday 4 January 2027"],
  ])("%s", (date, wire, words) => {
    expect(customerSpecifiedDeliveryDateTime(date)).toBe(wire)
    expect(dayInWords(date)).toBe(words)
  })
})

describe("the lookup asks for what the delivery promise needs, in the price's own request", () => {
  const options = parseOptions({
    baseUrl: "https://carrier.example",
    apiUid: "u",
    apiKey: "k",
    customerNumber: "5",
    services: [{ code: "SERVICEPAKKE" }, { code: "PA_DOREN", alternativeDeliveryDates: 3 }, { code: "5600", alternativeDeliveryDates: 7 }],
    locations: { sloc_post: { postingAtPostOffice: true } },
  })
  const cart = (locationId: string) => ({
    items: [{ quantity: 1, variant: { weight: 400, length: 30, width: 20, height: 3 } }],
    shipping_address: { country_code: "no", postal_code: "5004" },
    from_location: { id: locationId, address: { country_code: "NO", postal_code: "0150" } },
  })
  const now = new Date("2026-11-23T09:41:00Z")
  const built = (locationId: string) => {
    const result = quoteInputFromContext(cart(locationId), options, "outbound", now)
    if (!result.ok) throw new Error(result.reason)
    return result.input
  }

  it.each([
    ["a warehouse that posts at a post office", "sloc_post", { numberOfAlternativeDeliveryDates: 7, postingAtPostOffice: true }],
    ["another warehouse", "sloc_other", { numberOfAlternativeDeliveryDates: 7 }],
  ])("%s: the most alternatives any service offers, and the posting", (_name, locationId, fields) => {
    const request = toShippingLookupRequest(built(locationId))
    expect(request).toMatchObject(fields)
    if (!("postingAtPostOffice" in fields)) expect(request).not.toHaveProperty("postingAtPostOffice")
    expect(request).not.toHaveProperty("withEstimatedDeliveryTime")
  })

  it("asks for the points' estimated arrival only when points are named, and keys the quote by them", () => {
    const input = built("sloc_other")
    const withPoints = { ...input, pickupPoints: ["101541", "101542"] }
    const request = toShippingLookupRequest(withPoints)
    expect(request.withEstimatedDeliveryTime).toBe(true)
    expect(request.consignments.every((c) => JSON.stringify(c.pickupPoints) === JSON.stringify([{ id: "101541" }, { id: "101542" }]))).toBe(true)
    const keys = new Set([input, withPoints, { ...input, postingAtPostOffice: true }, { ...input, alternativeDeliveryDates: 2 }].map((i) => quoteKey(i, "https://carrier.example")))
    expect(keys.size).toBe(4)
  })

  it("a return asks for no alternatives and no posting", () => {
    const result = quoteInputFromContext(cart("sloc_post"), parseOptions({ ...options, services: [{ code: "9300", isReturn: true }] }), "return", now)
    expect(result.ok && result.input).toMatchObject({ alternativeDeliveryDates: 0, postingAtPostOffice: false })
  })

  it("a quote reads the window, the days and the arrivals", () => {
    const quote = toServiceQuote({
      id: "PA_DOREN",
      price: { listPrice: { currencyCode: "NOK", priceWithoutAdditionalServices: { amountWithoutVAT: "100.00", amountWithVAT: "125.00" } } },
      expectedDelivery: {
        expectedDeliveryDate: { year: "2026", month: "11", day: "24", timeSlots: [slot(["17", "0"], ["21", "0"])] },
        alternativeDeliveryDates: [{ expectedDeliveryDate: { year: "2026", month: "11", day: "25" } }],
      },
      estimatedDeliveryTimes: [{ pickupPointId: "9", deliveryStartTime: "09:00", deliveryEndTime: "13:00", formattedExpectedDeliveryDate: "24.11.2026" }],
      errors: [],
      warnings: [],
    } as unknown as ShippingProduct)
    expect(quote).toMatchObject({
      deliveryDate: "2026-11-24",
      deliveryWindow: { from: "17:00", to: "21:00" },
      deliveryDates: [{ date: "2026-11-24", window: { from: "17:00", to: "21:00" } }, { date: "2026-11-25" }],
      estimatedArrivals: { "9": { date: "2026-11-24", from: "09:00", to: "13:00" } },
    })
  })
})
