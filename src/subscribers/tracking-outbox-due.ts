/*
 * At start-up: applies the tracking events stored but not applied (workers/tracking-outbox.ts) without
 * waiting for jobs/apply-tracking-events.ts.
 */
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { TRACKING_OUTBOX_DUE_EVENT } from "../lib/events"
import { applyDueTrackingEvents } from "../workers/tracking-outbox"

/**
 * At start-up the plugin's module announces that stored events may be waiting (the process may
 * have stopped between storing an event and applying it): they are applied now rather than at the
 * job's next run.
 */
export default async function applyWaitingTrackingEvents({ container }: SubscriberArgs<Record<string, never>>) {
  const run = await applyDueTrackingEvents(container, { graceMs: 0 })
  if (run.applied > 0 || run.failed.length > 0) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .info(`nordic-parcel: at start-up ${run.applied} stored tracking events applied, ${run.failed.length} still failing`)
  }
}

export const config: SubscriberConfig = {
  event: TRACKING_OUTBOX_DUE_EVENT,
  context: { subscriberId: "nordic-parcel-apply-waiting-tracking-events" },
}
