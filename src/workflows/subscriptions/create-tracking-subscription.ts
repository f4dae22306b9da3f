/*
 * Subscribes a consignment to the carrier's tracking: the carrier call, then the record; compensation
 * deletes the carrier's subscription. Run by subscribers/shipment-booked.ts after a booking; a failure
 * leaves a pending record for jobs/retry-tracking-subscriptions.ts.
 */
import { createStep, createWorkflow, StepResponse, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { trackingSubscriptionFor } from "../../lib/tracking/subscription-request"
import { NORDIC_PARCEL_MODULE } from "../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../modules/nordic_parcel/service"
import { createCarrierTrackingSubscriptionStep, storeSubscriptionStep } from "./steps"

/** The carrier request for the store's hook, or null when the store cannot receive callbacks. */
const trackingSubscriptionRequestStep = createStep(
  "nordic-parcel-tracking-subscription-request",
  async (input: { tracking_id: string }, { container }) => {
    const nordicParcel = container.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
    const { webhooks } = await nordicParcel.getEffectiveOptions()
    return new StepResponse(trackingSubscriptionFor(input.tracking_id, webhooks) ?? null)
  }
)

/**
 * Subscribes one booked consignment to the configured tracking events at the store's own hook and
 * records it (a pending record of the consignment becomes active). An identical subscription that
 * exists already counts as made. Result `subscribed: false` when the store cannot receive callbacks
 * (no public URL or secret, or automatic subscriptions off).
 */
export const createTrackingSubscriptionWorkflow = createWorkflow(
  "nordic-parcel-create-tracking-subscription",
  (input: { tracking_id: string }) => {
    const request = trackingSubscriptionRequestStep(input)
    const made = createCarrierTrackingSubscriptionStep(request)
    const record = transform({ input, request, made }, ({ input, request, made }) =>
      made && request
        ? {
            carrier_id: made.id,
            kind: "tracking" as const,
            tracking_id: input.tracking_id,
            event_groups: [...request.event_groups],
            expires_at: made.expiry ? new Date(made.expiry) : null,
          }
        : null
    )
    storeSubscriptionStep(record)
    return new WorkflowResponse(transform({ request, made }, ({ request, made }) => ({ subscribed: Boolean(request), carrier_id: made?.id ?? null })))
  }
)
