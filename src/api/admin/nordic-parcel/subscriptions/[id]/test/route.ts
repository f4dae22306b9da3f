import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { NORDIC_PARCEL_MODULE } from "../../../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../../../modules/nordic_parcel/service"
import { describeCarrierRequest } from "../../../../../carrier-error-handler"

/**
 * POST /admin/nordic-parcel/subscriptions/:id/test: has the carrier send one dummy callback to a
 * tracking or customer subscription, so the merchant can check that callbacks reach the store.
 * 200 `{ sent: true, carrier_status, outcome }` when the carrier accepted the test (its 2xx), with
 * the carrier's text exactly as it came; a refusal is answered like any carrier failure.
 */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  describeCarrierRequest(req, { subject: `subscription ${req.params.id}` })
  const { status, outcome } = await nordicParcel.carrier().events.testSubscription(req.params.id)
  res.json({ sent: true, carrier_status: status, outcome })
}
