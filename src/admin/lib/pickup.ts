import { isWholeDayWindow, type PickupOrderView } from "../../lib/pickup-order/pickup-order-view"

/**
 * A pickup's day and window as the merchant reads them, in carrier time (the warehouses are on
 * Oslo's clock) and the browser's language.
 */
export type { PickupOrderView }

const CARRIER_TIME_ZONE = "Europe/Oslo"

/** "Tue 1 Dec" in the browser's language. */
export function pickupDayLabel(date: string, locale: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString(locale, { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" })
}

/** "09:00–16:00", "≥ 09:00", `allDay` for the whole day (not "00:00–00:00"), or "" when the carrier gave no window. */
export function pickupWindowLabel(order: Pick<PickupOrderView, "earliest_pickup_at" | "latest_pickup_at">, locale: string, allDay: string): string {
  if (!order.earliest_pickup_at) return ""
  if (isWholeDayWindow(order)) return allDay
  const clock = (iso: string) => new Date(iso).toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: CARRIER_TIME_ZONE })
  const from = clock(order.earliest_pickup_at)
  return order.latest_pickup_at ? `${from}–${clock(order.latest_pickup_at)}` : `≥ ${from}`
}
