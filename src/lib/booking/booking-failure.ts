/*
 * Booking failures as coded `MedusaError`s (e.g. `nordic_parcel.already_booked`), so
 * api/carrier-error-handler.ts answers them with the right status, and the classification of what a
 * failed booking may have done at the carrier.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { CarrierError, carrierMayHaveActed } from "../carrier"

/**
 * Codes on booking errors that mean the carrier, not the request, is the problem. The admin API
 * answers them as a gateway would (src/api/carrier-error-handler.ts) instead of a bare 500.
 */
export const CARRIER_FAILURE_STATUS = {
  /** The carrier is throttling: nothing was booked, try again in a moment (as on every route). */
  "nordic_parcel.carrier_throttled": 429,
  /** The carrier could not be reached: nothing was booked, try again later. */
  "nordic_parcel.carrier_unavailable": 503,
  /** The carrier answered with an error of its own, a time-out or bad credentials. */
  "nordic_parcel.carrier_failed": 502,
} as const

export type CarrierFailureCode = keyof typeof CARRIER_FAILURE_STATUS

/**
 * The order is booked, so what the merchant asked can no longer be done (the carrier offers no
 * change of a booked parcel): 409 with the plugin's message, which Medusa's own handler would
 * replace with a generic one.
 */
export const ALREADY_BOOKED = "nordic_parcel.already_booked"

/** The status of every plugin error code the API answers itself. */
export const PLUGIN_ERROR_STATUS: Readonly<Record<string, number>> = { ...CARRIER_FAILURE_STATUS, [ALREADY_BOOKED]: 409 }

function carrierFailure(code: CarrierFailureCode, message: string): MedusaError {
  return new MedusaError(MedusaError.Types.UNEXPECTED_STATE, message, code)
}

export type BookingFailure = {
  /** The carrier may have booked it (time-out, 5xx, broken connection): never re-send blindly. */
  ambiguous: boolean
  error: MedusaError
}

/**
 * What a failed booking call means for the merchant. A refusal (400 with the carrier's codes, a
 * 401, a 429 after the retries) was not booked, and its message carries the carrier's code and text.
 * A time-out, 5xx or broken connection may hide a booking that was made.
 */
export function bookingFailure(error: unknown, orderLabel: string): BookingFailure {
  if (!(error instanceof CarrierError)) {
    return { ambiguous: true, error: new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `nordic-parcel: booking ${orderLabel} failed: ${String((error as Error)?.message ?? error)}`) }
  }
  switch (error.kind) {
    case "validation":
      return { ambiguous: false, error: new MedusaError(MedusaError.Types.INVALID_DATA, `The carrier refused the booking of ${orderLabel}: ${error.message}`) }
    case "authentication":
      // Not a 401: that would tell the admin its own session ended.
      return { ambiguous: false, error: carrierFailure("nordic_parcel.carrier_failed", `The carrier refused the plugin's credentials (apiUid/apiKey) booking ${orderLabel}: ${error.message}`) }
    case "rate_limited":
      return { ambiguous: false, error: carrierFailure("nordic_parcel.carrier_throttled", `The carrier is throttling bookings; ${orderLabel} was not booked, try again in a moment: ${error.message}`) }
    default:
      // Not acted (carrierMayHaveActed) means the request never left this process, so nothing can have been booked.
      return !carrierMayHaveActed(error)
        ? { ambiguous: false, error: carrierFailure("nordic_parcel.carrier_unavailable", `The carrier could not be reached; ${orderLabel} was not booked: ${error.message}`) }
        : {
            ambiguous: true,
            error: carrierFailure(
              "nordic_parcel.carrier_failed",
              `The carrier did not confirm the booking of ${orderLabel} (${error.message}). It may have been booked: ` +
                `check the carrier's portal; fulfilling again (or "Book again" on the order) books it anew.`
            ),
          }
  }
}
