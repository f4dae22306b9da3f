/*
 * After Medusa commits a fulfilment: subscribes the consignment to tracking
 * (workflows/subscriptions/create-tracking-subscription.ts; a failure is kept pending for
 * jobs/retry-tracking-subscriptions.ts) and emits `nordic_parcel.shipment.booked`.
 */
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { SHIPMENT_BOOKED_EVENT, type ShipmentBookedData } from "../lib/events"
import { NORDIC_PARCEL_MODULE } from "../modules/nordic_parcel"
import type NordicParcelModuleService from "../modules/nordic_parcel/service"
import { createTrackingSubscriptionWorkflow } from "../workflows/subscriptions/create-tracking-subscription"

/**
 * Once Medusa's fulfilment workflow has succeeded (the provider books inside it, and a later
 * failure would roll the fulfillment back): announces the booking as
 * `nordic_parcel.shipment.booked` and subscribes the consignment to the carrier's tracking events.
 * A subscription that fails is kept pending and retried by the
 * nordic-parcel-retry-tracking-subscriptions job; the booking stands either way.
 */
export default async function announceBookedShipment({
  event,
  container,
}: SubscriberArgs<{ order_id: string; fulfillment_id: string }>) {
  const nordicParcel = container.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const [shipment] = await nordicParcel.listShipments({ fulfillment_id: event.data.fulfillment_id, status: "booked" })
  if (!shipment) {
    return // not a carrier fulfillment
  }
  if (shipment.consignment_number) {
    try {
      await createTrackingSubscriptionWorkflow(container).run({ input: { tracking_id: shipment.consignment_number } })
    } catch (error) {
      const message = (error as Error)?.message ?? String(error)
      await nordicParcel.noteTrackingSubscriptionFailure(shipment.consignment_number, message)
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(`nordic-parcel: tracking subscription for ${shipment.consignment_number} failed, retried later: ${message}`)
    }
  }
  await container.resolve(Modules.EVENT_BUS).emit({
    name: SHIPMENT_BOOKED_EVENT,
    data: {
      fulfillment_id: event.data.fulfillment_id,
      order_id: event.data.order_id,
      consignment_number: shipment.consignment_number,
      test: shipment.test,
    } satisfies ShipmentBookedData,
  })
}

export const config: SubscriberConfig = {
  event: "order.fulfillment_created",
  context: { subscriberId: "nordic-parcel-shipment-booked" },
}
