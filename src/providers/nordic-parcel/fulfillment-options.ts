import type { FulfillmentOption } from "@medusajs/framework/types"
import type { ServiceOptions } from "../../lib/options"
import { serviceInfo } from "../../lib/service-catalogue"
import type { CarrierServiceName } from "../../lib/service-names/carrier-names"
import { serviceLabel } from "../../lib/service-names/service-label"

/**
 * The object the admin stores as `shipping_option.data` when a merchant picks a service. Kept
 * small and stable: it is copied into every option.
 */
export type NordicParcelFulfillmentOption = FulfillmentOption & {
  id: string
  name: string
  service_code: string
  /**
   * A pickup-point service: the shopper may choose a point. Whether one is required depends on
   * the destination country and is decided per cart (lib/pickup-point-rule.ts), not by this flag.
   */
  requires_pickup_point: boolean
  is_return: boolean
}

/**
 * `name` is what the admin lists when a merchant picks a service: the merchant's name, else the
 * carrier's, else the plugin's, with the code second ("Pickup point parcel · SERVICEPAKKE").
 */
export function toFulfillmentOption(service: ServiceOptions, carrier?: CarrierServiceName): NordicParcelFulfillmentOption {
  const info = serviceInfo(service.code)
  return {
    id: `nordic-parcel-${service.code}`,
    name: serviceLabel(service.code, { merchantName: service.name, carrier }).label,
    service_code: service.code,
    requires_pickup_point: service.requiresPickupPoint ?? info.deliversToPickupPoints,
    is_return: service.isReturn || info.isReturn,
  }
}
