/*
 * The one HTTP layer of the carrier clients (undici): time budgets, retries only where safe, redirects
 * checked against the caller's `redirectAllowed` (the label storage), body size caps, errors as
 * `CarrierError`. The rate-limit turn: `CallOptions.onTurn` runs when a booking's turn has come, just
 * before the request leaves (the ledger reserves the attempt there), and the request's time budget
 * starts then; the queue wait is bounded apart by `timeouts.bookingQueueMs`. A booking whose ledger
 * write at its turn took longer than `LATE_TURN_MS` takes the next slot ahead of the queue
 * (`firstTurn`).
 */
import { performance } from "node:perf_hooks"
import { setTimeout as sleep } from "node:timers/promises"
import { request as undiciRequest, type Dispatcher } from "undici"
import type { CallOptions, CarrierService, ResolvedCarrierConfig } from "./config"
import {
  CarrierError,
  carrierErrorFromResponse,
  carrierErrorFromTransport,
  type Repeatability,
} from "./errors"
import type { Release } from "./semaphore"
import { LATE_TURN_MS } from "./user-limits"

export type QueryValue = string | number | boolean
/** Query parameters; arrays become repeated parameters (`product=A&product=B`), undefined is left out. */
export type Query = Record<string, QueryValue | readonly QueryValue[] | undefined>

/**
 * How an operation is retried (carrier notes 3):
 * - "transient": lookups and event-cast calls; 429, 5xx and network errors are retried.
 * - "throttled_only": bookings; only a 429 is retried, because only then is it certain that the
 *   carrier did not process the request. A time-out, 5xx or network error may hide a booking.
 * - "never": the event-cast test operation (each attempt sends a callback).
 */
export type RetryPolicy = "transient" | "throttled_only" | "never"

export interface CarrierRequest {
  service: CarrierService
  operation: string
  method: "GET" | "POST" | "DELETE"
  /** Path below the base URL, with path segments already encoded. Ignored when `url` is given. */
  path?: string
  /** Absolute URL handed out by the carrier (labels). Credentials go only to the base URL's origin. */
  url?: URL
  query?: Query
  /** Sent as JSON. */
  body?: unknown
  retry: RetryPolicy
  /** Statuses besides 2xx that the caller handles itself (e.g. 404 on list operations, carrier notes 27). */
  acceptStatuses?: readonly number[]
  /** Redirects to follow; none unless an operation says so (label download). */
  maxRedirects?: number
  /** "bytes" skips JSON decoding (label PDFs). */
  responseType?: "json" | "bytes"
  /**
   * Waits for the per-user limits before each attempt and holds the slot until the body is read.
   * `ahead`: before the other waiters (a turn that came but could not be used on time).
   */
  throttle?: (signal: AbortSignal, options?: { ahead?: boolean }) => Promise<Release>
  /**
   * Bookings: the wait for the first turn at `throttle` is bounded by `CallOptions.queueMs`, not by
   * the call's time budget, which starts when the request is sent. A booking queued behind a busy
   * store's others then neither eats its own answer's time nor is reported as "may have been
   * booked": past the bound it fails as throttled, certainly unsent.
   */
  queuedApart?: boolean
  /** Hosts a redirect may lead to (label storage); any other redirect fails the call. */
  redirectAllowed?: (url: URL) => boolean
  /** Largest body read (default MAX_ANSWER_BYTES); a longer one fails the call instead of filling memory. */
  maxBodyBytes?: number
}

export interface CarrierResponse {
  status: number
  contentType?: string
  retryAfter?: string
  /** Decoded JSON; the text when the body is not JSON; undefined when empty or `responseType` is "bytes". */
  body: unknown
  bytes: Buffer
}

/** The carrier's default back-off between attempts (carrier notes 3): 0.5 s, 1 s, 2 s, … */
const BACKOFF_BASE_MS = 500
/** Bound of a queued-apart request's wait for its first turn unless `CallOptions.queueMs` says otherwise. */
const DEFAULT_QUEUE_MS = 60_000
/**
 * The largest answer read unless the request says otherwise (labels: labels.maxBytes). The carrier's
 * largest JSON answers (a pickup-point search, a booking of many packages) stay far below it;
 * pickup-point searches are reachable from public store routes, so no answer is read whole.
 */
export const MAX_ANSWER_BYTES = 8 * 1024 * 1024
/** Attempts per call unless `CallOptions.maxAttempts` says otherwise (carrier notes 3). */
const DEFAULT_MAX_ATTEMPTS = 3

/** Errors raised while connecting: the request cannot have reached the carrier. */
const CONNECT_ERROR_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "UND_ERR_CONNECT_TIMEOUT"])

type AttemptOutcome =
  | { kind: "response"; response: CarrierResponse }
  /** An answer the request's own rules refuse (a redirect elsewhere, a body too large). */
  | { kind: "refused"; summary: string }
  | { kind: "aborted"; sent: boolean }
  | { kind: "network"; sent: boolean; summary: string }

/**
 * The one way the clients talk to the carrier: authentication headers, a time budget per call,
 * per-user limits, retries, and mapping of every failure to `CarrierError`.
 */
