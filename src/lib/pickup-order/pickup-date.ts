/**
 * Which dates a pickup can be ordered for (carrier notes 47): today or a later working day, in the
 * carrier's time zone (Oslo; the Swedish and Danish warehouses share its clock). Weekends are
 * refused; the carrier publishes no holiday calendar, so a holiday is left for it to refuse.
 * Dates are plain `yyyy-MM-dd` strings, as the carrier and the admin's date input use them.
 */

const CARRIER_TIME_ZONE = "Europe/Oslo"
const DAY_MS = 24 * 60 * 60 * 1000
/** After this hour (carrier time) the drawer suggests the next working day rather than today. */
const SAME_DAY_SUGGESTION_UNTIL_HOUR = 12

const calendarFormat = new Intl.DateTimeFormat("en-CA", { timeZone: CARRIER_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" })
const hourFormat = new Intl.DateTimeFormat("en-GB", { timeZone: CARRIER_TIME_ZONE, hour: "numeric", hourCycle: "h23" })

/** The calendar date in the carrier's time zone at `now`, `yyyy-MM-dd`. */
export function carrierToday(now: Date): string {
  return calendarFormat.format(now)
}

/** A real calendar date in the form `yyyy-MM-dd`. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return false
  const [year, month, day] = match.slice(1).map(Number)
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** Monday to Friday. */
export function isWorkingDay(date: string): boolean {
  const weekday = utcMidnight(date).getUTCDay()
  return weekday !== 0 && weekday !== 6
}

/** The first working day after `date`. */
export function nextWorkingDay(date: string): string {
  let next = addDays(date, 1)
  while (!isWorkingDay(next)) next = addDays(next, 1)
  return next
}

/**
 * The date the order drawer suggests: today while it is a working day and still morning at the
 * carrier, else the next working day.
 */
export function suggestedPickupDate(now: Date): string {
  const today = carrierToday(now)
  const morning = Number(hourFormat.format(now)) < SAME_DAY_SUGGESTION_UNTIL_HOUR
  return isWorkingDay(today) && morning ? today : nextWorkingDay(today)
}

/** Why a pickup cannot be ordered for `date`, or undefined when it can. */
export function pickupDateProblem(date: string, now: Date): string | undefined {
  if (!isCalendarDate(date)) return `pickup_date "${date}" is not a date in the form yyyy-MM-dd`
  const today = carrierToday(now)
  if (date < today) return `pickup_date ${date} is in the past: a pickup can be ordered for today (${today}) or a later working day`
  if (!isWorkingDay(date)) {
    return `pickup_date ${date} is a ${weekdayName(date)}: the carrier collects on working days (the next one is ${nextWorkingDay(date)})`
  }
  return undefined
}

function weekdayName(date: string): string {
  return utcMidnight(date).toLocaleDateString("en-GB", { weekday: "long", timeZone: "UTC" })
}

function utcMidnight(date: string): Date {
  return new Date(`${date}T00:00:00Z`)
}

function addDays(date: string, days: number): string {
  return new Date(utcMidnight(date).getTime() + days * DAY_MS).toISOString().slice(0, 10)
}
