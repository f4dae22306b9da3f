/*
 * `CarrierError` (what failed, whether to retry, the carrier's code) and `scrubbingLogger`: the API
 * key and the webhook secrets (current and previous) are removed from every carrier error and client
 * log line. modules/nordic_parcel/carrier-access.ts gives the clients this logger;
 * api/carrier-error-handler.ts turns the errors into HTTP answers.
 */
import type { CarrierService } from "./config"
import {
  bookingErrorsBody,
  pickupErrorsBody,
  clientMessageBody,
  codeMessageBody,
  customerErrorBody,
  fieldErrorsBody,
  trackingErrorBody,
} from "./schemas/error-bodies"

export type CarrierErrorKind =
  | "authentication"
  | "validation"
  | "not_found"
  | "conflict"
  | "rate_limited"
  | "server"
  | "timeout"
  | "network"
  | "invalid_response"

/** One error as the carrier reported it (or one failed check of our own request). */
export interface CarrierErrorDetail {
  code?: string
  message: string
  field?: string
}

export interface CarrierErrorInit {
  service: CarrierService
  /** `<service>.<operation>`, e.g. "booking.book". */
  operation: string
  kind: CarrierErrorKind
  retryable: boolean
  status?: number
  code?: string
  uniqueId?: string
  field?: string
  details?: CarrierErrorDetail[]
  retryAfterMs?: number
  /** Describes the failure when there are no details, e.g. "no complete response within 500 ms". */
  summary?: string
}

/**
 * The one error type of the carrier clients. Built only from the carrier's answer (or our own
 * checks), never from request headers, so it cannot carry the API key; carrier text is scrubbed
 * of the credentials as well, in case a service echoes them.
 */
export class CarrierError extends Error {
  readonly service: CarrierService
  readonly operation: string
  readonly kind: CarrierErrorKind
  /** HTTP status; undefined for time-outs, network failures and checks made before sending. */
  readonly status?: number
  /** The carrier's error code (FG_…, BOOK-…, INVALID_ARGUMENT, …) or the code of the first detail. */
  readonly code?: string
  /** The carrier's log reference: booking `uniqueId` or event-cast `uuid`. */
  readonly uniqueId?: string
  readonly field?: string
  readonly details: CarrierErrorDetail[]
  /**
   * True when sending the same request again may succeed and cannot do harm: throttling, and
   * for operations without side effects also server errors, time-outs and network failures.
   * A booking that may have reached the carrier is never retryable (it could book twice).
   */
  readonly retryable: boolean
  readonly retryAfterMs?: number

  constructor(init: CarrierErrorInit) {
    super(formatMessage(init))
    this.service = init.service
    this.operation = init.operation
    this.kind = init.kind
    this.status = init.status
    this.code = init.code
    this.uniqueId = init.uniqueId
    this.field = init.field
    this.details = init.details ?? []
    this.retryable = init.retryable
    this.retryAfterMs = init.retryAfterMs
  }

  toJSON() {
    return {
      name: this.name,
      message: this.message,
      service: this.service,
      operation: this.operation,
      kind: this.kind,
      status: this.status,
      code: this.code,
      uniqueId: this.uniqueId,
      field: this.field,
      details: this.details,
      retryable: this.retryable,
      retryAfterMs: this.retryAfterMs,
    }
  }
}
// On the prototype, so the stack header V8 captures during `super()` already says CarrierError.
CarrierError.prototype.name = "CarrierError"

/**
 * Whether a failed call that makes something at the carrier (a booking, a pickup order) may have
 * made it all the same: a time-out, a broken connection, an answered 5xx (a gateway's 502/504) or
 * an answer that cannot be read, and anything that is not a CarrierError. Only a refusal (400, 401,
 * 429 after the retries) or a request that never left this process (`retryable` here) made nothing.
 * The one rule for bookings (lib/booking/booking-failure.ts) and pickup orders.
 */
export function carrierMayHaveActed(error: unknown): boolean {
  if (!(error instanceof CarrierError)) return true
  if (error.kind === "validation" || error.kind === "authentication" || error.kind === "rate_limited") return false
  return !error.retryable
}

/**
 * A CarrierError again after Medusa's workflow engine turned it into a plain object (it keeps a
 * failed step's error as its own properties, name included); anything else is returned as is.
 */
export function reviveCarrierError(error: unknown): unknown {
  if (error instanceof CarrierError || error === null || typeof error !== "object") return error
  const fields = error as { name?: unknown; kind?: unknown; operation?: unknown }
  if (fields.name !== "CarrierError" || typeof fields.kind !== "string" || typeof fields.operation !== "string") return error
  return Object.assign(Object.create(CarrierError.prototype) as CarrierError, error, { details: (error as CarrierError).details ?? [] })
}

