import type { FulfillmentOption } from "@medusajs/framework/types"
import type { ServiceOptions } from "../../lib/options"
import { serviceInfo } from "../../lib/service-catalogue"

/**
 * The object the admin stores as `shipping_option.data` when a merchant picks a service
 *. Kept small and stable: it is copied into every option.
 */
export type NordicParcelFulfillmentOption = FulfillmentOption & {
  id: string
  name: string
  service_code: string
  requires_pickup_point: boolean
  is_return: boolean
}

export function toFulfillmentOption(service: ServiceOptions): NordicParcelFulfillmentOption {
  const info = serviceInfo(service.code)
  return {
    id: `nordic-parcel-${service.code}`,
    name: service.name ?? info.name,
    service_code: service.code,
    requires_pickup_point: service.requiresPickupPoint ?? info.requiresPickupPoint,
    is_return: service.isReturn || info.isReturn,
  }
}
