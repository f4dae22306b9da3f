/*
 * Order → booking request, pure: parties (parties.ts: sender per location, receiver, pickup point),
 * customs (customs.ts), additional services (additional-services.ts), field limits (field-limits.ts),
 * packages (lib/packing/packages.ts), measurement rule. Checks it and lists every problem in one
 * refusal. Also decides return QR codes (`qrCodes`): the store option `returnQrCodes` (setting
 * `return_qr_codes`, default on), a service's `qrCodes` over it, for every return service the
 * catalogue marks; the links land on the fulfillment data through fulfillment-result.ts.
 */
import type { BookingPackage, BookingRequest } from "../carrier"
import { shortCustomerNumber } from "../customer-number"
import type { ServiceOptions } from "../options"
import { packPackages } from "../packing/packages"
import { unmetMeasurementRule } from "../packing/measurement-rule"
import { canPairReturn, serviceInfo } from "../service-catalogue"
import { additionalServices } from "./additional-services"
import type { BookingInput, BookingProblem } from "./booking-input"
import { customsPart } from "./customs"
import { checkLength, LIMITS, shortenDescription } from "./field-limits"
import { nearestPickupPointOption, outboundParties, pickupPointParty, returnParties } from "./parties"
import { customerSpecifiedDeliveryDateTime, dayInWords, takesDeliveryDate } from "../checkout/delivery-dates"

export type BookingRequestResult = { ok: true; request: BookingRequest } | { ok: false; problems: BookingProblem[] }

/**
 * The carrier's booking request for one fulfillment.
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
  const deliveryOption = outbound ? nearestPickupPointOption(input) : undefined
  const returnLabel = outbound
    ? freeReturnLabel(service, input.returnQrCodes, problems)
    : returnBookingLabel(service, input.returnQrCodes, problems)
  const addedServices = additionalServices(service, customer, problems, {
    amount: input.orderTotal,
    currencyCode: input.currencyCode,
    accountNumber: input.codAccountNumber,
  })
  const { ediCustomsDeclarations, vatOnEcommerce } = customsPart(input, parties, problems)
  const packages = bookingPackages(input, problems)
  const requestedDay = outbound ? requestedDeliveryDay(input, problems) : undefined

  // The customer number as the customer list names it; mailbox parcels take the bare main number.
  const customerNumber = serviceInfo(service.code).mailbox
    ? shortCustomerNumber(input.customerNumber.trim())
    : input.customerNumber.trim()
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
          ...(requestedDay ? { customerSpecifiedDeliveryDateTime: requestedDay } : {}),
          parties: { ...parties, ...(pickupPoint ? { pickupPoint } : {}) },
          product: {
            id: service.code,
            customerNumber,
            ...(addedServices.length > 0 ? { additionalServices: addedServices } : {}),
            ...(ediCustomsDeclarations ? { ediCustomsDeclarations } : {}),
            ...(deliveryOption ? { services: { deliveryOption } } : {}),
          },
          purchaseOrder: { purchaseOrderNumber },
          packages,
          ...returnLabel,
          ...(vatOnEcommerce !== undefined ? { vatOnEcommerce } : {}),
        },
      ],
    },
  }
}

/**
 * The requested delivery day as the carrier takes it (carrier notes 53), only on a service that
 * takes one: a day on another service is refused here rather than dropped, so it is never lost.
 */
function requestedDeliveryDay(input: BookingInput, problems: BookingProblem[]): string | undefined {
  const day = input.requestedDeliveryDate
  if (!day) return undefined
  if (!takesDeliveryDate(input.service.code)) {
    problems.push({
      field: "delivery_date",
      message: `delivery_date: ${input.service.code} does not take a requested delivery day (${dayInWords(day)} was asked for); choose another day or service on the order`,
    })
    return undefined
  }
  return customerSpecifiedDeliveryDateTime(day)
}

/**
 * The fulfillment's items packed into as many packages as the service's per-package limits need
 * (one consignment, one label, one package number each). Mailbox services take exactly one. An
 * item too big for the service, or more packages than it takes, is refused before the carrier is
 * called. Cargo and large-goods home delivery need every package's weight and dimensions.
 */
