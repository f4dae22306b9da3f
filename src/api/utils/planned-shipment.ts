import type { PickupPointSnapshot } from "../../lib/checkout/pickup-point"
import { serviceOptionsFor, type NordicParcelOptions } from "../../lib/options"
import { pickupPointRule } from "../../lib/pickup-point-rule"
import { requestedDayOf, requestedDayProblem, takesDeliveryDate } from "../../lib/checkout/delivery-dates"
import type { CarrierServiceName } from "../../lib/service-names/carrier-names"
import { serviceLabel } from "../../lib/service-names/service-label"

/** What the shopper chose at checkout, as stored on the shipping method (null: not a carrier method). */
export type PlannedShipment = {
  shipping_method_id: string
  /** The method's name at checkout. */
  name: string
  service_code: string
  /** The service's name (the merchant's, else the carrier's, else the plugin's). */
  service_name: string
  /** yyyy-MM-dd, as the carrier's quote said at checkout. */
  delivery_date: string | null
  pickup_point: PickupPointSnapshot | null
  /** The service delivers to a pickup point: the merchant may change it until the order is booked. */
  requires_pickup_point: boolean
  /** Who chose the point: the shopper, the plugin (nearest to the address) or the merchant. */
  pickup_point_chosen_by: string | null
  /** yyyy-MM-dd the shopper (or merchant) asked the parcel to arrive; the booking sends it. Null: none asked. */
  requested_delivery_date: string | null
  /** Who asked for the day: the shopper or the merchant. */
  delivery_date_chosen_by: string | null
  /** The service takes a requested day: the merchant may set or change it until the order is booked. */
  takes_delivery_date: boolean
  /** Why the requested day can no longer be booked (it has passed), in words; null when it can. */
  requested_delivery_date_problem: string | null
}

export function toPlannedShipment(
  method: { id: string; name: string; data?: Record<string, unknown> | null },
  options: NordicParcelOptions,
  carrierName: (code: string) => CarrierServiceName | undefined = () => undefined,
  now = new Date()
): PlannedShipment | null {
  const data = method.data ?? {}
  const code = typeof data.service_code === "string" ? data.service_code : null
  if (!code) return null
  const requested = requestedDayOf(data)
  const pickupPoint = data.pickup_point && typeof data.pickup_point === "object" ? (data.pickup_point as PickupPointSnapshot) : null
  return {
    shipping_method_id: method.id,
    name: method.name,
    service_code: code,
    service_name: serviceLabel(code, { merchantName: serviceOptionsFor(options, code).name, carrier: carrierName(code) }).name,
    delivery_date: typeof data.delivery_date === "string" ? data.delivery_date : null,
    pickup_point: pickupPoint,
    requires_pickup_point: pickupPoint !== null || pickupPointRule(serviceOptionsFor(options, code), undefined).choosable,
    pickup_point_chosen_by: typeof data.pickup_point_chosen_by === "string" ? data.pickup_point_chosen_by : null,
    requested_delivery_date: requested ?? null,
    delivery_date_chosen_by: requested ? String(data.delivery_date_chosen_by) : null,
    takes_delivery_date: takesDeliveryDate(code),
    requested_delivery_date_problem: requested ? (requestedDayProblem(requested, "the order", now) ?? null) : null,
  }
}
