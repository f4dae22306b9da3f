import type { BookingParty } from "../carrier"
import { isPickupCountry, normalizePostalCode, postalCodeRule } from "../postal-codes"
import { serviceInfo } from "../service-catalogue"
import { addressLines } from "./address-lines"
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
 * Sender and recipient (booking.md "Party", GAPS B8): the stock location and the customer, in the
 * direction of the booking. Every party needs a name, address line, postal code, city and country.
 * GAPS B8 asks for the postal code only where the country uses one; it is required here for every
 * country because the plugin has no list of countries without postal codes.
 */

export type Parties = { sender: BookingParty; recipient: BookingParty }

/** booking.md rule 1: stock location → customer, with the sender's phone where the service needs it. */
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

/** Named as the label should read: the company on the location's address, else the location's name. */
function stockLocationParty(location: StockLocationInput, problems: BookingProblem[]): BookingParty {
  const label = stockLocationLabel(location)
  const addressSource = { label, path: "stock_location.address" }
  const company = present(location.address.company)
  const name = company ?? present(location.name) ?? ""
  if (company) {
    checkLength(problems, addressSource, "company", company, LIMITS.name)
  } else {
    checkLength(problems, { label, path: "stock_location" }, "name", name, LIMITS.name)
  }
  const phoneNumber = present(location.address.phone)
  return {
    name,
    ...addressFields(addressSource, location.address, problems),
    ...(phoneNumber ? { contact: { phoneNumber } } : {}),
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
  checkLength(problems, source, company ? "company" : "first_name + last_name", name, LIMITS.name)

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
