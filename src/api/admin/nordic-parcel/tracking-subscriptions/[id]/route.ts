import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { NORDIC_PARCEL_MODULE } from "../../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../../modules/nordic_parcel/service"
import { respondCarrierFailure } from "../../../../utils/carrier-errors"

/**
 * DELETE /admin/nordic-parcel/tracking-subscriptions/:id: stops the carrier's callbacks for one
 * tracking number. The plugin's record, if it has one, is kept and marked deleted.
 */
export async function DELETE(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const id = req.params.id
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  try {
    await nordicParcel.carrier().events.deleteTrackingSubscription(id)
  } catch (error) {
    return respondCarrierFailure(res, error, { subject: `tracking subscription ${id}` })
  }
  await nordicParcel.updateSubscriptions({
    selector: { carrier_id: id, kind: "tracking" },
    data: { status: "deleted" },
  })
  res.json({ id, object: "tracking_subscription", deleted: true })
}
