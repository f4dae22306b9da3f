import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { customerSubscriptionView, type AdminCustomerSubscription } from "../../../../../../lib/tracking/subscription-views"
import { NORDIC_PARCEL_MODULE } from "../../../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../../../modules/nordic_parcel/service"
import { respondCarrierFailure } from "../../../../../utils/carrier-errors"

/**
 * POST /admin/nordic-parcel/customer-subscriptions/:id/renew: moves the expiry to 365 days from
 * now at the carrier, and in the plugin's record when the plugin created the subscription.
 */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const id = req.params.id
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  let view: AdminCustomerSubscription
  try {
    view = customerSubscriptionView(await nordicParcel.carrier().events.renewCustomerSubscription(id))
  } catch (error) {
    return respondCarrierFailure(res, error, { subject: `customer subscription ${id}` })
  }
  if (view.expires_at) {
    await nordicParcel.updateSubscriptions({
      selector: { carrier_id: id, kind: "customer" },
      data: { expires_at: new Date(view.expires_at), status: "active" },
    })
  }
  res.json({ customer_subscription: view })
}