export class CarrierHttp {
  private readonly baseOrigin: string
  private readonly secrets: readonly string[]

  constructor(
    private readonly config: ResolvedCarrierConfig,
    private readonly dispatcher: Dispatcher
  ) {
    this.baseOrigin = new URL(config.baseUrl).origin
    this.secrets = config.secrets
  }

  async send(request: CarrierRequest, options: CallOptions = {}): Promise<CarrierResponse> {
    const budgetMs = options.timeoutMs ?? this.config.timeoutMs
    const maxAttempts = request.retry === "never" ? 1 : Math.max(1, Math.floor(options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS))
    // A request queued apart has had its first turn before its time budget starts.
    let firstTurn = request.queuedApart ? await this.firstTurn(request, options) : undefined
    const deadline = startDeadline(budgetMs, options.signal)
    const context = this.failureContext(request)
    const abortError = (sent: boolean) =>
      carrierErrorFromTransport({
        ...context,
        kind: "timeout",
        sent,
        summary: deadline.timedOut() ? `no complete response within ${budgetMs} ms` : "aborted by the caller",
      })

    try {
      for (let attempt = 1; ; attempt++) {
        const outcome = await this.attempt(request, deadline.signal, attempt, firstTurn)
        firstTurn = undefined

        let error: CarrierError
        if (outcome.kind === "response") {
          const { response } = outcome
          if (isSuccess(response.status) || request.acceptStatuses?.includes(response.status)) return response
          error = this.rejectionOf(request, response)
        } else if (outcome.kind === "aborted") {
          throw abortError(outcome.sent)
        } else if (outcome.kind === "refused") {
          throw new CarrierError({ ...context, kind: "invalid_response", retryable: false, summary: outcome.summary })
        } else {
          error = carrierErrorFromTransport({ ...context, kind: "network", sent: outcome.sent, summary: outcome.summary })
        }

        if (attempt >= maxAttempts || !retriesAfter(request.retry, error)) throw error
        const waitMs = error.retryAfterMs ?? BACKOFF_BASE_MS * 2 ** (attempt - 1)
        // Waiting past the budget would only turn this answer into a time-out.
        if (waitMs >= deadline.remainingMs()) throw error
        this.config.logger.warn(`${error.message}; attempt ${attempt} of ${maxAttempts}, retrying in ${waitMs} ms`)
        try {
          await sleep(waitMs, undefined, { signal: deadline.signal })
        } catch {
          // Aborted while backing off. Only answers that are safe to repeat are retried, so
          // nothing of this call is pending at the carrier: report it like an unsent request.
          throw abortError(false)
        }
      }
    } finally {
      deadline.dispose()
    }
  }

  /**
   * The error for an answer that cannot be used. Also for answers the http layer lets through
   * but the caller refuses after reading them (a booking answered 200 with errors, carrier notes 14).
   */
  rejectionOf(request: Pick<CarrierRequest, "service" | "operation" | "retry">, response: CarrierResponse): CarrierError {
    return carrierErrorFromResponse({
      ...this.failureContext(request),
      status: response.status,
      body: response.bytes.toString("utf8"),
      retryAfter: response.retryAfter,
    })
  }

  private failureContext(request: Pick<CarrierRequest, "service" | "operation" | "retry">) {
    const repeatability: Repeatability = request.retry === "transient" ? "repeatable" : "not_repeatable"
    return { service: request.service, operation: request.operation, repeatability, secrets: this.secrets }
  }

  /**
   * Waits for the request's first turn at its throttle, at most `queueMs`, then runs `onTurn` (the
   * booking ledger records the attempt only now, so a process stopped while queued left nothing
   * behind). Past the bound the call fails as throttled: nothing was sent.
   */
  private async firstTurn(request: CarrierRequest, options: CallOptions): Promise<Release> {
    const queueMs = options.queueMs ?? DEFAULT_QUEUE_MS
    const wait = startDeadline(queueMs, options.signal)
    let release: Release = () => {}
    try {
      if (request.throttle) release = await request.throttle(wait.signal)
    } catch (error) {
      if (!wait.signal.aborted) throw error
      throw carrierErrorFromTransport({
        ...this.failureContext(request),
        kind: wait.timedOut() ? "rate_limited" : "timeout",
        sent: false,
        summary: wait.timedOut() ? `not sent: no turn at the rate limit within ${queueMs} ms` : "aborted by the caller before it was sent",
      })
    } finally {
      wait.dispose()
    }
    if (!options.onTurn) return release
    const turnAt = performance.now()
    try {
      await options.onTurn()
    } catch (error) {
      release()
      throw error
    }
    if (request.throttle && performance.now() - turnAt > LATE_TURN_MS) {
      // The turn's own work (the ledger's write, slow on a busy database) kept the request past
      // its slot: sent now, it would reach the carrier closer to the next requests than the limit
      // allows. It takes the next slot instead, before the other waiters.
      release()
      try {
        release = await request.throttle(options.signal ?? new AbortController().signal, { ahead: true })
      } catch {
        // Only the caller's signal ends this wait: the request was not sent, which its caller
        // must know (the attempt recorded at the turn is dropped, not shown as maybe booked).
        throw carrierErrorFromTransport({ ...this.failureContext(request), kind: "timeout", sent: false, summary: "aborted by the caller before it was sent" })
      }
    }
    return release
  }

