import { randomUUID } from "node:crypto"
import { json, text, type HttpResponse } from "./http"

/**
 * Carrier-shaped error bodies. Each service family has its own shape (carrier notes 2, 3, 10, 13, 14,
 * E8, E9), so every route declares its style and the server picks the body from it.
 */
export type ErrorStyle =
  /** Shipping, pickup-point and postal-code lookups: `{"fieldErrors": [...]}`. */
  | "lookup"
  /** Booking: the consignment error envelope. */
  | "booking"
  /** Event-cast tracking endpoints: `{"uuid", "status": "<code>", "reason"}`. */
  | "tracking"
  /** Event-cast customer endpoints: `{"reason", "status": <code>}`. */
  | "customer"
  /** Label and document downloads: plain text. */
  | "plain"

export const AUTHENTICATION_FAILED =
  "Authentication failed. Missing or invalid X-Portal-API-Uid / X-Portal-API-Key."

export interface FieldError {
  code: "INVALID_ARGUMENT" | "NOT_FOUND" | "INTERNAL_ERROR"
  message: string
  /** "" when the problem is not tied to one field (carrier notes 10). */
  field: string
}

export function invalidArgument(message: string, field: string): FieldError {
  return { code: "INVALID_ARGUMENT", message, field }
}

export function notFound(message: string, field: string): FieldError {
  return { code: "NOT_FOUND", message, field }
}

export function fieldErrorResponse(status: number, fieldErrors: FieldError[]): HttpResponse {
  return json(status, { fieldErrors })
}

export function trackingErrorResponse(status: number, reason: string): HttpResponse {
  return json(status, { uuid: randomUUID(), status: String(status), reason })
}

export function customerErrorResponse(status: number, reason: string): HttpResponse {
  return json(status, { reason, status })
}

export interface BookingIssue {
  code: string
  message: string
  /** Set only for package-level problems. */
  packageCorrelationId?: string | null
}

/** The 400/500 booking error envelope (carrier notes 14): one consignment entry, `confirmation: null`. */
export function bookingErrorResponse(status: number, correlationId: string | null, issues: BookingIssue[]): HttpResponse {
  return json(status, {
    consignments: [
      {
        correlationId,
        confirmation: null,
        errors: issues.map((issue) => ({
          uniqueId: randomUUID(),
          code: issue.code,
          messages: [{ lang: "en", message: issue.message }],
          consignmentCorrelationId: correlationId,
          packageCorrelationId: issue.packageCorrelationId ?? null,
        })),
      },
    ],
  })
}

export function unauthorized(style: ErrorStyle): HttpResponse {
  if (style === "tracking") return trackingErrorResponse(401, "Missing authentication headers")
  if (style === "customer") return customerErrorResponse(401, "Not authorised")
  return text(401, AUTHENTICATION_FAILED)
}

export function tooManyRequests(style: ErrorStyle, retryAfterSeconds: number): HttpResponse {
  const response =
    style === "tracking"
      ? trackingErrorResponse(429, "Too many requests")
      : style === "customer"
        ? customerErrorResponse(429, "Too many requests")
        : text(429, "Too many requests")
  return withRetryAfter(response, retryAfterSeconds)
}

/**
 * Any other failure (injected faults, unexpected exceptions), shaped like the service's own errors.
 * 401 and 429 keep their fixed bodies.
 */
export function carrierFailure(style: ErrorStyle, status: number, message: string, retryAfterSeconds?: number): HttpResponse {
  if (status === 401) return unauthorized(style)
  if (status === 429) return tooManyRequests(style, retryAfterSeconds ?? 1)
  const response = ((): HttpResponse => {
    switch (style) {
      case "lookup": {
        const code = status === 404 ? "NOT_FOUND" : status >= 500 ? "INTERNAL_ERROR" : "INVALID_ARGUMENT"
        return fieldErrorResponse(status, [{ code, message, field: "" }])
      }
      case "booking": {
        const code = status === 503 ? "BOOK-INTERNAL-002" : status >= 500 ? "BOOK-INTERNAL-001" : "BOOK-INPUT-001"
        return bookingErrorResponse(status, null, [{ code, message }])
      }
      case "tracking":
        return trackingErrorResponse(status, message)
      case "customer":
        return customerErrorResponse(status, message)
      case "plain":
        return text(status, message)
    }
  })()
  return retryAfterSeconds === undefined ? response : withRetryAfter(response, retryAfterSeconds)
}

function withRetryAfter(response: HttpResponse, seconds: number): HttpResponse {
  return { ...response, headers: { ...response.headers, "retry-after": String(seconds) } }
}
