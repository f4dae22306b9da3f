import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { NORDIC_PARCEL_MODULE } from "../modules/nordic_parcel"
import type NordicParcelModuleService from "../modules/nordic_parcel/service"

export const SHIPMENT_BOOKED_EVENT = "nordic_parcel.shipment.booked"

/**
 * Once Medusa's fulfilment workflow has succeeded (the provider books inside it, and a later
 * failure would roll the fulfillment back): announces the booking as
 * `nordic_parcel.shipment.booked` and subscribes the consignment to the carrier's tracking events.
 */
export default async function announceBookedShipment({
  event,
  container,
}: SubscriberArgs<{ order_id: string; fulfillment_id: string }>) {
  const shipments = container.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const [shipment] = await shipments.listShipments({ fulfillment_id: event.data.fulfillment_id, status: "booked" })
  if (!shipment) {
    return // not a carrier fulfillment
  }
  if (shipment.consignment_number) {
    try {
      await shipments.subscribeTracking(shipment.consignment_number)
    } catch (error) {
      // The booking stands either way; the merchant sees missing subscriptions in the admin.
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(`nordic-parcel: tracking subscription for ${shipment.consignment_number} failed: ${(error as Error).message}`)
    }
  }
  await container.resolve(Modules.EVENT_BUS).emit({
    name: SHIPMENT_BOOKED_EVENT,
    data: {
      fulfillment_id: event.data.fulfillment_id,
      order_id: event.data.order_id,
      consignment_number: shipment.consignment_number,
      test: shipment.test,
    },
  })
}

export const config: SubscriberConfig = {
  event: "order.fulfillment_created",
  context: { subscriberId: "nordic-parcel-shipment-booked" },
}
