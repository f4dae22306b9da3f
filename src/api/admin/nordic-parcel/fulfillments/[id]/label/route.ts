/*
 * One fulfillment's label, served as an attachment with `nosniff`: a PDF, or a label-printer file with
 * its own type (lib/labels/label-format.ts), fetched by the module's `downloadLabel`.
 */
import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { NORDIC_PARCEL_MODULE } from "../../../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../../../modules/nordic_parcel/service"
import { labelDisposition } from "../../../../../../lib/labels/label-format"

/**
 * GET /admin/nordic-parcel/fulfillments/:id/label[?return=true]: the label of a fulfillment's
 * booking (or of its free return), fetched from the carrier, so the merchant prints it from the
 * admin without a carrier login. A PDF, or the tracked mailbox parcel's (3570) label-printer file
 * with the carrier's content type, decided by the file's bytes (lib/labels/label-format.ts), served
 * as a download with nosniff: nothing the storage sends runs on the admin's origin.
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
  const label = await nordicParcel.downloadLabel(url)
  res.setHeader("Content-Type", label.contentType)
  res.setHeader("Content-Disposition", labelDisposition(label, `${wantsReturn ? "return-" : ""}${shipment.consignment_number ?? shipment.id}`))
  res.setHeader("X-Content-Type-Options", "nosniff")
  res.send(label.body)
}
