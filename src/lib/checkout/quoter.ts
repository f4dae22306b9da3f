import type { ICachingModuleService, Logger } from "@medusajs/framework/types"
import { CarrierError, type LookupClient } from "../carrier"
import type { NordicParcelOptions } from "../options"
import { TtlCache } from "../cache/ttl-cache"
import type { QuoteInput } from "./quote-input"
import { quoteKey } from "./quote-key"
import { toShippingLookupRequest } from "./shipping-lookup-request"
import { toServiceQuotes, type ServiceQuote } from "./service-quote"

/** A cached quote: per-service answers, as a plain object so the caching module can store it. */
export type Quote = { services: Record<string, ServiceQuote>; quotedAt: string }

export type QuoteOutcome =
  | { ok: true; quote: Quote; key: string }
  | { ok: false; key: string; error: { kind: string; code?: string; message: string } }

/** Failures are remembered briefly, so a cart refreshed during an outage does not wait again. */
const FAILURE_TTL_MS = 30_000

// One per process: the provider and the store routes share quotes, in-flight lookups and the log.
const quotes = new TtlCache<Quote>()
const failures = new Map<string, { until: number; error: Extract<QuoteOutcome, { ok: false }>["error"] }>()

/**
 * Prices every carrier service of a cart state with one carrier request, within the checkout
 * budget. Never throws: a failure comes back as an outcome the caller turns into a fallback.
 */
export class CheckoutQuoter {
  constructor(
    private readonly deps: {
      lookup: LookupClient
      /**
       * Connection options only. What is priced (services, customer numbers, parcel) comes with
       * each QuoteInput, built from the options in force, and is part of the cache key: a changed
       * setting that changes the carrier's answer makes a new quote, and one that does not (markup,
       * fallback price, price source) is applied to the cached answer, never hidden by it.
       */
      options: Pick<NordicParcelOptions, "baseUrl" | "timeouts" | "cache">
      logger: Pick<Logger, "warn">
      caching?: ICachingModuleService
    }
  ) {}

  async quote(input: QuoteInput): Promise<QuoteOutcome> {
    const { options, caching } = this.deps
    const key = quoteKey(input, options.baseUrl)
    const cached = await quotes.get(key, caching)
    if (cached) {
      return { ok: true, quote: cached, key }
    }
    const failed = failures.get(key)
    if (failed && failed.until > Date.now()) {
      return { ok: false, key, error: failed.error }
    }
    try {
      const quote = await quotes.coalesce(key, async () => {
        const response = await this.deps.lookup.getShippingProducts(toShippingLookupRequest(input), {
          timeoutMs: options.timeouts.quoteMs,
          maxAttempts: 1,
        })
        const services = toServiceQuotes(response, input.services.map((s) => s.code))
        const fresh: Quote = { services: Object.fromEntries(services), quotedAt: new Date().toISOString() }
        await quotes.set(key, fresh, options.cache.quoteTtlSeconds, caching)
        failures.delete(key)
        return fresh
      })
      return { ok: true, quote, key }
    } catch (cause) {
      return { ok: false, key, error: this.remember(key, cause) }
    }
  }

  /** The cached quote of a cart state, without asking the carrier (e.g. for a delivery date). */
  async peek(input: QuoteInput): Promise<Quote | undefined> {
    return quotes.get(quoteKey(input, this.deps.options.baseUrl), this.deps.caching)
  }

  private remember(key: string, cause: unknown) {
    const error =
      cause instanceof CarrierError
        ? { kind: cause.kind, code: cause.code, message: cause.message }
        : { kind: "internal", message: cause instanceof Error ? cause.message : String(cause) }
    // Logged once per cart state and outage, not on every refresh of every option.
    if (!failures.has(key) || failures.get(key)!.until <= Date.now()) {
      this.deps.logger.warn(
        `nordic-parcel: shipping quote failed (${error.kind}${error.code ? ` ${error.code}` : ""}): ${error.message}; using fallback prices`
      )
    }
    failures.set(key, { until: Date.now() + FAILURE_TTL_MS, error })
    return error
  }
}
