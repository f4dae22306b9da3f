/**
 * The day the shop hands the parcel to the carrier, which the carrier's lookup needs to give an
 * expected delivery date the parcel can meet. Working days are Monday to Friday in the shop's
 * time zone (the carrier's: Europe/Oslo).
 */
export type DeliveryPromise = {
  /** "HH:mm": orders placed at or after it ship the next working day. */
  cutOffTime?: string
  /** Working days between the order (before the cut-off) and handing the parcel over. */
  leadTimeDays: number
}

/** The carrier wants two-digit strings. */
export type CarrierShippingDate = { year: string; month: string; day: string; hour: string; minute: string }

type LocalTime = { year: number; month: number; day: number; hour: number; minute: number }

/** Hour sent for a later shipping day: the morning, so the carrier counts that whole day. */
const LATER_DAY_HOUR = 8

function localTime(now: Date, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value])
  )
  return { year: +parts.year, month: +parts.month, day: +parts.day, hour: +parts.hour, minute: +parts.minute }
}

/** Calendar arithmetic on the local date alone (UTC noon avoids any time-zone edge). */
function calendarDay(t: Pick<LocalTime, "year" | "month" | "day">): Date {
  return new Date(Date.UTC(t.year, t.month - 1, t.day, 12))
}

function isWorkingDay(day: Date): boolean {
  const weekday = day.getUTCDay()
  return weekday !== 0 && weekday !== 6
}

function nextWorkingDay(day: Date): Date {
  const next = new Date(day)
  do {
    next.setUTCDate(next.getUTCDate() + 1)
  } while (!isWorkingDay(next))
  return next
}

function pad(n: number): string {
  return String(n).padStart(2, "0")
}

/**
 * Today when it is a working day and the cut-off has not passed, else the next working day; then
 * the lead time in working days. The hour is the current one when the parcel ships today (the
 * carrier's own same-day rules apply), the morning otherwise. Minutes are always "00" so a quote
 * is reused within the hour.
 */
export function shippingDateFor(now: Date, promise: DeliveryPromise = { leadTimeDays: 0 }, timeZone = "Europe/Oslo"): CarrierShippingDate {
  const local = localTime(now, timeZone)
  let day = calendarDay(local)
  const pastCutOff = promise.cutOffTime !== undefined && `${pad(local.hour)}:${pad(local.minute)}` >= promise.cutOffTime
  if (!isWorkingDay(day) || pastCutOff) {
    day = nextWorkingDay(day)
  }
  for (let i = 0; i < promise.leadTimeDays; i++) {
    day = nextWorkingDay(day)
  }
  const today = calendarDay(local).getTime() === day.getTime()
  return {
    year: String(day.getUTCFullYear()),
    month: pad(day.getUTCMonth() + 1),
    day: pad(day.getUTCDate()),
    hour: pad(today ? local.hour : LATER_DAY_HOUR),
    minute: "00",
  }
}

/** ISO form (YYYY-MM-DD) for the store routes. */
export function isoShippingDate(date: CarrierShippingDate): string {
  return `${date.year}-${date.month}-${date.day}`
}
