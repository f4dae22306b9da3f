/*
 * What an amount for Medusa is (`ShippingAmount`), how it is formed for a cart or order (`Pricing`:
 * VAT, the goods' value, the currency and the merchant's rates) and the per-currency pick of a
 * service's values (`valueInCurrency`). Shared by checkout prices (lib/checkout/amount.ts) and the
 * return policy (lib/returns/return-policy.ts).
 */
import type { CurrencyTable } from "./currency-conversion"

export type ShippingAmount = {
  amount: number
  currency?: string
  taxInclusive: boolean
  /** "fixed": a return service's fixed return price (lib/returns/return-policy.ts). */
  source: "carrier" | "fallback" | "free" | "fixed"
  /** The carrier's own amount and currency (VAT as `taxInclusive`, no markup) when `amount` was converted from it. */
  carrier?: { amount: number; currency: string; exchangeRate: number }
}

/**
 * currency: the cart's or order's, when known (else the carrier's price is taken in its own
 * currency and the single-number values apply). currencies: the merchant's rates and rounding.
 */
export type Pricing = { pricesIncludeVat: boolean; itemsValue: number; currency?: string; currencies: CurrencyTable }

/**
 * A per-currency value of a service: its entry for the currency, else the single number, which is
 * in the default currency (kept from before currencies, so `fallbackPrice: 99` still means 99 NOK).
 */
export function valueInCurrency<T>(single: T | undefined, perCurrency: Record<string, T> | undefined, pricing: Pricing): T | undefined {
  const currency = pricing.currency?.toUpperCase()
  if (!currency) {
    return single
  }
  return perCurrency?.[currency] ?? (currency === pricing.currencies.defaultCurrency ? single : undefined)
}
