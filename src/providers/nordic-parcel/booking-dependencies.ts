import type { ILockingModule, RemoteQueryFunction } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { NORDIC_PARCEL_MODULE } from "../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../modules/nordic_parcel/service"
import { resolveOptional } from "../../lib/resolve-optional"

/** The fulfillment module's `dependencies` a store declares so the provider can book (README). */
export const BOOKING_DEPENDENCIES = [NORDIC_PARCEL_MODULE, Modules.LOCKING, ContainerRegistrationKeys.QUERY] as const

export type BookingDependencies = {
  shipments: NordicParcelModuleService
  locking: ILockingModule
  query: Omit<RemoteQueryFunction, symbol>
}

/**
 * A provider sees only its module's container. Booking needs the plugin's module (the booking
 * record), the locking module (one booking at a time) and query (stock location, order), which
 * the store makes visible by listing them as the fulfillment module's `dependencies`.
 */
export function resolveBookingDependencies(cradle: Record<string, unknown>): BookingDependencies {
  const shipments = resolveOptional<NordicParcelModuleService>(cradle, NORDIC_PARCEL_MODULE)
  const locking = resolveOptional<ILockingModule>(cradle, Modules.LOCKING)
  const query = resolveOptional<BookingDependencies["query"]>(cradle, ContainerRegistrationKeys.QUERY)
  if (!shipments || !locking || !query) {
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `medusa-plugin-nordic-parcel cannot book: add dependencies: ${JSON.stringify(BOOKING_DEPENDENCIES)} ` +
        `to the @medusajs/medusa/fulfillment module in medusa-config (README, "Install in a store").`
    )
  }
  return { shipments, locking, query }
}
