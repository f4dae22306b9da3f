import { errorHandler, type MedusaNextFunction, type MedusaRequest, type MedusaResponse } from "@medusajs/framework/http"
import { CARRIER_FAILURE_STATUS, type CarrierFailureCode } from "../lib/booking/booking-failure"

const medusaErrorHandler = errorHandler()

/**
 * Medusa answers every UNEXPECTED_STATE error with 500. A booking that failed because the carrier
 * is down or answered with its own error is answered as a gateway would: 503 when it could not be
 * reached (try again), 502 when it failed, with the message naming the carrier's error. Any other
 * error goes to Medusa's own handler unchanged. A store that defines its own error handler in
 * its middlewares replaces this one.
 */
export function carrierErrorHandler(error: unknown, req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const code = (error as { code?: unknown } | null)?.code
  const status = typeof code === "string" ? CARRIER_FAILURE_STATUS[code as CarrierFailureCode] : undefined
  if (!status) {
    return medusaErrorHandler(error, req, res, next)
  }
  const { type, message } = error as { type?: string; message: string }
  res.status(status).json({ type: type ?? "unexpected_state", code, message })
}
