/*
 * At start-up the module emits `nordic_parcel.bookings.check_due`: this runs the interrupted-bookings
 * check (as jobs/check-interrupted-bookings.ts does every minute) and resumes bulk runs an instance
 * stopped halfway, without waiting for the first job run; each once more when what a stopped
 * process left can surely be judged.
 */
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { BOOKINGS_CHECK_DUE_EVENT } from "../lib/events"
import { checkInterruptedBookings } from "../workflows/complete-interrupted-fulfillment"
import { BULK_LEASE_MS, resumeAbandonedBulkBookings } from "../workers/bulk-booking-worker"
import { NORDIC_PARCEL_MODULE } from "../modules/nordic_parcel"
import type NordicParcelModuleService from "../modules/nordic_parcel/service"

/**
 * At start-up (the plugin's module announces it), bookings a stopped process left behind are
 * checked, and bulk runs whose lease ran out are resumed, rather than at the jobs' next run. A
 * restart is often quicker than the crash's traces take to be judged: once more when every booking
 * the stopped process left can be (a merchant sees an interrupted fulfilment completed or marked
 * unconfirmed then, not up to a minute later), and when a lease it held has surely run out.
 */
export default async function checkBookingsAtStartUp({ container }: SubscriberArgs<Record<string, never>>) {
  await checkInterruptedBookings(container)
  await resumeAbandonedBulkBookings(container)
  const nordicParcel = container.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const settledMs = nordicParcel.interruptedBookingsSettledAfterStartMs() + 1_000
  setTimeout(() => void checkInterruptedBookings(container).catch(() => undefined), settledMs).unref()
  setTimeout(() => void resumeAbandonedBulkBookings(container).catch(() => undefined), BULK_LEASE_MS + 1_000).unref()
}

export const config: SubscriberConfig = {
  event: BOOKINGS_CHECK_DUE_EVENT,
  context: { subscriberId: "nordic-parcel-check-bookings-at-start-up" },
}
