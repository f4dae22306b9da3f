import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { NORDIC_PARCEL_MODULE } from "../modules/nordic_parcel"
import type NordicParcelModuleService from "../modules/nordic_parcel/service"

/**
 * Bookings a stopped process left behind (modules/nordic_parcel/interrupted-bookings.ts): an
 * attempt without an answer past the booking's time limit becomes unconfirmed for the merchant,
 * and releases the order's units. Also run at start-up (subscribers/bookings-check-due.ts).
 */
export default async function checkInterruptedBookingsJob(container: MedusaContainer): Promise<void> {
  const nordicParcel = container.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  try {
    await nordicParcel.checkInterruptedBookings(container.resolve(ContainerRegistrationKeys.QUERY))
  } catch (error) {
    container.resolve(ContainerRegistrationKeys.LOGGER).warn(`nordic-parcel: interrupted bookings not checked: ${(error as Error).message}`)
  }
}

export const config = {
  name: "nordic-parcel-check-interrupted-bookings",
  schedule: "* * * * *",
}
