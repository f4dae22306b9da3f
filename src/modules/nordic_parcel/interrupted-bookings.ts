/*
 * The interrupted-bookings check (module's `checkInterruptedBookings(query)`): reads the ledger's
 * unsettled attempts, asks Medusa about their fulfillments and orders, applies the pure verdict
 * (lib/booking/interrupted-booking.ts: unconfirmed, unused, complete or keep) and writes it through
 * the ledger (`markUnconfirmed`, `releaseUnheld`, `markChecked`: a booking found complete gets
 * `checked_at` and is not read again). It returns the fulfilments Medusa's workflow left half done
 * (lib/booking/unfinished-fulfilment.ts), which workflows/complete-interrupted-fulfillment.ts
 * completes. Run every minute by jobs/check-interrupted-bookings.ts, by every pass of a bulk run, and
 * at start-up through subscribers/bookings-check-due.ts. An unconfirmed attempt (`status = 'booking'`
 * with `last_error` set) holds no units; it is shown by lib/admin-views/admin-shipment.ts in the order
 * widget, by `GET /admin/nordic-parcel/unfulfilled-orders` and by the status route, and booked again
 * by the merchant's next fulfilment of the same parcel or by the rebook route.
 */
import type { Logger, RemoteQueryFunction } from "@medusajs/framework/types"
import { interruptedVerdict, LINK_MARGIN_MS, unconfirmedMessage, type FulfillmentView } from "../../lib/booking/interrupted-booking"
import { ORDER_FULFILMENT_FIELDS, type OrderFulfilmentView, type UnfinishedFulfilment } from "../../lib/booking/unfinished-fulfilment"
import type { BookingLedger } from "./booking-ledger"
import type { ProcessHeartbeats } from "./process-heartbeats"

export type FulfillmentQuery = Pick<RemoteQueryFunction, "graph">

/** Recorded bookings looked at for a missing order link: a day back is far past any crash's restart. */
const BOOKED_LOOKBACK_MS = 24 * 60 * 60 * 1000
/** Attempts looked at per run; the rest at the next run. */
const BATCH = 500

/** A fulfilment whose Medusa workflow stopped halfway: the caller completes it (it can run workflows). */
export type UnfinishedBooking = { id: string; order_id: string; fulfillment_id: string; missing: UnfinishedFulfilment["missing"] }

export type InterruptedBookingsOutcome = { unconfirmed: number; released: number; unfinished: UnfinishedBooking[] }

/**
 * Attempts a stopped process left behind (lib/booking/interrupted-booking.ts decides): an attempt
 * without an answer becomes "unconfirmed" (it stays, with the merchant's message naming the
 * request's reference, and no longer holds the order's units), and a recorded booking no
 * fulfilment of its order holds becomes unused, and one whose fulfilment Medusa's workflow left
 * half done is returned for the caller to complete, but only once the process that made the
 * booking has stopped beating (process-heartbeats.ts): a slow workflow that is still running is
 * never finished a second time. Run at start-up and every minute; every change here is
 * conditional, so instances running it at once do each change once.
 */
export async function checkInterruptedBookings(
  ledger: BookingLedger,
  processes: Pick<ProcessHeartbeats, "stopped">,
  query: FulfillmentQuery,
  bookingLimitMs: number,
  logger: Pick<Logger, "warn">,
  now = new Date()
): Promise<InterruptedBookingsOutcome> {
  const attempts = await ledger.unsettled(new Date(now.getTime() - BOOKED_LOOKBACK_MS), BATCH)
  const outcome: InterruptedBookingsOutcome = { unconfirmed: 0, released: 0, unfinished: [] }
  if (!attempts.length) return outcome
  // A booking whose process still beats is its Medusa workflow's, however slow: never judged here.
  const stopped = await processes.stopped([...new Set(attempts.flatMap((a) => (a.process_id ? [a.process_id] : [])))])
  const processAlive = (attempt: (typeof attempts)[number]) => Boolean(attempt.process_id) && !stopped.has(attempt.process_id!)
  const { data } = await query.graph({
    entity: "fulfillment",
    fields: ["id", "canceled_at", "order.id", "items.line_item_id", "items.quantity"],
    filters: { id: [...new Set(attempts.map((a) => a.fulfillment_id))] },
  })
  type FulfillmentRow = { id: string; canceled_at?: unknown; order?: { id: string } | null; items?: { line_item_id: string | null; quantity: number }[] }
  const fulfillments = new Map<string, FulfillmentView>(
    (data as FulfillmentRow[]).map((f) => [f.id, { id: f.id, canceled_at: f.canceled_at, order_id: f.order?.id ?? null, items: f.items ?? [] }])
  )
  // Orders of booked attempts old enough to be judged, whose fulfilment is still live: the
  // workflow may have left them half done.
  const judged = attempts.filter((a) => {
    const fulfillment = fulfillments.get(a.fulfillment_id)
    return (
      a.status === "booked" &&
      a.order_id &&
      fulfillment &&
      !fulfillment.canceled_at &&
      !processAlive(a) &&
      now.getTime() - new Date(a.created_at).getTime() > bookingLimitMs + LINK_MARGIN_MS
    )
  })
  const orders = new Map<string, OrderFulfilmentView>()
  if (judged.length) {
    const { data: orderRows } = await query.graph({
      entity: "order",
      fields: ORDER_FULFILMENT_FIELDS,
      filters: { id: [...new Set(judged.map((a) => a.order_id as string))] },
    })
    for (const order of orderRows as (OrderFulfilmentView & { id: string })[]) orders.set(order.id, { items: order.items ?? [], fulfillments: order.fulfillments ?? [] })
  }
  const complete: string[] = []
  for (const attempt of attempts) {
    const verdict = interruptedVerdict(
      { ...attempt, created_at: new Date(attempt.created_at), process_alive: processAlive(attempt) },
      fulfillments.get(attempt.fulfillment_id),
      now,
      bookingLimitMs,
      attempt.order_id ? orders.get(attempt.order_id) : undefined
    )
    if (verdict.action === "keep" && judged.includes(attempt) && orders.has(attempt.order_id as string)) complete.push(attempt.id)
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
    } else if (verdict.action === "complete") {
      outcome.unfinished.push({ id: attempt.id, order_id: attempt.order_id as string, fulfillment_id: attempt.fulfillment_id, missing: verdict.missing })
      logger.warn(`nordic-parcel: fulfilment ${attempt.fulfillment_id} of order ${attempt.order_id ?? "?"} is unfinished: ${verdict.reason}`)
    }
  }
  await ledger.markChecked(complete)
  return outcome
}
