/*
 * After Medusa commits a return (the shopper's through POST /store/returns or the plugin's store
 * route, the merchant's in the admin, or the return of a claim or exchange): subscribes the order's
 * return consignments not followed yet (booking-ledger.ts writes them pending with the booking)
 * through workers/follow-consignments.ts. What this misses, the retry job makes after its grace.
 */
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { NORDIC_PARCEL_MODULE } from "../modules/nordic_parcel"
import type NordicParcelModuleService from "../modules/nordic_parcel/service"
import { followConsignments } from "../workers/follow-consignments"

/**
 * Medusa's return flows announce a return (or a claim or exchange, which books one) with the order's
 * id; the provider booked it inside the flow. The order's return bookings not followed yet are
 * subscribed now (a new one, or one a retried flow took over after a rollback ended its
 * subscription; earlier returns are followed already, a failed one is the retry job's): a return
 * the carrier pushes no events for is one the shopper and merchant never see handed in.
 */
export default async function followBookedReturns({ event, container }: SubscriberArgs<{ order_id?: string }>) {
  if (!event.data?.order_id) return
  const nordicParcel = container.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const returns = await nordicParcel.listShipments({ order_id: event.data.order_id, kind: "return", status: "booked" })
  const numbers = returns.map((shipment) => shipment.consignment_number).filter((n): n is string => Boolean(n))
  await followConsignments(container, await nordicParcel.listUnfollowedTrackingNumbers(numbers))
}

export const config: SubscriberConfig = {
  event: ["order.return_requested", "order.claim_created", "order.exchange_created"],
  context: { subscriberId: "nordic-parcel-return-booked" },
}
