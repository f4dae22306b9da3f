import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { NORDIC_PARCEL_MODULE } from "../../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../../modules/nordic_parcel/service"
import { followedNumbers } from "../../../../../lib/tracking/followed-consignments"
import { toAdminShipment } from "../../../../../lib/admin-views/admin-shipment"

/**
 * GET /admin/nordic-parcel/fulfillments/:id: the carrier side of one fulfillment — the shipment
 * (service, consignment and package numbers, labels, pickup point, return) and its tracking events;
 * `return_tracking_events`: those of the free return the booking carries.
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const [shipment] = await nordicParcel.listShipments({ fulfillment_id: req.params.id }, { order: { created_at: "DESC" }, take: 1 })
  if (!shipment) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `fulfillment ${req.params.id} has no carrier shipment`)
  }
  const numbers = followedNumbers(shipment)
  const events = numbers.length ? await nordicParcel.listTrackingEvents({ shipment_number: numbers }, { order: { occurred_at: "ASC" } }) : []
  const { tracking_events, return_tracking_events, label_download_url, ...visible } = toAdminShipment(shipment, events)
  res.json({ shipment: visible, label_download_url, tracking_events, return_tracking_events })
}
