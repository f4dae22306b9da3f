import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { trackingSubscriptionView } from "../../../../lib/tracking/subscription-views"
import { NORDIC_PARCEL_MODULE } from "../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../modules/nordic_parcel/service"
import type { AdminTrackingSubscriptionsQuery } from "../validators"

/**
 * GET /admin/nordic-parcel/tracking-subscriptions[?limit]: the latest `limit` (default 100)
 * subscriptions on single tracking numbers, as the carrier lists them (it has no pagination).
 */
export async function GET(req: AuthenticatedMedusaRequest<unknown, AdminTrackingSubscriptionsQuery>, res: MedusaResponse) {
  const { limit } = req.validatedQuery as AdminTrackingSubscriptionsQuery
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const subscriptions = await nordicParcel.carrier().events.listTrackingSubscriptions({ limit })
  res.json({ tracking_subscriptions: subscriptions.map(trackingSubscriptionView) })
}
