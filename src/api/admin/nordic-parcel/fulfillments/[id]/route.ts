import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { NORDIC_PARCEL_MODULE } from "../../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../../modules/nordic_parcel/service"
import { toAdminShipment } from "../../../../../lib/admin-views/admin-shipment"

/**
 * GET /admin/nordic-parcel/fulfillments/:id: the carrier side of one fulfillment — the shipment
 * (service, consignment and package numbers, labels, pickup point, return) and its tracking events.
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const [shipment] = await nordicParcel.listShipments({ fulfillment_id: req.params.id }, { order: { created_at: "DESC" }, take: 1 })
  if (!shipment) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `fulfillment ${req.params.id} has no carrier shipment`)
  }
  const events = shipment.consignment_number
    ? await nordicParcel.listTrackingEvents({ shipment_number: shipment.consignment_number }, { order: { occurred_at: "ASC" } })
    : []
  const { tracking_events, label_download_url, ...visible } = toAdminShipment(shipment, events)
  res.json({ shipment: visible, label_download_url, tracking_events })
}
