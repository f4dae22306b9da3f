import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { refuseMerchantOnlyFields, refuseOtherPrice, returnItemsOrRefuse } from "../../lib/returns/return-price"
import { shopperReturnOptions } from "../../workflows/shopper-returns"

/**
 * The guard on Medusa's own `POST /store/returns` for the carrier's return options. Medusa's
 * workflow charges a calculated return option 0 unless the request names `return_shipping.price`,
 * takes whatever price it names, takes any return option by id, and lets the request mark the goods
 * received (`receive_now`) or send them to a warehouse of its choosing (`location_id`). For an
 * option of this carrier the guard refuses those two fields, refuses an option the store does not
 * offer this order, puts in the price the plugin's return-options route lists for these items, and
 * refuses another price with a 400 naming `return_shipping.price`. It fails closed: when the option
 * is this carrier's and the order or its price cannot be read, the error answers and no return is
 * created. Any other option, and a body Medusa's own validation refuses, pass untouched. The rules
 * are the module's (modules/nordic_parcel/return-options.ts), as the plugin's own return routes read them.
 */
type ReturnBody = {
  order_id?: unknown
  items?: unknown
  return_shipping?: { option_id?: unknown; price?: unknown } | null
  receive_now?: unknown
  location_id?: unknown
}

export async function chargeListedReturnPrice(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction): Promise<void> {
  try {
    const bodies = [req.body, (req as { validatedBody?: unknown }).validatedBody].filter((b): b is ReturnBody => Boolean(b) && typeof b === "object")
    const body = bodies[0]
    const optionId = body?.return_shipping?.option_id
    if (!body || typeof body.order_id !== "string" || typeof optionId !== "string" || !Array.isArray(body.items)) {
      return next()
    }
    const items = (body.items as { id?: unknown; quantity?: unknown }[]).filter(
      (item): item is { id: string; quantity: number } => typeof item?.id === "string" && typeof item.quantity === "number" && item.quantity > 0
    )
    const sent = body.return_shipping?.price
    if (items.length !== body.items.length || (sent !== undefined && typeof sent !== "number")) {
      return next() // Medusa's validation answers the malformed body
    }
    const returns = shopperReturnOptions(req.scope)
    if (!(await returns.isCarrierOption(optionId))) {
      return next()
    }
    refuseMerchantOnlyFields(body)
    const order = await returns.loadOrder(body.order_id)
    const listed = await returns.priceFor(order, optionId, returnItemsOrRefuse(order, items))
    if (!listed) {
      return next()
    }
    refuseOtherPrice(sent as number | undefined, listed)
    for (const each of bodies) {
      each.return_shipping = { ...(each.return_shipping ?? {}), price: listed.amount }
    }
    next()
  } catch (error) {
    next(error)
  }
}
