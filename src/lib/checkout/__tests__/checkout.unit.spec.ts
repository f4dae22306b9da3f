import type { ShippingProduct } from "../../carrier"
import { parseOptions, type ServiceOptions } from "../../options"
import { amountFromQuote, fallbackAmount, itemsValue } from "../amount"
import { quoteInputFromContext } from "../quote-input"
import { shippingDateFor } from "../shipping-date"
import { quoteKey } from "../quote-key"
import { toServiceQuote, toServiceQuotes } from "../service-quote"
import { toShippingLookupRequest } from "../shipping-lookup-request"

const options = parseOptions({
  baseUrl: "https://carrier.example",
  apiUid: "u",
  apiKey: "k",
  customerNumber: "5",
  services: [
    { code: "SERVICEPAKKE", additionalServices: ["EVARSLING"] },
    { code: "PA_DOREN", additionalServices: ["EVARSLING"] },
    { code: "3584", customerNumber: "6" },
    { code: "9300", isReturn: true },
  ],
})

const cart = {
  // Two flat items: 30 x 20 x 6 cm stacked, within a mailbox parcel's 35 x 25 x 7.
  items: [{ quantity: 2, unit_price: 150, variant: { weight: 400, length: 30, width: 20, height: 3 } }],
  shipping_address: { country_code: "no", postal_code: "5004" },
  from_location: { address: { country_code: "NO", postal_code: "0150" } },
}

const now = new Date("2026-11-23T09:41:00Z") // 10:41 in Oslo

describe("quoteInputFromContext", () => {
  it("prices outbound services from the stock location to the shopper, with the packed parcel", () => {
    const parcel = { weightGrams: 800, dimensions: { lengthCm: 30, widthCm: 20, heightCm: 6 }, volumeDm3: 3.6 }
    const result = quoteInputFromContext(cart, options, "outbound", now)
    expect(result).toEqual({
      ok: true,
      input: {
        direction: "outbound",
        from: { countryCode: "NO", postalCode: "0150" },
        to: { countryCode: "NO", postalCode: "5004" },
        parcel,
        shippingDate: { year: "2026", month: "11", day: "23", hour: "10", minute: "00" },
        services: [
          { code: "SERVICEPAKKE", customerNumber: "5", additionalServices: ["EVARSLING"], packages: [parcel] },
          { code: "PA_DOREN", customerNumber: "5", additionalServices: ["EVARSLING"], packages: [parcel] },
          { code: "3584", customerNumber: "6", additionalServices: [], packages: [parcel] },
        ],
        // PA_DOREN takes a requested day: its default 5 alternatives come with the price.
        alternativeDeliveryDates: 5,
        postingAtPostOffice: false,
      },
    })
  })

  it("prices return services the other way round", () => {
    const result = quoteInputFromContext(cart, options, "return", now)
    expect(result.ok && result.input).toMatchObject({
      from: { countryCode: "NO", postalCode: "5004" },
      to: { countryCode: "NO", postalCode: "0150" },
      services: [{ code: "9300" }],
    })
  })

  it.each([
    ["no shipping address yet", { ...cart, shipping_address: null }, /shipping address/],
    ["no postal code", { ...cart, shipping_address: { country_code: "no" } }, /shipping address/],
    ["stock location without address", { ...cart, from_location: null }, /stock location/],
  ])("cannot quote with %s", (_name, context, reason) => {
    const result = quoteInputFromContext(context as never, options, "outbound", now)
    expect(result.ok).toBe(false)
    expect(!result.ok && result.reason).toMatch(reason)
  })

  it("uses the Oslo calendar day for the shipping date", () => {
    expect(shippingDateFor(new Date("2026-12-31T23:30:00Z"))).toEqual({
      year: "2027",
      month: "01",
      day: "01",
      hour: "00",
      minute: "00",
    })
  })
})

