/**
 * What a bulk run does with one order, decided from the order as Medusa holds it: fulfil its
 * unfulfilled items, or skip it with a reason the merchant can read. Pure: the runner loads the
 * order and acts on the plan.
 */
export type BulkOrderView = {
  id: string
  display_id?: number | null
  status: string
  /** Query answers an order's line quantities in `detail` (the order's own version of the line). */
  items: {
    id: string
    quantity?: number | string | null
    detail?: { quantity?: number | string | null; fulfilled_quantity?: number | string | null } | null
  }[]
  shipping_methods: { shipping_option_id?: string | null }[]
}

export type BulkOrderPlan =
  | { action: "fulfil"; items: { id: string; quantity: number }[] }
  | { action: "skip"; reason: string; alreadyFulfilled?: boolean }

export function planBulkOrder(order: BulkOrderView | undefined, carrierOptionIds: ReadonlySet<string>): BulkOrderPlan {
  if (!order) return { action: "skip", reason: "the order no longer exists" }
  if (order.status === "canceled") return { action: "skip", reason: "the order is canceled" }
  if (order.status === "draft") return { action: "skip", reason: "the order is a draft" }
  if (!order.shipping_methods.some((method) => method.shipping_option_id && carrierOptionIds.has(method.shipping_option_id))) {
    return { action: "skip", reason: "the order does not ship with Nordic Parcel" }
  }
  const items = order.items
    .map((item) => ({
      id: item.id,
      quantity: Number(item.detail?.quantity ?? item.quantity ?? 0) - Number(item.detail?.fulfilled_quantity ?? 0),
    }))
    .filter((item) => item.quantity > 0)
  if (items.length === 0) return { action: "skip", reason: "the order is already fulfilled", alreadyFulfilled: true }
  return { action: "fulfil", items }
}

/**
 * The outcome of a fulfilment the workflow refused: "refused" when the carrier said no (its
 * message, with its code, is kept as the merchant reads it); "pending" again when nothing was sent
 * (the carrier could not be reached, or the booking's turn at the rate limit did not come in time),
 * so the run tries it later; "held" when another booking of the order holds the units (the runner
 * reads the order again: it is booked only if that booking made it the order's, never "skipped"
 * while the order is unfulfilled); "failed" otherwise (an unconfirmed earlier attempt among them,
 * which the merchant books again from the order).
 */
export function failedOutcome(error: unknown): { status: "refused" | "failed" | "pending" | "held"; message: string } {
  const message = String((error as Error)?.message ?? error)
  if (/^The carrier refused the booking/.test(message)) return { status: "refused", message }
  if (/^The carrier (is throttling bookings|could not be reached)/.test(message)) return { status: "pending", message }
  if (/already booked for other fulfilments/.test(message)) {
    return { status: "held", message: `another booking of the order holds these items: ${message}` }
  }
  return { status: "failed", message }
}
