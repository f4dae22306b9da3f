import { parseOptions, PRICE_ADJUSTMENT_PATTERN } from "../options"

const valid = { baseUrl: "https://carrier.example", apiUid: "shop@example.com", apiKey: "k-123" }

describe("parseOptions", () => {
  it("fills the documented defaults", () => {
    const options = parseOptions(valid)
    expect(options).toMatchObject({
      testMode: false,
      pricesIncludeVat: true,
      timeouts: { quoteMs: 2500, requestMs: 10000 },
      cache: { quoteTtlSeconds: 300 },
      packaging: { weightUnit: "g", dimensionUnit: "cm", defaultItemWeight: 500, packagingWeight: 0 },
      webhooks: { headerName: "X-Nordic-Parcel-Secret", autoSubscribe: true },
    })
    expect(options.services.map((s) => s.code)).toEqual(["SERVICEPAKKE", "PA_DOREN", "3584", "9300"])
    expect(options.webhooks.eventGroups).toEqual(expect.arrayContaining(["HANDED_IN", "DELIVERED"]))
  })

  it.each([
    ["missing baseUrl", { ...valid, baseUrl: undefined }, /baseUrl/],
    ["non-http baseUrl", { ...valid, baseUrl: "ftp://carrier" }, /baseUrl: must be an http\(s\) URL/],
    ["empty apiKey", { ...valid, apiKey: "" }, /apiKey: is required/],
    ["bad markup", { ...valid, services: [{ code: "PA_DOREN", markup: "+10%" }] }, /services\[0\]\.markup: must be in the carrier's priceAdjustments syntax/],
    ["negative fallback", { ...valid, services: [{ code: "PA_DOREN", fallbackPrice: -1 }] }, /services\[0\]\.fallbackPrice/],
    ["unknown price source", { ...valid, services: [{ code: "PA_DOREN", priceSource: "cheapest" }] }, /services\[0\]\.priceSource/],
    ["unknown event group", { ...valid, webhooks: { eventGroups: ["ALL"] } }, /webhooks\.eventGroups\[0\]/],
    ["short webhook secret", { ...valid, webhooks: { secret: "short" } }, /webhooks\.secret: must be at least 16 characters/],
    ["unknown weight unit", { ...valid, packaging: { weightUnit: "stone" } }, /packaging\.weightUnit/],
  ])("refuses %s, naming the option", (_name, raw, message) => {
    expect(() => parseOptions(raw)).toThrow(message)
  })

  it("never echoes option values in its error (the API key must not reach a log)", () => {
    const secretKey = "very-secret-api-key-value"
    try {
      parseOptions({ ...valid, apiKey: secretKey, baseUrl: "nope", testMode: "yes" })
      throw new Error("expected a refusal")
    } catch (error) {
      expect((error as Error).message).toMatch(/baseUrl/)
      expect((error as Error).message).toMatch(/testMode/)
      expect((error as Error).message).not.toContain(secretKey)
    }
  })
})

describe("PRICE_ADJUSTMENT_PATTERN (the carrier's lookup priceAdjustments)", () => {
  it.each([
    ["p10p", true],
    ["m20", true],
    ["49", true],
    ["PA_DOREN_p10p", true],
    // The carrier's own pattern has no dash in \w: codes such as BPAKKE_DOR-DOR cannot be targeted.
    ["BPAKKE_DOR-DOR_p10p", false],
    ["SERVICEPAKKE_m5.5", true],
    ["p10.5p", true],
    ["10p", false],
    ["+10", false],
    ["p10pp", false],
  ])("%s → %s", (value, ok) => {
    expect(PRICE_ADJUSTMENT_PATTERN.test(value)).toBe(ok)
  })
})

describe("customs options", () => {
  it("defaults to sale of goods and validates the IOSS and VOEC numbers", () => {
    expect(parseOptions(valid).customs).toEqual({ natureOfTransaction: "SALE_OF_GOODS" })
    expect(() => parseOptions({ ...valid, customs: { iossNumber: "IM12345" } })).toThrow(/customs\.iossNumber: must be IM followed by 10 digits/)
    expect(() => parseOptions({ ...valid, customs: { vatOnEcommerce: "12345678" } })).toThrow(/customs\.vatOnEcommerce: must be 7 digits/)
  })
})
