/*
 * On `nordic_parcel.tracking.received`: hands the stored event to workers/tracking-outbox.ts, which
 * applies it. What this misses (a crash, a failure) is applied later by jobs/apply-tracking-events.ts
 * and, at start-up, subscribers/tracking-outbox-due.ts.
 */
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { TRACKING_RECEIVED_EVENT, type TrackingReceivedData } from "../lib/events"
import { applyStoredTrackingEvent } from "../workers/tracking-outbox"

/**
 * Moves the Medusa fulfillment for each stored carrier event (shipped, delivered), right after the
 * webhook stored it. A failure is recorded on the stored event, which the
 * nordic-parcel-apply-tracking-events job applies again with back-off; nothing is lost here.
 */
export default async function applyTrackingEvent({ event, container }: SubscriberArgs<TrackingReceivedData>) {
  const outcome = await applyStoredTrackingEvent(container, event.data)
  if (!outcome.applied) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`nordic-parcel: tracking event ${event.data.event_id} (${event.data.status}) not applied yet, retried later: ${outcome.error}`)
  }
}

export const config: SubscriberConfig = {
  event: TRACKING_RECEIVED_EVENT,
  context: { subscriberId: "nordic-parcel-apply-tracking-event" },
}
