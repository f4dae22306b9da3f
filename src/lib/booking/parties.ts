/*
 * The booking's parties: the sender from the stock location that ships (its own sender details, else
 * the defaults), the receiver, and the pickup point where booking rule 3 (lib/pickup-point-rule.ts)
 * asks for one.
 */
import type { BookingParty } from "../carrier"
import { pickupPointRule } from "../pickup-point-rule"
import { isPickupCountry, normalizePostalCode, postalCodeRule } from "../postal-codes"
import { serviceInfo } from "../service-catalogue"
import {
  present,
  type BookingInput,
  type BookingProblem,
  type DeliveryAddressInput,
  type MedusaAddress,
  type StockLocationInput,
} from "./booking-input"
import { LIMITS, checkLength, type Source } from "./field-limits"

/**
 * Sender and recipient: the stock location and the customer, in the direction of the booking.
 * Every party needs a name, address line, postal code, city and country. The carrier asks for the
 * postal code only where the country uses one; it is required here for every country because the
 * plugin has no list of countries without postal codes (carrier notes 16).
 */

export type Parties = { sender: BookingParty; recipient: BookingParty }

/** carrier notes 16: stock location → customer, with the sender's phone where the service needs it. */
export function outboundParties(input: BookingInput, problems: BookingProblem[]): Parties {
  const sender = stockLocationParty(input.stockLocation, problems)
  const { code } = input.service
  if (!sender.contact?.phoneNumber && !serviceInfo(code).senderPhoneOptional) {
    problems.push({
      field: "stock_location.address.phone",
      message:
        `${stockLocationLabel(input.stockLocation)}: address.phone is required by the carrier for ${code} ` +
        "(only 3584, 3570 and return services ship without a sender phone)",
    })
  }
  return { sender, recipient: customerParty(input.deliveryAddress, input.customerEmail, problems) }
}

/** A return service ships from the customer back to the stock location; no sender phone is needed. */
export function returnParties(input: BookingInput, problems: BookingProblem[]): Parties {
  return {
    sender: customerParty(input.deliveryAddress, input.customerEmail, problems),
    recipient: stockLocationParty(input.stockLocation, problems),
  }
}

/** The customer can be notified (pickup point, customs): by e-mail or by phone. */
export function isReachable(party: BookingParty): boolean {
  return Boolean(party.contact?.email || party.contact?.phoneNumber)
}

function stockLocationLabel(location: StockLocationInput): string {
  return `stock location "${location.name}"`
}

/**
 * Named as the label should read: the sender name the merchant set for the location, else the
 * company on the location's address, else the location's name. The merchant's sender details
 * (contact, e-mail, phone, VAT number) complete what Medusa's stock location holds.
 */
export function stockLocationParty(location: StockLocationInput, problems: BookingProblem[]): BookingParty {
  const label = stockLocationLabel(location)
  const addressSource = { label, path: "stock_location.address" }
  const sender = location.sender ?? {}
  const company = present(location.address.company)
  // The carrier's party table sets no length for the name: it is sent whole.
  const name = present(sender.senderName) ?? company ?? present(location.name) ?? ""
  const phoneNumber = present(sender.phone) ?? present(location.address.phone)
  const contact = {
    ...(present(sender.contactName) ? { name: present(sender.contactName) } : {}),
    ...(present(sender.email) ? { email: present(sender.email) } : {}),
    ...(phoneNumber ? { phoneNumber } : {}),
  }
  return {
    name,
    ...addressFields(addressSource, location.address, problems),
    ...(present(sender.vatNumber) ? { vatNumber: present(sender.vatNumber) } : {}),
    ...(Object.keys(contact).length > 0 ? { contact } : {}),
  }
}

/**
 * Named as the door or pickup point will see it: a company address goes to the company, with the
 * person as the contact; the contact carries the order's e-mail and the address's phone.
 */
function customerParty(address: DeliveryAddressInput, email: string | null | undefined, problems: BookingProblem[]): BookingParty {
  const source = { label: "delivery address", path: "delivery_address" }
  const company = present(address.company)
  const person = [present(address.first_name), present(address.last_name)].filter(Boolean).join(" ") || undefined
  const name = company ?? person ?? ""
  if (!name) {
    problems.push({
      field: `${source.path}.first_name`,
      message: `${source.label}: first_name and last_name (or company) are required by the carrier`,
    })
  }

  const contactEmail = present(email)
  if (contactEmail) {
    checkLength(problems, { label: "order", path: "order" }, "email", contactEmail, LIMITS.email)
  }
  const phoneNumber = present(address.phone)
  const contact = {
    ...(company && person ? { name: person } : {}),
    ...(contactEmail ? { email: contactEmail } : {}),
    ...(phoneNumber ? { phoneNumber } : {}),
  }
  return {
    name,
    ...addressFields(source, address, problems),
    ...(Object.keys(contact).length > 0 ? { contact } : {}),
  }
}

type AddressFields = Pick<BookingParty, "addressLine" | "addressLine2" | "postalCode" | "city" | "countryCode">

