import { amountFromQuote, fallbackAmount, pricingProblem, unusableAmountReason } from "../../checkout/amount"
import type { Pricing } from "../shipping-amount"
import type { ServiceQuote } from "../../checkout/service-quote"
import { parseOptions, type ServiceOptions } from "../../options"
import { carrierCurrencyOf } from "../carrier-currency"
import { conversionBetween, type CurrencyTable } from "../currency-conversion"
import { roundPrice, type RoundingRule } from "../rounding"

const table: CurrencyTable = {
  defaultCurrency: "NOK",
  currencies: { SEK: { exchangeRate: 0.95, rounding: "up_to_9" }, EUR: { exchangeRate: 0.085, rounding: "none" }, DKK: { rounding: "whole" } },
}

describe("roundPrice", () => {
  it.each<[number, RoundingRule, number]>([
    [41.234, "none", 41.24],
    [41.2, "whole", 42],
    [41, "whole", 41],
    [41.000000001, "whole", 41],
    [41.2, "up_to_9", 49],
    [49, "up_to_9", 49],
    [49.5, "up_to_9", 59],
    [50, "up_to_9", 59],
    [3, "up_to_9", 9],
    [0, "up_to_9", 0],
    [0, "whole", 0],
  ])("%d with %s is %d", (amount, rule, expected) => {
    expect(roundPrice(amount, rule)).toBe(expected)
  })

  it.each<[string, number, RoundingRule, number | undefined]>([
    ["none rounds up to the cent, never below the carrier's price", 41.004, "none", 41.01],
    ["none keeps an exact cent despite floating-point noise", 0.1 + 0.2, "none", 0.3],
    ["none keeps a whole amount with noise above it", 41.000000001, "none", 41],
    ["whole rounds up from a fraction of a cent", 41.001, "whole", 42],
    ["NaN is no price", NaN, "none", undefined],
    ["NaN is no price whatever the rule", NaN, "up_to_9", undefined],
    ["Infinity is no price", Infinity, "whole", undefined],
    ["a negative amount is zero, as before", -5, "none", 0],
  ])("guard rails: %s (%d with %s)", (_name, amount, rule, expected) => {
    expect(roundPrice(amount, rule)).toBe(expected)
  })
})

describe("conversionBetween", () => {
  it.each<[string, string, number | string]>([
    ["NOK", "NOK", 1],
    ["SEK", "sek", 1],
    ["NOK", "SEK", 0.95],
    ["SEK", "NOK", 1 / 0.95],
    ["SEK", "EUR", 0.085 / 0.95],
    ["NOK", "DKK", "no exchange rate for DKK (to convert NOK to DKK)"],
    ["DKK", "SEK", "no exchange rate for DKK (to convert DKK to SEK)"],
    ["ISK", "DKK", "no exchange rate for ISK and DKK (to convert ISK to DKK)"],
  ])("%s → %s", (from, to, expected) => {
    const conversion = conversionBetween(table, from, to)
    if (typeof expected === "number") {
      expect(conversion.ok && conversion.rate).toBeCloseTo(expected, 10)
    } else {
      expect(conversion.ok ? "converted" : conversion.reason).toBe(expected)
    }
  })
})

describe("carrierCurrencyOf (the sender's country decides)", () => {
  it.each([
    ["NO", "NOK"],
    ["se", "SEK"],
    ["DK", "DKK"],
    ["FI", "EUR"],
    ["DE", undefined],
    [null, undefined],
  ])("%s → %s", (country, currency) => {
    expect(carrierCurrencyOf(country)).toBe(currency)
  })
})

