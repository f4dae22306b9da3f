import type { BookingProblem } from "../booking/booking-input"
import type { PickupOrderRequest } from "../carrier/schemas/pickup-order"
import type { PickupOrderStatus } from "../statuses"

/**
 * A pickup order as the admin reads it (route answers, the bookings page, the locations), and the
 * 409 that names the one already ordered. Pure: the admin imports the type.
 */

export type PickupOrderView = {
  id: string
  location_id: string
  location_name: string
  pickup_date: string
  /** "ordering" past the request's time budget reads "unconfirmed": no process waits for it any more. */
  status: PickupOrderStatus
  sequence: number
  ready_at: string | null
  message: string | null
  number_of_packages: number
  number_of_pallets: number
  customer_number: string
  test: boolean
  earliest_pickup_at: string | null
  latest_pickup_at: string | null
  receipt_url: string | null
  carrier_reference: string | null
  last_error: string | null
  created_at: string
}

export type PickupOrderRow = Omit<PickupOrderView, "earliest_pickup_at" | "latest_pickup_at" | "created_at"> & {
  earliest_pickup_at: Date | string | null
  latest_pickup_at: Date | string | null
  created_at: Date | string
}

/** What the order drawer is filled from (GET /admin/nordic-parcel/pickup-orders?location_id). */
export type PickupOrderDraft = {
  location_id: string
  location_name: string
  pickup_date: string
  /** Booked from the location on or before the date and not yet handed in. */
  number_of_packages: number
  /** What the carrier would receive. */
  request: PickupOrderRequest
  /** What stops the order now (a missing phone, address or customer number, a weekend date). */
  problems: BookingProblem[]
  /** Pickups already ordered for this location and date. */
  existing: PickupOrderView[]
}

/** The error code of a second pickup for a location and date without "order another" (409). */
export const PICKUP_ALREADY_ORDERED = "nordic_parcel.pickup_already_ordered"

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString())

export function pickupOrderView(row: PickupOrderRow, now: Date, staleAfterMs: number): PickupOrderView {
  const created = new Date(row.created_at)
  const stale = row.status === "ordering" && now.getTime() - created.getTime() > staleAfterMs
  return {
    ...row,
    sequence: Number(row.sequence),
    number_of_packages: Number(row.number_of_packages),
    number_of_pallets: Number(row.number_of_pallets),
    status: stale ? "unconfirmed" : row.status,
    last_error: stale && !row.last_error ? "the process ordering it stopped before the carrier's answer arrived" : row.last_error,
    earliest_pickup_at: iso(row.earliest_pickup_at),
    latest_pickup_at: iso(row.latest_pickup_at),
    created_at: created.toISOString(),
  }
}

const clockFormat = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Oslo", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })

/**
 * Whether the carrier's window is the whole day: both ends at midnight in carrier time (the same
 * midnight or the next one), which a clock would show as "00:00–00:00".
 */
export function isWholeDayWindow(order: Pick<PickupOrderView, "earliest_pickup_at" | "latest_pickup_at">): boolean {
  if (!order.earliest_pickup_at || !order.latest_pickup_at) return false
  const midnight = (iso: string) => clockFormat.format(new Date(iso)) === "00:00"
  return midnight(order.earliest_pickup_at) && midnight(order.latest_pickup_at)
}

/** "09:00–16:00" in carrier time, "all day", or undefined when the carrier gave no window. */
export function pickupWindowText(order: Pick<PickupOrderView, "earliest_pickup_at" | "latest_pickup_at">): string | undefined {
  if (!order.earliest_pickup_at) return undefined
  if (isWholeDayWindow(order)) return "all day"
  const from = clockFormat.format(new Date(order.earliest_pickup_at))
  return order.latest_pickup_at ? `${from}–${clockFormat.format(new Date(order.latest_pickup_at))}` : `from ${from}`
}

/** The 409's message: which pickup holds the location and date, and how the merchant goes on. */
export function alreadyOrderedMessage(existing: PickupOrderView): string {
  const what = `A pickup from ${existing.location_name} on ${existing.pickup_date}`
  switch (existing.status) {
    case "ordered": {
      const window = pickupWindowText(existing)
      const details = [existing.id, existing.carrier_reference && `carrier reference ${existing.carrier_reference}`, window && `window ${window}`]
      return `${what} is already ordered (${details.filter(Boolean).join(", ")}). To send another van, order again with order_another.`
    }
    case "ordering":
      return `${what} is being ordered right now (${existing.id}); wait for its confirmation.`
    case "unconfirmed":
      return (
        `${what} was sent to the carrier but never confirmed (${existing.id}): the carrier may have it. ` +
        "Check the carrier's portal; if it has none, order again with order_another."
      )
  }
}

/** The first pickup of each location from `today` (carrier date) on, from a list sorted soonest first. */
export function nextPickupByLocation(orders: PickupOrderView[], today: string): Record<string, PickupOrderView> {
  const next: Record<string, PickupOrderView> = {}
  for (const order of orders) {
    if (order.pickup_date >= today) next[order.location_id] ??= order
  }
  return next
}
