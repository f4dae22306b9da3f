import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { deleteSubscriptionWorkflow } from "../../../../../workflows/subscriptions/delete-subscription"
import { describeCarrierRequest } from "../../../../carrier-error-handler"

/**
 * DELETE /admin/nordic-parcel/tracking-subscriptions/:id: stops the carrier's callbacks for one
 * tracking number. The plugin's record, if it has one, is kept and marked deleted.
 */
export async function DELETE(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const id = req.params.id
  describeCarrierRequest(req, { subject: `tracking subscription ${id}` })
  await deleteSubscriptionWorkflow(req.scope).run({ input: { kind: "tracking", carrier_id: id } })
  res.json({ id, object: "tracking_subscription", deleted: true })
}
