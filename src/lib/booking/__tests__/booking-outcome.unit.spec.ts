import { MedusaError } from "@medusajs/framework/utils"
import { CarrierError } from "../../carrier"
import { bookingFailure } from "../booking-failure"
import { bookingKey } from "../booking-key"
import { toFulfillmentResult } from "../fulfillment-result"

const confirmation = {
  consignmentNumber: "70438103433585051",
  links: { labels: "https://carrier.example/labels/705?auth-token=t", tracking: "https://carrier.example/t/705", waybill: null },
  packages: [{ correlationId: "ful_1-1", packageNumber: "370438103696484710", qrCodeLink: "https://carrier.example/qr/1.png" }],
  returnConsignmentNumber: "70438103433585068",
  returnLinks: { labels: "https://carrier.example/labels/706?auth-token=t", tracking: "https://carrier.example/t/706" },
} as never
const bookedAt = new Date("2026-11-21T10:00:00Z")

describe("toFulfillmentResult", () => {
  it("gives the contract's data and one Medusa label per consignment", () => {
    expect(toFulfillmentResult(confirmation, { kind: "outbound", fulfillmentId: "ful_1", serviceCode: "5600", returnServiceCode: "9300", test: true, bookedAt })).toEqual({
      data: {
        fulfillment_id: "ful_1",
        service_code: "5600",
        kind: "outbound",
        consignment_number: "70438103433585051",
        package_numbers: ["370438103696484710"],
        label_url: "https://carrier.example/labels/705?auth-token=t",
        tracking_url: "https://carrier.example/t/705",
        return: {
          service_code: "9300",
          consignment_number: "70438103433585068",
          label_url: "https://carrier.example/labels/706?auth-token=t",
          qr_codes: ["https://carrier.example/qr/1.png"],
        },
        test: true,
        booked_at: "2026-11-21T10:00:00.000Z",
      },
      labels: [
        { tracking_number: "70438103433585051", tracking_url: "https://carrier.example/t/705", label_url: "https://carrier.example/labels/705?auth-token=t" },
        { tracking_number: "70438103433585068", tracking_url: "https://carrier.example/t/706", label_url: "https://carrier.example/labels/706?auth-token=t" },
      ],
    })
  })

  it("puts a return booking's QR codes on the data and leaves out labels Medusa could not link", () => {
    const result = toFulfillmentResult(
      { ...(confirmation as object), links: { labels: "not a url", tracking: null }, returnConsignmentNumber: null } as never,
      { kind: "return", fulfillmentId: "ful_2", serviceCode: "9300", test: false, bookedAt }
    )
    expect(result.data.qr_codes).toEqual(["https://carrier.example/qr/1.png"])
    expect(result.data.return).toBeUndefined()
    expect(result.labels).toEqual([])
  })
})

describe("toFulfillmentResult: the carrier's tracking links", () => {
  it.each([
    ["https", "https://carrier.example/t/705", "https://carrier.example/t/705"],
    ["http", "http://carrier.example/t/705", "http://carrier.example/t/705"],
    ["javascript:", "javascript:alert(document.cookie)", null],
    ["JavaScript: with spaces", " JavaScript:alert(1)", null],
    ["data:", "data:text/html,<script>alert(1)</script>", null],
    ["relative", "/t/705", null],
    ["no link", null, null],
  ])("%s: %p is stored as %p", (_name, tracking, stored) => {
    const result = toFulfillmentResult(
      { ...(confirmation as object), links: { labels: "https://carrier.example/labels/705?auth-token=t", tracking }, returnLinks: { labels: "https://carrier.example/labels/706", tracking } } as never,
      { kind: "outbound", fulfillmentId: "ful_1", serviceCode: "5600", returnServiceCode: "9300", test: true, bookedAt }
    )
    expect(result.data.tracking_url).toBe(stored)
    expect(JSON.stringify(result)).not.toMatch(/javascript:|data:text/i)
  })
})

describe("bookingFailure", () => {
  const error = (kind: string, retryable = false) =>
    new CarrierError({ service: "booking", operation: "booking.book", kind: kind as never, retryable, status: 400, summary: "x" } as never)

  it.each([
    ["validation", false, false, MedusaError.Types.INVALID_DATA, undefined, /refused the booking of order #7/],
    ["authentication", false, false, MedusaError.Types.UNEXPECTED_STATE, "nordic_parcel.carrier_failed", /credentials/],
    ["rate_limited", false, false, MedusaError.Types.UNEXPECTED_STATE, "nordic_parcel.carrier_throttled", /was not booked/],
    ["timeout", false, true, MedusaError.Types.UNEXPECTED_STATE, "nordic_parcel.carrier_failed", /may have been booked/],
    ["server", false, true, MedusaError.Types.UNEXPECTED_STATE, "nordic_parcel.carrier_failed", /may have been booked/],
    ["network", true, false, MedusaError.Types.UNEXPECTED_STATE, "nordic_parcel.carrier_unavailable", /could not be reached; order #7 was not booked/],
  ])("%s (retryable %s): ambiguous %s", (kind, retryable, ambiguous, type, code, message) => {
    const failure = bookingFailure(error(kind, retryable), "order #7")
    expect(failure.ambiguous).toBe(ambiguous)
    expect(failure.error.type).toBe(type)
    expect(failure.error.code).toBe(code)
    expect(failure.error.message).toMatch(message)
  })
})

describe("bookingKey", () => {
  const request = (overrides: { correlationId?: string; at?: string; service?: string; postalCode?: string } = {}) =>
    ({
      testIndicator: true,
      schemaVersion: 1,
      consignments: [
        {
          correlationId: overrides.correlationId ?? "ful_1",
          shippingDateTime: overrides.at ?? "2026-11-21T10:00:00",
          parties: { recipient: { name: "Kari", postalCode: overrides.postalCode ?? "5004" } },
          product: { id: overrides.service ?? "PA_DOREN", customerNumber: "5" },
          packages: [{ correlationId: `${overrides.correlationId ?? "ful_1"}-1`, weightInKg: 1.2 }],
        },
      ],
    }) as never
  const items = [{ line_item_id: "a", quantity: 1 }, { line_item_id: "b", quantity: 2 }]

  it.each([
    ["another fulfillment id and shipping time", { correlationId: "ful_2", at: "2026-11-21T11:30:00" }, true],
    ["another service", { service: "SERVICEPAKKE" }, false],
    ["another address", { postalCode: "0154" }, false],
  ])("with %s is the same booking: %s", (_case, overrides, same) => {
    const key = bookingKey("order_1", "outbound", items, request())
    expect(bookingKey("order_1", "outbound", items, request(overrides)) === key).toBe(same)
  })

  it("is the same for the same lines in any order and differs by quantity, order and direction", () => {
    const key = bookingKey("order_1", "outbound", items, request())
    expect(bookingKey("order_1", "outbound", [...items].reverse(), request())).toBe(key)
    expect(bookingKey("order_1", "outbound", [{ line_item_id: "a", quantity: 2 }, items[1]], request())).not.toBe(key)
    expect(bookingKey("order_2", "outbound", items, request())).not.toBe(key)
    expect(bookingKey("order_1", "return", items, request())).not.toBe(key)
  })
})
