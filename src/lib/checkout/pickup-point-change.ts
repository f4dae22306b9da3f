import type { ShipmentStatus } from "../statuses"
import type { ChosenPickupPoint } from "./pickup-point-choice"

/**
 * The merchant changes an order's pickup point before it is booked (the shopper asked, or the
 * chosen point closed): which shipping method changes, whether it still may, and its new data.
 * Pure; the workflow change-order-pickup-point.ts does the reading, the carrier check and the write.
 */

export type OrderMethod = { id: string; data?: Record<string, unknown> | null }

export type MethodChoice<M extends OrderMethod> = { ok: true; method: M } | { ok: false; status: 400 | 404; message: string }

/**
 * The carrier method whose pickup point changes: the one named, else the order's only one that
 * goes to a pickup point. `takesPickupPoint` says whether a method's service delivers to one.
 */
export function methodToChange<M extends OrderMethod>(
  methods: M[],
  requestedId: string | undefined,
  takesPickupPoint: (method: M) => boolean
): MethodChoice<M> {
  if (requestedId) {
    const method = methods.find((m) => m.id === requestedId)
    if (!method) {
      return { ok: false, status: 404, message: `shipping_method_id: the order has no shipping method ${requestedId}` }
    }
    if (!takesPickupPoint(method)) {
      return { ok: false, status: 400, message: `shipping_method_id: shipping method ${requestedId} does not deliver to a pickup point` }
    }
    return { ok: true, method }
  }
  const candidates = methods.filter(takesPickupPoint)
  if (candidates.length === 0) {
    return { ok: false, status: 400, message: "the order has no shipping method that delivers to a pickup point" }
  }
  if (candidates.length > 1) {
    return {
      ok: false,
      status: 400,
      message: `shipping_method_id is required: the order has ${candidates.length} pickup-point methods (${candidates.map((m) => m.id).join(", ")})`,
    }
  }
  return { ok: true, method: candidates[0] }
}

/** Bookings that no longer hold the goods: a failed attempt, or one left unused by a cancelled fulfilment. */
const NOT_HOLDING: ReadonlySet<string> = new Set<ShipmentStatus>(["failed", "unused"])

/** Whether an outgoing booking in this status holds the order's goods (the order widget asks too). */
export function holdsGoods(status: string): boolean {
  return !NOT_HOLDING.has(status)
}

/**
 * Why the pickup point can no longer change: an outgoing booking of the order stands (or is under
 * way), and the carrier offers no change of a booked parcel (carrier notes 19). Undefined: it may.
 */
export function bookedRefusal(
  orderLabel: string,
  shipments: { kind: string; status: string; consignment_number?: string | null }[],
  what = "pickup point"
): string | undefined {
  const booked = shipments.find((s) => s.kind === "outbound" && holdsGoods(s.status))
  if (!booked) {
    return undefined
  }
  const which = booked.consignment_number ? `consignment ${booked.consignment_number}` : "a booking under way"
  return (
    `${orderLabel} is already booked with the carrier (${which}), so its ${what} can no longer be changed; ` +
    `cancel the fulfilment first, then change the ${what} and fulfil again`
  )
}

/**
 * The method's data with the merchant's point: the carrier-confirmed snapshot replaces the old
 * choice (and any "pending" or "unverified" mark), the rest of the data (service, delivery date) stays.
 */
export function withMerchantPoint(
  data: Record<string, unknown> | null | undefined,
  chosen: Extract<ChosenPickupPoint, { pickup_point: unknown }>
): Record<string, unknown> {
  const { pickup_point_pending: _pending, pickup_point_verified: _verified, ...kept } = data ?? {}
  return { ...kept, ...chosen, pickup_point_chosen_by: "merchant" }
}
