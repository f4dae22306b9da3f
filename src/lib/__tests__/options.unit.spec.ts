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
    expect(options.webhooks.payloadRetentionDays).toBe(90)
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
    ["payload retention of part of a day", { ...valid, webhooks: { payloadRetentionDays: 0.5 } }, /webhooks\.payloadRetentionDays: must be a whole number of days/],
    ["payload retention of zero days", { ...valid, webhooks: { payloadRetentionDays: 0 } }, /webhooks\.payloadRetentionDays/],
    ["unknown weight unit", { ...valid, packaging: { weightUnit: "stone" } }, /packaging\.weightUnit/],
    ["a plain http baseUrl outside test mode", { ...valid, baseUrl: "http://carrier.example" }, /baseUrl: must be an https URL outside test mode/],
    ["a plain http publicUrl outside test mode", { ...valid, webhooks: { publicUrl: "http://shop.example" } }, /webhooks\.publicUrl: must be an https URL outside test mode/],
    ["a baseUrl that is no URL outside test mode", { ...valid, baseUrl: "not a url" }, /baseUrl: must be an http\(s\) URL/],
    ["a plain http baseUrl to a look-alike of this machine", { ...valid, baseUrl: "http://127.0.0.1.example" }, /baseUrl: must be an https URL outside test mode/],
    ["a previous secret without its end", { ...valid, webhooks: { secret: "s".repeat(20), previousSecret: "p".repeat(20) } }, /webhooks\.previousSecretUntil: is required with webhooks\.previousSecret/],
    ["an end without a previous secret", { ...valid, webhooks: { secret: "s".repeat(20), previousSecretUntil: "2026-12-01T00:00:00Z" } }, /webhooks\.previousSecret: is required/],
    ["a previous secret equal to the secret", { ...valid, webhooks: { secret: "s".repeat(20), previousSecret: "s".repeat(20), previousSecretUntil: "2026-12-01T00:00:00Z" } }, /webhooks\.previousSecret: must differ/],
    ["a grace end that is not a time", { ...valid, webhooks: { secret: "s".repeat(20), previousSecret: "p".repeat(20), previousSecretUntil: "next week" } }, /webhooks\.previousSecretUntil: must be an ISO 8601 time/],
    ["a client header that is not a header name", { ...valid, clientAddress: { header: "client ip" } }, /clientAddress\.header: must be an HTTP header name/],
    ["both a client header and trusted proxies", { ...valid, clientAddress: { header: "X-Real-IP", trustedProxies: 1 } }, /set either clientAddress\.header or clientAddress\.trustedProxies/],
  ])("refuses %s, naming the option", (_name, raw, message) => {
    expect(() => parseOptions(raw)).toThrow(message)
  })

  it("accepts plain http addresses in test mode (the sandbox), and https ones always", () => {
    expect(parseOptions({ ...valid, testMode: true, baseUrl: "http://127.0.0.1:4010", webhooks: { publicUrl: "http://127.0.0.1:9000" } }).baseUrl).toBe("http://127.0.0.1:4010")
    expect(parseOptions({ ...valid, webhooks: { publicUrl: "https://shop.example" } }).webhooks.publicUrl).toBe("https://shop.example")
  })

  it.each(["http://127.0.0.1:4010", "http://localhost:4010", "http://[::1]:4010"])(
    "accepts plain http to this machine outside test mode (%s never crosses a network)",
    (baseUrl) => {
      expect(parseOptions({ ...valid, baseUrl, webhooks: { publicUrl: baseUrl } }).baseUrl).toBe(baseUrl)
    }
  )

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

  // The booking sends the VOEC number as an integer of 7 digits: a leading 0 would make it 6.
  it.each([
    ["0123456", false],
    ["123456", false],
    ["12345a7", false],
    ["2024123", true],
    ["1000000", true],
  ])("takes the VOEC number %s as the booking does: %s", (vatOnEcommerce, accepted) => {
    const parse = () => parseOptions({ ...valid, customs: { vatOnEcommerce } })
    if (accepted) expect(parse().customs.vatOnEcommerce).toBe(vatOnEcommerce)
    else expect(parse).toThrow(/customs\.vatOnEcommerce: must be 7 digits, the first not 0/)
  })
})
