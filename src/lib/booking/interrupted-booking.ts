/*
 * The verdict on an attempt a stopped process left (unconfirmed, unused, complete or keep), from the
 * attempt's age, its fulfillment (cancelled, missing, linked to the order) and the order's counted
 * quantities; and `supersededMessage`, the text an attempt replaced by a later booking keeps. Read by
 * modules/nordic_parcel/interrupted-bookings.ts and the ledger's `record`.
 */
import { unfinishedFulfilment, type FulfilmentItemsView, type OrderFulfilmentView, type UnfinishedFulfilment } from "./unfinished-fulfilment"

/**
 * What became of a booking attempt whose process may have stopped (a crash, a deploy's SIGKILL).
 * Medusa commits a fulfillment row before the provider books, and links it to the order only after
 * the provider answered; a process that stops in between leaves an attempt "booking" (no answer
 * recorded) or "booked" (recorded, but Medusa never made the fulfilment the order's, or made it
 * only half so: unfinished-fulfilment.ts). Each would hold the order's units for good. Pure: the check (interrupted-bookings.ts) loads the rows and
 * the fulfilments and acts on the verdict.
 */
export type AttemptView = {
  status: "booking" | "booked"
  kind: "outbound" | "return"
  order_id: string | null
  created_at: Date
  /**
   * The process that made the booking still beats (its Medusa workflow may be running, however
   * slowly): a booked attempt is then kept, whatever its age. False for a stopped process, and for
   * a booking made before processes were recorded (judged by its age alone, as then).
   */
  process_alive?: boolean
}

/** The attempt's fulfilment as Medusa holds it; undefined when it no longer exists. */
export type FulfillmentView = { id?: string; canceled_at?: unknown; order_id?: string | null; items?: FulfilmentItemsView["items"] } | undefined

export type InterruptedVerdict =
  | { action: "keep" }
  /** The carrier may have booked it: shown to the merchant, no longer holding the order's units. */
  | { action: "unconfirmed"; reason: string }
  /** Booked, but no fulfilment of the order holds it: unused, for the next identical fulfilment. */
  | { action: "unused"; reason: string }
  /** Booked, and Medusa's workflow stopped halfway: its missing half is done (unfinished-fulfilment.ts). */
  | { action: "complete"; reason: string; missing: UnfinishedFulfilment["missing"] }

/**
 * Time after an attempt is recorded (just before its request is sent) past which it cannot still
 * be waiting for its answer: the booking's time limit plus a margin for a busy process.
 */
export const UNCONFIRMED_MARGIN_MS = 10_000
/** A booked attempt's fulfilment is linked to its order by the steps after the booking: their time. */
export const LINK_MARGIN_MS = 30_000

/**
 * How long after a process starts every attempt left by a process that stopped before it can be
 * judged (`interruptedVerdict` no longer keeps it): such an attempt was recorded before the start,
 * and its process beat for the last time before the start, so both ages are counted from there.
 * A check run this long after start-up settles what a crash left, rather than the next minute's.
 */
export function settledAfterStartMs(bookingLimitMs: number, stoppedAfterMs: number): number {
  return Math.max(bookingLimitMs + UNCONFIRMED_MARGIN_MS, bookingLimitMs + LINK_MARGIN_MS, stoppedAfterMs)
}

/**
 * `order` is the attempt's order as far as fulfilments go, when loaded: without it a booked
 * attempt is judged by its link alone.
 */
export function interruptedVerdict(
  attempt: AttemptView,
  fulfillment: FulfillmentView,
  now: Date,
  bookingLimitMs: number,
  order?: OrderFulfilmentView
): InterruptedVerdict {
  const ageMs = now.getTime() - attempt.created_at.getTime()
  if (attempt.status === "booking") {
    if (!fulfillment) return { action: "unconfirmed", reason: "its fulfilment no longer exists" }
    if (fulfillment.canceled_at) return { action: "unconfirmed", reason: "its fulfilment was cancelled" }
    if (ageMs > bookingLimitMs + UNCONFIRMED_MARGIN_MS) {
      return { action: "unconfirmed", reason: "no answer was recorded within the booking's time limit (the process stopped while booking)" }
    }
    return { action: "keep" }
  }
  // Return fulfilments belong to returns, not to the order: only outgoing bookings are checked.
  if (attempt.kind !== "outbound" || !attempt.order_id || ageMs <= bookingLimitMs + LINK_MARGIN_MS) return { action: "keep" }
  // Age alone does not prove the workflow gone: a slow one that is still running completes itself.
  if (attempt.process_alive) return { action: "keep" }
  if (!fulfillment) return { action: "unused", reason: "its fulfilment no longer exists" }
  if (fulfillment.canceled_at) return { action: "unused", reason: "its fulfilment was cancelled" }
  const unfinished = order && fulfillment.id ? unfinishedFulfilment(order, { id: fulfillment.id, items: fulfillment.items ?? [] }) : null
  if (fulfillment.order_id !== attempt.order_id) {
    if (unfinished?.missing === "link") {
      return { action: "complete", missing: "link", reason: "the process stopped after the order counted its items and before it was linked to the order" }
    }
    return { action: "unused", reason: "the process stopped before its fulfilment became the order's" }
  }
  if (unfinished?.missing === "count") {
    return { action: "complete", missing: "count", reason: "the process stopped after it was linked to the order and before the order counted its items as fulfilled" }
  }
  return { action: "keep" }
}

/**
 * The merchant's text for an unconfirmed attempt. The carrier cannot be asked for a booking by
 * reference (its booking service offers no search, carrier notes 45), so the reference the request carried is named.
 */
export function unconfirmedMessage(reason: string, reference: string): string {
  return (
    `The carrier never confirmed this booking: ${reason}. A parcel may have been booked with reference ${reference}: ` +
    `check the carrier's portal, then use "Book again".`
  )
}

/**
 * The merchant's text for an unconfirmed attempt that a later booking of the same parcel replaced
 * (a plain fulfilment, or "Book again"). The carrier cannot be searched (carrier notes 45), so the
 * attempt may still exist there: the reference tells the merchant which label to leave unused.
 */
export function supersededMessage(reference: string, by: { fulfillmentId: string; consignmentNumber: string }): string {
  return (
    `Replaced by consignment ${by.consignmentNumber} (fulfilment ${by.fulfillmentId}). The carrier never confirmed this ` +
    `attempt; if its portal shows a parcel with reference ${reference}, leave that label unused.`
  )
}
