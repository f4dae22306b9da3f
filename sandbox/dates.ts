/**
 * Calendar and timestamp helpers. The carrier is Norwegian: shipping dates, delivery dates and the
 * booking's `dateAndTimes` are Oslo local time, while event-cast timestamps are UTC in the carrier's
 * fixed formats.
 */

export interface CalendarDate {
  year: number
  month: number
  day: number
}

const OSLO = "Europe/Oslo"
const DAY_MS = 24 * 60 * 60 * 1000

const osloFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: OSLO,
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
  hourCycle: "h23",
  timeZoneName: "longOffset",
})

export interface OsloDateTime {
  date: CalendarDate
  hour: number
  minute: number
  second: number
  /** Offset from UTC in minutes (60 in winter, 120 in summer). */
  offsetMinutes: number
}

export function toOslo(instant: Date): OsloDateTime {
  const parts: Record<string, string> = {}
  for (const part of osloFormat.formatToParts(instant)) parts[part.type] = part.value
  return {
    date: { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) },
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    offsetMinutes: parseGmtOffset(parts.timeZoneName),
  }
}

/** The instant at which Oslo's wall clock shows the given local time. */
export function fromOsloLocal(date: CalendarDate, hour = 0, minute = 0, second = 0): Date {
  const wallClockAsUtc = Date.UTC(date.year, date.month - 1, date.day, hour, minute, second)
  const firstGuess = wallClockAsUtc - toOslo(new Date(wallClockAsUtc)).offsetMinutes * 60_000
  // Re-read the offset at the first guess so times next to a DST switch land on the right side.
  return new Date(wallClockAsUtc - toOslo(new Date(firstGuess)).offsetMinutes * 60_000)
}

export function isValidCalendarDate(year: number, month: number, day: number): boolean {
  if (![year, month, day].every(Number.isInteger)) return false
  const date = new Date(Date.UTC(year, month - 1, day))
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  )
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(date: CalendarDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay()
}

function addDays(date: CalendarDate, days: number): CalendarDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day) + days * DAY_MS)
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() }
}

/** Counts Monday–Friday only; a parcel handed in on a Saturday with one working day arrives Monday. */
export function addWorkingDays(date: CalendarDate, workingDays: number): CalendarDate {
  let current = date
  for (let remaining = workingDays; remaining > 0; ) {
    current = addDays(current, 1)
    if (weekday(current) !== 0 && weekday(current) !== 6) remaining--
  }
  return current
}

/** dd.MM.yyyy, the carrier's `formattedExpectedDeliveryDate`. */
export function formatNorwegianDate(date: CalendarDate): string {
  return `${pad2(date.day)}.${pad2(date.month)}.${date.year}`
}

/** ISO 8601 with Oslo's offset, e.g. 2025-06-09T10:49:00+02:00 (booking `dateAndTimes`). */
export function isoWithOsloOffset(instant: Date): string {
  const oslo = toOslo(instant)
  const { year, month, day } = oslo.date
  return (
    `${year}-${pad2(month)}-${pad2(day)}T${pad2(oslo.hour)}:${pad2(oslo.minute)}:` +
    `${pad2(oslo.second)}${formatOffset(oslo.offsetMinutes)}`
  )
}

/** yyyy-MM-dd'T'HH:mm:ss+0000: tracking subscriptions and callback payloads (always UTC). */
export function eventCastTimestamp(instant: Date): string {
  return `${instant.toISOString().slice(0, 19)}+0000`
}

/** ISO 8601 without offset, with fractional seconds: customer subscriptions (UTC wall clock). */
export function customerSubscriptionTimestamp(instant: Date): string {
  return instant.toISOString().slice(0, 23)
}

function parseGmtOffset(text: string | undefined): number {
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(text ?? "")
  if (!match) return 0
  const minutes = Number(match[2]) * 60 + Number(match[3])
  return match[1] === "-" ? -minutes : minutes
}

function formatOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? "-" : "+"
  const abs = Math.abs(offsetMinutes)
  return `${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`
}

function pad2(value: number): string {
  return String(value).padStart(2, "0")
}
