import { parseOptions, type NordicParcelOptions } from "../../options"
import { effectiveOptions } from "../apply-settings"
import { RefreshingValue } from "../refreshing-value"
import { applySettingsPatch } from "../settings-patch"
import { parseSettingsPatch, type MerchantSettings, type MerchantSettingsPatch } from "../settings-schema"
import { settingsStateOf } from "../settings-state"
import { defaultCurrencyChangeProblem } from "../default-currency-change"
import { credentialsView, settingsView } from "../settings-view"

const API_KEY = "sk-live-settings-0123456789"
const SECRET = "webhook-secret-0123456789abcdef"

const config: NordicParcelOptions = parseOptions({
  baseUrl: "https://carrier.example",
  apiUid: "shop@example.com",
  apiKey: API_KEY,
  customerNumber: "5",
  services: [
    { code: "SERVICEPAKKE", additionalServices: ["EVARSLING"], fallbackPrice: 99 },
    { code: "PA_DOREN", additionalServices: ["EVARSLING"], fallbackPrice: 149, markup: "p10p" },
    { code: "9300", isReturn: true, qrCodes: true },
  ],
  packaging: { weightUnit: "g", defaultItemWeight: 400, defaultItemDimensions: { length: 20, width: 15, height: 5 } },
  webhooks: { publicUrl: "https://shop.example", secret: SECRET },
})

const service = (options: NordicParcelOptions, code: string) => options.services.find((s) => s.code === code)

describe("effectiveOptions: the plugin options with the merchant's settings over them", () => {
  it.each<[string, MerchantSettings, (options: NordicParcelOptions) => void]>([
    ["no settings: the options as configured", {}, (o) => expect(o).toEqual(config)],
    [
      "a general setting replaces its option and nothing else",
      { test_mode: true, customer_number: "6", prices_include_vat: false, return_qr_codes: false },
      (o) => expect(o).toEqual({ ...config, testMode: true, customerNumber: "6", pricesIncludeVat: false, returnQrCodes: false }),
    ],
    [
      "a configured service merges field by field and keeps its place",
      { services: { PA_DOREN: { markup: "m20", fallback_price: 199, price_source: "list" } } },
      (o) => {
        expect(o.services.map((s) => s.code)).toEqual(["SERVICEPAKKE", "PA_DOREN", "9300"])
        expect(service(o, "PA_DOREN")).toEqual({
          ...service(config, "PA_DOREN"),
          markup: "m20",
          fallbackPrice: 199,
          priceSource: "list",
        })
      },
    ],
    [
      "lists are replaced, not concatenated: an additional service can be switched off",
      { services: { SERVICEPAKKE: { additional_services: [] }, PA_DOREN: { additional_services: ["SIMPLE_DELIVERY"] } } },
      (o) => {
        expect(service(o, "SERVICEPAKKE")?.additionalServices).toEqual([])
        expect(service(o, "PA_DOREN")?.additionalServices).toEqual(["SIMPLE_DELIVERY"])
      },
    ],
    [
      "a code only the settings name is a service added after the configured ones, in code order, with the option defaults",
      { services: { EKSPRESS09: { fallback_price: 299 }, "5600": { return_service: "9300", qr_codes: true } } },
      (o) => {
        expect(o.services.map((s) => s.code)).toEqual(["SERVICEPAKKE", "PA_DOREN", "9300", "5600", "EKSPRESS09"])
        expect(service(o, "EKSPRESS09")).toEqual({
          code: "EKSPRESS09",
          offered: true,
          priceSource: "net",
          fallbackPrice: 299,
          isReturn: false,
          additionalServices: [],
        })
        expect(service(o, "5600")).toMatchObject({ returnService: "9300", qrCodes: true })
      },
    ],
    [
      "offered: false switches a service off but keeps its settings (orders placed with it still book)",
      { services: { SERVICEPAKKE: { offered: false } } },
      (o) => expect(service(o, "SERVICEPAKKE")).toEqual({ ...service(config, "SERVICEPAKKE"), offered: false }),
    ],
    [
      "packaging merges field by field; the default item dimensions are one value",
      { packaging: { weight_unit: "kg", default_item_dimensions: { length: 30, width: 20, height: 10 } } },
      (o) =>
        expect(o.packaging).toEqual({
          ...config.packaging,
          weightUnit: "kg",
          defaultItemDimensions: { length: 30, width: 20, height: 10 },
        }),
    ],
    [
      "customs merge field by field",
      { customs: { ioss_number: "IM0123456789" } },
      (o) => expect(o.customs).toEqual({ ...config.customs, iossNumber: "IM0123456789" }),
    ],
    [
      "tracking settings change the event groups and auto-subscribe, never the webhook URL, secret or header",
      { tracking: { event_groups: ["DELIVERED"], auto_subscribe: false } },
      (o) => expect(o.webhooks).toEqual({ ...config.webhooks, eventGroups: ["DELIVERED"], autoSubscribe: false }),
    ],
    [
      "credentials, carrier address, time-outs and caches always come from the options",
      { test_mode: true, services: { PA_DOREN: { offered: false } } },
      (o) => {
        expect(o).toMatchObject({ baseUrl: config.baseUrl, apiUid: config.apiUid, apiKey: API_KEY })
        expect(o.timeouts).toEqual(config.timeouts)
        expect(o.cache).toEqual(config.cache)
      },
    ],
  ])("%s", (_name, settings, check) => {
    check(effectiveOptions(config, settings))
  })

  it("does not change the options it merges over", () => {
    const before = JSON.stringify(config)
    effectiveOptions(config, { test_mode: true, services: { PA_DOREN: { additional_services: [] } } })
    expect(JSON.stringify(config)).toBe(before)
  })
})

