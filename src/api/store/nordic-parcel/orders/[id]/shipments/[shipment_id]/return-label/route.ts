import type { MedusaResponse, MedusaStoreRequest } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { returnDocumentsOfShopper, sendCarrierDocument } from "../../../../../../../http/shopper-order"

/**
 * GET /store/nordic-parcel/orders/:id/shipments/:shipment_id/return-label: the return label PDF,
 * fetched from the carrier for the order's shopper (404 for anyone else, and when the shipment has
 * no return label; a 5xx when the carrier's file is not a PDF from its label storage).
 */
export async function GET(req: MedusaStoreRequest, res: MedusaResponse) {
  const { links } = await returnDocumentsOfShopper(req)
  if (!links.labelUrl) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Shipment ${req.params.shipment_id} has no return label`)
  }
  await sendCarrierDocument(req, res, links.labelUrl, { baseName: `return-${links.consignmentNumber}`, kind: "pdf" })
}
