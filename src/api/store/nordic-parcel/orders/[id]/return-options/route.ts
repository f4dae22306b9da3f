import type { MedusaResponse, MedusaStoreRequest } from "@medusajs/framework/http"
import { orderOfShopper } from "../../../../../http/shopper-order"
import { listShopperReturnOptions } from "../../../../../../workflows/shopper-returns"
import type { StoreReturnOptionsBody } from "../../../../../validators"

/**
 * POST /store/nordic-parcel/orders/:id/return-options `{ items: [{ id, quantity }] }` →
 * `{ return_options: [{ shipping_option_id, name, service_code, amount, currency_code,
 * is_tax_inclusive, price_source, qr_codes }] }`: the order's carrier return options, each with
 * what the shopper pays under the merchant's return policy for the items that go back, from the
 * order's shipping address to the option's warehouse. For the order's shopper only (404 otherwise);
 * an item not on the order, or more than can be returned, is a 400 naming the field.
 */
export async function POST(req: MedusaStoreRequest<StoreReturnOptionsBody>, res: MedusaResponse) {
  const { id } = await orderOfShopper(req)
  res.json({ return_options: await listShopperReturnOptions(req.scope, id, req.validatedBody.items) })
}
