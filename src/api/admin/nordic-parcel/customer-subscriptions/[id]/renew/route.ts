import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { renewCustomerSubscriptionWorkflow } from "../../../../../../workflows/subscriptions/renew-customer-subscription"
import { describeCarrierRequest } from "../../../../../carrier-error-handler"

/**
 * POST /admin/nordic-parcel/customer-subscriptions/:id/renew: moves the expiry to 365 days from
 * now at the carrier, and in the plugin's record when the plugin created the subscription.
 */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const id = req.params.id
  describeCarrierRequest(req, { subject: `customer subscription ${id}` })
  const { result } = await renewCustomerSubscriptionWorkflow(req.scope).run({ input: { carrier_id: id } })
  res.json({ customer_subscription: result })
}