  private async attempt(request: CarrierRequest, signal: AbortSignal, attempt: number, granted?: Release): Promise<AttemptOutcome> {
    let release: Release = () => {}
    try {
      if (granted) release = granted
      else if (request.throttle) release = await request.throttle(signal)
    } catch {
      return { kind: "aborted", sent: false }
    }

    const startedAt = Date.now()
    let url = request.url ?? this.urlFor(request.path ?? "/", request.query)
    let sent = false
    try {
      for (let redirects = 0; ; redirects++) {
        sent = true
        const response = await undiciRequest(url, {
          dispatcher: this.dispatcher,
          method: request.method,
          headers: this.headersFor(url, request.body !== undefined),
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
          signal,
        })
        // Always drain the body: an unread body keeps the keep-alive connection busy.
        const maxBytes = request.maxBodyBytes ?? MAX_ANSWER_BYTES
        const bytes = await readBody(response.body, maxBytes)
        if (bytes === "too-large") {
          return { kind: "refused", summary: `the answer is larger than ${maxBytes} bytes` }
        }
        const location = header(response.headers, "location")
        this.config.logger.debug(
          `Carrier ${request.operation}: ${request.method} ${url.pathname} -> ${response.statusCode} ` +
            `in ${Date.now() - startedAt} ms (attempt ${attempt})`
        )
        if (isRedirect(response.statusCode) && location && redirects < (request.maxRedirects ?? 0)) {
          const next = new URL(location, url)
          if (request.redirectAllowed && !request.redirectAllowed(next)) {
            return { kind: "refused", summary: `redirected to ${next.protocol}//${next.host}, which is not the carrier's label storage` }
          }
          url = next
          continue
        }
        return {
          kind: "response",
          response: {
            status: response.statusCode,
            contentType: header(response.headers, "content-type"),
            retryAfter: header(response.headers, "retry-after"),
            bytes,
            body: request.responseType === "bytes" ? undefined : decodeJson(bytes),
          },
        }
      }
    } catch (error) {
      if (signal.aborted) return { kind: "aborted", sent }
      const code = (error as { code?: unknown }).code
      const message = error instanceof Error ? error.message : String(error)
      return {
        kind: "network",
        sent: !(typeof code === "string" && CONNECT_ERROR_CODES.has(code)),
        summary: typeof code === "string" && !message.includes(code) ? `${code}: ${message}` : message,
      }
    } finally {
      release()
    }
  }

  private urlFor(path: string, query: Query | undefined): URL {
    const url = new URL(this.config.baseUrl + path)
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value === undefined) continue
      for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(item))
    }
    return url
  }

  private headersFor(url: URL, hasBody: boolean): Record<string, string> {
    const headers: Record<string, string> = { accept: "application/json" }
    if (hasBody) headers["content-type"] = "application/json"
    // Credentials go to the configured carrier only, never to a host named in a response (labels).
    if (url.origin === this.baseOrigin) {
      headers["x-portal-api-uid"] = this.config.apiUid
      headers["x-portal-api-key"] = this.config.apiKey
      if (this.config.clientUrl) headers["x-carrier-client-url"] = this.config.clientUrl
    }
    return headers
  }
}

function retriesAfter(policy: RetryPolicy, error: CarrierError): boolean {
  switch (policy) {
    case "transient":
      return error.kind === "rate_limited" || error.kind === "server" || error.kind === "network"
    case "throttled_only":
      return error.kind === "rate_limited"
    case "never":
      return false
  }
}

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300
}

function isRedirect(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}

/** The whole body, or "too-large" as soon as it passes `maxBytes` (the rest is not read). */
async function readBody(body: Dispatcher.ResponseData["body"], maxBytes: number): Promise<Buffer | "too-large"> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of body) {
    size += (chunk as Buffer).length
    if (size > maxBytes) {
      body.destroy()
      return "too-large"
    }
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

/** Lenient: some answers are plain text whatever their content type. */
function decodeJson(bytes: Buffer): unknown {
  const text = bytes.toString("utf8")
  if (text.trim() === "") return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

interface Deadline {
  signal: AbortSignal
  timedOut(): boolean
  remainingMs(): number
  dispose(): void
}

/** One abort signal for the whole call: the time budget or the caller's signal, whichever comes first. */
function startDeadline(budgetMs: number, callerSignal: AbortSignal | undefined): Deadline {
  const controller = new AbortController()
  const endsAt = Date.now() + budgetMs
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort(new Error(`time budget of ${budgetMs} ms exhausted`))
  }, budgetMs)
  const onCallerAbort = () => controller.abort(callerSignal?.reason)
  if (callerSignal?.aborted) onCallerAbort()
  else callerSignal?.addEventListener("abort", onCallerAbort, { once: true })
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    remainingMs: () => endsAt - Date.now(),
    dispose() {
      clearTimeout(timer)
      callerSignal?.removeEventListener("abort", onCallerAbort)
    },
  }
}
