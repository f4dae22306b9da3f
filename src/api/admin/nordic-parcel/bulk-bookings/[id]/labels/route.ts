import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { NORDIC_PARCEL_MODULE } from "../../../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../../../modules/nordic_parcel/service"
import { sendMergedLabels } from "../../../../../http/labels-pdf"

/** GET /admin/nordic-parcel/bulk-bookings/:id/labels: one PDF of every label the run booked, in the run's order. */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const found = await nordicParcel.bulkBookingStore().get(req.params.id)
  if (!found) throw new MedusaError(MedusaError.Types.NOT_FOUND, `bulk booking ${req.params.id} was not found`)
  const fulfillmentIds = found.orders.flatMap((order) => (order.status === "booked" && order.fulfillment_id ? [order.fulfillment_id] : []))
  await sendMergedLabels(nordicParcel, fulfillmentIds, res, `labels-${found.run.id}.pdf`)
}
