/*
 * Order flows (returns, exchanges, claims) are priced for what travels: picks `return_items`
 * /`exchange_items` / `claim_items` from the calculation context and adds up their quantities.
 * Medusa's reads around it are in modules/nordic_parcel/order-loader.ts.
 */
import type { PackableItem } from "../packing/parcel"

/**
 * Medusa's order flows (returns, exchanges, claims) price a shipping method with the whole order
 * as the context, and name the goods that travel beside it: `return_items` for what goes back,
 * `exchange_items` / `claim_items` for what goes out, each `{ id, quantity }` with `id` the order
 * line item. The price is for those goods, not for the order.
 */

/** One line item of the order flow and how many of it travel. */
export type TravellingItem = { id: string; quantity: number }

/** The order-flow part of Medusa's calculatePrice context. */
export type OrderFlowContext = {
  return_id?: string | null
  return_items?: unknown
  exchange_id?: string | null
  exchange_items?: unknown
  claim_id?: string | null
  claim_items?: unknown
}

/**
 * The goods of the order flow being priced, quantities of repeated lines added up, lines without
 * an id or a positive quantity left out; undefined when the context is not an order flow (a cart,
 * an order edit, a draft order: their items are what travels).
 */
export function travellingItemsOf(context: OrderFlowContext): TravellingItem[] | undefined {
  const listed = context.exchange_items ?? context.claim_items ?? context.return_items
  if (!Array.isArray(listed)) {
    return undefined
  }
  const quantities = new Map<string, number>()
  for (const entry of listed as { id?: unknown; quantity?: unknown }[]) {
    const quantity = Number(entry?.quantity)
    if (typeof entry?.id !== "string" || !entry.id || !(quantity > 0)) continue
    quantities.set(entry.id, (quantities.get(entry.id) ?? 0) + quantity)
  }
  return [...quantities].map(([id, quantity]) => ({ id, quantity }))
}

/** A line item as loaded (order line item with its variant's measures and price). */
export type LoadedLineItem = PackableItem & { id: string; unit_price?: unknown }

/**
 * The packable items that travel: each travelling line with its measures and its travelling
 * quantity. Before any goods are added to the flow (Medusa re-prices once they are), one unit of
 * an unmeasured item stands in, so the method still gets a price.
 */
export function packableTravellingItems(travelling: TravellingItem[], lineItems: LoadedLineItem[]): LoadedLineItem[] {
  const byId = new Map(lineItems.map((item) => [item.id, item]))
  const items = travelling.flatMap(({ id, quantity }) => {
    const line = byId.get(id)
    return line ? [{ ...line, quantity }] : []
  })
  return items.length ? items : [{ id: "nothing-added-yet", quantity: 1 }]
}
