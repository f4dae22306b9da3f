import { CarrierError, type BookingCustomer } from "../../carrier"
import { parseOptions } from "../../options"
import { effectiveOptions } from "../../settings/apply-settings"
import { statusView, type CustomerListOutcome } from "../status-view"
import { PricingProblemLog } from "../pricing-problems"

const API_KEY = "sk-live-status-0123456789"
const SECRET = "webhook-secret-0123456789abcdef"
const config = parseOptions({
  baseUrl: "https://carrier.example",
  apiUid: "shop@example.com",
  apiKey: API_KEY,
  customerNumber: "5",
  services: [{ code: "PA_DOREN" }, { code: "BUSINESS_PARCEL", customerNumber: "6" }, { code: "EKSPRESS09", customerNumber: "9" }],
  webhooks: { publicUrl: "https://shop.example/", secret: SECRET },
})
const customers: BookingCustomer[] = [
  { customerNumber: "PARCELS_NORWAY-00000000005", name: "Shop AS", countryCode: "NO", products: ["PA_DOREN", "SERVICEPAKKE"] },
  { customerNumber: "PARCELS_NORWAY-00000000006", name: null, countryCode: null, products: ["BUSINESS_PARCEL"] },
] as BookingCustomer[]

const failure = (kind: CarrierError["kind"]) =>
  new CarrierError({ service: "booking", operation: "booking.customers", kind, retryable: false, status: kind === "authentication" ? 401 : 503, summary: "no" })

function status(customerList: CustomerListOutcome, settings = {}) {
  return statusView({
    config,
    effective: effectiveOptions(config, settings),
    customerList,
    lastEventAt: new Date("2026-11-21T10:00:00Z"),
    carrierErrors: [],
    settings: { version: 1, updatedAt: null, updatedBy: null, problem: null },
    fulfillmentDependencies: ["nordic_parcel", "query"],
  })
}

describe("statusView", () => {
  it.each<[string, CustomerListOutcome, boolean | null]>([
    ["the customer list answers: the credentials are valid", { ok: true, customers }, true],
    ["the carrier refuses the credentials: invalid", { ok: false, error: failure("authentication") }, false],
    ["the carrier is down: it cannot say", { ok: false, error: failure("server") }, null],
  ])("%s", (_name, outcome, valid) => {
    expect(status(outcome).credentials).toMatchObject({ valid, api_uid_set: true, api_key_set: true, webhook_secret_set: true })
  })

  it("lists the customer numbers with their services, the default, and the numbers the credentials may not use", () => {
    const view = status({ ok: true, customers }, { customer_number: "6" })
    expect(view.default_customer_number).toBe("6")
    expect(view.customer_numbers).toEqual([
      { customer_number: "5", listed_as: "PARCELS_NORWAY-00000000005", name: "Shop AS", country_code: "NO", services: ["PA_DOREN", "SERVICEPAKKE"], service_details: [{ code: "PA_DOREN", name: "Home delivery", description: null }, { code: "SERVICEPAKKE", name: "Pickup point parcel", description: null }], default: false },
      { customer_number: "6", listed_as: "PARCELS_NORWAY-00000000006", name: null, country_code: null, services: ["BUSINESS_PARCEL"], service_details: [{ code: "BUSINESS_PARCEL", name: "Business parcel (Nordic)", description: null }], default: true },
    ])
    expect(view.unavailable_customer_numbers).toEqual(["9"])
  })

  it("shows the webhook set-up and test mode in force, and never a secret", () => {
    const view = status({ ok: true, customers }, { test_mode: true, tracking: { event_groups: ["DELIVERED"] } })
    expect(view.test_mode).toBe(true)
    expect(view.webhook).toEqual({
      url: "https://shop.example/hooks/nordic-parcel/events",
      secret_set: true,
      header_name: "X-Nordic-Parcel-Secret",
      auto_subscribe: true,
      event_groups: ["DELIVERED"],
      last_event_at: "2026-11-21T10:00:00.000Z",
      previous_secret_until: null,
      refused_callbacks: { count: 0, last_at: null },
      dead_letter_count: 0,
      intake: { events_per_minute: 600_000, dead_letters_per_minute: 120, dropped: { events: 0, dead_letters: 0, last_at: null } },
      resubscription: null,
    })
    const json = JSON.stringify(view)
    expect(json).not.toContain(API_KEY)
    expect(json).not.toContain(SECRET)
  })
})

describe("pricing problems on the status page", () => {
  it("lists each service and currency whose carrier price gave no usable amount, newest first, with how often", () => {
    const log = new PricingProblemLog(2)
    expect(log.record("PA_DOREN", "nok", "gives Infinity NOK", new Date("2026-11-21T10:00:00Z"))).toBe(true)
    expect(log.record("PA_DOREN", "NOK", "gives Infinity NOK", new Date("2026-11-21T10:01:00Z"))).toBe(false)
    log.record("SERVICEPAKKE", "sek", "gives NaN SEK", new Date("2026-11-21T10:02:00Z"))
    log.record("3584", null, "gives -1 NOK", new Date("2026-11-21T10:03:00Z"))
    const view = statusView({
      config,
      effective: config,
      customerList: { ok: true, customers },
      lastEventAt: null,
      carrierErrors: [],
      settings: { version: 0, updatedAt: null, updatedBy: null, problem: null },
      fulfillmentDependencies: ["nordic_parcel"],
      pricingProblems: log.list(),
    })
    expect(view.pricing_problems).toEqual([
      { service_code: "3584", currency_code: null, reason: "gives -1 NOK", count: 1, last_at: "2026-11-21T10:03:00.000Z" },
      { service_code: "SERVICEPAKKE", currency_code: "SEK", reason: "gives NaN SEK", count: 1, last_at: "2026-11-21T10:02:00.000Z" },
    ])
  })
})

describe("the booking rate limit on the status page", () => {
  const view = (bookingRateLimit: { shared: boolean; since: string | null; reason: string | null } | null) =>
    statusView({
      config,
      effective: config,
      customerList: { ok: true, customers },
      lastEventAt: null,
      carrierErrors: [],
      settings: { version: 0, updatedAt: null, updatedBy: null, problem: null },
      fulfillmentDependencies: ["nordic_parcel", "query"],
      bookingRateLimit,
    })

  it.each<[string, { shared: boolean; since: string | null; reason: string | null } | null, object, boolean]>([
    ["no Redis: this instance's own limit, by design", null, { redis: false, shared: false }, false],
    ["shared through Redis", { shared: true, since: null, reason: null }, { redis: true, shared: true }, false],
    [
      "Redis not answering: this instance's own limit since then, with the fix",
      { shared: false, since: "2026-11-21T10:00:00.000Z", reason: "Redis did not answer within 2000 ms (command timed out)" },
      { redis: true, shared: false, since: "2026-11-21T10:00:00.000Z", reason: expect.stringContaining("timed out") },
      true,
    ],
  ])("%s", (_name, sharing, expected, problem) => {
    const status = view(sharing)
    expect(status.booking_rate_limit).toMatchObject(expected)
    const codes = status.setup_problems.map((p) => p.code)
    expect(codes.includes("shared_limit_unavailable")).toBe(problem)
  })
})