describe("toShippingLookupRequest", () => {
  it("asks for every service in one request, one consignment per set of additional services", () => {
    const result = quoteInputFromContext(cart, options, "outbound", now)
    if (!result.ok) throw new Error(result.reason)
    const request = toShippingLookupRequest(result.input)
    expect(request).toEqual({
      consignments: [
        {
          id: 1,
          products: [
            { id: "SERVICEPAKKE", customerNumber: "5" },
            { id: "PA_DOREN", customerNumber: "5" },
          ],
          packages: [{ id: 1, grossWeight: 800, length: 30, width: 20, height: 6, volumeInDm3: 3.6 }],
          fromCountryCode: "NO",
          fromPostalCode: "0150",
          toCountryCode: "NO",
          toPostalCode: "5004",
          additionalServices: ["EVARSLING"],
          shippingDate: { year: "2026", month: "11", day: "23", hour: "10", minute: "00" },
        },
        {
          id: 2,
          products: [{ id: "3584", customerNumber: "6" }],
          packages: [{ id: 1, grossWeight: 800, length: 30, width: 20, height: 6, volumeInDm3: 3.6 }],
          fromCountryCode: "NO",
          fromPostalCode: "0150",
          toCountryCode: "NO",
          toPostalCode: "5004",
          shippingDate: { year: "2026", month: "11", day: "23", hour: "10", minute: "00" },
        },
      ],
      withPrice: true,
      withExpectedDelivery: true,
      withGuiInformation: true,
      edi: true,
      numberOfAlternativeDeliveryDates: 5,
    })
  })
})

