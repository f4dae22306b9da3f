import type { MedusaResponse, MedusaStoreRequest } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { returnDocumentsOfShopper, sendCarrierDocument } from "../../../../../../../../http/shopper-order"

/**
 * GET /store/nordic-parcel/orders/:id/shipments/:shipment_id/return-qr-codes/:index: the return's
 * QR code image for one package (index from 0, as listed in `return_label.qr_code_paths`), fetched
 * from the carrier for the order's shopper, who shows it at the counter instead of a printed label.
 */
export async function GET(req: MedusaStoreRequest, res: MedusaResponse) {
  const { links } = await returnDocumentsOfShopper(req)
  const index = /^\d{1,3}$/.test(req.params.index) ? Number(req.params.index) : NaN
  const url = links.qrCodeUrls[index]
  if (!url) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Shipment ${req.params.shipment_id} has no return QR code ${req.params.index}`)
  }
  await sendCarrierDocument(req, res, url, { baseName: `return-${links.consignmentNumber}-${index + 1}`, kind: "png" })
}
