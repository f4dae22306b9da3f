import type { Dispatcher } from "undici"
import { scrubbingLogger, type CarrierError } from "./errors"

/** The carrier's service families; every error names the one that failed. */
export type CarrierService = "shipping" | "pickup" | "postal" | "booking" | "events"

/** Structural subset of Medusa's `Logger`, so the plugin can pass its own logger straight in. */
export interface CarrierLogger {
  debug(message: string): void
  info(message: string): void
  warn(message: string): void
  error(message: string): void
}

export interface CarrierClientConfig {
  /** The carrier's `{base_url}`, e.g. `https://api.example.com` (no trailing path is required). */
  baseUrl: string
  /** Portal login id, sent as `X-Portal-API-Uid`. */
  apiUid: string
  /** Portal API key, sent as `X-Portal-API-Key`. Never logged and never part of an error. */
  apiKey: string
  /**
   * Other secrets the caller holds (the webhook secrets sent in subscription headers): scrubbed,
   * like the API key, from every error and log line, should the carrier echo one.
   */
  secrets?: readonly (string | undefined)[]
  /** Shop host, sent as `X-Carrier-Client-URL` on every request (carrier notes 1). */
  clientUrl?: string
  /** Default time budget of one client call, in ms: queueing, every attempt, back-off and body read. */
  timeoutMs?: number
  /** Booking requests per second per API user; the carrier throttles above 18. */
  bookingRatePerSecond?: number
  /** Event-cast requests in flight per API user. */
  eventsConcurrency?: number
  /** Event-cast test operations in flight per API user. */
  eventsTestConcurrency?: number
  /**
   * Redis URL through which every process of the store shares the booking rate limit (the carrier
   * counts per API user, not per process). Without it the limit is kept in this process only.
   */
  sharedLimitRedisUrl?: string
  /** Dispatcher to use instead of the client set's own keep-alive `Agent` (tests); `close()` leaves it open. */
  dispatcher?: Dispatcher
  logger?: CarrierLogger
  /**
   * Called with every CarrierError a client method rejects with (after retries), e.g. to keep
   * the latest failures for a status page. Must not throw; a throw is ignored.
   */
  onError?: (error: CarrierError) => void
}

/** Per-call overrides accepted as the last argument of every client method. */
export interface CallOptions {
  /** Time budget of this call in ms; overrides `CarrierClientConfig.timeoutMs`. */
  timeoutMs?: number
  /** Aborts the call; surfaces as a `CarrierError` of kind "timeout". */
  signal?: AbortSignal
  /** Attempts for this call (default 3; 1 = no retry). Operations that are never retried ignore it. */
  maxAttempts?: number
  /**
   * Bookings: the longest wait for the first turn at the shared rate limit (default 60 s). The
   * time budget starts only when the request is sent.
   */
  queueMs?: number
  /**
   * Bookings: runs once when the request's turn has come, just before it is sent; a throw cancels
   * the call with nothing sent.
   */
  onTurn?: () => Promise<void>
}

const DEFAULT_TIMEOUT_MS = 10_000
const DEFAULT_BOOKING_RATE_PER_SECOND = 18
const DEFAULT_EVENTS_CONCURRENCY = 50
const DEFAULT_EVENTS_TEST_CONCURRENCY = 10

const silentLogger: CarrierLogger = { debug() {}, info() {}, warn() {}, error() {} }

export type ResolvedCarrierConfig = Required<
  Omit<CarrierClientConfig, "clientUrl" | "dispatcher" | "onError" | "sharedLimitRedisUrl" | "secrets">
> &
  Pick<CarrierClientConfig, "clientUrl" | "dispatcher" | "sharedLimitRedisUrl"> & { secrets: readonly string[] }

/** Checks the configuration once, at construction, so a bad value fails at boot rather than at checkout. */
export function resolveCarrierConfig(config: CarrierClientConfig): ResolvedCarrierConfig {
  let base: URL
  try {
    base = new URL(config.baseUrl)
  } catch {
    throw new TypeError("Carrier client: baseUrl must be an absolute URL")
  }
  if (base.protocol !== "http:" && base.protocol !== "https:") {
    throw new TypeError("Carrier client: baseUrl must use http or https")
  }
  if (!config.apiUid || !config.apiKey) {
    throw new TypeError("Carrier client: apiUid and apiKey are required")
  }
  const positive = (name: string, value: number | undefined, fallback: number): number => {
    if (value === undefined) return fallback
    if (!Number.isFinite(value) || value <= 0) throw new TypeError(`Carrier client: ${name} must be a positive number`)
    return value
  }
  const positiveInteger = (name: string, value: number | undefined, fallback: number): number => {
    if (value !== undefined && !Number.isInteger(value)) throw new TypeError(`Carrier client: ${name} must be an integer`)
    return positive(name, value, fallback)
  }
  return {
    // Paths are appended to the base, so a trailing slash would produce `//` in every URL.
    baseUrl: base.href.replace(/\/+$/, ""),
    apiUid: config.apiUid,
    apiKey: config.apiKey,
    secrets: [config.apiKey, ...(config.secrets ?? [])].filter((secret): secret is string => Boolean(secret)),
    clientUrl: config.clientUrl,
    timeoutMs: positive("timeoutMs", config.timeoutMs, DEFAULT_TIMEOUT_MS),
    bookingRatePerSecond: positiveInteger(
      "bookingRatePerSecond",
      config.bookingRatePerSecond,
      DEFAULT_BOOKING_RATE_PER_SECOND
    ),
    eventsConcurrency: positiveInteger("eventsConcurrency", config.eventsConcurrency, DEFAULT_EVENTS_CONCURRENCY),
    eventsTestConcurrency: positiveInteger(
      "eventsTestConcurrency",
      config.eventsTestConcurrency,
      DEFAULT_EVENTS_TEST_CONCURRENCY
    ),
    dispatcher: config.dispatcher,
    sharedLimitRedisUrl: config.sharedLimitRedisUrl || undefined,
    logger: scrubbingLogger(config.logger ?? silentLogger, [config.apiKey, ...(config.secrets ?? [])]),
  }
}
