import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { CustomerSubscription } from "../../../../lib/carrier"
import { customerSubscriptionView } from "../../../../lib/tracking/subscription-views"
import { webhookCallback } from "../../../../lib/tracking/webhook-callback"
import { NORDIC_PARCEL_MODULE } from "../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../modules/nordic_parcel/service"
import { respondCarrierFailure } from "../../../utils/carrier-errors"
import type { AdminCreateCustomerSubscription } from "../validators"

/**
 * GET /admin/nordic-parcel/customer-subscriptions: the customer subscriptions the plugin's API
 * user created (the carrier's "own" list); [] when there are none.
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  try {
    const subscriptions = await nordicParcel.carrier().events.listCustomerSubscriptions()
    res.json({ customer_subscriptions: subscriptions.map(customerSubscriptionView) })
  } catch (error) {
    respondCarrierFailure(res, error)
  }
}

/**
 * POST /admin/nordic-parcel/customer-subscriptions: subscribes the store to every consignment of
 * a customer number for 365 days (renewed by the nordic-parcel-renew-subscriptions job). The
 * carrier calls back with the plugin's secret header, and the subscription is recorded so the
 * job can renew it.
 */
export async function POST(req: AuthenticatedMedusaRequest<AdminCreateCustomerSubscription>, res: MedusaResponse) {
  const body = req.validatedBody
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const callback = webhookCallback(nordicParcel.getOptions().webhooks, body.webhook_url)
  const events = nordicParcel.carrier().events

  let created: CustomerSubscription
  try {
    created = await events.createCustomerSubscription({
      customerNumber: body.customer_number,
      eventSet: body.event_groups,
      webhookConfiguration: { webhookUrl: callback.url, contentType: "application/json", headers: callback.headers },
    })
  } catch (error) {
    return respondCarrierFailure(res, error, { customerNumber: body.customer_number })
  }

  const view = customerSubscriptionView(created)
  try {
    await nordicParcel.createSubscriptions({
      carrier_id: created.id,
      kind: "customer",
      customer_number: view.customer_number ?? body.customer_number,
      event_groups: view.event_groups.length > 0 ? view.event_groups : body.event_groups,
      expires_at: view.expires_at ? new Date(view.expires_at) : null,
      created_by: req.auth_context.actor_id,
    })
  } catch (error) {
    // Unrecorded, it would never be renewed and would call back for a year unseen: take it back.
    await events.deleteCustomerSubscription(created.id).catch(() => undefined)
    throw error
  }
  res.json({ customer_subscription: view })
}
