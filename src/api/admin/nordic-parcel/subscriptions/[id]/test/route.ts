import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { NORDIC_PARCEL_MODULE } from "../../../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../../../modules/nordic_parcel/service"
import { respondCarrierFailure } from "../../../../../utils/carrier-errors"

/**
 * POST /admin/nordic-parcel/subscriptions/:id/test: has the carrier send one dummy callback to a
 * tracking or customer subscription, so the merchant can check that callbacks reach the store.
 * `delivered` says whether the target answered 2xx; `outcome` is the carrier's own text. A failed
 * delivery is still a 200: the test ran, and its outcome is the answer.
 */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  try {
    const { delivered, outcome } = await nordicParcel.carrier().events.testSubscription(req.params.id)
    res.json({ delivered, outcome })
  } catch (error) {
    respondCarrierFailure(res, error, { subject: `subscription ${req.params.id}` })
  }
}