function formatMessage(init: CarrierErrorInit): string {
  const head = [init.status ?? init.kind, init.code].filter((part) => part !== undefined).join(" ")
  const described = (init.details ?? []).map((detail) => {
    // The head already names the main code; repeat only codes that differ from it.
    const code = detail.code && detail.code !== init.code ? `${detail.code}: ` : ""
    const field = detail.field ? ` [${detail.field}]` : ""
    return `${code}${detail.message}${field}`
  })
  const summary = described.length > 0 ? described.join("; ") : init.summary ?? "no details given"
  return `Carrier ${init.operation} failed (${head}): ${summary}`
}

// ------------------------------------------------------------------ mapping

/** Whether an operation may be repeated after a failure whose outcome is unknown. */
export type Repeatability = "repeatable" | "not_repeatable"

interface FailureContext {
  service: CarrierService
  operation: string
  repeatability: Repeatability
  /** Credentials to scrub from any carrier text that ends up in the error. */
  secrets: readonly string[]
}

export interface ResponseFailure extends FailureContext {
  status: number
  /** The response body as text (JSON or not; may be empty). */
  body: string
  /** The `Retry-After` header, if any. */
  retryAfter?: string
  /** Clock for HTTP-date `Retry-After` values; tests pin it. */
  now?: number
}

/** Maps an HTTP answer the caller cannot use to a `CarrierError`. */
export function carrierErrorFromResponse(failure: ResponseFailure): CarrierError {
  const scrub = scrubber(failure.secrets)
  const body = scrub(failure.body)
  const kind = kindOfStatus(failure.status, body)
  const { details, uniqueId } = detailsOfBody(body)
  const scrubbedDetails = details.map((detail) => ({
    message: scrub(detail.message),
    ...(detail.code ? { code: scrub(detail.code) } : {}),
    ...(detail.field ? { field: scrub(detail.field) } : {}),
  }))
  const first = scrubbedDetails.find((detail) => detail.code) ?? scrubbedDetails[0]
  const retryAfterMs = kind === "rate_limited" ? parseRetryAfter(failure.retryAfter, failure.now) : undefined
  return new CarrierError({
    service: failure.service,
    operation: failure.operation,
    kind,
    status: failure.status,
    code: first?.code,
    uniqueId: uniqueId ? scrub(uniqueId) : undefined,
    field: scrubbedDetails.find((detail) => detail.field)?.field,
    details: scrubbedDetails,
    retryable: isRetryable(kind, failure.repeatability),
    retryAfterMs,
    summary: details.length === 0 ? summarizeText(body) : undefined,
  })
}

export interface TransportFailure extends FailureContext {
  /** "rate_limited": the request's turn at the carrier's rate limit did not come in time. */
  kind: "timeout" | "network" | "rate_limited"
  summary: string
  /** False when the request provably never reached the carrier (still queued, connection refused). */
  sent: boolean
}

/** Time-outs, aborts and connection failures: there is no HTTP status. */
export function carrierErrorFromTransport(failure: TransportFailure): CarrierError {
  return new CarrierError({
    service: failure.service,
    operation: failure.operation,
    kind: failure.kind,
    summary: scrubber(failure.secrets)(failure.summary),
    retryable: !failure.sent || isRetryable(failure.kind, failure.repeatability),
  })
}

function kindOfStatus(status: number, body: string): CarrierErrorKind {
  if (status === 401 || status === 403) return "authentication"
  // Some endpoints answer 400 instead of 401 for bad credentials (carrier notes 2).
  if (status === 400 && /^\s*Authentication failed/.test(body)) return "authentication"
  if (status === 404) return "not_found"
  if (status === 409) return "conflict"
  if (status === 429) return "rate_limited"
  if (status >= 500) return "server"
  if (status >= 400) return "validation"
  // A booking answered 2xx with `consignments[].errors` (carrier notes 14): refused like a 400.
  if (status >= 200 && status < 300) return "validation"
  // 1xx and 3xx: nothing the client asked for (redirects are followed only for labels).
  return "invalid_response"
}

function isRetryable(kind: CarrierErrorKind, repeatability: Repeatability): boolean {
  switch (kind) {
    case "rate_limited":
      // Throttled requests were not processed (carrier notes 3), so even a booking may be sent again.
      return true
    case "server":
    case "timeout":
    case "network":
      return repeatability === "repeatable"
    default:
      return false
  }
}

const bookingSuffixField: Record<string, string> = { SENDER: "sender", RECIPIENT: "recipient" }