describe("applySettingsPatch: a change from the admin into the stored settings", () => {
  const stored: MerchantSettings = {
    test_mode: true,
    services: { PA_DOREN: { markup: "m20", fallback_price: 199 }, EKSPRESS09: { fallback_price: 299 } },
    packaging: { weight_unit: "kg" },
  }

  it.each<[string, MerchantSettingsPatch, MerchantSettings]>([
    ["an empty change keeps everything", {}, stored],
    ["a value sets the setting", { customer_number: "6" }, { ...stored, customer_number: "6" }],
    ["null drops a setting (the option applies again)", { test_mode: null }, { services: stored.services, packaging: stored.packaging }],
    [
      "a service changes field by field",
      { services: { PA_DOREN: { markup: "p5p", fallback_price: null } } },
      { ...stored, services: { PA_DOREN: { markup: "p5p" }, EKSPRESS09: { fallback_price: 299 } } },
    ],
    [
      "a new code adds the service's settings",
      { services: { "3584": { offered: false } } },
      { ...stored, services: { ...stored.services, "3584": { offered: false } } },
    ],
    [
      "null drops a whole service's settings",
      { services: { EKSPRESS09: null } },
      { ...stored, services: { PA_DOREN: { markup: "m20", fallback_price: 199 } } },
    ],
    ["null drops all service settings", { services: null }, { test_mode: true, packaging: { weight_unit: "kg" } }],
    ["null drops a group", { packaging: null }, { test_mode: true, services: stored.services }],
    [
      "what ends up empty is dropped",
      { packaging: { weight_unit: null }, services: { PA_DOREN: { markup: null, fallback_price: null } } },
      { test_mode: true, services: { EKSPRESS09: { fallback_price: 299 } } },
    ],
    [
      "lists are values: replaced whole",
      { tracking: { event_groups: ["DELIVERED", "RETURN"] } },
      { ...stored, tracking: { event_groups: ["DELIVERED", "RETURN"] } },
    ],
  ])("%s", (_name, patch, expected) => {
    expect(applySettingsPatch(stored, patch)).toEqual(expected)
  })
})

