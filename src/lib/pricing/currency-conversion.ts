import type { CurrencyOptions } from "../options"
import type { RoundingRule } from "./rounding"

/** The merchant's currencies: the default one (rate 1, the base of every rate) and each other's rate and rounding. */
export type CurrencyTable = { defaultCurrency: string; currencies: Record<string, CurrencyOptions> }

/** Units of `code` for one unit of the default currency; the default currency is 1. */
export function exchangeRateOf(table: CurrencyTable, code: string): number | undefined {
  const upper = code.toUpperCase()
  return upper === table.defaultCurrency ? 1 : table.currencies[upper]?.exchangeRate
}

export function roundingOf(table: CurrencyTable, code: string): RoundingRule {
  return table.currencies[code.toUpperCase()]?.rounding ?? "none"
}

export type Conversion =
  | { ok: true; rate: number }
  | { ok: false; reason: string; missing: string[] }

/**
 * The factor that turns an amount in `from` into `to`: through the default currency, so one rate
 * per currency covers every pair (SEK → DKK = DKK rate / SEK rate). The same currency is 1; a
 * missing rate is named, so the merchant knows which one to set.
 */
export function conversionBetween(table: CurrencyTable, from: string, to: string): Conversion {
  const source = from.toUpperCase()
  const target = to.toUpperCase()
  if (source === target) {
    return { ok: true, rate: 1 }
  }
  const missing = [source, target].filter((code) => exchangeRateOf(table, code) === undefined)
  if (missing.length > 0) {
    return { ok: false, missing, reason: `no exchange rate for ${missing.join(" and ")} (to convert ${source} to ${target})` }
  }
  return { ok: true, rate: exchangeRateOf(table, target)! / exchangeRateOf(table, source)! }
}
