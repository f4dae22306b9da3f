/**
 * The pure part of the return page (`ReturnRequest`): which of an order's items can still go back
 * and how many, the shopper's choice of items and quantities, and the `items` both return routes
 * of the plugin take (the priced options, then the return itself). Kept apart from the component
 * so that what is sent is tested with tables of cases, and so that a server action can build the
 * same request without React.
 */
import type { MedusaSdkLike, RequestOptions } from "./client"
import { toStoreError } from "./client"
import { pickupPointQueryFor, type AddressForPickup } from "./format"
import type { CreateReturnInput, PickupPointQuery, ReturnItemInput } from "./types"

/** An order line as Medusa's store order route gives it (`*items`, `*items.detail` are its defaults). */
export type OrderLineForReturn = {
  id: string
  title?: string | null
  product_title?: string | null
  variant_title?: string | null
  thumbnail?: string | null
  quantity: number | string
  detail?: {
    fulfilled_quantity?: number | string | null
    return_requested_quantity?: number | string | null
    return_received_quantity?: number | string | null
    return_dismissed_quantity?: number | string | null
  } | null
}

/** The part of Medusa's store order (`GET /store/orders/:id`) the return page reads. */
export type OrderForReturn = {
  id: string
  currency_code?: string | null
  items?: OrderLineForReturn[] | null
  shipping_address?: AddressForPickup | null
}

/** An order line the shopper may send back, at most `returnable` of it. */
export type ReturnableItem = {
  id: string
  title: string
  variant_title: string | null
  thumbnail: string | null
  returnable: number
}

/** A return reason of the store (`GET /store/return-reasons`). */
export type ReturnReason = { id: string; value: string; label: string; description?: string | null }

/** Item id → quantity to send back. */
export type ReturnSelection = Readonly<Record<string, number>>

/** One line of the return, as the plugin's return route takes it (`CreateReturnInput["items"]`). */
export type ReturnItemRequest = CreateReturnInput["items"][number]

const count = (value: number | string | null | undefined): number => {
  const n = typeof value === "string" ? Number(value) : value ?? 0
  return Number.isFinite(n) ? n : 0
}

/**
 * The lines that can still go back: what was sent (fulfilled) less what is already on a return,
 * received or dismissed. A line not yet sent cannot be returned (Medusa refuses it), so it is
 * left out rather than shown with nothing to choose.
 */
export function returnableItems(order: OrderForReturn): ReturnableItem[] {
  return (order.items ?? []).flatMap((line) => {
    const detail = line.detail ?? {}
    const returnable =
      count(detail.fulfilled_quantity) -
      count(detail.return_requested_quantity) -
      count(detail.return_received_quantity) -
      count(detail.return_dismissed_quantity)
    if (returnable <= 0) return []
    const title = line.product_title || line.title || line.id
    const variant = line.variant_title && line.variant_title !== title ? line.variant_title : null
    return [{ id: line.id, title, variant_title: variant, thumbnail: line.thumbnail ?? null, returnable: Math.floor(returnable) }]
  })
}

/** The selection with `itemId` set to `quantity`, kept between 0 and what can go back (0 removes it). */
export function withQuantity(selection: ReturnSelection, item: ReturnableItem, quantity: number): ReturnSelection {
  const wanted = Number.isFinite(quantity) ? Math.trunc(quantity) : 0
  const clamped = Math.min(Math.max(wanted, 0), item.returnable)
  const { [item.id]: _previous, ...rest } = selection
  return clamped > 0 ? { ...rest, [item.id]: clamped } : rest
}

/**
 * The `items` of a return request: the chosen lines in the order's own order, each with its
 * quantity (never more than can go back) and the shopper's reason and note. Lines no longer
 * returnable and zero quantities are left out; an empty result means nothing is chosen.
 */
export function returnItemsFor(
  selection: ReturnSelection,
  items: ReturnableItem[],
  reason: { reason_id?: string | null; note?: string | null } = {}
): ReturnItemRequest[] {
  const note = reason.note?.trim()
  return items.flatMap((item) => {
    const quantity = Math.min(Math.trunc(selection[item.id] ?? 0), item.returnable)
    if (!(quantity > 0)) return []
    return [{ id: item.id, quantity, ...(reason.reason_id ? { reason_id: reason.reason_id } : {}), ...(note ? { note } : {}) }]
  })
}

/** The lines as the return-options route takes them (reason and note do not change the price). */
export function returnOptionItems(items: ReturnItemInput[]): ReturnItemInput[] {
  return items.map(({ id, quantity }) => ({ id, quantity }))
}

/**
 * What the return options depend on: the chosen lines and quantities (not the reason or note,
 * which change nothing of the price). The options are asked again only when this changes.
 */
export function returnOptionsKey(items: ReturnItemInput[]): string {
  return items
    .map((item) => `${item.id}:${item.quantity}`)
    .sort()
    .join(",")
}

/**
 * The store's return reasons, for the reason field: Medusa's `GET /store/return-reasons` (js-sdk
 * has no method for it). Top-level reasons only; a sub-reason names its parent and would repeat it.
 */
export async function listReturnReasons(sdk: MedusaSdkLike, options: RequestOptions = {}): Promise<ReturnReason[]> {
  try {
    const { return_reasons } = await sdk.client.fetch<{ return_reasons: (ReturnReason & { parent_return_reason_id?: string | null })[] }>(
      "/store/return-reasons",
      { method: "GET", query: { fields: "id,value,label,description,parent_return_reason_id", limit: 100 }, ...(options.headers ? { headers: options.headers } : {}), ...(options.signal ? { signal: options.signal } : {}) }
    )
    return return_reasons
      .filter((reason) => !reason.parent_return_reason_id)
      .map(({ id, value, label, description }) => ({ id, value, label, description: description ?? null }))
  } catch (error) {
    if ((error as { name?: string })?.name === "AbortError") throw error
    throw toStoreError(error)
  }
}

/**
 * Where the shopper hands the return in: the points nearest the order's shipping address (the
 * search the picker and `nearestPickupPoint` use), `limit` of them.
 */
export function dropOffPointsQuery(address: AddressForPickup, limit = 3): PickupPointQuery {
  return pickupPointQueryFor(address, undefined, limit)
}
