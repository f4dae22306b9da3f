import type { CurrencyTable } from "../currency-conversion"
import { applyMarkup, isPercentageMarkup, markupInCurrency, parseMarkup, type MarkupInCurrency } from "../markup"

/** NOK is the default currency; SEK and EUR have rates, DKK has none. */
const table: CurrencyTable = {
  defaultCurrency: "NOK",
  currencies: { SEK: { exchangeRate: 0.95, rounding: "up_to_9" }, EUR: { exchangeRate: 0.085, rounding: "none" }, DKK: { rounding: "whole" } },
}

describe("parseMarkup", () => {
  it.each<[string, ReturnType<typeof parseMarkup>]>([
    ["p20", { sign: "p", factor: 20, percent: false }],
    ["m5.5", { sign: "m", factor: 5.5, percent: false }],
    ["49", { sign: "", factor: 49, percent: false }],
    ["p10p", { sign: "p", factor: 10, percent: true }],
    ["PA_DOREN_m10p", { serviceCode: "PA_DOREN", sign: "m", factor: 10, percent: true }],
    ["+10", undefined],
    ["10p", undefined],
  ])("%s", (markup, expected) => {
    expect(parseMarkup(markup)).toEqual(expected)
    expect(isPercentageMarkup(markup)).toBe(expected?.percent ?? false)
  })
})

describe("markupInCurrency: which markup a cart in a currency gets", () => {
  it.each<[string, string | undefined, Record<string, string> | undefined, string | undefined, MarkupInCurrency]>([
    ["no markup", undefined, undefined, "sek", { kind: "none" }],
    ["the single markup in the default currency", "p20", undefined, "nok", { kind: "own", markup: "p20" }],
    ["the single markup when the cart's currency is unknown", "p20", undefined, undefined, { kind: "own", markup: "p20" }],
    ["the currency's own markup wins", "p20", { SEK: "p25" }, "sek", { kind: "own", markup: "p25" }],
    ["another currency's own markup does not apply", undefined, { SEK: "p25" }, "eur", { kind: "none" }],
    ["a percentage applies in every currency", "p10p", { SEK: "p25" }, "eur", { kind: "percentage", markup: "p10p" }],
    ["a fixed amount is converted at the currency's rate", "p20", undefined, "sek", { kind: "converted", markup: "p20", from: "NOK", rate: 0.95 }],
    [
      "a fixed amount without the currency's rate cannot be converted",
      "p20",
      { SEK: "p25" },
      "dkk",
      { kind: "unconvertible", markup: "p20", from: "NOK", reason: "the markup p20 is in NOK and there is no exchange rate for DKK" },
    ],
    ["a markup limited to another service is none of this one's", "SERVICEPAKKE_p20", undefined, "dkk", { kind: "none" }],
  ])("%s", (_name, single, perCurrency, currency, expected) => {
    expect(markupInCurrency(single, perCurrency, currency, table, "BUSINESS_PARCEL")).toEqual(expected)
  })
})

describe("applyMarkup with a converted amount", () => {
  it.each<[string, number, string, number, number]>([
    ["p20 at 0.95 adds 19", 76, "p20", 0.95, 95],
    ["m20 at 0.95 takes 19 off", 76, "m20", 0.95, 57],
    ["a fixed price of 49 at 0.95 is 46.55", 76, "49", 0.95, 46.55],
    ["the converted amount is taken to the cent: 20 × 0.0853 = 1.71", 6.8, "p20", 0.0853, 8.51],
    ["a percentage is not converted", 76, "p10p", 0.95, 83.6],
    ["never below zero", 10, "m20", 0.95, 0],
  ])("%s", (_name, price, markup, rate, expected) => {
    expect(applyMarkup(price, markup, "BUSINESS_PARCEL", rate)).toBe(expected)
  })
})
