import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { NORDIC_PARCEL_MODULE } from "../../../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../../../modules/nordic_parcel/service"
import { respondCarrierFailure } from "../../../../../utils/carrier-errors"

/**
 * GET /admin/nordic-parcel/fulfillments/:id/label[?return=true]: the label PDF of a fulfillment's
 * booking (or of its free return), fetched from the carrier, so the merchant prints it from the
 * admin without a carrier login.
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const [shipment] = await nordicParcel.listShipments({ fulfillment_id: req.params.id }, { order: { created_at: "DESC" }, take: 1 })
  const wantsReturn = req.query.return === "true"
  const url = wantsReturn
    ? (shipment?.return_shipment as { label_url?: string } | null)?.label_url
    : shipment?.label_url
  if (!shipment || !url) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `fulfillment ${req.params.id} has no ${wantsReturn ? "return " : ""}label`)
  }
  try {
    const label = await nordicParcel.carrier().booking.downloadLabel(url)
    const name = `${wantsReturn ? "return-" : ""}${shipment.consignment_number ?? shipment.id}.pdf`
    res.setHeader("Content-Type", label.contentType || "application/pdf")
    res.setHeader("Content-Disposition", `inline; filename="${name}"`)
    res.send(label.body)
  } catch (error) {
    respondCarrierFailure(res, error)
  }
}
