import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { NORDIC_PARCEL_MODULE } from "../../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../../modules/nordic_parcel/service"
import { toAdminShipment } from "../../../../utils/admin-shipment"

/**
 * GET /admin/nordic-parcel/orders/:id: every carrier shipment of an order (outbound and returns,
 * including attempts the carrier never confirmed) with its tracking events, oldest first — what
 * the order page's widget shows.
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const shipments = await nordicParcel.listShipments({ order_id: req.params.id }, { order: { created_at: "ASC" } })
  const numbers = shipments.map((s) => s.consignment_number).filter((n): n is string => Boolean(n))
  const events = numbers.length
    ? await nordicParcel.listTrackingEvents({ shipment_number: numbers }, { order: { occurred_at: "ASC" } })
    : []
  res.json({
    shipments: shipments.map((shipment) =>
      toAdminShipment(shipment, events.filter((e) => e.shipment_number === shipment.consignment_number))
    ),
  })
}
