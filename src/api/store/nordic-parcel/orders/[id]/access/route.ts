import type { MedusaResponse, MedusaStoreRequest } from "@medusajs/framework/http"
import { guestAccessUnavailable, guestEmailNotAccepted, sameEmail } from "../../../../../../lib/shopper/order-access"
import { NORDIC_PARCEL_MODULE } from "../../../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../../../modules/nordic_parcel/service"
import { loadOrderOwnership, orderNotFound } from "../../../../../http/shopper-order"
import type { StoreOrderAccessBody } from "../../../../../validators"

/**
 * POST /store/nordic-parcel/orders/:id/access `{ email }` → `{ access_token, expires_at }`: a
 * guest who knows the order's e-mail gets a signed token that opens the order's shipments and
 * return documents until `expires_at` (sent as `x-nordic-parcel-order-token`), so the order page
 * need not keep the e-mail. A wrong e-mail answers 404, as for an order that does not exist; the
 * route is rate-limited per client (api/middlewares.ts), so e-mails cannot be tried in bulk.
 * 403 before the order is read while no `orderAccess.secret` is set, and in a store whose guests
 * come by signed link only (`orderAccess.guestProof: "token"`: the e-mail buys nothing there,
 * since Medusa's own order route tells it to whoever holds the id).
 */
export async function POST(req: MedusaStoreRequest<StoreOrderAccessBody>, res: MedusaResponse) {
  const orderId = req.params.id
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const policy = nordicParcel.guestAccessPolicy()
  if (!policy.available) throw guestAccessUnavailable()
  if (!policy.emailIsProof) throw guestEmailNotAccepted()
  const order = await loadOrderOwnership(req, orderId)
  if (!order || order.is_draft_order || !order.email || !sameEmail(order.email, req.validatedBody.email)) {
    throw orderNotFound(orderId)
  }
  res.json(nordicParcel.createOrderAccessToken({ id: order.id, email: order.email }))
}
