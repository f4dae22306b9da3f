import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { Modules } from "@medusajs/framework/utils"
import { NORDIC_PARCEL_MODULE } from "../modules/nordic_parcel"
import type NordicParcelModuleService from "../modules/nordic_parcel/service"

export const SHIPMENT_BOOKED_EVENT = "nordic_parcel.shipment.booked"

/**
 * Announces a booking once Medusa's fulfilment workflow has succeeded (the provider books inside
 * it, and a later failure would roll the fulfillment back): `nordic_parcel.shipment.booked`.
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
