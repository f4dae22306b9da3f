import type { BookingIssue } from "../errors"
import { toOslo, type CalendarDate } from "../dates"
import { estimateDelivery, zoneCount } from "../pricing"
import type { ValidatedBooking } from "./booking-rules"
import { parseDateTime } from "./booking-request"

/**
 * A booking's requested delivery day, `customerSpecifiedDeliveryDateTime` (carrier notes 53): only
 * PA_DOREN, 5600 and OIL_EXPRESS take it; a day before the first one the parcel can reach is
 * refused. The first possible day counts from the later of the booking's shipping time and the
 * carrier's own clock, so a day that has passed is refused even when the shipping time is old.
 */
export const DELIVERY_DATE_SERVICES = ["PA_DOREN", "5600", "OIL_EXPRESS"]

const iso = (date: CalendarDate) => `${date.year}-${String(date.month).padStart(2, "0")}-${String(date.day).padStart(2, "0")}`

export function checkRequestedDeliveryDay(booking: ValidatedBooking, now: Date): BookingIssue[] {
  const raw = booking.consignment.customerSpecifiedDeliveryDateTime
  if (raw === undefined || raw === null) return []
  const requested = typeof raw === "string" ? parseDateTime(raw) : undefined
  if (!requested) {
    return [{ code: "BOOK-INPUT-001", message: "customerSpecifiedDeliveryDateTime must be yyyy-MM-ddTHH:mm:ss (optional fraction and offset)" }]
  }
  if (!DELIVERY_DATE_SERVICES.includes(booking.service.id)) {
    return [{ code: "BOOK-INPUT-001", message: `Product ${booking.service.id} does not take customerSpecifiedDeliveryDateTime (only ${DELIVERY_DATE_SERVICES.join(", ")})` }]
  }
  const from = booking.shippingDateTime.getTime() > now.getTime() ? booking.shippingDateTime : now
  const first = estimateDelivery(booking.service, zoneCount(booking.from, booking.to), toOslo(from).date).date
  const day = toOslo(requested).date
  if (iso(day) < iso(first)) {
    return [{ code: "BOOK-INPUT-001", message: `customerSpecifiedDeliveryDateTime ${iso(day)} is before the first possible delivery day ${iso(first)}` }]
  }
  return []
}
