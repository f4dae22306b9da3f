/*
 * The cart state a quote is for: services (offered and in use), sender from the location that ships
 * (`context.from_location`; customer number by `customerNumberFor` in lib/options.ts), shipping date,
 * packages per service. A service that needs measurements the cart lacks
 * (lib/packing/measurement-rule.ts) is `unmeasured`: left out of the lookup, no price.
 */
import { customerNumberFor, type NordicParcelOptions, type ServiceOptions } from "../options"
import { serviceInfo } from "../service-catalogue"
import { packParcel, type PackableItem, type Parcel } from "../packing/parcel"
import { packPackages } from "../packing/packages"
import { unmetMeasurementRule } from "../packing/measurement-rule"
import { shippingDateFor, type CarrierShippingDate } from "./shipping-date"
import { alternativeDatesFor } from "./delivery-dates"

/**
 * Everything that changes a price: the carrier is asked once per distinct QuoteInput, and the
 * answer serves every carrier option of that cart state (see quote-key.ts).
 */
export type QuoteInput = {
  direction: "outbound" | "return"
  from: { countryCode: string; postalCode: string }
  to: { countryCode: string; postalCode: string }
  parcel: Parcel
  /**
   * Local date and hour the parcel is handed over (cut-off and lead time applied); minutes are
   * dropped so a quote is reused within the hour.
   */
  shippingDate: CarrierShippingDate
  services: QuotedService[]
  /**
   * Alternative delivery days asked for (one number for the whole lookup, carrier notes 53): the
   * most any quoted service offers; each service keeps its own count of them.
   */
  alternativeDeliveryDates: number
  /** The warehouse hands parcels in at a post office: the carrier adds its surcharge (carrier notes 56). */
  postingAtPostOffice: boolean
  /** Pickup points whose estimated arrival is asked for (carrier notes 55); absent for a price. */
  pickupPoints?: string[]
}

export type QuotedService = {
  code: string
  customerNumber?: string
  additionalServices: string[]
  /** The cart packed by the service's per-package limits: the lookup prices all of them. */
  packages?: Parcel[]
  /** Why the cart cannot go by this service (an item exceeds a package's limits): not priced. */
  tooBig?: string
  /**
   * Why the carrier cannot price the cart by this service (cargo without dimensions, carrier
   * notes 28): left out of the lookup, so that it does not make the carrier refuse the others.
   */
  unmeasured?: string
}

/** Why a service is left out of the lookup and gets no price, if it is. */
export function notQuotable(service: QuotedService): string | undefined {
  return service.tooBig ?? service.unmeasured
}

type AddressLike = { country_code?: string | null; postal_code?: string | null } | null | undefined

/** The part of Medusa's calculatePrice context (cart or order) that a quote reads. */
export type PricingContext = {
  items?: PackableItem[] | null
  shipping_address?: AddressLike
  /** The stock location that ships (Medusa passes it for calculated options); its id selects its agreement. */
  from_location?: { id?: string | null; address?: AddressLike } | null
  return_id?: string
  return_items?: unknown
}

export type QuoteInputResult = { ok: true; input: QuoteInput } | { ok: false; reason: string }

function place(address: AddressLike): { countryCode: string; postalCode: string } | undefined {
  const countryCode = address?.country_code?.trim().toUpperCase()
  const postalCode = address?.postal_code?.replace(/\s/g, "")
  return countryCode && postalCode ? { countryCode, postalCode } : undefined
}

/** A return service ships from the customer to the merchant; anything else the other way. */
export function directionOf(service: ServiceOptions): QuoteInput["direction"] {
  return service.isReturn || serviceInfo(service.code).isReturn ? "return" : "outbound"
}

/**
 * Services priced together: every offered service of the direction, plus the services shipping
 * options use that the options do not configure (customer-list services). A configured service
 * switched off stays out, even where a shipping option names it.
 */
export function servicesFor(
  options: NordicParcelOptions,
  direction: QuoteInput["direction"],
  inUse: ServiceOptions[] = []
): ServiceOptions[] {
  const configured = new Set(options.services.map((s) => s.code))
  const unconfigured = new Map<string, ServiceOptions>()
  for (const service of inUse) {
    if (!configured.has(service.code) && !unconfigured.has(service.code)) {
      unconfigured.set(service.code, service)
    }
  }
  return [...options.services, ...unconfigured.values()].filter((s) => s.offered && directionOf(s) === direction)
}

/**
 * Builds the quote input from Medusa's context. Outbound: stock location → shipping address.
 * The stock location decides the from-country and postal code, the customer number (its own
 * agreement, customerNumberFor) and so the currency the carrier answers in.
 * Return (a return service, or a return flow in the admin): the reverse. `inUse`: the services
 * of the store's shipping options (and the one being priced), see servicesFor.
 */
export function quoteInputFromContext(
  context: PricingContext,
  options: NordicParcelOptions,
  direction: QuoteInput["direction"],
  now: Date,
  inUse: ServiceOptions[] = []
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
  const quoted = servicesFor(options, direction, inUse)
  const services = quoted.map((s) => ({
    code: s.code,
    customerNumber: customerNumberFor(options, s, context.from_location?.id),
    additionalServices: [...s.additionalServices].sort(),
    ...servicePackages(items, options, s.code),
  }))
  return {
    ok: true,
    input: {
      direction,
      from: direction === "outbound" ? warehouse : customer,
      to: direction === "outbound" ? customer : warehouse,
      parcel: packParcel(items, options.packaging),
      shippingDate: shippingDateFor(now, options.delivery),
      services,
      // Asked only outbound: a return is never delivered on a requested day.
      alternativeDeliveryDates: direction === "outbound" ? Math.max(0, ...quoted.map(alternativeDatesFor)) : 0,
      postingAtPostOffice: direction === "outbound" && options.locations[context.from_location?.id ?? ""]?.postingAtPostOffice === true,
    },
  }
}

/** The cart as the service's packages (per-package weight and size limits), or why it does not fit. */
function servicePackages(
  items: PackableItem[],
  options: NordicParcelOptions,
  code: string
): Pick<QuotedService, "packages" | "tooBig" | "unmeasured"> {
  const packed = packPackages(items, options.packaging, serviceInfo(code).packageLimits)
  if (!packed.ok) {
    return { tooBig: packed.reason }
  }
  const packages = packed.packages.map(({ contents: _contents, ...parcel }) => parcel)
  const unmeasured = unmetMeasurementRule(code, packages)
  return unmeasured ? { unmeasured } : { packages }
}