describe("amounts in the cart's currency", () => {
  const quoteIn = (currency: string, withoutVat: number, withVat: number): Extract<ServiceQuote, { available: true }> => ({
    available: true,
    serviceCode: "BUSINESS_PARCEL",
    netPrice: { withoutVat, withVat, currency },
    display: {},
  })
  const service = (overrides: Partial<ServiceOptions> = {}): ServiceOptions => ({
    code: "BUSINESS_PARCEL",
    offered: true,
    priceSource: "net",
    isReturn: false,
    qrCodes: false,
    additionalServices: [],
    ...overrides,
  })
  const cart = (currency: string | undefined, itemsValue = 300): Pricing => ({ pricesIncludeVat: true, itemsValue, currency, currencies: table })
  const nok100 = quoteIn("NOK", 80, 100)

  it.each<[string, Extract<ServiceQuote, { available: true }>, ServiceOptions, Pricing, number | undefined]>([
    ["a price in the cart's currency is used as it is (no rounding rule: none)", nok100, service(), cart("nok"), 100],
    ["a SEK price for a SEK cart is used as it is, not rounded", quoteIn("SEK", 96.5, 120.63), service(), cart("sek"), 120.63],
    ["NOK → SEK at 0.95, up to 9: 95 → 99", nok100, service(), cart("sek"), 99],
    ["NOK → EUR at 0.085, to the cent", nok100, service(), cart("eur"), 8.5],
    ["NOK → DKK without a DKK rate: no amount", nok100, service(), cart("dkk"), undefined],
    ["SEK → NOK through the SEK rate", quoteIn("SEK", 76, 95), service(), cart("nok"), 100],
    ["no cart currency: the carrier's price in its own currency", quoteIn("EUR", 9.6, 12), service(), cart(undefined), 12],
    ["a percentage markup applies in every currency", nok100, service({ markup: "p10p" }), cart("eur"), 9.35],
    ["a fixed NOK markup is converted for a SEK cart: (76 + 19) × 1.25 = 118.75, up to 9", nok100, service({ markup: "p20" }), cart("sek"), 119],
    ["a fixed markup in the default currency", nok100, service({ markup: "p20" }), cart("nok"), 125],
    ["a currency's own fixed markup, added before VAT", nok100, service({ markup: "p20", markups: { SEK: "p24" } }), cart("sek"), 129],
    ["the single threshold is in the default currency", nok100, service({ freeShippingThreshold: 200 }), cart("sek"), 99],
    ["a currency's own threshold", nok100, service({ freeShippingThreshold: 200, freeShippingThresholds: { SEK: 250 } }), cart("sek"), 0],
    ["the single threshold in the default currency", nok100, service({ freeShippingThreshold: 200 }), cart("nok"), 0],
  ])("%s", (_name, quote, svc, pricing, expected) => {
    expect(amountFromQuote(quote, svc, pricing)?.amount).toBe(expected)
  })

  it.each<[string, Extract<ServiceQuote, { available: true }>, CurrencyTable, string]>([
    ["a tiny source rate (Infinity)", quoteIn("SEK", 76, 95), { defaultCurrency: "NOK", currencies: { SEK: { exchangeRate: Number.MIN_VALUE, rounding: "none" } } }, "nok"],
    ["a price the carrier gave as NaN", quoteIn("NOK", NaN, NaN), table, "nok"],
    ["a negative converted price", quoteIn("NOK", -80, -100), table, "sek"],
  ])("never gives Medusa a price that is not a finite, non-negative number: %s", (_name, quote, currencies, currency) => {
    const pricing: Pricing = { pricesIncludeVat: true, itemsValue: 0, currency, currencies }
    expect(amountFromQuote(quote, service(), pricing)).toBeUndefined()
    expect(unusableAmountReason(quote.netPrice!, service(), pricing)).toMatch(/not a finite, non-negative amount/)
  })

  it("gives the carrier's own amount and currency beside a converted one", () => {
    expect(amountFromQuote(nok100, service(), cart("sek"))).toEqual({
      amount: 99,
      currency: "SEK",
      taxInclusive: true,
      source: "carrier",
      carrier: { amount: 100, currency: "NOK", exchangeRate: 0.95 },
    })
    expect(amountFromQuote(nok100, service(), cart("nok"))?.carrier).toBeUndefined()
  })

  it.each<[string, ServiceOptions, Pricing, number | undefined]>([
    ["the single fallback is in the default currency", service({ fallbackPrice: 99 }), cart("nok"), 99],
    ["… and not used in another currency", service({ fallbackPrice: 99 }), cart("dkk"), undefined],
    ["a currency's own fallback", service({ fallbackPrice: 99, fallbackPrices: { DKK: 69 } }), cart("dkk"), 69],
    ["no cart currency: the single fallback", service({ fallbackPrice: 99 }), cart(undefined), 99],
    ["free above the currency's threshold", service({ fallbackPrices: { DKK: 69 }, freeShippingThresholds: { DKK: 300 } }), cart("dkk"), 0],
  ])("fallback: %s", (_name, svc, pricing, expected) => {
    expect(fallbackAmount(svc, pricing)?.amount).toBe(expected)
  })

  describe("with a markup (lib/pricing/markup.ts)", () => {
    const nok = nok100
    const sek = quoteIn("SEK", 80, 100)
    const dkk = quoteIn("DKK", 80, 100)
    const noVat = (pricing: Pricing): Pricing => ({ ...pricing, pricesIncludeVat: false })

    it.each<[string, Extract<ServiceQuote, { available: true }>, ServiceOptions, Pricing, number | undefined]>([
      ["NOK cart, NOK price: the single markup as it is", nok, service({ markup: "p20" }), cart("nok"), 125],
      ["SEK cart, NOK price: price and markup converted, then up to 9: (76 + 19) × 1.25 = 118.75 → 119", nok, service({ markup: "p20" }), cart("sek"), 119],
      ["SEK cart, NOK price, SEK's own markup: (76 + 25) × 1.25 = 126.25 → 129", nok, service({ markup: "p20", markups: { SEK: "p25" } }), cart("sek"), 129],
      ["SEK cart, SEK price: the converted markup is added, the price not rounded: (80 + 19) × 1.25", sek, service({ markup: "p20" }), cart("sek"), 123.75],
      ["SEK cart, SEK price, SEK's own markup: (80 + 25) × 1.25", sek, service({ markup: "p20", markups: { SEK: "p25" } }), cart("sek"), 131.25],
      ["EUR cart, NOK price: (6.8 + 1.7) × 1.25 to the cent", nok, service({ markup: "p20" }), cart("eur"), 10.63],
      ["EUR cart without VAT: 6.8 + 1.7", nok, service({ markup: "p20" }), noVat(cart("eur")), 8.5],
      ["a converted discount: (76 − 19) × 1.25 = 71.25 → 79", nok, service({ markup: "m20" }), cart("sek"), 79],
      ["a converted fixed price: 46.55 × 1.25 = 58.19 → 59", nok, service({ markup: "49" }), cart("sek"), 59],
      ["DKK cart, DKK price, NOK markup without a DKK rate: not priced", dkk, service({ markup: "p20" }), cart("dkk"), undefined],
      ["DKK cart, DKK price, a percentage markup: priced", dkk, service({ markup: "p10p" }), cart("dkk"), 110],
      ["DKK cart, DKK price, DKK's own markup: priced", dkk, service({ markup: "p20", markups: { DKK: "p15" } }), cart("dkk"), 118.75],
      ["DKK cart above the threshold: free, whatever the markup", dkk, service({ markup: "p20", freeShippingThresholds: { DKK: 200 } }), cart("dkk"), 0],
    ])("%s", (_name, quote, svc, pricing, expected) => {
      expect(amountFromQuote(quote, svc, pricing)?.amount).toBe(expected)
    })

    it.each<[string, string, ServiceOptions, Pricing, string | undefined]>([
      ["the price's missing rate first", "NOK", service({ markup: "p20" }), cart("dkk"), "no exchange rate for DKK (to convert NOK to DKK)"],
      ["then the markup's", "DKK", service({ markup: "p20" }), cart("dkk"), "the markup p20 is in NOK and there is no exchange rate for DKK"],
      ["none with the currency's own markup", "DKK", service({ markup: "p20", markups: { DKK: "p15" } }), cart("dkk"), undefined],
      ["none with a converted markup", "NOK", service({ markup: "p20" }), cart("sek"), undefined],
    ])("pricingProblem: %s", (_name, carrierCurrency, svc, pricing, expected) => {
      expect(pricingProblem(carrierCurrency, svc, pricing)).toBe(expected)
    })
  })
})

