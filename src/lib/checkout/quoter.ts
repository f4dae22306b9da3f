/*
 * One quote per cart state: answered from its cache (or Medusa's caching module, shared between
 * instances), coalesced with a lookup already in flight, or one carrier lookup
 * (lib/carrier/lookup-client.ts, every package in one request by shipping-lookup-request.ts) within
 * the checkout budget. A failure is remembered 5 s and gives the service's fallback price or hides the
 * option, never an error. Every answer feeds the carrier-name cache.
 */
import type { ICachingModuleService, Logger } from "@medusajs/framework/types"
import { CarrierError, type LookupClient, type ShippingLookupResponse } from "../carrier"
import type { NordicParcelOptions } from "../options"
import { DEFAULT_SHARED_TIMEOUT_MS, TtlCache } from "../cache/ttl-cache"
import type { QuoteInput } from "./quote-input"
import { quoteKey } from "./quote-key"
import { toShippingLookupRequest } from "./shipping-lookup-request"
import { toServiceQuotes, type ServiceQuote } from "./service-quote"

/** A cached quote: per-service answers, as a plain object so the caching module can store it. */
export type Quote = { services: Record<string, ServiceQuote>; quotedAt: string }

export type QuoteOutcome =
  | { ok: true; quote: Quote; key: string }
  | { ok: false; key: string; error: { kind: string; code?: string; message: string } }

/**
 * A failed lookup is remembered this long per cart state, so the refreshes and option prices of
 * one checkout step do not each wait out the time budget during an outage; short, so prices are
 * back within seconds once the carrier answers again (a shopper retrying sees them).
 */
export const FAILURE_TTL_MS = 5_000
/** Failure memory is bounded: the oldest entries go first (they have expired by then anyway). */
export const MAX_REMEMBERED_FAILURES = 1_000

type RememberedFailure = { until: number; error: Extract<QuoteOutcome, { ok: false }>["error"] }

/**
 * Prices every carrier service of a cart state with one carrier request, within the checkout
 * budget. Never throws: a failure comes back as an outcome the caller turns into a fallback. The
 * shared cache (Medusa's caching module) is read within a tenth of the budget and written in the
 * background, so a slow or hung Redis adds at most that to a quote.
 */
export class CheckoutQuoter {
  // Owned by the plugin's module (one quoter per process): the provider and the store routes share
  // quotes, in-flight lookups and remembered failures through it.
  private readonly quotes: TtlCache<Quote>
  private readonly failures = new Map<string, RememberedFailure>()

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
      /** Sees every lookup answer (it carries the carrier's display names of the services). */
      onAnswer?: (response: ShippingLookupResponse) => void
    }
  ) {
    // The shared cache's read may take a tenth of the checkout budget at most (250 ms of 2.5 s).
    this.quotes = new TtlCache<Quote>({ sharedTimeoutMs: Math.max(50, Math.min(DEFAULT_SHARED_TIMEOUT_MS, Math.floor(deps.options.timeouts.quoteMs / 10))) })
  }

  async quote(input: QuoteInput): Promise<QuoteOutcome> {
    const { options, caching } = this.deps
    const key = quoteKey(input, options.baseUrl)
    const cached = await this.quotes.get(key, caching)
    if (cached) {
      return { ok: true, quote: cached, key }
    }
    const failed = this.failures.get(key)
    if (failed && failed.until > Date.now()) {
      return { ok: false, key, error: failed.error }
    }
    try {
      const quote = await this.quotes.coalesce(key, async () => {
        const response = await this.deps.lookup.getShippingProducts(toShippingLookupRequest(input), {
          timeoutMs: options.timeouts.quoteMs,
          maxAttempts: 1,
        })
        this.deps.onAnswer?.(response)
        const services = toServiceQuotes(response, input.services.map((s) => s.code))
        const fresh: Quote = { services: Object.fromEntries(services), quotedAt: new Date().toISOString() }
        // Not awaited: the shopper has the price; the shared copy (bounded, failures ignored) follows.
        void this.quotes.set(key, fresh, options.cache.quoteTtlSeconds, caching)
        this.failures.delete(key)
        return fresh
      })
      return { ok: true, quote, key }
    } catch (cause) {
      return { ok: false, key, error: this.remember(key, cause) }
    }
  }

  /** The cached quote of a cart state, without asking the carrier (e.g. for a delivery date). */
  async peek(input: QuoteInput): Promise<Quote | undefined> {
    return this.quotes.get(quoteKey(input, this.deps.options.baseUrl), this.deps.caching)
  }

  private remember(key: string, cause: unknown) {
    const error =
      cause instanceof CarrierError
        ? { kind: cause.kind, code: cause.code, message: cause.message }
        : { kind: "internal", message: cause instanceof Error ? cause.message : String(cause) }
    // Logged once per cart state and outage, not on every refresh of every option.
    if (!this.failures.has(key) || this.failures.get(key)!.until <= Date.now()) {
      this.deps.logger.warn(
        `nordic-parcel: shipping quote failed (${error.kind}${error.code ? ` ${error.code}` : ""}): ${error.message}; using fallback prices`
      )
    }
    this.rememberFailure(key, { until: Date.now() + FAILURE_TTL_MS, error })
    return error
  }

  /** Stores a failure, dropping expired ones and, past the bound, the oldest. */
  private rememberFailure(key: string, failure: RememberedFailure, now = Date.now()): void {
    this.failures.delete(key) // re-inserted last, so insertion order stays oldest first
    for (const [oldKey, old] of this.failures) {
      if (this.failures.size < MAX_REMEMBERED_FAILURES && old.until > now) break
      this.failures.delete(oldKey)
    }
    this.failures.set(key, failure)
  }

  /** How many failures are remembered now. */
  rememberedFailures(): number {
    return this.failures.size
  }
}
