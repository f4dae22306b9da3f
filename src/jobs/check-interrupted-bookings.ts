/*
 * Every minute: the module's interrupted-bookings check, then the half-done fulfilments it returns
 * completed by workflows/complete-interrupted-fulfillment.ts. Bulk runs run the same check on every
 * pass; at start-up subscribers/bookings-check-due.ts does.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { NORDIC_PARCEL_MODULE } from "../modules/nordic_parcel"
import type NordicParcelModuleService from "../modules/nordic_parcel/service"
import { completeInterruptedFulfillmentWorkflow } from "../workflows/complete-interrupted-fulfillment"

/**
 * Bookings a stopped process left behind (modules/nordic_parcel/interrupted-bookings.ts): an
 * attempt without an answer past the booking's time limit becomes unconfirmed for the merchant,
 * and releases the order's units; a booked fulfilment Medusa's workflow left half done is
 * completed. Also run at start-up (subscribers/bookings-check-due.ts) and by each pass of a bulk
 * run. Never rejects.
 */
export default async function checkInterruptedBookingsJob(container: MedusaContainer): Promise<void> {
  const nordicParcel = container.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  try {
    const { unfinished } = await nordicParcel.checkInterruptedBookings(container.resolve(ContainerRegistrationKeys.QUERY))
    for (const booking of unfinished) {
      try {
        const { result } = await completeInterruptedFulfillmentWorkflow(container).run({
          input: { order_id: booking.order_id, fulfillment_id: booking.fulfillment_id },
        })
        if (result.missing) logger.info(`nordic-parcel: fulfilment ${booking.fulfillment_id} of order ${booking.order_id} completed (${result.missing === "count" ? "items counted as fulfilled" : "linked to the order"})`)
      } catch (error) {
        logger.warn(`nordic-parcel: fulfilment ${booking.fulfillment_id} of order ${booking.order_id} not completed: ${(error as Error).message}; tried again at the next check`)
      }
    }
  } catch (error) {
    logger.warn(`nordic-parcel: interrupted bookings not checked: ${(error as Error).message}`)
  }
}

export const config = {
  name: "nordic-parcel-check-interrupted-bookings",
  schedule: "* * * * *",
}