function addressFields(source: Source, address: MedusaAddress, problems: BookingProblem[]): AddressFields {
  const required = (field: keyof MedusaAddress): string => {
    const value = present(address[field])
    if (!value) {
      problems.push({ field: `${source.path}.${field}`, message: `${source.label}: ${field} is required by the carrier` })
    }
    return value ?? ""
  }
  const address1 = required("address_1")
  const postalCodeRaw = required("postal_code")
  const city = required("city")
  const countryRaw = required("country_code")

  const countryCode = countryRaw.toUpperCase()
  if (countryRaw && !/^[A-Z]{2}$/.test(countryCode)) {
    problems.push({
      field: `${source.path}.country_code`,
      message: `${source.label}: country_code "${countryRaw}" is not a two-letter ISO country code`,
    })
  }
  checkLength(problems, source, "city", city, LIMITS.city)
  const lines = address1 ? addressLines(source, address1, present(address.address_2), problems) : { addressLine: "" }
  return {
    ...lines,
    postalCode: postalCodeRaw && postalCode(source, countryCode, postalCodeRaw, problems),
    city,
    countryCode,
  }
}

/** Nordic postal codes are sent as the digits the carrier expects ("111 22" → "11122"). */
function postalCode(source: Source, countryCode: string, raw: string, problems: BookingProblem[]): string {
  if (!isPickupCountry(countryCode)) {
    checkLength(problems, source, "postal_code", raw, LIMITS.postalCode)
    return raw
  }
  const normalized = normalizePostalCode(countryCode, raw)
  if (!normalized) {
    problems.push({
      field: `${source.path}.postal_code`,
      message: `${source.label}: postal_code "${raw}" is not a ${countryCode} postal code (${postalCodeRule(countryCode)})`,
    })
  }
  return normalized ?? raw
}

export type AddressLines = { addressLine: string; addressLine2?: string }

/**
 * The party's address lines from Medusa's address_1 and address_2. Medusa allows long street
 * lines, the carrier takes 35 characters per line: a long address_1 is moved onto two lines when
 * address_2 is free and it splits at a space into parts that both fit. Anything else is refused
 * (see field-limits.ts for why addresses are never cut).
 */
export function addressLines(source: Source, address1: string, address2: string | undefined, problems: BookingProblem[]): AddressLines {
  const max = LIMITS.addressLine
  if (address2) {
    checkLength(problems, source, "address_2", address2, max)
  }
  if (address1.length <= max) {
    return { addressLine: address1, ...(address2 ? { addressLine2: address2 } : {}) }
  }

  const split = address2 ? undefined : splitAtSpace(address1, max)
  if (split) {
    return split
  }
  const reason = address2 ? "and address_2 is in use" : `and it does not split at a space into two lines of ${max}`
  problems.push({
    field: `${source.path}.address_1`,
    message: `${source.label}: address_1 is ${address1.length} characters; the carrier takes ${max} (${reason})`,
  })
  return { addressLine: address1 }
}

/** The split with the longest first line; a longer first line leaves the shortest remainder. */
function splitAtSpace(line: string, max: number): AddressLines | undefined {
  const space = line.lastIndexOf(" ", max)
  if (space <= 0) {
    return undefined
  }
  // "Storgata 1, c/o Hansen" splits after the comma, which must not stay on the first line.
  const first = line.slice(0, space).replace(/[\s,]+$/, "")
  const rest = line.slice(space + 1).trim()
  return first && rest.length <= max ? { addressLine: first, addressLine2: rest } : undefined
}

export type PickupPointParty = { id: string; countryCode: string }

/**
 * carrier notes 29: the pickup point the shopper chose, for an outbound booking. Where the carrier
 * requires one for the service and destination (rule 3) a booking without it is refused here; a
 * parcel waiting at a pickup point is useless unless the carrier can tell the customer it arrived.
 */
export function pickupPointParty(input: BookingInput, recipient: BookingParty, problems: BookingProblem[]): PickupPointParty | undefined {
  const id = present(input.pickupPoint?.id)
  const countryCode = present(input.pickupPoint?.country_code)?.toUpperCase()
  if (!id || !countryCode) {
    if (nearestPickupPointOption(input)) {
      if (!isReachable(recipient)) problems.push(unreachable())
      return undefined
    }
    const destination = present(input.deliveryAddress.country_code)?.toUpperCase()
    if (pickupPointRule(input.service, destination).required) {
      problems.push({
        field: "shipping_method.data.pickup_point_id",
        message: `shipping method: data.pickup_point_id is required for ${input.service.code} to ${destination ?? "this country"} (it is delivered there to pickup points only)`,
      })
    }
    return undefined
  }
  if (!isReachable(recipient)) {
    problems.push(unreachable())
  }
  return { id, countryCode }
}

/**
 * carrier notes 35: where a parcel without a chosen point goes to the door (Denmark for
 * PICKUP_PARCEL and PICKUP_PARCEL_BULK), the merchant's "nearest pickup point when none is chosen"
 * sends deliveryOption PICKUP_POINT: the carrier takes it to the point nearest the recipient. A
 * chosen point takes precedence; without the setting the parcel goes to the door.
 */
export function nearestPickupPointOption(input: BookingInput): "PICKUP_POINT" | undefined {
  const chosen = present(input.pickupPoint?.id)
  const rule = pickupPointRule(input.service, present(input.deliveryAddress.country_code))
  return !chosen && rule.withoutChoice === "carrier-nearest" ? "PICKUP_POINT" : undefined
}

function unreachable(): BookingProblem {
  return {
    field: "order.email",
    message:
      "order: an e-mail (order email) or phone (delivery_address.phone) is required for delivery to a pickup point, " +
      "so that the carrier can tell the customer the parcel has arrived",
  }
}
