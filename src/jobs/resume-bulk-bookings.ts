/*
 * Every minute: resumes bulk runs whose lease lapsed (their instance stopped). The worker
 * (workers/bulk-booking-worker.ts) finishes them without booking an order twice, because each order's
 * state is the row's (modules/nordic_parcel/bulk-bookings.ts).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { resumeAbandonedBulkBookings } from "../workers/bulk-booking-worker"

export default async function resumeBulkBookingsJob(container: MedusaContainer): Promise<void> {
  await resumeAbandonedBulkBookings(container)
}

export const config = {
  name: "nordic-parcel-resume-bulk-bookings",
  schedule: "* * * * *",
}
