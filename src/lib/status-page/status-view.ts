import type { BookingCustomer, CarrierError, CarrierErrorEntry } from "../carrier"
import type { NordicParcelOptions } from "../options"
import { credentialsView } from "../settings/settings-view"
import { callbackUrl } from "../tracking/subscription-request"
import type { ServiceLabel } from "../service-names/service-label"
import { customerView } from "./customer-view"
import type { PricingProblemEntry } from "./pricing-problems"
import type { ForwardedForView } from "../rate-limit/forwarded-for-notice"
import type { RefusedSetting } from "../settings/refused-settings"
import { setupProblems } from "./setup-problems"

/** The outcome of asking the booking service for the customer list: the credentials check. */
export type CustomerListOutcome = { ok: true; customers: BookingCustomer[] } | { ok: false; error: CarrierError }

export type StatusInput = {
  /** medusa-config: carrier address, credentials, webhook set-up. */
  config: NordicParcelOptions
  /** The options in force (with the merchant's settings). */
  effective: NordicParcelOptions
  customerList: CustomerListOutcome
  lastEventAt: Date | null
  carrierErrors: CarrierErrorEntry[]
  settings: { version: number; updatedAt: Date | null; updatedBy: string | null; problem: string | null; refused?: RefusedSetting[] }
  /** The fulfillment module's `dependencies` (null: no fulfillment module registers the provider). */
  fulfillmentDependencies: readonly string[] | null
  /** A service's name by precedence (merchant, carrier, catalogue, code). */
  serviceLabel?: (code: string) => ServiceLabel
  /** Callbacks refused for their secret header, by every instance (kept in the database). */
  refusedCallbacks?: { count: number; last_at: Date | null }
  /** Authenticated callbacks kept as dead letters (not understood), all instances. */
  deadLetterCount?: number
  /** The last resubscription run that found subscriptions made with an old secret or URL (null: none yet). */
  resubscription?: ResubscriptionOutcome | null
  /** The per-minute bound of stored callbacks on this instance and what it turned away. */
  callbackIntake?: { events_per_minute: number; dead_letters_per_minute: number; dropped: { events: number; dead_letters: number; last_at: string | null } }
  /** The booking limit's sharing through Redis on this instance (null: no Redis configured). */
  bookingRateLimit?: { shared: boolean; since: string | null; reason: string | null } | null
  /** Store requests this instance saw with X-Forwarded-For while no proxy is trusted (null: none). */
  forwardedForIgnored?: ForwardedForView | null
  /** Carrier prices of this instance that gave no usable amount (fallback or hidden), newest first. */
  pricingProblems?: PricingProblemEntry[]
}

/** Subscriptions made again at start-up because the secret or public URL changed. */
export type ResubscriptionOutcome = {
  at: Date
  /** Active subscriptions that carried an old secret or URL. */
  stale: number
  renewed: number
  failed: { carrier_id: string; message: string }[]
}

/**
 * GET /admin/nordic-parcel/status: whether the integration works, in one answer. The credentials
 * are checked by the booking service's customer list: refused means wrong credentials (`valid:
 * false`), any other failure means the carrier could not say (`valid: null`). Secrets appear only
 * as "set or not".
 */
export function statusView(input: StatusInput) {
  const { config, effective, customerList } = input
  const customers = customerList.ok ? customerList.customers.map((customer) => customerView(customer, input.serviceLabel)) : []
  const accessible = new Set(customers.map((customer) => customer.customer_number))
  const used = [effective.customerNumber, ...effective.services.map((service) => service.customerNumber)].filter(
    (number): number is string => Boolean(number)
  )
  return {
    credentials: {
      valid: customerList.ok ? true : customerList.error.kind === "authentication" ? false : null,
      error: customerList.ok
        ? null
        : { kind: customerList.error.kind, code: customerList.error.code ?? null, message: customerList.error.message },
      ...credentialsView(config),
    },
    test_mode: effective.testMode,
    base_url: config.baseUrl,
    default_customer_number: effective.customerNumber ?? null,
    customer_numbers: customers.map((customer) => ({
      ...customer,
      default: customer.customer_number === effective.customerNumber,
    })),
    // Numbers the options or settings use but the credentials may not book with (list known only).
    unavailable_customer_numbers: customerList.ok ? [...new Set(used)].filter((number) => !accessible.has(number)) : [],
    webhook: {
      url: config.webhooks.publicUrl ? callbackUrl(config.webhooks.publicUrl) : null,
      secret_set: Boolean(config.webhooks.secret),
      header_name: config.webhooks.headerName,
      auto_subscribe: effective.webhooks.autoSubscribe,
      event_groups: [...effective.webhooks.eventGroups],
      last_event_at: input.lastEventAt?.toISOString() ?? null,
      // Whether an old secret is still accepted, and until when (never the secret itself).
      previous_secret_until: config.webhooks.previousSecret ? (config.webhooks.previousSecretUntil ?? null) : null,
      refused_callbacks: {
        count: input.refusedCallbacks?.count ?? 0,
        last_at: input.refusedCallbacks?.last_at?.toISOString() ?? null,
      },
      dead_letter_count: input.deadLetterCount ?? 0,
      // Callbacks this instance stores per minute, and those it answered 503 past the bound.
      intake: input.callbackIntake ?? {
        events_per_minute: config.webhooks.maxEventsPerMinute,
        dead_letters_per_minute: config.webhooks.maxDeadLettersPerMinute,
        dropped: { events: 0, dead_letters: 0, last_at: null },
      },
      resubscription: input.resubscription
        ? { ...input.resubscription, at: input.resubscription.at.toISOString() }
        : null,
    },
    carrier_errors: input.carrierErrors,
    // Carrier prices not handed to Medusa because they were no finite, non-negative amount.
    pricing_problems: input.pricingProblems ?? [],
    // Set-up mistakes with their fixes, as logged at start-up (the settings page's banner).
    setup_problems: setupProblems({
      fulfillmentDependencies: input.fulfillmentDependencies,
      webhookUrl: config.webhooks.publicUrl,
      webhookSecretSet: Boolean(config.webhooks.secret),
      credentialsValid: customerList.ok ? true : customerList.error.kind === "authentication" ? false : null,
      forwardedForIgnored: Boolean(input.forwardedForIgnored),
      orderAccessSecretSet: Boolean(config.orderAccess.secret),
      refusedSettings: input.settings.refused,
      bookingRateLimit: input.bookingRateLimit,
    }),
    // The carrier's booking limit: shared by every instance through Redis, or kept by this one
    // (no Redis configured, or Redis not answering since `since`).
    booking_rate_limit: input.bookingRateLimit
      ? { redis: true, ...input.bookingRateLimit }
      : { redis: false, shared: false, since: null, reason: null },
    // Who a client of the public store routes is (per-client rate limit), and whether requests came
    // through a proxy the plugin was not told to trust.
    client_address: {
      trusted_proxies: config.clientAddress.trustedProxies,
      header: config.clientAddress.header ?? null,
      forwarded_for_ignored: input.forwardedForIgnored ?? null,
    },
    settings: {
      version: input.settings.version,
      updated_at: input.settings.updatedAt?.toISOString() ?? null,
      updated_by: input.settings.updatedBy,
      problem: input.settings.problem,
      // Stored values this version refuses: kept in storage, not applied (setup_problems give the fix).
      refused: (input.settings.refused ?? []).map(({ field, value, rule }) => ({ field, value, rule })),
    },
  }
}
