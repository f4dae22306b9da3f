import type { MedusaResponse } from "@medusajs/framework/http"
import { CarrierError, reviveCarrierError } from "../../lib/carrier"

/** What the failed request was about, so the answer can name it. */
export interface CarrierFailureContext {
  /** The addressed resource, e.g. `customer subscription 3f2c…`; named in 404 and 409 answers. */
  subject?: string
  /**
   * The customer number the request used. The carrier then answers 401 when the plugin's API user
   * may not use that number, which is the merchant's
   * input to fix, not a broken plugin.
   */
  customerNumber?: string
}

/**
 * Answers a request that failed at the carrier. The shopper or merchant gets the status that
 * says whose problem it is and the carrier's code and text (never a credential):
 * 400 for input the carrier refused, 403 for a customer number the API user may not use,
 * 404 for an unknown resource, 409 for a duplicate, 429 (with Retry-After when the carrier gave
 * one) when the carrier throttles, 502 when it refused the plugin's own credentials, and 503
 * when it is down or slow.
 */
export function respondCarrierFailure(res: MedusaResponse, thrown: unknown, context: CarrierFailureContext = {}): void {
  // Routes that run workflows get the carrier's error back as a plain object.
  const error = reviveCarrierError(thrown)
  if (!(error instanceof CarrierError)) {
    throw error
  }
  const answer = answerFor(error, context)
  if (answer.retryAfterSeconds !== undefined) {
    res.setHeader("Retry-After", String(answer.retryAfterSeconds))
  }
  res.status(answer.status).json({ type: answer.type, code: error.code, message: answer.message })
}

interface FailureAnswer {
  status: number
  type: string
  message: string
  retryAfterSeconds?: number
}

function answerFor(error: CarrierError, { subject, customerNumber }: CarrierFailureContext): FailureAnswer {
  switch (error.kind) {
    case "validation":
      return { status: 400, type: "invalid_data", message: error.message }
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
    default:
      return { status: 503, type: "carrier_unavailable", message: error.message }
  }
}