export function bookingPackages(input: BookingInput, problems: BookingProblem[]): BookingPackage[] {
  const { code } = input.service
  const info = serviceInfo(code)
  const packed = packPackages(input.items, input.packaging, info.packageLimits)
  if (!packed.ok) {
    const item = packed.item !== undefined ? input.items[packed.item] : undefined
    problems.push({
      field: "items",
      message: `items: ${item ? `${item.title}: ` : ""}${packed.reason}, too big for ${code}; choose a service for larger parcels`,
    })
    return []
  }
  const unmet = unmetMeasurementRule(code, packed.packages)
  if (unmet) {
    problems.push({
      field: "items.variant.length",
      message: `items: ${unmet}; set length, width and height on every variant, or packaging.defaultItemDimensions in the plugin options`,
    })
  }
  return packed.packages.map((pkg, index) => {
    const contents = pkg.contents.map((c) => ({ item: input.items[c.item], quantity: c.quantity }))
    const titles = [...new Set(contents.map((c) => c.item.title.trim()).filter(Boolean))]
    return {
      correlationId: `${input.fulfillmentId}-${index + 1}`,
      // Packing gives whole grams, so this is exact to the gram.
      weightInKg: pkg.weightGrams / 1000,
      ...(pkg.dimensions
        ? {
            dimensions: {
              lengthInCm: pkg.dimensions.lengthCm,
              widthInCm: pkg.dimensions.widthCm,
              heightInCm: pkg.dimensions.heightCm,
            },
          }
        : {}),
      ...(pkg.volumeDm3 && info.homeDelivery ? { volumeInDm3: pkg.volumeDm3 } : {}),
      ...(titles.length > 0 ? { goodsDescription: shortenDescription(titles.join(", ")) } : {}),
      numberOfItems: contents.reduce((sum, c) => sum + c.quantity, 0),
    }
  })
}

/** The consignment fields that ask for a return label and its QR codes. */
export type ReturnLabel = { returnProduct?: { id: string }; generateQrCodes?: true }

/**
 * A free return label booked with the outgoing shipment, for the pairings the carrier allows
 * (carrier notes 31); QR codes as qrCodes below says.
 */
export function freeReturnLabel(service: ServiceOptions, storeQrCodes: boolean, problems: BookingProblem[]): ReturnLabel {
  const returnService = service.returnService
  if (!returnService) {
    return {}
  }
  if (!canPairReturn(service.code, returnService)) {
    const pairs = serviceInfo(service.code).returnServices
    const allowed = pairs.length > 0 ? `it pairs only with ${pairs.join(", ")}` : "it has no free return"
    problems.push({
      field: `services.${service.code}.returnService`,
      message: `service ${service.code}: return service ${returnService} cannot be booked as its free return (the carrier's free-return pairs: ${allowed})`,
    })
    return {}
  }
  return { returnProduct: { id: returnService }, ...qrCodes(service, returnService, storeQrCodes) }
}

/**
 * A return booked on its own, customer to stock location. Only a return service ships that way without the customer's phone as sender phone; an outgoing service
 * configured as the return option is refused.
 */
export function returnBookingLabel(service: ServiceOptions, storeQrCodes: boolean, problems: BookingProblem[]): ReturnLabel {
  if (!service.isReturn && !serviceInfo(service.code).isReturn) {
    problems.push({
      field: `services.${service.code}.isReturn`,
      message: `service ${service.code}: a return must be booked with a return service (such as 9300), and ${service.code} is not one`,
    })
  }
  return qrCodes(service, service.code, storeQrCodes)
}

/**
 * QR codes on every return service that has them (carrier notes 30), a customer-list service such
 * as SERVICEPAKKE_RETURSERVICE as much as the configured 9300: the store's setting, unless the
 * service's own says otherwise.
 */
function qrCodes(service: ServiceOptions, returnService: string, storeQrCodes: boolean): ReturnLabel {
  return (service.qrCodes ?? storeQrCodes) && serviceInfo(returnService).qrCodes ? { generateQrCodes: true } : {}
}

/**
 * shippingDateTime is yyyy-MM-ddTHH:mm:ss with an optional offset. It is
 * sent in Oslo time with Oslo's offset, the form the carrier answers in itself (carrier notes 18): the
 * instant is unambiguous, and the calendar date the carrier reads is the merchant's own.
 */
const CARRIER_TIME_ZONE = "Europe/Oslo"

const OSLO_PARTS = new Intl.DateTimeFormat("en-GB", {
  timeZone: CARRIER_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
})

export function carrierDateTime(instant: Date): string {
  const part = Object.fromEntries(OSLO_PARTS.formatToParts(instant).map((p) => [p.type, p.value]))
  const wholeSeconds = Math.floor(instant.getTime() / 1000) * 1000
  const localAsUtc = Date.UTC(+part.year, +part.month - 1, +part.day, +part.hour, +part.minute, +part.second)
  const offsetMinutes = Math.round((localAsUtc - wholeSeconds) / 60_000)
  const sign = offsetMinutes < 0 ? "-" : "+"
  const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, "0")
  const minutes = String(Math.abs(offsetMinutes) % 60).padStart(2, "0")
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}${sign}${hours}:${minutes}`
}
