import type { MedusaResponse } from "@medusajs/framework/http"
import { CarrierError } from "../../lib/carrier"

/**
 * Answers a request that failed at the carrier. The shopper or merchant gets the status that
 * says whose problem it is and the carrier's code and text (never a credential):
 * 400 for input the carrier refused, 503 when the carrier is down, slow or throttling,
 * 502 when it refused the plugin's own credentials.
 */
export function respondCarrierFailure(res: MedusaResponse, error: unknown): void {
  if (!(error instanceof CarrierError)) {
    throw error
  }
  const status =
    error.kind === "validation" ? 400 : error.kind === "not_found" ? 404 : error.kind === "authentication" ? 502 : 503
  const type = status === 400 ? "invalid_data" : status === 404 ? "not_found" : "carrier_unavailable"
  res.status(status).json({ type, code: error.code, message: error.message })
}
