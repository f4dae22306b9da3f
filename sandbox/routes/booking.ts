import { randomUUID } from "node:crypto"
import type { BookingStore, ShippingDocument } from "../booking-store"
import type { Clock } from "../clock"
import { BOOKING_ERROR_TYPES } from "../data/booking-errors"
import { agreementServices, TEST_CUSTOMERS } from "../data/customers"
import { fromOsloLocal, isoWithOsloOffset, toOslo } from "../dates"
import { bookingErrorResponse } from "../errors"
import { json, text, xml, type HttpResponse } from "../http"
import type { Place } from "../locations"
import { estimateDelivery, zoneCount } from "../pricing"
import type { Route } from "../router"
import type { SandboxBooking } from "../types"
import { isRecord } from "../values"
import { xmlDocument } from "../xml"
import { validateBookingRequest, type ValidatedBooking } from "./booking-rules"
import { checkRequestedDeliveryDay } from "./booking-delivery-day"
import { pickupOrderRoute, pickupReceiptRoute } from "./pickup-order"

/** Booking service (carrier notes 1, 4, 5, 14, 15, 16, 17, 19, 20 and 5; pickup orders 47). */

export function bookingRoutes(store: BookingStore, clock: Clock): Route[] {
  return [
    {
      method: "GET",
      pattern: "/booking/api/customers",
      group: "customers",
      errorStyle: "booking",
      handle: (ctx) => {
        const customers = TEST_CUSTOMERS.filter((c) => ctx.user.customerNumbers.includes(c.customerNumber)).map((c) => ({
          name: c.name,
          customerNumber: c.listedCustomerNumber,
          countryCode: c.countryCode,
          products: agreementServices(c),
        }))
        const wantsXml = /application\/xml/.test(ctx.headers.accept ?? "") && !/application\/json/.test(ctx.headers.accept ?? "")
        return wantsXml
          ? xml(200, xmlDocument("customersResponse", { customer: customers.map((c) => ({ ...c, products: { product: c.products } })) }))
          : json(200, { customers })
      },
    },
    {
      method: "POST",
      pattern: "/booking/api/booking",
      group: "booking",
      errorStyle: "booking",
      rateLimit: "booking",
      handle: (ctx) => {
        const testHeader = ctx.headers["x-carrier-test-indicator"] === "true"
        const validation = validateBookingRequest(ctx.body, ctx.bodyUnparseable, ctx.user, testHeader)
        if (!validation.ok) return bookingErrorResponse(400, validation.correlationId, validation.issues)
        const dayIssues = checkRequestedDeliveryDay(validation.booking, clock.now())
        if (dayIssues.length > 0) return bookingErrorResponse(400, validation.booking.correlationId, dayIssues)
        return confirm(validation.booking, store, clock, ctx.baseUrl)
      },
    },
    {
      method: "GET",
      pattern: "/booking/api/errors",
      group: "booking",
      errorStyle: "booking",
      handle: () => json(200, { errorTypes: BOOKING_ERROR_TYPES }),
    },
    pickupOrderRoute(store, clock),
    pickupReceiptRoute(store),
    // carrier notes 17: not used by the plugin, so not emulated.
    notEmulated("/booking/api/ws", "The SOAP booking interface"),
  ]
}

function notEmulated(pattern: string, what: string): Route {
  return {
    method: "POST",
    pattern,
    group: "booking",
    errorStyle: "booking",
    handle: () => text(501, `${what} is not emulated by the sandbox`),
  }
}