describe("a service whose measurement rule the cart cannot meet (carrier notes 28)", () => {
  const withCargo = parseOptions({
    baseUrl: "https://carrier.example",
    apiUid: "u",
    apiKey: "k",
    customerNumber: "5",
    services: [{ code: "PA_DOREN" }, { code: "5100", customerNumber: "7" }, { code: "CARGO", customerNumber: "7" }, { code: "DOUBLE_INDOOR" }],
  })
  const unmeasured = { ...cart, items: [{ quantity: 1, unit_price: 500, variant: { weight: 2000 } }] }
  const asked = (context: typeof cart) => {
    const result = quoteInputFromContext(context, withCargo, "outbound", now)
    if (!result.ok) throw new Error(result.reason)
    return toShippingLookupRequest(result.input).consignments.flatMap((c) => c.products.map((p) => p.id))
  }

  it.each([
    ["without dimensions: the cargo and large-goods services are left out, the parcel service is asked", unmeasured, ["PA_DOREN"]],
    ["with dimensions: every service is asked", cart, ["PA_DOREN", "5100", "CARGO", "DOUBLE_INDOOR"]],
  ])("%s", (_name, context, expected) => {
    expect(asked(context as typeof cart).sort()).toEqual([...expected].sort())
  })

  it("says why a service was left out", () => {
    const result = quoteInputFromContext(unmeasured as typeof cart, withCargo, "outbound", now)
    expect(result.ok && result.input.services.find((s) => s.code === "5100")).toMatchObject({
      unmeasured: expect.stringMatching(/5100 needs every package's weight and dimensions .*cargo/),
    })
  })
})

describe("quoteKey", () => {
  const base = quoteInputFromContext(cart, options, "outbound", now)
  if (!base.ok) throw new Error("fixture")
  const key = quoteKey(base.input, options.baseUrl)

  it("is the same for the same cart state, whatever the order of services", () => {
    const reordered = { ...base.input, services: [...base.input.services].reverse() }
    expect(quoteKey(reordered, options.baseUrl)).toBe(key)
  })

  it.each([
    ["another postal code", { to: { countryCode: "NO", postalCode: "9600" } }],
    ["a heavier parcel", { parcel: { ...base.input.parcel, weightGrams: 801 } }],
    ["another hour", { shippingDate: { ...base.input.shippingDate, hour: "11" } }],
    ["another customer number", { services: base.input.services.map((s) => ({ ...s, customerNumber: "6" })) }],
  ])("changes with %s", (_name, change) => {
    expect(quoteKey({ ...base.input, ...change }, options.baseUrl)).not.toBe(key)
  })
})

function product(overrides: Partial<ShippingProduct> = {}): ShippingProduct {
  return {
    id: "PA_DOREN",
    price: {
      listPrice: {
        currencyCode: "NOK",
        priceWithAdditionalServices: { amountWithoutVAT: "200.00", vat: "50.00", amountWithVAT: "250.00" },
        additionalServices: [],
      },
      netPrice: {
        currencyCode: "NOK",
        priceWithAdditionalServices: { amountWithoutVAT: "160.00", vat: "40.00", amountWithVAT: "200.00" },
        additionalServices: [],
      },
    },
    expectedDelivery: {
      workingDays: "2",
      userMessage: "Delivered Tuesday",
      expectedDeliveryDate: { year: "2026", month: "11", day: "5" },
      alternativeDeliveryDates: [],
    },
    guiInformation: { displayName: "Home delivery", descriptionText: "To your door" },
    estimatedDeliveryTimes: [],
    errors: [],
    warnings: [],
    ...overrides,
  } as ShippingProduct
}

describe("toServiceQuote", () => {
  it("reads prices, the delivery date and display texts", () => {
    expect(toServiceQuote(product())).toEqual({
      available: true,
      serviceCode: "PA_DOREN",
      listPrice: { withoutVat: 200, withVat: 250, currency: "NOK" },
      netPrice: { withoutVat: 160, withVat: 200, currency: "NOK" },
      deliveryDate: "2026-11-05",
      deliveryDates: [{ date: "2026-11-05" }],
      workingDays: 2,
      deliveryMessage: "Delivered Tuesday",
      display: { name: "Home delivery", description: "To your door" },
    })
  })

  it("marks a service with errors unavailable, with the carrier's code", () => {
    const quote = toServiceQuote(product({ price: undefined, errors: [{ code: "OUTSIDE_COVERAGE_AREA", description: "x" }] }))
    expect(quote).toEqual({ available: false, serviceCode: "PA_DOREN", reason: "OUTSIDE_COVERAGE_AREA" })
  })

  it("marks services the carrier left out (parcel too large) unavailable", () => {
    const quotes = toServiceQuotes({ consignments: [{ products: [] }], traceMessages: [] } as never, ["3584"])
    expect(quotes.get("3584")).toEqual({ available: false, serviceCode: "3584", reason: "NOT_OFFERED_FOR_PARCEL" })
  })
})

describe("amountFromQuote", () => {
  const quote = toServiceQuote(product()) as Extract<ReturnType<typeof toServiceQuote>, { available: true }>
  const service = (overrides: Partial<ServiceOptions> = {}): ServiceOptions => ({
    code: "PA_DOREN",
    offered: true,
    priceSource: "net",
    isReturn: false,
    qrCodes: false,
    additionalServices: [],
    ...overrides,
  })
  const nok = { pricesIncludeVat: true, itemsValue: 300, currency: "nok", currencies: { defaultCurrency: "NOK", currencies: {} } }

  it.each([
    ["net price with VAT", service(), nok, 200],
    ["net price without VAT", service(), { ...nok, pricesIncludeVat: false }, 160],
    ["list price with VAT", service({ priceSource: "list" }), nok, 250],
    ["+10 % markup on the price without VAT, VAT on top", service({ markup: "p10p" }), nok, 220],
    ["fixed price replaces the carrier's", service({ markup: "49" }), { ...nok, pricesIncludeVat: false }, 49],
    ["free above the threshold", service({ freeShippingThreshold: 300 }), nok, 0],
    ["not free below the threshold", service({ freeShippingThreshold: 301 }), nok, 200],
  ])("%s", (_name, svc, pricing, expected) => {
    expect(amountFromQuote(quote, svc, pricing)?.amount).toBe(expected)
  })

  it("falls back to the list price when the credentials see no agreement price", () => {
    const listOnly = { ...quote, netPrice: undefined }
    expect(amountFromQuote(listOnly, service(), nok)?.amount).toBe(250)
  })

  it("gives no amount for a cart in another currency without an exchange rate", () => {
    expect(amountFromQuote(quote, service(), { ...nok, currency: "eur" })).toBeUndefined()
  })
})

describe("fallbackAmount", () => {
  const svc: ServiceOptions = { code: "PA_DOREN", offered: true, priceSource: "net", isReturn: false, qrCodes: false, additionalServices: [] }
  it.each([
    ["no fallback configured: the option is hidden", svc, undefined],
    ["the configured fallback", { ...svc, fallbackPrice: 99 }, 99],
    ["free shipping still applies", { ...svc, fallbackPrice: 99, freeShippingThreshold: 100 }, 0],
  ])("%s", (_name, service, expected) => {
    expect(fallbackAmount(service, { pricesIncludeVat: true, itemsValue: 150, currency: "nok", currencies: { defaultCurrency: "NOK", currencies: {} } })?.amount).toBe(expected)
  })

  it("values items by unit price × quantity", () => {
    expect(itemsValue([{ unit_price: 100, quantity: 2 }, { unit_price: "49.5", quantity: { toString: () => "2" } }])).toBe(299)
  })
})
