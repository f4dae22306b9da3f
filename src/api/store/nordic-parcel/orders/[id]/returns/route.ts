import type { MedusaResponse, MedusaStoreRequest } from "@medusajs/framework/http"
import { createShopperReturn } from "../../../../../../workflows/shopper-returns"
import { orderOfShopper } from "../../../../../http/shopper-order"
import type { StoreCreateReturnBody } from "../../../../../validators"

/**
 * POST /store/nordic-parcel/orders/:id/returns `{ items: [{ id, quantity, reason_id?, note? }],
 * return_shipping: { option_id, price? }, note? }` → `{ return, shipment }`: the shopper's return,
 * created with Medusa's own `createAndCompleteReturnOrderWorkflow` (what `POST /store/returns`
 * runs; the provider books it with the carrier to the option's warehouse) and charged exactly the
 * amount the return-options route lists for these items. A `return_shipping.price` that differs
 * is refused (400 naming it). Unlike Medusa's route, only the order's shopper may return (404
 * otherwise, as for the other order routes). The answer carries the return's shipment (label, QR
 * codes) once the booking is recorded. The work is workflows/shopper-returns.ts.
 */
export async function POST(req: MedusaStoreRequest<StoreCreateReturnBody>, res: MedusaResponse) {
  const { id } = await orderOfShopper(req)
  res.status(200).json(await createShopperReturn(req.scope, id, req.validatedBody))
}
