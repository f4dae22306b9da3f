import type { RemoteQueryFunction } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { NORDIC_PARCEL_MODULE } from "../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../modules/nordic_parcel/service"
import { resolveOptional } from "../../lib/resolve-optional"

/** The fulfillment module's `dependencies` a store declares so the provider can book (README). */
export const BOOKING_DEPENDENCIES = [NORDIC_PARCEL_MODULE, ContainerRegistrationKeys.QUERY] as const

export type BookingDependencies = {
  nordicParcel: NordicParcelModuleService
  query: Omit<RemoteQueryFunction, symbol>
}

/**
 * A provider sees only its module's container. Booking needs the plugin's module (the booking
 * ledger) and query (stock location, order, whether a fulfillment still exists), which
 * the store makes visible by listing them as the fulfillment module's `dependencies`.
 */
export function resolveBookingDependencies(cradle: Record<string, unknown>): BookingDependencies {
  const nordicParcel = resolveOptional<NordicParcelModuleService>(cradle, NORDIC_PARCEL_MODULE)
  const query = resolveOptional<BookingDependencies["query"]>(cradle, ContainerRegistrationKeys.QUERY)
  if (!nordicParcel || !query) {
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `medusa-plugin-nordic-parcel cannot book: add dependencies: ${JSON.stringify(BOOKING_DEPENDENCIES)} ` +
        `to the @medusajs/medusa/fulfillment module in medusa-config (README, "Install in a store").`
    )
  }
  return { nordicParcel, query }
}
