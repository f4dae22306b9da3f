import type { NordicParcelOptions, ServiceOptions } from "../options"
import { serviceInfo } from "../service-catalogue"
import { packParcel, type PackableItem, type Parcel } from "../packing/parcel"

/**
 * Everything that changes a price: the carrier is asked once per distinct QuoteInput, and the
 * answer serves every carrier option of that cart state (see quote-key.ts).
 */
export type QuoteInput = {
  direction: "outbound" | "return"
  from: { countryCode: string; postalCode: string }
  to: { countryCode: string; postalCode: string }
  parcel: Parcel
  /** Local shipping date and hour; minutes are dropped so a quote is reused within the hour. */
  shippingDate: { year: string; month: string; day: string; hour: string; minute: string }
  services: QuotedService[]
}

export type QuotedService = { code: string; customerNumber?: string; additionalServices: string[] }

type AddressLike = { country_code?: string | null; postal_code?: string | null } | null | undefined

/** The part of Medusa's calculatePrice context (cart or order) that a quote reads. */
export type PricingContext = {
  items?: PackableItem[] | null
  shipping_address?: AddressLike
  from_location?: { address?: AddressLike } | null
  return_id?: string
  return_items?: unknown
}

export type QuoteInputResult = { ok: true; input: QuoteInput } | { ok: false; reason: string }

function place(address: AddressLike): { countryCode: string; postalCode: string } | undefined {
  const countryCode = address?.country_code?.trim().toUpperCase()
  const postalCode = address?.postal_code?.replace(/\s/g, "")
  return countryCode && postalCode ? { countryCode, postalCode } : undefined
}

/** The carrier wants the date as two-digit strings; the shop's clock is the carrier's (Europe/Oslo). */
export function shippingDateOf(now: Date, timeZone = "Europe/Oslo"): QuoteInput["shippingDate"] {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value])
  )
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour, minute: "00" }
}

/** A return service ships from the customer to the merchant; anything else the other way. */
export function directionOf(service: ServiceOptions): QuoteInput["direction"] {
  return service.isReturn || serviceInfo(service.code).isReturn ? "return" : "outbound"
}

/** Services priced together: every offered service of the same direction (switched-off ones are not asked for). */
export function servicesFor(options: NordicParcelOptions, direction: QuoteInput["direction"]): ServiceOptions[] {
  return options.services.filter((s) => s.offered && directionOf(s) === direction)
}

/**
 * Builds the quote input from Medusa's context. Outbound: stock location → shipping address.
 * Return (a return service, or a return flow in the admin): the reverse.
 */
export function quoteInputFromContext(
  context: PricingContext,
  options: NordicParcelOptions,
  direction: QuoteInput["direction"],
  now: Date
): QuoteInputResult {
  const warehouse = place(context.from_location?.address)
  const customer = place(context.shipping_address)
  if (!warehouse) {
    return { ok: false, reason: "the stock location has no country or postal code" }
  }
  if (!customer) {
    return { ok: false, reason: "the shipping address has no country or postal code yet" }
  }
  const items = context.items ?? []
  const services = servicesFor(options, direction).map((s) => ({
    code: s.code,
    customerNumber: s.customerNumber ?? options.customerNumber,
    additionalServices: [...s.additionalServices].sort(),
  }))
  return {
    ok: true,
    input: {
      direction,
      from: direction === "outbound" ? warehouse : customer,
      to: direction === "outbound" ? customer : warehouse,
      parcel: packParcel(items, options.packaging),
      shippingDate: shippingDateOf(now),
      services,
    },
  }
}