/** Recognises every documented error body shape (carrier notes 2, 3, 10, 14 and the event-cast shapes). */
function detailsOfBody(body: string): { details: CarrierErrorDetail[]; uniqueId?: string } {
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    return { details: [] }
  }

  const booking = bookingErrorsBody.safeParse(json)
  if (booking.success) {
    const errors = booking.data.consignments.flatMap((consignment) => consignment.errors)
    if (errors.length > 0) {
      return {
        uniqueId: errors.find((error) => error.uniqueId)?.uniqueId ?? undefined,
        details: errors.map((error) => {
          const message =
            error.messages.find((entry) => entry.lang === "en")?.message ?? error.messages[0]?.message
          // Suffixable codes name the party (B4); package-level errors name the package.
          const suffix = /-(SENDER|RECIPIENT)$/.exec(error.code ?? "")?.[1]
          const field = suffix
            ? bookingSuffixField[suffix]
            : error.packageCorrelationId
              ? `packages[${error.packageCorrelationId}]`
              : undefined
          return compact({ code: error.code ?? undefined, message: message ?? "no message given", field })
        }),
      }
    }
  }

  const pickup = pickupErrorsBody.safeParse(json)
  if (pickup.success && pickup.data.errors.length > 0) {
    const errors = pickup.data.errors
    return {
      uniqueId: errors.find((error) => error.uniqueId)?.uniqueId ?? undefined,
      details: errors.map((error) => {
        const message = error.messages.find((entry) => entry.lang === "en")?.message ?? error.messages[0]?.message
        return compact({ code: error.code ?? undefined, message: message ?? "no message given" })
      }),
    }
  }

  const fieldErrors = fieldErrorsBody.safeParse(json)
  if (fieldErrors.success) {
    return {
      details: fieldErrors.data.fieldErrors.map((error) =>
        compact({
          code: error.code ?? undefined,
          message: error.message ?? "no message given",
          field: error.field || undefined,
        })
      ),
    }
  }

  const clientMessage = clientMessageBody.safeParse(json)
  if (clientMessage.success) {
    // `status` reads like "400 BAD_REQUEST": the name is the closest thing to a code.
    const statusName = /^\s*\d{3}\s+([A-Z_]+)/.exec(clientMessage.data.status ?? "")?.[1]
    return {
      details: [compact({ code: statusName, message: clientMessage.data.clientMessage || clientMessage.data.message || "" })],
    }
  }

  const tracking = trackingErrorBody.safeParse(json)
  if (tracking.success) {
    return {
      uniqueId: tracking.data.uuid,
      details: tracking.data.reason ? [{ message: tracking.data.reason }] : [],
    }
  }

  const customer = customerErrorBody.safeParse(json)
  if (customer.success) return { details: [{ message: customer.data.reason }] }

  const codeMessage = codeMessageBody.safeParse(json)
  if (codeMessage.success) {
    return { details: [compact({ code: codeMessage.data.code ?? undefined, message: codeMessage.data.message })] }
  }

  return { details: [] }
}

function compact(detail: { code?: string; message: string; field?: string }): CarrierErrorDetail {
  return {
    ...(detail.code ? { code: detail.code } : {}),
    message: detail.message,
    ...(detail.field ? { field: detail.field } : {}),
  }
}

const maxSummaryLength = 300

/** Plain-text bodies (401, 429, proxies' HTML pages) are kept short and on one line. */
function summarizeText(body: string): string {
  const oneLine = body.replace(/\s+/g, " ").trim()
  if (oneLine.length === 0) return "empty response body"
  return oneLine.length > maxSummaryLength ? `${oneLine.slice(0, maxSummaryLength)}…` : oneLine
}

/** `Retry-After` in seconds or as an HTTP date (RFC 9110); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | undefined {
  if (value === undefined) return undefined
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const date = Date.parse(trimmed)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/** A logger that scrubs these secrets from every line before it is written. */
export function scrubbingLogger<L extends { debug(m: string): void; info(m: string): void; warn(m: string): void; error(m: string): void }>(
  logger: L,
  secrets: readonly (string | undefined)[]
): L {
  const scrub = scrubber(secrets.filter((secret): secret is string => Boolean(secret)))
  return {
    ...logger,
    debug: (message: string) => logger.debug(scrub(String(message))),
    info: (message: string) => logger.info(scrub(String(message))),
    warn: (message: string) => logger.warn(scrub(String(message))),
    error: (message: string) => logger.error(scrub(String(message))),
  }
}

function scrubber(secrets: readonly string[]): (text: string) => string {
  const present = secrets.filter((secret) => secret.length > 0)
  return (text) => present.reduce((scrubbed, secret) => scrubbed.split(secret).join("[redacted]"), text)
}
