/*
 * Subscribes booked consignments to the carrier's tracking right after their booking: through
 * workflows/subscriptions/create-tracking-subscription.ts, a failure noted on the pending record
 * (modules/nordic_parcel/tracking-subscriptions.ts) for jobs/retry-tracking-subscriptions.ts. Called
 * by subscribers/shipment-booked.ts (a parcel and the return it carries) and
 * subscribers/return-booked.ts (returns booked by Medusa's return, claim and exchange flows).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { NORDIC_PARCEL_MODULE } from "../modules/nordic_parcel"
import type NordicParcelModuleService from "../modules/nordic_parcel/service"
import { createTrackingSubscriptionWorkflow } from "../workflows/subscriptions/create-tracking-subscription"

/**
 * Subscribes each consignment number at the carrier. One that fails is kept pending with the
 * carrier's answer and retried by the nordic-parcel-retry-tracking-subscriptions job; the booking
 * stands either way, and the others are still tried.
 */
export async function followConsignments(container: MedusaContainer, trackingIds: string[]): Promise<void> {
  const nordicParcel = container.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  for (const trackingId of trackingIds) {
    try {
      await createTrackingSubscriptionWorkflow(container).run({ input: { tracking_id: trackingId } })
    } catch (error) {
      const message = (error as Error)?.message ?? String(error)
      await nordicParcel.noteTrackingSubscriptionFailure(trackingId, message)
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(`nordic-parcel: tracking subscription for ${trackingId} failed, retried later: ${message}`)
    }
  }
}
