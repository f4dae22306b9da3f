import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { customerSubscriptionView } from "../../../../../lib/tracking/subscription-views"
import { NORDIC_PARCEL_MODULE } from "../../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../../modules/nordic_parcel/service"

/**
 * GET /admin/nordic-parcel/customer-subscriptions/all: every customer subscription on the customer
 * numbers the plugin's API user may access, including those other carrier logins created
 * (`created_by` names the login); [] when there are none.
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const subscriptions = await nordicParcel.carrier().events.listAllCustomerSubscriptions()
  res.json({ customer_subscriptions: subscriptions.map(customerSubscriptionView) })
}
