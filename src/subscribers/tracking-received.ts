import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { ILockingModule } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { TRACKING_RECEIVED_EVENT, type TrackingReceivedData } from "../lib/tracking/events"
import { applyTrackingEventWorkflow } from "../workflows/apply-tracking-event"

/**
 * Moves the Medusa fulfillment for each stored carrier event (shipped, delivered). The carrier
 * pushes events in bursts; events of one consignment are applied one at a time (Medusa's locking
 * module, shared by all instances with Redis), so each sees what the one before did and a late
 * HANDED_IN can neither undo DELIVERED nor make Medusa's workflows fail on "already delivered".
 */
export default async function applyTrackingEvent({ event, container }: SubscriberArgs<TrackingReceivedData>) {
  if (!event.data.fulfillment_id) {
    return // a consignment this store did not book (customer-number subscriptions see them all): stored, nothing to move
  }
  const locking = container.resolve<ILockingModule>(Modules.LOCKING)
  const { errors } = await locking.execute(
    `nordic-parcel:fulfillment:${event.data.fulfillment_id}`,
    () => applyTrackingEventWorkflow(container).run({ input: event.data, throwOnError: false }),
    { timeout: 60 }
  )
  if (errors?.length) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`nordic-parcel: tracking event ${event.data.event_id} (${event.data.status}) not applied: ${errors.map((e) => e.error?.message).join("; ")}`)
  }
}

export const config: SubscriberConfig = {
  event: TRACKING_RECEIVED_EVENT,
  context: { subscriberId: "nordic-parcel-apply-tracking-event" },
}
