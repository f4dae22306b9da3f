import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { refuseOtherPrice, returnItemsOrRefuse } from "../../lib/returns/return-price"
import { shopperReturnOptions } from "../../workflows/shopper-returns"

/**
 * The guard on Medusa's own `POST /store/returns` for the carrier's return options. Medusa's
 * workflow charges a calculated return option 0 unless the request names `return_shipping.price`,
 * and takes whatever price it names. For an option of this carrier, the guard puts in the price
 * the plugin's return-options route lists for these items (the merchant's return policy), and
 * refuses another price with a 400 naming `return_shipping.price`. Any other option, and a body
 * Medusa's own validation refuses, pass untouched. The price is the module's
 * (modules/nordic_parcel/return-options.ts), as the plugin's own return routes read it.
 */
type ReturnBody = { order_id?: unknown; items?: unknown; return_shipping?: { option_id?: unknown; price?: unknown } | null }

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
    if (items.length !== body.items.length) {
      return next()
    }
    const returns = shopperReturnOptions(req.scope)
    const order = await returns.loadOrder(body.order_id).catch(() => undefined)
    if (!order) {
      return next()
    }
    const listed = await returns.priceFor(order, optionId, returnItemsOrRefuse(order, items))
    if (!listed) {
      return next()
    }
    const sent = body.return_shipping?.price
    if (sent !== undefined && typeof sent !== "number") {
      return next()
    }
    refuseOtherPrice(sent, listed)
    for (const each of bodies) {
      each.return_shipping = { ...(each.return_shipping ?? {}), price: listed.amount }
    }
    next()
  } catch (error) {
    next(error)
  }
}