/** The 200 booking confirmation (carrier notes 14), with the booking and its documents stored. */
function confirm(booking: ValidatedBooking, store: BookingStore, clock: Clock, baseUrl: string): HttpResponse {
  const { service, returnService, from, to } = booking
  const numbers = store.numbers
  const consignmentNumber = numbers.consignmentNumber()
  const packageNumbers = booking.packages.map(() =>
    service.deliveryType === "MAILBOX" ? numbers.mailboxPackageNumber() : numbers.packageNumber()
  )
  const outgoing = document(consignmentNumber, packageNumbers, booking, "outgoing")
  outgoing.hasWaybill = service.measurementRule === "cargo"
  // Booking rule 6: the tracked mailbox parcel (RFID) gets a label-printer label, not a PDF.
  outgoing.labelFormat = service.id === "3570" ? "zpl" : "pdf"

  const documents = [outgoing]
  let returnDocument: ShippingDocument | undefined
  if (returnService) {
    returnDocument = document(numbers.consignmentNumber(), packageNumbers, booking, "return")
    documents.push(returnDocument)
  }
  // QR codes belong to the return label: the booked return service itself, or the free return.
  const qrDocument = booking.generateQrCodes ? (service.qrCodes ? outgoing : returnDocument) : undefined
  if (qrDocument) qrDocument.qrPackageNumbers = packageNumbers

  const estimate = estimateDelivery(service, zoneCount(from, to), toOslo(booking.shippingDateTime).date)
  const sandboxBooking: SandboxBooking = {
    request: booking.consignment,
    consignmentNumber,
    packageNumbers,
    ...(returnDocument ? { returnConsignmentNumber: returnDocument.consignmentNumber } : {}),
    customerNumber: booking.customerNumber,
    test: booking.test,
    at: clock.now(),
  }
  store.add(sandboxBooking, documents)

  const links = (doc: ShippingDocument) => ({
    labels: `${baseUrl}/booking/labels/${doc.consignmentNumber}?auth-token=${doc.token}`,
    tracking: `${baseUrl}/tracking/${doc.consignmentNumber}`,
  })
  return json(200, {
    consignments: [
      {
        correlationId: booking.correlationId,
        confirmation: {
          consignmentNumber,
          productSpecificData: null,
          links: {
            ...links(outgoing),
            waybill: outgoing.hasWaybill ? `${baseUrl}/booking/waybills/${consignmentNumber}?auth-token=${outgoing.token}` : null,
          },
          // Epoch milliseconds, as the carrier's published booking example sends them.
          dateAndTimes: {
            earliestPickup: booking.shippingDateTime.getTime(),
            expectedDelivery: fromOsloLocal(estimate.date).getTime(),
          },
          packages: booking.packages.map((pkg, index) => ({
            correlationId: pkg.correlationId,
            packageNumber: packageNumbers[index],
            qrCodeLink: qrDocument
              ? `${baseUrl}/booking/qr-codes/${qrDocument.consignmentNumber}/${packageNumbers[index]}.png?auth-token=${qrDocument.token}`
              : null,
          })),
          ...(returnDocument
            ? { returnConsignmentNumber: returnDocument.consignmentNumber, returnLinks: links(returnDocument) }
            : {}),
        },
        errors: null,
      },
    ],
  })
}

/** The label's text: service, numbers and the two addresses (the return label swaps them). */
function document(
  consignmentNumber: string,
  packageNumbers: string[],
  booking: ValidatedBooking,
  direction: "outgoing" | "return"
): ShippingDocument {
  const parties = booking.consignment.parties as Record<string, unknown>
  const outgoing = direction === "outgoing"
  const address = (party: unknown, place: Place) => {
    const p = isRecord(party) ? party : {}
    return [String(p.name ?? ""), String(p.addressLine ?? ""), `${place.postalCode} ${String(p.city ?? "")}`, place.country.code]
  }
  const sender = address(parties.sender, booking.from)
  const recipient = address(parties.recipient, booking.to)
  return {
    consignmentNumber,
    token: randomUUID(),
    packageNumbers,
    qrPackageNumbers: [],
    hasWaybill: false,
    labelFormat: "pdf",
    lines: [
      ...(booking.test ? ["TEST BOOKING - NOT VALID FOR TRANSPORT"] : []),
      `Service: ${outgoing ? booking.service.id : booking.returnService?.id}`,
      `Consignment: ${consignmentNumber}`,
      `Shipping date: ${isoWithOsloOffset(booking.shippingDateTime)}`,
      "From:",
      ...(outgoing ? sender : recipient),
      "To:",
      ...(outgoing ? recipient : sender),
    ],
  }
}
