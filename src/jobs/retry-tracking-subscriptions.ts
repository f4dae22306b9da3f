/*
 * Makes the tracking subscriptions that failed at booking time, or that a booking noted and whose
 * process stopped before making them (pending records of
 * modules/nordic_parcel/tracking-subscriptions.ts), through
 * workflows/subscriptions/create-tracking-subscription.ts.
 */
import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { SETTLED_SHIPMENT_STATUSES } from "../lib/statuses"
import { milestoneOf } from "../lib/tracking/tracking-status"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { NORDIC_PARCEL_MODULE } from "../modules/nordic_parcel"
import type NordicParcelModuleService from "../modules/nordic_parcel/service"
import { createTrackingSubscriptionWorkflow } from "../workflows/subscriptions/create-tracking-subscription"

/** Shipments in these states get no more events worth subscribing to. */
const FINISHED = new Set<string>(SETTLED_SHIPMENT_STATUSES)

export interface TrackingSubscriptionRetry {
  made: string[]
  /** Given up: the shipment was delivered, returned or cancelled (or is gone) before it was made. */
  ended: string[]
  failed: { tracking_id: string; message: string }[]
}

/**
 * Tries again the tracking subscriptions that failed after booking (carrier down or refusing),
 * whose back-off has passed, and makes those a booking noted that were never tried (the process
 * stopped between the booking's commit and its subscription) once their grace has passed, until
 * each is made or its shipment no longer needs one.
 */
export async function retryTrackingSubscriptions(
  container: MedusaContainer,
  { now = new Date() }: { now?: Date } = {}
): Promise<TrackingSubscriptionRetry> {
  const nordicParcel = container.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const outcome: TrackingSubscriptionRetry = { made: [], ended: [], failed: [] }
  for (const pending of await nordicParcel.listTrackingSubscriptionsDue(now)) {
    const trackingId = pending.tracking_id!
    if (await noLongerFollowed(nordicParcel, trackingId)) {
      await nordicParcel.retireSubscriptions([pending.id], "ended")
      outcome.ended.push(trackingId)
      continue
    }
    try {
      const { result } = await createTrackingSubscriptionWorkflow(container).run({ input: { tracking_id: trackingId } })
      if (result.subscribed) {
        outcome.made.push(trackingId)
      } else {
        // The store no longer receives callbacks (public URL or secret removed, automatic subscriptions off).
        await nordicParcel.retireSubscriptions([pending.id], "ended")
        outcome.ended.push(trackingId)
      }
    } catch (error) {
      const message = (error as Error)?.message ?? String(error)
      await nordicParcel.noteTrackingSubscriptionFailure(trackingId, message, now)
      outcome.failed.push({ tracking_id: trackingId, message })
    }
  }
  return outcome
}

/**
 * A consignment whose booking is gone or finished (delivered, returned, failed) gets no more events
 * worth subscribing to. A free return an outgoing booking carries is finished once the carrier
 * delivered it back (its events are stored under its own number; the outgoing booking's status is
 * the parcel's), or when the booking carrying it failed.
 */
async function noLongerFollowed(nordicParcel: NordicParcelModuleService, trackingId: string): Promise<boolean> {
  const booking = await nordicParcel.bookingOfTrackingNumber(trackingId)
  if (!booking) return true
  if (!booking.carried) return FINISHED.has(booking.status)
  if (booking.status === "failed") return true
  const events = await nordicParcel.listTrackingEvents({ shipment_number: trackingId }, { select: ["status"] })
  return events.some((event) => ["delivered", "returned"].includes(milestoneOf(event.status)))
}

export default async function retryTrackingSubscriptionsJob(container: MedusaContainer): Promise<void> {
  const outcome = await retryTrackingSubscriptions(container)
  if (outcome.made.length + outcome.ended.length + outcome.failed.length === 0) return
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  logger.info(
    `nordic-parcel tracking subscriptions: ${outcome.made.length} made late, ${outcome.ended.length} no longer needed, ${outcome.failed.length} still failing`
  )
}

export const config = {
  name: "nordic-parcel-retry-tracking-subscriptions",
  schedule: "*/5 * * * *",
}