describe("currency options", () => {
  const base = { baseUrl: "https://carrier.test", apiUid: "uid", apiKey: "key" }

  it("keeps the single-number options and defaults to NOK without rates", () => {
    const options = parseOptions({ ...base, services: [{ code: "SERVICEPAKKE", fallbackPrice: 99 }] })
    expect(options.defaultCurrency).toBe("NOK")
    expect(options.currencies).toEqual({})
    expect(options.services[0].fallbackPrice).toBe(99)
  })

  it.each([
    [{ currencies: { sek: { exchangeRate: 1 } } }, "currencies"],
    [{ currencies: { SEK: { exchangeRate: 0 } } }, "currencies.SEK.exchangeRate: must be between 0.0001 and 10000"],
    [{ currencies: { SEK: { exchangeRate: 1e-9 } } }, "currencies.SEK.exchangeRate: must be between 0.0001 and 10000"],
    [{ currencies: { SEK: { exchangeRate: 1e9 } } }, "currencies.SEK.exchangeRate: must be between 0.0001 and 10000"],
    [{ currencies: { SEK: { rounding: "up" } } }, "currencies.SEK.rounding"],
    [{ services: [{ code: "SERVICEPAKKE", fallbackPrices: { SEK: -1 } }] }, "services[0].fallbackPrices.SEK"],
    [{ services: [{ code: "SERVICEPAKKE", markups: { SEK: "ten" } }] }, "services[0].markups.SEK: must be in the carrier's priceAdjustments syntax"],
    [{ locations: { sloc_1: { email: "nope" } } }, "locations.sloc_1.email: must be an e-mail address"],
    [{ defaultCurrency: "kr" }, "defaultCurrency: must be a currency code in capitals"],
  ])("refuses %j naming %s", (extra, named) => {
    expect(() => parseOptions({ ...base, ...extra })).toThrow(named)
  })
})
