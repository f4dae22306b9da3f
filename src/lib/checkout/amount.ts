import type { ServiceOptions } from "../options"
import { applyPriceAdjustment, roundMoney } from "./price-adjustment"
import type { ServiceQuote } from "./service-quote"

export type ShippingAmount = { amount: number; currency?: string; taxInclusive: boolean; source: "carrier" | "fallback" | "free" }

/** currency: the cart's or order's, when known; a carrier price in another currency is not used. */
type Pricing = { pricesIncludeVat: boolean; itemsValue: number; currency?: string }

function isFree(service: ServiceOptions, itemsValue: number): boolean {
  return service.freeShippingThreshold !== undefined && itemsValue >= service.freeShippingThreshold
}

/**
 * The amount Medusa gets for a service, in major units: the agreement (net) or list price as the
 * service says (net falls back to list when the credentials see no agreement price), the markup
 * applied to the price without VAT as the carrier does, VAT kept in or left out per
 * pricesIncludeVat, and zero above the free-shipping threshold. Undefined when the carrier's
 * price is in another currency than the cart's: converting is not the plugin's business.
 */
export function amountFromQuote(
  quote: Extract<ServiceQuote, { available: true }>,
  service: ServiceOptions,
  pricing: Pricing
): ShippingAmount | undefined {
  const price = service.priceSource === "net" ? (quote.netPrice ?? quote.listPrice) : quote.listPrice
  if (!price || (pricing.currency && price.currency !== pricing.currency.toUpperCase())) {
    return undefined
  }
  if (isFree(service, pricing.itemsValue)) {
    return { amount: 0, currency: price.currency, taxInclusive: pricing.pricesIncludeVat, source: "free" }
  }
  const withoutVat = service.markup
    ? applyPriceAdjustment(price.withoutVat, service.markup, service.code)
    : price.withoutVat
  const vatFactor = price.withoutVat > 0 ? price.withVat / price.withoutVat : 1
  const amount = roundMoney(pricing.pricesIncludeVat ? withoutVat * vatFactor : withoutVat)
  return { amount, currency: price.currency, taxInclusive: pricing.pricesIncludeVat, source: "carrier" }
}

/** The configured fallback price (or zero above the free-shipping threshold); undefined hides the option. */
export function fallbackAmount(service: ServiceOptions, pricing: Pricing): ShippingAmount | undefined {
  if (isFree(service, pricing.itemsValue)) {
    return { amount: 0, currency: pricing.currency?.toUpperCase(), taxInclusive: pricing.pricesIncludeVat, source: "free" }
  }
  if (service.fallbackPrice === undefined) {
    return undefined
  }
  return {
    amount: service.fallbackPrice,
    currency: pricing.currency?.toUpperCase(),
    taxInclusive: pricing.pricesIncludeVat,
    source: "fallback",
  }
}

/** Value of the goods for the free-shipping threshold: unit price × quantity over the items. */
export function itemsValue(items: { unit_price?: unknown; quantity?: unknown }[] | null | undefined): number {
  return (items ?? []).reduce((sum, item) => sum + (Number(item.unit_price) || 0) * (Number(item.quantity) || 0), 0)
}
