import type { MedusaResponse, MedusaStoreRequest } from "@medusajs/framework/http"
import { sameEmail } from "../../../../../../lib/shopper/order-access"
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
 */
export async function POST(req: MedusaStoreRequest<StoreOrderAccessBody>, res: MedusaResponse) {
  const orderId = req.params.id
  const order = await loadOrderOwnership(req, orderId)
  if (!order || order.is_draft_order || !sameEmail(order.email, req.validatedBody.email)) {
    throw orderNotFound(orderId)
  }
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  res.json(nordicParcel.createOrderAccessToken(order.id))
}
