import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { customerSubscriptionView } from "../../../../../lib/tracking/subscription-views"
import { NORDIC_PARCEL_MODULE } from "../../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../../modules/nordic_parcel/service"
import { deleteSubscriptionWorkflow } from "../../../../../workflows/subscriptions/delete-subscription"
import { describeCarrierRequest } from "../../../../carrier-error-handler"

/** GET /admin/nordic-parcel/customer-subscriptions/:id: one customer subscription as the carrier has it. */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  describeCarrierRequest(req, { subject: `customer subscription ${req.params.id}` })
  const subscription = await nordicParcel.carrier().events.getCustomerSubscription(req.params.id)
  res.json({ customer_subscription: customerSubscriptionView(subscription) })
}

/**
 * DELETE /admin/nordic-parcel/customer-subscriptions/:id: stops the carrier's callbacks for the
 * customer number. The plugin's record is kept, marked deleted, so the renewal job skips it.
 */
export async function DELETE(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const id = req.params.id
  describeCarrierRequest(req, { subject: `customer subscription ${id}` })
  await deleteSubscriptionWorkflow(req.scope).run({ input: { kind: "customer", carrier_id: id } })
  res.json({ id, object: "customer_subscription", deleted: true })
}
