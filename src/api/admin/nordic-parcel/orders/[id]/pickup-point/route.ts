import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { changeOrderPickupPointWorkflow } from "../../../../../../workflows/change-order-pickup-point"
import type { AdminChangeOrderPickupPoint } from "../../../validators"

/**
 * POST /admin/nordic-parcel/orders/:id/pickup-point `{ pickup_point_id, shipping_method_id? }`:
 * the merchant changes the pickup point of an order not yet booked. The point is checked at the
 * carrier as the shopper's is (400 naming the field when refused, 503 when the carrier cannot
 * answer) and stored on the order's shipping method, which the booking sends. 409 once booked.
 */
export async function POST(req: AuthenticatedMedusaRequest<AdminChangeOrderPickupPoint>, res: MedusaResponse) {
  const { result } = await changeOrderPickupPointWorkflow(req.scope).run({
    input: { order_id: req.params.id, ...req.validatedBody },
  })
  res.json({ shipping_method: { id: result.id, data: result.data } })
}
