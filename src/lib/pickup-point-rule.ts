/*
 * Booking rule 3 per service and destination: a pickup point required, optional, the door, or the
 * carrier's nearest (facts per code in service-catalogue.ts). Read by the provider's
 * `validateFulfillmentData` / `createFulfillment`, the delivery-options route and the booking mapper
 * (lib/booking/parties.ts).
 */
import type { ServiceOptions } from "./options"
import { serviceInfo } from "./service-catalogue"

/**
 * What a parcel of a service to a destination country does about pickup points (rule 3 of the
 * booking, carrier notes 29 and 35):
 * - `required`: the booking is refused without a pickup point (SERVICEPAKKE to Norway,
 *   PICKUP_PARCEL_BULK to Norway and Sweden), so checkout and booking need one;
 * - `choosable`: the shopper may choose a point (every pickup-point service);
 * - `withoutChoice`: what happens when the shopper chose none: `nearest` the plugin picks the
 *   point nearest the address at checkout (and books without one if it cannot, where none is
 *   required); `carrier-nearest` the booking asks the carrier for the nearest point
 *   (deliveryOption PICKUP_POINT); `door` the parcel goes to the recipient's door.
 */
export type PickupPointRule = {
  required: boolean
  choosable: boolean
  withoutChoice: "nearest" | "carrier-nearest" | "door"
}

const DOOR: PickupPointRule = { required: false, choosable: false, withoutChoice: "door" }

/**
 * The rule for a service (with the merchant's settings) and the destination country. The
 * merchant's explicit `requiresPickupPoint` wins: true requires a point in every country, false
 * never asks for one.
 */
export function pickupPointRule(
  service: Pick<ServiceOptions, "code" | "requiresPickupPoint" | "nearestPickupPointWhenNoneChosen">,
  countryCode: string | null | undefined
): PickupPointRule {
  const info = serviceInfo(service.code)
  const country = (countryCode ?? "").trim().toUpperCase()
  if (service.requiresPickupPoint === true) {
    return { required: true, choosable: true, withoutChoice: "nearest" }
  }
  if (service.requiresPickupPoint === false || !info.deliversToPickupPoints) {
    return info.deliversToPickupPoints ? { ...DOOR, choosable: true } : DOOR
  }
  if (info.nearestPickupPointIn.includes(country)) {
    // Denmark: to the door unless the shopper chose a point, or the merchant asks for the nearest one.
    return { required: false, choosable: true, withoutChoice: service.nearestPickupPointWhenNoneChosen ? "carrier-nearest" : "door" }
  }
  return { required: info.pickupPointRequiredTo.includes(country), choosable: true, withoutChoice: "nearest" }
}

/** Whether the shipping method data names a pickup point the shopper chose. */
export function chosenPickupPointId(data: Record<string, unknown> | null | undefined): string | undefined {
  const id = data?.pickup_point_id
  return typeof id === "string" && id.trim() !== "" ? id.trim() : undefined
}