describe("parseSettingsPatch: validated like the options, refusals name the field", () => {
  it.each<[string, unknown, RegExp]>([
    ["a markup outside the carrier's syntax", { services: { PA_DOREN: { markup: "+10%" } } }, /services\[PA_DOREN\]\.markup: must be in the carrier's priceAdjustments syntax/],
    ["a negative fallback price", { services: { PA_DOREN: { fallback_price: -1 } } }, /services\[PA_DOREN\]\.fallback_price/],
    ["an unknown price source", { services: { "3584": { price_source: "cheapest" } } }, /services\[3584\]\.price_source/],
    ["an unknown service setting", { services: { PA_DOREN: { colour: "red" } } }, /services\[PA_DOREN\]\.colour: is not a known setting/],
    ["a service code that is too long", { services: { ["X".repeat(36)]: { offered: true } } }, /services/],
    ["a non-boolean test mode", { test_mode: "yes" }, /test_mode/],
    ["an unknown event group", { tracking: { event_groups: ["ALL"] } }, /tracking\.event_groups\[0\]/],
    ["no event group at all", { tracking: { event_groups: [] } }, /tracking\.event_groups/],
    ["an unknown weight unit", { packaging: { weight_unit: "stone" } }, /packaging\.weight_unit/],
    ["a bad IOSS number", { customs: { ioss_number: "IM1" } }, /customs\.ioss_number: must be IM followed by 10 digits/],
    ["a VOEC number the booking would send as 6 digits", { customs: { vat_on_ecommerce: "0123456" } }, /customs\.vat_on_ecommerce: must be 7 digits, the first not 0/],
    ["an option name instead of a setting", { testMode: true }, /testMode: is not a known setting/],
    ["the API key", { api_key: API_KEY }, /api_key: is set in medusa-config/],
    ["the carrier address", { baseUrl: "https://elsewhere.example" }, /baseUrl: is set in medusa-config/],
    ["the webhook secret", { webhooks: { secret: SECRET } }, /webhooks: is set in medusa-config/],
    ["something that is not an object", ["test_mode"], /\(root\)/],
    ["a cut-off time that is not HH:mm", { delivery: { cut_off_time: "2pm" } }, /delivery\.cut_off_time: must be a time of day as HH:mm/],
    ["a fractional lead time", { delivery: { lead_time_days: 1.5 } }, /delivery\.lead_time_days: must be a whole number of working days/],
    ["a NUL in a name (PostgreSQL refuses it)", { services: { PA_DOREN: { name: "Dør\u0000" } } }, /services\[PA_DOREN\]\.name: must not contain NUL/],
    ["a lone surrogate", { customer_number: "5\ud800" }, /customer_number: must not contain NUL characters or unpaired UTF-16 surrogates/],
  ])("refuses %s", (_name, raw, message) => {
    expect(() => parseSettingsPatch(raw)).toThrow(message)
  })

  it("never echoes the refused values", () => {
    try {
      parseSettingsPatch({ api_key: API_KEY, customer_number: API_KEY.repeat(3) })
      throw new Error("expected a refusal")
    } catch (error) {
      expect((error as Error).message).not.toContain(API_KEY)
    }
    try {
      parseSettingsPatch({ customer_number: API_KEY.repeat(3), services: { PA_DOREN: { markup: API_KEY } } })
      throw new Error("expected a refusal")
    } catch (error) {
      expect((error as Error).message).toMatch(/customer_number/)
      expect((error as Error).message).not.toContain(API_KEY)
    }
  })

  it("merges the delivery promise over the options and shows it", () => {
    const settings = applySettingsPatch({}, parseSettingsPatch({ delivery: { cut_off_time: "14:00", lead_time_days: 1 } }))
    expect(effectiveOptions(config, settings).delivery).toEqual({ cutOffTime: "14:00", leadTimeDays: 1 })
    expect(settingsView(effectiveOptions(config, settings)).delivery).toEqual({ cut_off_time: "14:00", lead_time_days: 1 })
    const reset = applySettingsPatch(settings, parseSettingsPatch({ delivery: { cut_off_time: null } }))
    expect(effectiveOptions(config, reset).delivery).toEqual({ leadTimeDays: 1 })
  })

  it("accepts nulls (back to the option) and a new service", () => {
    expect(parseSettingsPatch({ test_mode: null, services: { PA_DOREN: null, EKSPRESS09: { fallback_price: 0 } } })).toEqual({
      test_mode: null,
      services: { PA_DOREN: null, EKSPRESS09: { fallback_price: 0 } },
    })
  })
})

describe("settingsView: options in the settings' shape", () => {
  it("shows every setting, null where unset, services by code, and nothing secret", () => {
    const view = settingsView(config)
    expect(view).toMatchObject({
      test_mode: false,
      customer_number: "5",
      prices_include_vat: true,
      return_qr_codes: true,
      packaging: { weight_unit: "g", default_item_weight: 400, packaging_weight: 0 },
      tracking: { auto_subscribe: true },
      customs: { nature_of_transaction: "SALE_OF_GOODS", ioss_number: null, vat_on_ecommerce: null },
    })
    expect(view.services.PA_DOREN).toEqual({
      offered: true,
      name: null,
      price_source: "net",
      fallback_price: 149,
      markup: "p10p",
      free_shipping_threshold: null,
      requires_pickup_point: null,
      nearest_pickup_point_when_none_chosen: null,
      is_return: false,
      return_price: null,
      return_prices: null,
      return_service: null,
      qr_codes: null,
      additional_services: ["EVARSLING"],
      customer_number: null,
      fallback_prices: null,
      free_shipping_thresholds: null,
      markups: null,
      alternative_delivery_dates: null,
    })
    const json = JSON.stringify({ view, credentials: credentialsView(config) })
    expect(json).not.toContain(API_KEY)
    expect(json).not.toContain(SECRET)
    expect(credentialsView(config)).toEqual({ api_uid_set: true, api_key_set: true, webhook_secret_set: true })
  })

  it("is itself a valid change: sending the effective view back changes nothing", () => {
    const settings: MerchantSettings = { test_mode: true, services: { EKSPRESS09: { fallback_price: 299 } } }
    const effective = effectiveOptions(config, settings)
    const roundTrip = applySettingsPatch({}, parseSettingsPatch(JSON.parse(JSON.stringify(settingsView(effective)))))
    expect(effectiveOptions(config, roundTrip)).toEqual(effective)
  })
})

describe("currencies and stock locations in the settings", () => {
  it("merges a currency's rate and rounding, and a location's agreement and sender, over the options", () => {
    const withSek = { ...config, currencies: { SEK: { exchangeRate: 0.9, rounding: "none" as const } } }
    const settings = applySettingsPatch(
      {},
      parseSettingsPatch({
        currencies: { SEK: { rounding: "up_to_9" }, DKK: { exchange_rate: 0.62 } },
        locations: { sloc_gbg: { customer_number: "8", sender_name: "Nordisk Hage AB", email: "gbg@hage.se" } },
        services: { PA_DOREN: { fallback_prices: { SEK: 119 }, markups: { SEK: "p25" } } },
      })
    )
    const effective = effectiveOptions(withSek, settings)
    expect(effective.currencies).toEqual({ SEK: { exchangeRate: 0.9, rounding: "up_to_9" }, DKK: { exchangeRate: 0.62, rounding: "none" } })
    expect(effective.locations).toEqual({ sloc_gbg: { customerNumber: "8", senderName: "Nordisk Hage AB", email: "gbg@hage.se" } })
    expect(effective.services.find((s) => s.code === "PA_DOREN")).toMatchObject({ fallbackPrice: 149, fallbackPrices: { SEK: 119 }, markups: { SEK: "p25" } })
    expect(settingsView(effective).currencies.DKK).toEqual({ exchange_rate: 0.62, rounding: "none" })
    expect(settingsView(effective).locations.sloc_gbg).toMatchObject({ customer_number: "8", phone: null })
  })

  it("null drops a currency's rate, a whole location, and per-currency prices", () => {
    const stored = applySettingsPatch(
      {},
      parseSettingsPatch({ currencies: { SEK: { exchange_rate: 0.95, rounding: "whole" } }, locations: { a: { customer_number: "8" } }, services: { PA_DOREN: { fallback_prices: { SEK: 1 } } } })
    )
    const next = applySettingsPatch(stored, parseSettingsPatch({ currencies: { SEK: { exchange_rate: null } }, locations: { a: null }, services: { PA_DOREN: { fallback_prices: null } } }))
    expect(next).toEqual({ currencies: { SEK: { rounding: "whole" } } })
  })

  it.each([
    [{ currencies: { sek: { exchange_rate: 1 } } }, "currencies[sek]"],
    [{ currencies: { SEK: { exchange_rate: -1 } } }, "currencies[SEK].exchange_rate: must be between 0.0001 and 10000"],
    [{ currencies: { SEK: { rounding: "up" } } }, "currencies[SEK].rounding"],
    [{ locations: { sloc_1: { email: "not-an-address" } } }, "locations[sloc_1].email: must be an e-mail address"],
    [{ locations: { sloc_1: { colour: "red" } } }, "locations[sloc_1].colour: is not a known setting"],
    [{ services: { PA_DOREN: { fallback_prices: { SEK: -5 } } } }, "services[PA_DOREN].fallback_prices[SEK]"],
    [{ services: { "9300": { return_price: "cheap" } } }, "services[9300].return_price"],
    [{ services: { "9300": { return_prices: { SEK: -1 } } } }, "services[9300].return_prices[SEK]"],
    [{ default_currency: "nok" }, "default_currency: must be a currency code in capitals"],
  ])("refuses %j naming %s", (patch, named) => {
    expect(() => parseSettingsPatch(patch)).toThrow(named)
  })
})

describe("settingsStateOf: the stored row and the options it produces", () => {
  it("without a row: the options alone, version 0", () => {
    expect(settingsStateOf(config, undefined)).toEqual({
      settings: {},
      version: 0,
      updatedAt: null,
      updatedBy: null,
      effective: config,
      problem: null,
    })
  })

  it("applies a valid row", () => {
    const state = settingsStateOf(config, {
      values: { test_mode: true },
      version: 3,
      updated_at: "2026-11-21T10:00:00.000Z",
      updated_by: "user_1",
    })
    expect(state).toMatchObject({ version: 3, updatedBy: "user_1", problem: null, effective: { testMode: true } })
    expect(state.updatedAt?.toISOString()).toBe("2026-11-21T10:00:00.000Z")
  })

  it("ignores stored settings a newer plugin refuses, says why, and keeps checkout on the options", () => {
    const state = settingsStateOf(config, { values: { services: { PA_DOREN: { markup: "+10%" } } }, version: 2, updated_at: null, updated_by: null })
    expect(state.effective).toBe(config)
    expect(state.problem).toMatch(/services\[PA_DOREN\]\.markup/)
  })
})

describe("RefreshingValue: settings in memory, read again every few seconds", () => {
  function setup(maxAgeMs = 1000) {
    let now = 0
    let version = 0
    const loads: Array<(value: number) => void> = []
    const value = new RefreshingValue<number>({
      load: () => new Promise<number>((resolve) => loads.push(resolve)),
      maxAgeMs,
      now: () => now,
    })
    return {
      value,
      loads,
      advance: (ms: number) => (now += ms),
      resolveNext: () => loads.shift()!(++version),
    }
  }
  const flush = () => new Promise((resolve) => setImmediate(resolve))

  it("waits for the first read only, then serves from memory until it is stale", async () => {
    const { value, loads, advance, resolveNext } = setup()
    const first = value.get()
    expect(loads).toHaveLength(1)
    resolveNext()
    expect(await first).toBe(1)
    advance(999)
    expect(await value.get()).toBe(1)
    expect(loads).toHaveLength(0)
  })

  it("serves a stale value at once and refreshes once in the background", async () => {
    const { value, loads, advance, resolveNext } = setup()
    const first = value.get()
    resolveNext()
    await first
    advance(1000)
    expect(await Promise.all([value.get(), value.get()])).toEqual([1, 1])
    expect(loads).toHaveLength(1)
    resolveNext()
    await flush()
    expect(await value.get()).toBe(2)
  })

  it("keeps a value set locally over a refresh that started before it", async () => {
    const { value, loads, advance, resolveNext } = setup()
    const first = value.get()
    resolveNext()
    await first
    advance(1000)
    await value.get()
    expect(loads).toHaveLength(1)
    value.set(42)
    resolveNext()
    await flush()
    expect(await value.get()).toBe(42)
  })

  it("keeps the last value when a refresh fails, and tries again later", async () => {
    let now = 0
    let fail = false
    let loads = 0
    const errors: unknown[] = []
    const value = new RefreshingValue<number>({
      load: async () => {
        loads++
        if (fail) throw new Error("database down")
        return loads
      },
      maxAgeMs: 1000,
      onError: (error) => errors.push(error),
      now: () => now,
    })
    expect(await value.get()).toBe(1)
    fail = true
    now += 1000
    expect(await value.refresh()).toBe(1)
    expect(errors).toHaveLength(1)
    expect(await value.get()).toBe(1)
    expect(loads).toBe(2)
    fail = false
    now += 1000
    await value.get()
    await flush()
    expect(await value.get()).toBe(3)
  })

  it("serves the fallback when the source was never read, and reads it again after maxAgeMs, not on every call", async () => {
    let now = 0
    let loads = 0
    const value = new RefreshingValue<number>({
      load: async () => {
        loads++
        if (loads === 1) throw new Error("relation does not exist")
        return 7
      },
      maxAgeMs: 1000,
      fallback: () => -1,
      now: () => now,
    })
    expect(await value.get()).toBe(-1)
    expect(await value.get()).toBe(-1)
    expect(loads).toBe(1)
    now += 1000
    await value.get()
    await flush()
    expect(await value.get()).toBe(7)
  })

  it("rejects when the source cannot be read and there is neither a value nor a fallback", async () => {
    const value = new RefreshingValue<number>({ load: () => Promise.reject(new Error("database down")), maxAgeMs: 1000 })
    await expect(value.get()).rejects.toThrow("database down")
  })
})

describe("defaultCurrencyChangeProblem: every exchange rate is relative to the default currency", () => {
  const withRates = parseOptions({ ...config, currencies: { SEK: { exchangeRate: 0.95 } } })
  it.each<[string, NordicParcelOptions, MerchantSettings, MerchantSettingsPatch, RegExp | undefined]>([
    ["refused while a stored rate is against the old currency", config, { currencies: { EUR: { exchange_rate: 0.085 } } }, { default_currency: "SEK" }, /^default_currency: .*NOK to SEK.*currencies\[EUR\]\.exchange_rate/],
    ["refused while medusa-config sets a rate", withRates, {}, { default_currency: "EUR" }, /currencies\[SEK\]\.exchange_rate/],
    ["accepted with every rate given anew in the same change", config, { currencies: { EUR: { exchange_rate: 0.085 } } }, { default_currency: "SEK", currencies: { EUR: { exchange_rate: 0.089 } } }, undefined],
    ["accepted with the rates removed in the same change", config, { currencies: { EUR: { exchange_rate: 0.085, rounding: "whole" } } }, { default_currency: "SEK", currencies: { EUR: { exchange_rate: null } } }, undefined],
    ["accepted without any rate", config, { currencies: { EUR: { rounding: "whole" } } }, { default_currency: "SEK" }, undefined],
    ["the new default currency's own rate is not against the old one", config, { currencies: { SEK: { exchange_rate: 0.95 } } }, { default_currency: "SEK" }, undefined],
    ["no change of the default currency", config, { currencies: { EUR: { exchange_rate: 0.085 } } }, { default_currency: "NOK", currencies: { EUR: { rounding: "whole" } } }, undefined],
  ])("%s", (_name, options, stored, patch, expected) => {
    const problem = defaultCurrencyChangeProblem(options, stored, patch)
    if (expected) expect(problem).toMatch(expected)
    else expect(problem).toBeUndefined()
  })
})
