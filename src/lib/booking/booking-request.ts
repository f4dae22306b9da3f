import type { BookingRequest } from "../carrier"
import { shortCustomerNumber } from "../customer-number"
import { additionalServices } from "./additional-services"
import type { BookingInput, BookingProblem } from "./booking-input"
import { bookingPackage } from "./booking-package"
import { carrierDateTime } from "./carrier-date-time"
import { customsPart } from "./customs"
import { checkLength, LIMITS } from "./field-limits"
import { outboundParties, returnParties } from "./parties"
import { pickupPointParty } from "./pickup-point"
import { freeReturnLabel, returnBookingLabel } from "./returns"

export type BookingRequestResult = { ok: true; request: BookingRequest } | { ok: false; problems: BookingProblem[] }

/**
 * The carrier's booking request for one fulfillment (booking.md "Resources and fields", "Rules").
 * Pure: no carrier call and no clock. Every rule is checked before the answer, so a refused
 * booking lists everything the merchant must fix at once rather than one problem per attempt.
 */
export function toBookingRequest(input: BookingInput): BookingRequestResult {
  const problems: BookingProblem[] = []
  const { service } = input
  const outbound = input.kind === "outbound"

  const parties = outbound ? outboundParties(input, problems) : returnParties(input, problems)
  const customer = outbound ? parties.recipient : parties.sender
  const pickupPoint = outbound ? pickupPointParty(input, parties.recipient, problems) : undefined
  const returnLabel = outbound ? freeReturnLabel(service, problems) : returnBookingLabel(service, problems)
  const addedServices = additionalServices(service, customer, problems)
  const { ediCustomsDeclarations, vatOnEcommerce } = customsPart(input, parties, problems)
  const pkg = bookingPackage(input, problems)

  // Requests take the short customer number, without the customer list's prefix and padding.
  const customerNumber = shortCustomerNumber(input.customerNumber.trim())
  if (!customerNumber) {
    problems.push({
      field: "customerNumber",
      message: `options: a customerNumber (the plugin's, or the service's) is required to book ${service.code}`,
    })
  }
  const purchaseOrderNumber = String(input.orderDisplayId)
  checkLength(problems, { label: "order", path: "order" }, "display_id", purchaseOrderNumber, LIMITS.purchaseOrderNumber)

  if (problems.length > 0) {
    return { ok: false, problems }
  }
  return {
    ok: true,
    request: {
      testIndicator: input.testMode,
      schemaVersion: 1,
      consignments: [
        {
          correlationId: input.fulfillmentId,
          shippingDateTime: carrierDateTime(input.shippingDateTime),
          parties: { ...parties, ...(pickupPoint ? { pickupPoint } : {}) },
          product: {
            id: service.code,
            customerNumber,
            ...(addedServices.length > 0 ? { additionalServices: addedServices } : {}),
            ...(ediCustomsDeclarations ? { ediCustomsDeclarations } : {}),
          },
          purchaseOrder: { purchaseOrderNumber },
          packages: [pkg],
          ...returnLabel,
          ...(vatOnEcommerce !== undefined ? { vatOnEcommerce } : {}),
        },
      ],
    },
  }
}
