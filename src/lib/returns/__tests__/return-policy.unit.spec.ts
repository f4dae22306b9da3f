import type { ServiceOptions } from "../../options"
import type { Pricing } from "../../pricing/shipping-amount"
import { returnPolicyOf, returnPolicyPrice } from "../return-policy"

const returnService = (overrides: Partial<ServiceOptions> = {}): ServiceOptions => ({
  code: "9300",
  offered: true,
  priceSource: "net",
  isReturn: true,
  additionalServices: [],
  ...overrides,
})

const pricing = (currency: string | undefined, pricesIncludeVat = true): Pricing => ({
  pricesIncludeVat,
  itemsValue: 500,
  currency,
  currencies: { defaultCurrency: "NOK", currencies: { SEK: { exchangeRate: 0.95, rounding: "up_to_9" } } },
})

describe("return policy: what a shopper pays for a return", () => {
  it.each([
    ["unset: the carrier's price", {}, "sek", { kind: "carrier" }],
    ["the carrier's price", { returnPrice: "carrier" as const }, "sek", { kind: "carrier" }],
    ["free", { returnPrice: "free" as const }, "sek", { kind: "set", amount: { amount: 0, currency: "SEK", taxInclusive: true, source: "free" } }],
    [
      "a fixed SEK amount for a SEK order",
      { returnPrice: "fixed" as const, returnPrices: { SEK: 49, NOK: 59 } },
      "sek",
      { kind: "set", amount: { amount: 49, currency: "SEK", taxInclusive: true, source: "fixed" } },
    ],
    [
      "a fixed amount for a NOK order (the default currency needs its own amount too)",
      { returnPrice: "fixed" as const, returnPrices: { NOK: 59 } },
      "nok",
      { kind: "set", amount: { amount: 59, currency: "NOK", taxInclusive: true, source: "fixed" } },
    ],
    [
      "a fixed price without an amount in the order's currency: no price, and why",
      { returnPrice: "fixed" as const, returnPrices: { NOK: 59 } },
      "dkk",
      { kind: "unpriced", reason: "the fixed return price of 9300 has no amount in DKK" },
    ],
    ["a fixed price without any amount", { returnPrice: "fixed" as const }, "nok", { kind: "unpriced", reason: "the fixed return price of 9300 has no amount in NOK" }],
    ["an outgoing service is always priced by the carrier", { code: "PA_DOREN", isReturn: false, returnPrice: "free" as const }, "nok", { kind: "carrier" }],
    ["a return service of the catalogue not marked as return in the options", { isReturn: false, returnPrice: "free" as const }, "nok", { kind: "set", amount: { amount: 0, currency: "NOK", taxInclusive: true, source: "free" } }],
  ])("%s", (_case, overrides, currency, expected) => {
    expect(returnPolicyPrice(returnService(overrides), pricing(currency))).toEqual(expected)
  })

  it("follows the store's VAT rule for set amounts", () => {
    expect(returnPolicyPrice(returnService({ returnPrice: "free" }), pricing("nok", false))).toMatchObject({ amount: { taxInclusive: false } })
  })

  it("reads an unset policy as the carrier's price", () => {
    expect(returnPolicyOf({})).toBe("carrier")
    expect(returnPolicyOf({ returnPrice: "fixed" })).toBe("fixed")
  })
})
