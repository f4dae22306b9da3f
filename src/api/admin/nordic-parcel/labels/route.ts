import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { NORDIC_PARCEL_MODULE } from "../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../modules/nordic_parcel/service"
import { sendMergedLabels } from "../../../http/labels-pdf"
import type { AdminLabelsQuery } from "../validators"

/** GET /admin/nordic-parcel/labels?fulfillment_ids=a,b: one PDF of the labels of the selected shipments. */
export async function GET(req: AuthenticatedMedusaRequest<unknown, AdminLabelsQuery>, res: MedusaResponse) {
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const { fulfillment_ids } = req.validatedQuery as unknown as AdminLabelsQuery
  await sendMergedLabels(nordicParcel, fulfillment_ids, res, "nordic-parcel-labels.pdf")
}
