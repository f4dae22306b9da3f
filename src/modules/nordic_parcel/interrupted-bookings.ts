import type { Logger, RemoteQueryFunction } from "@medusajs/framework/types"
import { interruptedVerdict, unconfirmedMessage, type FulfillmentView } from "../../lib/booking/interrupted-booking"
import type { BookingLedger } from "./booking-ledger"

export type FulfillmentQuery = Pick<RemoteQueryFunction, "graph">

/** Recorded bookings looked at for a missing order link: a day back is far past any crash's restart. */
const BOOKED_LOOKBACK_MS = 24 * 60 * 60 * 1000
/** Attempts looked at per run; the rest at the next run. */
const BATCH = 500

export type InterruptedBookingsOutcome = { unconfirmed: number; released: number }

/**
 * Attempts a stopped process left behind (lib/booking/interrupted-booking.ts decides): an attempt
 * without an answer becomes "unconfirmed" (it stays, with the merchant's message naming the
 * request's reference, and no longer holds the order's units), and a recorded booking no
 * fulfilment of its order holds becomes unused. Run at start-up and every minute; every change is
 * conditional, so instances running it at once do each change once.
 */
export async function checkInterruptedBookings(
  ledger: BookingLedger,
  query: FulfillmentQuery,
  bookingLimitMs: number,
  logger: Pick<Logger, "warn">,
  now = new Date()
): Promise<InterruptedBookingsOutcome> {
  const attempts = await ledger.unsettled(new Date(now.getTime() - BOOKED_LOOKBACK_MS), BATCH)
  const outcome = { unconfirmed: 0, released: 0 }
  if (!attempts.length) return outcome
  const { data } = await query.graph({
    entity: "fulfillment",
    fields: ["id", "canceled_at", "order.id"],
    filters: { id: [...new Set(attempts.map((a) => a.fulfillment_id))] },
  })
  const fulfillments = new Map<string, FulfillmentView>(
    (data as { id: string; canceled_at?: unknown; order?: { id: string } | null }[]).map((f) => [
      f.id,
      { canceled_at: f.canceled_at, order_id: f.order?.id ?? null },
    ])
  )
  for (const attempt of attempts) {
    const verdict = interruptedVerdict({ ...attempt, created_at: new Date(attempt.created_at) }, fulfillments.get(attempt.fulfillment_id), now, bookingLimitMs)
    if (verdict.action === "unconfirmed") {
      if (await ledger.markUnconfirmed(attempt.id, unconfirmedMessage(verdict.reason, attempt.fulfillment_id))) {
        outcome.unconfirmed++
        logger.warn(`nordic-parcel: booking ${attempt.id} of order ${attempt.order_id ?? "?"} is unconfirmed: ${verdict.reason}`)
      }
    } else if (verdict.action === "unused") {
      if ((await ledger.releaseUnheld(attempt.id, attempt.fulfillment_id)).length) {
        outcome.released++
        logger.warn(`nordic-parcel: booking ${attempt.id} of order ${attempt.order_id ?? "?"} is unused: ${verdict.reason}`)
      }
    }
  }
  return outcome
}
