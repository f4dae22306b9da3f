/*
 * Resumes bulk runs whose lease lapsed (their instance stopped): the worker
 * (workers/bulk-booking-worker.ts) finishes them without booking an order twice, because each order's
 * state is the row's (modules/nordic_parcel/bulk-bookings.ts).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { NORDIC_PARCEL_MODULE } from "../modules/nordic_parcel"
import type NordicParcelModuleService from "../modules/nordic_parcel/service"
import { workBulkBooking } from "../workers/bulk-booking-worker"

/**
 * Bulk booking runs whose instance stopped (its lease ran out) are taken up again by whichever
 * instance runs this job first; the lease keeps the others out.
 */
export default async function resumeBulkBookingsJob(container: MedusaContainer): Promise<void> {
  const store = container.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE).bulkBookingStore()
  for (const id of await store.abandoned()) {
    // In the background: a long run must not hold the job past its next tick.
    void workBulkBooking(container, id)
  }
}

export const config = {
  name: "nordic-parcel-resume-bulk-bookings",
  schedule: "* * * * *",
}
