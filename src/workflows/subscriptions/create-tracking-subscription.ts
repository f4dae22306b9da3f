/*
 * Subscribes a consignment to the carrier's tracking: the carrier call, then the record; compensation
 * deletes the carrier's subscription. The webhook secret is read inside the carrier step, never passed
 * through a step's input or output. Run by subscribers/shipment-booked.ts after a booking; a failure
 * leaves a pending record for jobs/retry-tracking-subscriptions.ts.
 */
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { createCarrierTrackingSubscriptionStep, storeSubscriptionStep } from "./steps"

/**
 * Subscribes one booked consignment to the configured tracking events at the store's own hook and
 * records it (a pending record of the consignment becomes active). An identical subscription that
 * exists already counts as made. Result `subscribed: false` when the store cannot receive callbacks
 * (no public URL or secret, or automatic subscriptions off). The webhook secret stays inside the
 * carrier step: no input, step result or checkpoint of this workflow holds it.
 */
export const createTrackingSubscriptionWorkflow = createWorkflow(
  "nordic-parcel-create-tracking-subscription",
  (input: { tracking_id: string }) => {
    const subscription = createCarrierTrackingSubscriptionStep(input)
    const record = transform({ input, subscription }, ({ input, subscription }) =>
      subscription.made
        ? {
            carrier_id: subscription.made.id,
            kind: "tracking" as const,
            tracking_id: input.tracking_id,
            event_groups: [...subscription.event_groups],
            expires_at: subscription.made.expiry ? new Date(subscription.made.expiry) : null,
          }
        : null
    )
    storeSubscriptionStep(record)
    return new WorkflowResponse(
      transform({ subscription }, ({ subscription }) => ({ subscribed: subscription.subscribed, carrier_id: subscription.made?.id ?? null }))
    )
  }
)
