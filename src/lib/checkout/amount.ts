/*
 * From a carrier price to the amount Medusa shows (carrier notes 38: the carrier prices in the
 * sender's currency): conversion and rounding (lib/pricing/currency-conversion.ts, rounding.ts), the
 * per-currency fallback, free-shipping threshold and markup (lib/pricing/markup.ts). `pricingFor` in
 * price-service.ts calls it; `pricingProblem` says why a price cannot be used.
 */
import type { ServiceOptions } from "../options"
import { conversionBetween, roundingOf } from "../pricing/currency-conversion"
import { markupInCurrency, type MarkupInCurrency } from "../pricing/markup"
import { roundPrice } from "../pricing/rounding"
import { valueInCurrency, type Pricing, type ShippingAmount } from "../pricing/shipping-amount"
import { applyPriceAdjustment, roundMoney } from "./price-adjustment"
import type { ServiceQuote } from "./service-quote"

/**
 * The markup a cart gets and the factor that brings its amount of money into the cart's currency:
 * the currency's own markup, else the single one (a percentage as it is, a fixed amount converted
 * from the default currency at the merchant's rate). Not usable when that amount has no rate.
 */
export function markupFor(service: ServiceOptions, pricing: Pricing): MarkupInCurrency {
  return markupInCurrency(service.markup, service.markups, pricing.currency, pricing.currencies, service.code)
}

function isFree(service: ServiceOptions, pricing: Pricing): boolean {
  const threshold = valueInCurrency(service.freeShippingThreshold, service.freeShippingThresholds, pricing)
  return threshold !== undefined && pricing.itemsValue >= threshold
}

/**
 * The amount Medusa gets for a service, in major units of the cart's currency: the agreement
 * (net) or list price as the service says (net falls back to list when the credentials see no
 * agreement price), converted with the merchant's rate when the carrier priced in another
 * currency, the markup of the cart's currency (markupFor) applied to the price without VAT as the
 * carrier does, VAT kept in or left out per pricesIncludeVat, rounded by the currency's rule when
 * it was converted (a price in the cart's currency is used as the carrier gave it, plus the
 * markup), and zero above the free-shipping threshold. Undefined when the price or the markup
 * cannot be converted (no rate): see pricingProblem; or when the result is not a finite,
 * non-negative number: see unusableAmountReason.
 */
export function amountFromQuote(
  quote: Extract<ServiceQuote, { available: true }>,
  service: ServiceOptions,
  pricing: Pricing
): ShippingAmount | undefined {
  const price = service.priceSource === "net" ? (quote.netPrice ?? quote.listPrice) : quote.listPrice
  if (!price) {
    return undefined
  }
  const formed = formAmount(price, service, pricing)
  return formed.ok ? formed.amount : undefined
}

type CarrierPrice = NonNullable<Extract<ServiceQuote, { available: true }>["listPrice"]>

type Formed = { ok: true; amount: ShippingAmount } | { ok: false; unusable?: string }

/** A price Medusa may store: a finite amount of at least zero. */
export function isUsableAmount(amount: number | undefined): amount is number {
  return amount !== undefined && Number.isFinite(amount) && amount >= 0
}

function formAmount(price: CarrierPrice, service: ServiceOptions, pricing: Pricing): Formed {
  const currency = pricing.currency?.toUpperCase() ?? price.currency
  const conversion = conversionBetween(pricing.currencies, price.currency, currency)
  if (!conversion.ok) {
    return { ok: false }
  }
  if (isFree(service, pricing)) {
    return { ok: true, amount: { amount: 0, currency, taxInclusive: pricing.pricesIncludeVat, source: "free" } }
  }
  const markup = markupFor(service, pricing)
  if (markup.kind === "unconvertible") {
    return { ok: false }
  }
  // A price that is no amount (NaN, negative, or Infinity after a conversion) is never handed on:
  // the option gets its fallback or is hidden, and the reason reaches the status page.
  const unusable = (amount: number | undefined) => ({
    ok: false as const,
    unusable: `the carrier's price of ${price.withVat} ${price.currency} gives ${amount} ${currency}, not a finite, non-negative amount (exchange rate ${conversion.rate})`,
  })
  if (!isUsableAmount(price.withoutVat) || !isUsableAmount(price.withVat)) {
    return unusable(NaN)
  }
  const vatFactor = price.withoutVat > 0 ? price.withVat / price.withoutVat : 1
  const converted = price.withoutVat * conversion.rate
  const withoutVat =
    markup.kind === "none" ? converted : applyPriceAdjustment(converted, markup.markup, service.code, markup.kind === "converted" ? markup.rate : 1)
  const beforeRounding = pricing.pricesIncludeVat ? withoutVat * vatFactor : withoutVat
  // A price the carrier gave in the cart's currency is used as it is; only a converted one is rounded.
  const amount = price.currency === currency ? roundMoney(beforeRounding) : roundPrice(beforeRounding, roundingOf(pricing.currencies, currency))
  if (!isUsableAmount(amount) || !Number.isFinite(conversion.rate)) {
    return unusable(amount)
  }
  const carrierAmount = roundMoney(pricing.pricesIncludeVat ? price.withVat : price.withoutVat)
  return {
    ok: true,
    amount: {
      amount,
      currency,
      taxInclusive: pricing.pricesIncludeVat,
      source: "carrier",
      ...(price.currency !== currency ? { carrier: { amount: carrierAmount, currency: price.currency, exchangeRate: conversion.rate } } : {}),
    },
  }
}

/**
 * Why the carrier's price, converted and marked up for the cart, is no amount Medusa may take (not
 * a finite, non-negative number), for the status page; undefined when it is one, or when it cannot
 * be converted at all (pricingProblem says why).
 */
export function unusableAmountReason(price: CarrierPrice, service: ServiceOptions, pricing: Pricing): string | undefined {
  const formed = formAmount(price, service, pricing)
  return formed.ok ? undefined : formed.unusable
}

/** The fallback price in the cart's currency (or zero above the free-shipping threshold); undefined hides the option. */
export function fallbackAmount(service: ServiceOptions, pricing: Pricing): ShippingAmount | undefined {
  const currency = pricing.currency?.toUpperCase()
  if (isFree(service, pricing)) {
    return { amount: 0, currency, taxInclusive: pricing.pricesIncludeVat, source: "free" }
  }
  const fallback = valueInCurrency(service.fallbackPrice, service.fallbackPrices, pricing)
  if (fallback === undefined) {
    return undefined
  }
  return { amount: fallback, currency, taxInclusive: pricing.pricesIncludeVat, source: "fallback" }
}

/**
 * Why a carrier price cannot be used for the cart, in words for the merchant (the delivery-options
 * route and the status page): the missing rate of the price, else of the service's fixed markup.
 * Undefined when it can be used.
 */
export function pricingProblem(carrierCurrency: string, service: ServiceOptions, pricing: Pricing): string | undefined {
  if (!pricing.currency) {
    return undefined
  }
  const conversion = conversionBetween(pricing.currencies, carrierCurrency, pricing.currency)
  if (!conversion.ok) {
    return conversion.reason
  }
  const markup = markupFor(service, pricing)
  return markup.kind === "unconvertible" ? markup.reason : undefined
}

/** Value of the goods for the free-shipping threshold: unit price × quantity over the items. */
export function itemsValue(items: { unit_price?: unknown; quantity?: unknown }[] | null | undefined): number {
  return (items ?? []).reduce((sum, item) => sum + (Number(item.unit_price) || 0) * (Number(item.quantity) || 0), 0)
}
