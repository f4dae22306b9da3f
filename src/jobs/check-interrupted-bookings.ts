/*
 * Every minute: the module's interrupted-bookings check, then the half-done fulfilments it returns
 * completed (`checkInterruptedBookings`, workflows/complete-interrupted-fulfillment.ts). Bulk runs
 * run the same check on every pass; at start-up subscribers/bookings-check-due.ts does.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { checkInterruptedBookings } from "../workflows/complete-interrupted-fulfillment"

export default async function checkInterruptedBookingsJob(container: MedusaContainer): Promise<void> {
  await checkInterruptedBookings(container)
}

export const config = {
  name: "nordic-parcel-check-interrupted-bookings",
  schedule: "* * * * *",
}
