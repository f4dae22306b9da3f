/*
 * The markup syntax (the carrier's priceAdjustments) and which markup a cart in a currency gets: its
 * own, a percentage as it is, a default-currency amount converted at the merchant's rate, or none when
 * it cannot be converted. Applied by lib/checkout/amount.ts; also read by the admin's summaries
 * (admin/lib/summary.ts).
 */
import { conversionBetween, type CurrencyTable } from "./currency-conversion"

/**
 * A service's markup in the carrier's priceAdjustments syntax, `[<code>_][p|m]factor[p]`, and which
 * markup a cart in a given currency gets. Pure and free of the options schema, so the admin's
 * summaries say the same as checkout charges.
 */

/** The carrier's priceAdjustments syntax: `[<code>_][p|m]factor[p]`. */
export const PRICE_ADJUSTMENT_PATTERN = /^((\w*_)?(p|m|)\d*(\.\d|)|(\w*_)?(p|m)\d*(\.\d|)p)$/

export type ParsedMarkup = {
  /** Only this service is adjusted (a leading `<code>_`). */
  serviceCode?: string
  /** p adds, m subtracts, "" replaces the price with the factor. */
  sign: "p" | "m" | ""
  factor: number
  /** A percentage of the price (add and subtract only), not an amount of money. */
  percent: boolean
}

export function parseMarkup(markup: string): ParsedMarkup | undefined {
  if (!PRICE_ADJUSTMENT_PATTERN.test(markup)) {
    return undefined
  }
  const match = /^(?:(\w*)_)?(p|m)?(\d*(?:\.\d)?)(p)?$/.exec(markup)
  if (!match) {
    return undefined
  }
  const [, code, sign, factorText, percent] = match
  return {
    ...(code ? { serviceCode: code } : {}),
    sign: (sign ?? "") as ParsedMarkup["sign"],
    factor: factorText === "" ? 0 : Number(factorText),
    percent: Boolean(percent),
  }
}

/** A percentage means the same in every currency; any other markup is an amount of money in one currency. */
export function isPercentageMarkup(markup: string): boolean {
  return parseMarkup(markup)?.percent ?? false
}

/**
 * The markup of a cart in `currency`:
 * - `own`: the currency's own entry (`markups.SEK`), or the single `markup` for a cart in the default
 *   currency (or of unknown currency);
 * - `percentage`: the single markup is a percentage, which applies in every currency;
 * - `converted`: the single markup is an amount in the default currency, converted into the cart's
 *   at the merchant's rate (`rate`: units of the cart's currency per unit of the default one);
 * - `unconvertible`: that amount cannot be converted (no rate): the carrier's price cannot be used
 *   as the merchant priced it, so it is not used at all (`reason` says which rate is missing);
 * - `none`: no markup.
 */
export type MarkupInCurrency =
  | { kind: "none" }
  | { kind: "own" | "percentage"; markup: string }
  | { kind: "converted"; markup: string; from: string; rate: number }
  | { kind: "unconvertible"; markup: string; from: string; reason: string }

export function markupInCurrency(
  single: string | undefined,
  perCurrency: Record<string, string> | undefined,
  currency: string | undefined,
  table: CurrencyTable,
  serviceCode?: string
): MarkupInCurrency {
  const code = currency?.toUpperCase()
  const own = code ? perCurrency?.[code] : undefined
  if (own !== undefined) {
    return { kind: "own", markup: own }
  }
  // A markup limited to another service (`SERVICEPAKKE_p20`) is none of this one's.
  const limitedTo = single ? parseMarkup(single)?.serviceCode : undefined
  if (!single || (serviceCode && limitedTo && limitedTo !== serviceCode)) {
    return { kind: "none" }
  }
  if (!code || code === table.defaultCurrency) {
    return { kind: "own", markup: single }
  }
  if (isPercentageMarkup(single)) {
    return { kind: "percentage", markup: single }
  }
  const conversion = conversionBetween(table, table.defaultCurrency, code)
  return conversion.ok
    ? { kind: "converted", markup: single, from: table.defaultCurrency, rate: conversion.rate }
    : { kind: "unconvertible", markup: single, from: table.defaultCurrency, reason: `the markup ${single} is in ${table.defaultCurrency} and there is ${conversion.reason.replace(/ \(.*\)$/, "")}` }
}

/**
 * Applies a markup to a price without VAT, as the carrier does. `amountRate` converts the markup's
 * amount of money (not a percentage) into the price's currency: a converted markup is taken to the
 * cent, and the price is then rounded as any other (a converted price by the currency's rule).
 * A leading service code limits the markup to that service. Never less than zero.
 */
export function applyMarkup(priceWithoutVat: number, markup: string, serviceCode: string, amountRate = 1): number {
  const parsed = parseMarkup(markup)
  if (!parsed) {
    throw new Error(`invalid price adjustment "${markup}"`)
  }
  if (parsed.serviceCode && parsed.serviceCode !== serviceCode) {
    return priceWithoutVat
  }
  const amount = parsed.percent ? (priceWithoutVat * parsed.factor) / 100 : roundCents(parsed.factor * amountRate)
  const adjusted = parsed.sign === "p" ? priceWithoutVat + amount : parsed.sign === "m" ? priceWithoutVat - amount : amount
  return Math.max(0, roundCents(adjusted))
}

function roundCents(amount: number): number {
  return Math.round(amount * 100) / 100
}
