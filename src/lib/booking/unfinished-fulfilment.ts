/**
 * A fulfilment whose Medusa workflow stopped halfway. After the provider books, Medusa's order
 * fulfilment workflow runs its last steps side by side: it counts the items as fulfilled on the
 * order, links the fulfilment to the order, and trims the stock reservations. A process killed
 * among them leaves one done without the other:
 * - linked but not counted: the admin shows the fulfilment, the items stay unfulfilled, fulfilling
 *   them again is refused (the booking holds them), and cancelling it is refused too (Medusa
 *   cannot cancel more than was counted fulfilled);
 * - counted but not linked: the items show fulfilled with no fulfilment or label to be seen.
 * Both are completed by doing the missing half (workflows/complete-interrupted-fulfillment.ts).
 * Pure: the callers load the views.
 */

/**
 * The order fields (for Medusa's query) that `OrderFulfilmentView` holds. An order line's
 * quantities are its `detail`'s: the query gives no `items.quantity` (the order module's own reads
 * add it, the query does not).
 */
export const ORDER_FULFILMENT_FIELDS = [
  "id",
  "items.id",
  "items.detail.quantity",
  "items.detail.fulfilled_quantity",
  "fulfillments.id",
  "fulfillments.canceled_at",
  "fulfillments.items.line_item_id",
  "fulfillments.items.quantity",
]

/** An order as far as fulfilments go: its items and the fulfilments linked to it. */
export type OrderFulfilmentView = {
  items: { id: string; detail?: { quantity?: number | string | null; fulfilled_quantity?: number | string | null } | null }[]
  fulfillments: FulfilmentItemsView[]
}

export type FulfilmentItemsView = {
  id: string
  canceled_at?: unknown
  items: { line_item_id: string | null; quantity: number | string }[]
}

export type UnfinishedFulfilment =
  /** Linked, never counted: count its items as fulfilled. */
  | { missing: "count"; items: { id: string; quantity: number }[] }
  /** Counted, never linked: link it to the order. */
  | { missing: "link" }

/**
 * What the interrupted workflow left undone for `fulfillment` (not cancelled, booked for the
 * order), or null when nothing is: each of its items must be wholly missing from what the order
 * counts (linked) or wholly counted without a linked fulfilment (unlinked), so a fulfilment is
 * never counted twice and another fulfilment's units are never taken for it.
 */
export function unfinishedFulfilment(order: OrderFulfilmentView, fulfillment: FulfilmentItemsView): UnfinishedFulfilment | null {
  const items = fulfilmentQuantities(fulfillment)
  if (!items.size) return null
  const linked = order.fulfillments.some((f) => f.id === fulfillment.id)
  const inLinked = new Map<string, number>()
  for (const f of order.fulfillments) {
    if (f.canceled_at) continue
    for (const [id, quantity] of fulfilmentQuantities(f)) inLinked.set(id, (inLinked.get(id) ?? 0) + quantity)
  }
  const counted = new Map(order.items.map((item) => [item.id, Number(item.detail?.fulfilled_quantity ?? 0)]))
  const ordered = new Map(order.items.map((item) => [item.id, orderedUnits(item)]))
  for (const [id, quantity] of items) {
    // An item the order does not have, or whose quantities were not read: nothing to judge by.
    if (!Number.isFinite(ordered.get(id)) || !Number.isFinite(counted.get(id))) return null
    const linkedUnits = inLinked.get(id) ?? 0
    const countedUnits = counted.get(id) ?? 0
    // Linked: the fulfilment's units are in `linkedUnits`; they must all be beyond what is counted.
    // Unlinked: they must all be counted beyond what the linked fulfilments explain.
    const gap = linked ? linkedUnits - countedUnits : countedUnits - linkedUnits
    if (gap < quantity) return null
    if (linked && countedUnits + quantity > (ordered.get(id) ?? 0)) return null
  }
  return linked ? { missing: "count", items: [...items].map(([id, quantity]) => ({ id, quantity })) } : { missing: "link" }
}

function orderedUnits(item: OrderFulfilmentView["items"][number]): number {
  return item.detail?.quantity === undefined || item.detail?.quantity === null ? NaN : Number(item.detail.quantity)
}

function fulfilmentQuantities(fulfillment: FulfilmentItemsView): Map<string, number> {
  const quantities = new Map<string, number>()
  for (const item of fulfillment.items ?? []) {
    if (!item.line_item_id) continue
    quantities.set(item.line_item_id, (quantities.get(item.line_item_id) ?? 0) + Number(item.quantity))
  }
  return quantities
}

export type ReservationView = { id: string; line_item_id: string | null; inventory_item_id: string; quantity: number | string }

/**
 * Units of each of the fulfilment's items still to fulfil once the workflow is complete: what the
 * order counts as fulfilled, plus the fulfilment's own units when they are not counted yet.
 */
export function unitsStillToFulfil(order: OrderFulfilmentView, fulfillment: FulfilmentItemsView, unfinished: UnfinishedFulfilment): Map<string, number> {
  const units = new Map<string, number>()
  for (const [id, quantity] of fulfilmentQuantities(fulfillment)) {
    const item = order.items.find((i) => i.id === id)
    if (!item) continue
    const counted = Number(item.detail?.fulfilled_quantity ?? 0) + (unfinished.missing === "count" ? quantity : 0)
    const left = orderedUnits(item) - counted
    // Unknown (not read): trim nothing rather than guess.
    if (Number.isFinite(left)) units.set(id, Math.max(0, left))
  }
  return units
}

/**
 * Reservations to trim for a completed fulfilment: an item keeps reserved no more than its units
 * still to fulfil times the inventory item's required quantity, whether or not the interrupted
 * workflow trimmed them already (so completing twice trims once).
 */
export function reservationTrims(
  stillToFulfil: Map<string, number>,
  reservations: ReservationView[],
  requiredQuantity: (lineItemId: string, inventoryItemId: string) => number
): { update: { id: string; quantity: number }[]; remove: string[] } {
  const update: { id: string; quantity: number }[] = []
  const remove: string[] = []
  for (const [lineItemId, units] of stillToFulfil) {
    const allowed = new Map<string, number>()
    for (const reservation of reservations.filter((r) => r.line_item_id === lineItemId)) {
      const left = allowed.get(reservation.inventory_item_id) ?? units * requiredQuantity(lineItemId, reservation.inventory_item_id)
      const keep = Math.min(Number(reservation.quantity), left)
      allowed.set(reservation.inventory_item_id, left - keep)
      if (keep <= 0) remove.push(reservation.id)
      else if (keep < Number(reservation.quantity)) update.push({ id: reservation.id, quantity: keep })
    }
  }
  return { update, remove }
}
