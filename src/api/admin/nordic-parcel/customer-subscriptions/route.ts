import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { customerSubscriptionView } from "../../../../lib/tracking/subscription-views"
import { NORDIC_PARCEL_MODULE } from "../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../modules/nordic_parcel/service"
import { createCustomerSubscriptionWorkflow } from "../../../../workflows/subscriptions/create-customer-subscription"
import { describeCarrierRequest } from "../../../carrier-error-handler"
import type { AdminCreateCustomerSubscription } from "../validators"

/**
 * GET /admin/nordic-parcel/customer-subscriptions: the customer subscriptions the plugin's API
 * user created (the carrier's "own" list); [] when there are none.
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const subscriptions = await nordicParcel.carrier().events.listCustomerSubscriptions()
  res.json({ customer_subscriptions: subscriptions.map(customerSubscriptionView) })
}

/**
 * POST /admin/nordic-parcel/customer-subscriptions: subscribes the store's own hook to every
 * consignment of a customer number for 365 days (renewed by the nordic-parcel-renew-subscriptions
 * job). A webhook_url other than the store's hook is refused (400): the secret header goes nowhere else.
 */
export async function POST(req: AuthenticatedMedusaRequest<AdminCreateCustomerSubscription>, res: MedusaResponse) {
  const body = req.validatedBody
  describeCarrierRequest(req, { customerNumber: body.customer_number })
  const { result } = await createCustomerSubscriptionWorkflow(req.scope).run({
    input: { ...body, created_by: req.auth_context.actor_id },
  })
  res.json({ customer_subscription: result })
}
