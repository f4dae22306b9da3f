/*
 * At start-up the module emits `nordic_parcel.bookings.check_due`: this runs the interrupted-bookings
 * check (as jobs/check-interrupted-bookings.ts does every minute) and resumes bulk runs an instance
 * stopped halfway, without waiting for the first job run.
 */
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { BOOKINGS_CHECK_DUE_EVENT } from "../lib/events"
import checkInterruptedBookingsJob from "../jobs/check-interrupted-bookings"
import resumeBulkBookingsJob from "../jobs/resume-bulk-bookings"
import { BULK_LEASE_MS } from "../workers/bulk-booking-worker"

/**
 * At start-up (the plugin's module announces it), bookings a stopped process left behind are
 * checked, and bulk runs whose lease ran out are resumed, rather than at the jobs' next run; once
 * more when a lease the stopped process held has surely run out (a restart is often quicker).
 */
export default async function checkBookingsAtStartUp({ container }: SubscriberArgs<Record<string, never>>) {
  await checkInterruptedBookingsJob(container)
  await resumeBulkBookingsJob(container)
  setTimeout(() => void resumeBulkBookingsJob(container).catch(() => undefined), BULK_LEASE_MS + 1_000).unref()
}

export const config: SubscriberConfig = {
  event: BOOKINGS_CHECK_DUE_EVENT,
  context: { subscriberId: "nordic-parcel-check-bookings-at-start-up" },
}
