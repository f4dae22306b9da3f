import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { changeOrderDeliveryDateWorkflow } from "../../../../../../workflows/change-order-delivery-date"
import type { AdminChangeOrderDeliveryDate } from "../../../validators"

/**
 * POST /admin/nordic-parcel/orders/:id/delivery-date `{ delivery_date, shipping_method_id? }`: the
 * merchant changes the requested delivery day of an order not yet booked (PA_DOREN, 5600,
 * OIL_EXPRESS). 400 naming the field for a day that is not a later working day, 409 once booked
 * (or while a booking is under way). The booking sends the day; the carrier checks it then.
 */
export async function POST(req: AuthenticatedMedusaRequest<AdminChangeOrderDeliveryDate>, res: MedusaResponse) {
  const { result } = await changeOrderDeliveryDateWorkflow(req.scope).run({
    input: { order_id: req.params.id, ...req.validatedBody },
  })
  res.json({ shipping_method: { id: result.id, data: result.data } })
}
