/*
 * After Medusa commits a fulfilment: subscribes the consignment and the free return it carries to
 * tracking (workers/follow-consignments.ts; a failure is kept pending for
 * jobs/retry-tracking-subscriptions.ts) and emits `nordic_parcel.shipment.booked`. Returns are
 * subscribed by subscribers/return-booked.ts.
 */
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { Modules } from "@medusajs/framework/utils"
import { SHIPMENT_BOOKED_EVENT, type ShipmentBookedData } from "../lib/events"
import { NORDIC_PARCEL_MODULE } from "../modules/nordic_parcel"
import type NordicParcelModuleService from "../modules/nordic_parcel/service"
import { followedNumbers } from "../lib/tracking/followed-consignments"
import { followConsignments } from "../workers/follow-consignments"

/**
 * Once Medusa's fulfilment workflow has succeeded (the provider books inside it, and a later
 * failure would roll the fulfillment back): announces the booking as
 * `nordic_parcel.shipment.booked` and subscribes the consignment, and the return it carries, to the
 * carrier's tracking events.
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
  // The parcel and the free return it carries: the carrier pushes events only for what is subscribed.
  await followConsignments(container, followedNumbers(shipment))
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
