/*
 * The one mapping of carrier failures to HTTP, installed as the plugin's error handler in
 * api/middlewares.ts. Routes name what a carrier call is about with `describeCarrierRequest(req, …)`
 * and let failures throw; a `CarrierError`, or a booking's coded `MedusaError`
 * (lib/booking/booking-failure.ts, e.g. `nordic_parcel.already_booked` → 409), becomes
 * 400/403/404/409/429 (with Retry-After)/502/503, never leaking the request's secrets.
 */
import { errorHandler, type MedusaNextFunction, type MedusaRequest, type MedusaResponse } from "@medusajs/framework/http"
import { PLUGIN_ERROR_STATUS } from "../lib/booking/booking-failure"
import { CarrierError, reviveCarrierError } from "../lib/carrier"

const medusaErrorHandler = errorHandler()

/** What a request to the carrier is about, so the answer to its failure can name it. */
export interface CarrierRequestContext {
  /** The addressed resource, e.g. `customer subscription 3f2c…`; named in 404 and 409 answers. */
  subject?: string
  /**
   * The customer number the request used. The carrier then answers 401 when the plugin's API user
   * may not use that number, which is the merchant's input to fix (403), not a broken plugin.
   */
  customerNumber?: string
  /**
   * For shopper-facing routes: what cannot be done while the carrier fails. Any failure that is
   * not the shopper's input is then a 503 "try again" with this sentence (the shopper cannot fix
   * the merchant's credentials either).
   */
  unavailable?: string
}

const contexts = new WeakMap<object, CarrierRequestContext>()

/**
 * Tells the error handler what the route's carrier calls are about. Routes call this, then call
 * the carrier and let a failure throw: no route catches a carrier error itself.
 */
export function describeCarrierRequest(req: MedusaRequest, context: CarrierRequestContext): void {
  contexts.set(req, context)
}

/**
 * The one mapping from a carrier failure to HTTP, installed as the plugin's error handler
 * (api/middlewares.ts). The shopper or merchant gets the status that says whose problem it is,
 * with the carrier's code and text (never a credential):
 * - a CarrierError (routes, and workflows that return it as a plain object): 400 input the carrier
 *   refused, 403 a customer number the API user may not use, 404 unknown resource, 409 duplicate,
 *   429 with Retry-After (when the carrier gave one) when the carrier throttles, 502 refused
 *   plugin credentials, 503 down or slow;
 * - a booking's MedusaError with a carrier failure code (lib/booking/booking-failure.ts): 429
 *   throttled, 503 unreachable, 502 failed. Medusa would answer them 500;
 * - a change refused because the order is booked (`nordic_parcel.already_booked`): 409 with the
 *   plugin's message, which Medusa's handler would replace with a generic one.
 * Any other error goes to Medusa's own handler unchanged. A store that defines its own error
 * handler in its middlewares replaces this one.
 */
export function carrierErrorHandler(thrown: unknown, req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const error = reviveCarrierError(thrown)
  if (error instanceof CarrierError) {
    const answer = answerFor(error, contexts.get(req) ?? {})
    if (answer.retryAfterSeconds !== undefined) {
      res.setHeader("Retry-After", String(answer.retryAfterSeconds))
    }
    res.status(answer.status).json({ type: answer.type, code: error.code, message: answer.message })
    return
  }
  const code = (error as { code?: unknown } | null)?.code
  const status = typeof code === "string" ? PLUGIN_ERROR_STATUS[code] : undefined
  if (!status) {
    return medusaErrorHandler(error, req, res, next)
  }
  const { type, message } = error as { type?: string; message: string }
  res.status(status).json({ type: status === 429 ? "too_many_requests" : type ?? "unexpected_state", code, message })
}

interface FailureAnswer {
  status: number
  type: string
  message: string
  retryAfterSeconds?: number
}

function answerFor(error: CarrierError, { subject, customerNumber, unavailable }: CarrierRequestContext): FailureAnswer {
  switch (error.kind) {
    case "validation":
      return { status: 400, type: "invalid_data", message: error.message }
    case "rate_limited": {
      const retryAfterSeconds = error.retryAfterMs === undefined ? undefined : Math.ceil(error.retryAfterMs / 1000)
      const when = retryAfterSeconds === undefined ? "shortly" : `in ${retryAfterSeconds} s`
      return {
        status: 429,
        type: "too_many_requests",
        message: `The carrier is throttling the plugin's requests; try again ${when}. ${error.message}`,
        retryAfterSeconds,
      }
    }
  }
  if (unavailable !== undefined) {
    const why = `${error.kind}${error.status ? ` ${error.status}` : ""}`
    return { status: 503, type: "carrier_unavailable", message: `${unavailable}: the carrier is not answering (${why}). Try again in a moment.` }
  }
  switch (error.kind) {
    case "not_found":
      return {
        status: 404,
        type: "not_found",
        message: subject ? `The carrier has no ${subject} (unknown, expired or deleted)` : error.message,
      }
    case "conflict":
      return {
        status: 409,
        type: "conflict",
        message: `The carrier already has ${subject ? `this ${subject}` : "this subscription"}: ${error.message}`,
      }
    case "authentication":
      if (customerNumber !== undefined) {
        return {
          status: 403,
          type: "forbidden",
          message: `The carrier does not let the plugin's API user use customer_number ${customerNumber}: ${error.message}`,
        }
      }
      return { status: 502, type: "carrier_unavailable", message: error.message }
    default:
      return { status: 503, type: "carrier_unavailable", message: error.message }
  }
}
