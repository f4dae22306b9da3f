/*
 * The delivery promise in detail (carrier notes 53–56): the days a shopper may ask for, the arrival
 * windows the carrier predicts, the estimated arrival at each pickup point, and the requested day
 * a booking sends. Pure: parsing the lookup's answer and checking a shopper's choice against it.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { carrierToday, isCalendarDate, isWorkingDay } from "../pickup-order/pickup-date"

/** A time window of one day, "HH:mm" local (Oslo) time. */
export type DeliveryWindow = { from: string; to: string }
/** A day a parcel can be delivered on, with its arrival window where the carrier gives one. */
export type DeliveryDateChoice = { date: string; window?: DeliveryWindow }
/** When a parcel is expected at a pickup point. */
export type EstimatedArrival = { date: string; from: string; to: string }

/** Services whose booking takes a requested delivery day (carrier notes 53). */
export const DELIVERY_DATE_SERVICES: readonly string[] = ["PA_DOREN", "5600", "OIL_EXPRESS"]
/** Services whose lookup estimates the arrival at each pickup point (carrier notes 55). */
export const ESTIMATED_ARRIVAL_SERVICES: readonly string[] = ["SERVICEPAKKE", "5800"]
/** The carrier gives at most this many alternative days (carrier notes 53). */
export const MAX_ALTERNATIVE_DELIVERY_DATES = 9
/**
 * Alternatives offered when the merchant has not chosen: a working week after the expected day.
 * They come in the price's own lookup, so offering them costs nothing at checkout.
 */
export const DEFAULT_ALTERNATIVE_DELIVERY_DATES = 5

export function takesDeliveryDate(serviceCode: string): boolean {
  return DELIVERY_DATE_SERVICES.includes(serviceCode)
}

export function estimatesPickupPointArrival(serviceCode: string): boolean {
  return ESTIMATED_ARRIVAL_SERVICES.includes(serviceCode)
}

/** How many alternatives a service offers: the merchant's setting, else the default; 0 where it takes no day. */
export function alternativeDatesFor(service: { code: string; alternativeDeliveryDates?: number }): number {
  if (!takesDeliveryDate(service.code)) return 0
  return service.alternativeDeliveryDates ?? DEFAULT_ALTERNATIVE_DELIVERY_DATES
}

type DateParts = { year?: unknown; month?: unknown; day?: unknown; timeSlots?: unknown } | null | undefined
type Estimate = { expectedDeliveryDate?: DateParts } | null | undefined

/** yyyy-MM-dd from the carrier's unpadded parts (carrier notes 9), or undefined when not a real date. */
export function dateFromParts(parts: DateParts): string | undefined {
  if (parts?.year == null || parts.month == null || parts.day == null) return undefined
  const pad = (value: unknown, width: number) => String(value).trim().padStart(width, "0")
  const date = `${pad(parts.year, 4)}-${pad(parts.month, 2)}-${pad(parts.day, 2)}`
  return isCalendarDate(date) ? date : undefined
}

/** "HH:mm" from `{hour, minute}` (numbers or strings), or undefined when it is not a time of day. */
function clockTime(time: unknown): string | undefined {
  if (!time || typeof time !== "object") return undefined
  const { hour, minute } = time as { hour?: unknown; minute?: unknown }
  const h = Number(hour)
  const m = minute == null || minute === "" ? 0 : Number(minute)
  if (!Number.isInteger(h) || !Number.isInteger(m) || h < 0 || h > 24 || m < 0 || m > 59 || (h === 24 && m !== 0)) return undefined
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`
}

/**
 * The arrival window of a delivery date's `timeSlots` (carrier notes 54): from the earliest start to
 * the latest end of the slots that read as times; undefined when none does.
 */
export function windowOfTimeSlots(timeSlots: unknown): DeliveryWindow | undefined {
  if (!Array.isArray(timeSlots)) return undefined
  const slots = timeSlots
    .map((slot) => (slot && typeof slot === "object" ? slot as { startTime?: unknown; endTime?: unknown } : {}))
    .map((slot) => ({ from: clockTime(slot.startTime), to: clockTime(slot.endTime) }))
    .filter((slot): slot is DeliveryWindow => !!slot.from && !!slot.to && slot.from < slot.to)
  if (slots.length === 0) return undefined
  return {
    from: slots.map((s) => s.from).sort()[0],
    to: slots.map((s) => s.to).sort().reverse()[0],
  }
}

function choiceOf(estimate: Estimate): DeliveryDateChoice | undefined {
  const date = dateFromParts(estimate?.expectedDeliveryDate)
  if (!date) return undefined
  const window = windowOfTimeSlots(estimate?.expectedDeliveryDate?.timeSlots)
  return window ? { date, window } : { date }
}

/**
 * The days of a lookup's `expectedDelivery`: the expected day first, then the alternatives in the
 * carrier's order, each once, none before the expected day; [] without an expected day.
 */
export function deliveryDatesOf(expected: (Estimate & { alternativeDeliveryDates?: Estimate[] | null }) | null | undefined): DeliveryDateChoice[] {
  const first = choiceOf(expected)
  if (!first) return []
  const days = [first]
  for (const alternative of expected?.alternativeDeliveryDates ?? []) {
    const choice = choiceOf(alternative)
    if (choice && choice.date > first.date && !days.some((d) => d.date === choice.date)) days.push(choice)
  }
  return days
}

type EstimatedTime = { pickupPointId?: string | null; deliveryStartTime?: string | null; deliveryEndTime?: string | null; formattedExpectedDeliveryDate?: string | null }

/** "HH:mm" from "HH:mm", "HHmm", "HH:mm:ss" or a date-time "yyyy-MM-ddTHH:mm…" (carrier notes 55). */
function timeOfText(text: string | null | undefined): string | undefined {
  const match = /(?:^|T|\s)([01]\d|2[0-3]):?([0-5]\d)(?::[0-5]\d(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/.exec(text?.trim() ?? "")
  return match ? `${match[1]}:${match[2]}` : undefined
}

/** yyyy-MM-dd from "dd.MM.yyyy" (possibly followed by a time) or from a date-time "yyyy-MM-ddT…". */
function dayOfText(...texts: (string | null | undefined)[]): string | undefined {
  for (const text of texts) {
    const norwegian = /^(\d{1,2})\.(\d{1,2})\.(\d{4})/.exec(text?.trim() ?? "")
    const iso = /^(\d{4}-\d{2}-\d{2})(?:T|\s|$)/.exec(text?.trim() ?? "")
    const date = norwegian ? dateFromParts({ year: norwegian[3], month: norwegian[2], day: norwegian[1] }) : iso && isCalendarDate(iso[1]) ? iso[1] : undefined
    if (date) return date
  }
  return undefined
}

/**
 * The estimated arrival per pickup point id of a lookup's `estimatedDeliveryTimes` (carrier notes 55);
 * an entry without a readable day and window is left out.
 */
export function estimatedArrivalsOf(times: EstimatedTime[] | null | undefined): Record<string, EstimatedArrival> {
  const arrivals: Record<string, EstimatedArrival> = {}
  for (const time of times ?? []) {
    const id = time.pickupPointId?.trim()
    const date = dayOfText(time.formattedExpectedDeliveryDate, time.deliveryStartTime)
    const from = timeOfText(time.deliveryStartTime)
    const to = timeOfText(time.deliveryEndTime)
    if (id && date && from && to && from < to) arrivals[id] = { date, from, to }
  }
  return arrivals
}

/**
 * The days a delivery option offers the shopper: none where the service takes no day or the
 * merchant offers no choice, else the expected day and up to `alternatives` of the carrier's.
 */
export function offeredDeliveryDates(serviceCode: string, alternatives: number, days: DeliveryDateChoice[] | undefined): DeliveryDateChoice[] {
  if (!takesDeliveryDate(serviceCode) || alternatives <= 0) return []
  return (days ?? []).slice(0, alternatives + 1)
}

export type RequestedDayCheck = { ok: true; date: string } | { ok: false; message: string }

/**
 * Checks a shopper's requested day (`data.delivery_date`) against the days the carrier offered the
 * cart. `offered` undefined: the carrier's answer for the cart is not known (carrier down, nothing
 * cached): the choice is refused, since nothing says the day is possible.
 */
export function checkRequestedDeliveryDate(
  value: unknown,
  serviceCode: string,
  alternatives: number,
  offered: DeliveryDateChoice[] | undefined
): RequestedDayCheck {
  const field = "data.delivery_date"
  if (typeof value !== "string" || !isCalendarDate(value)) {
    return { ok: false, message: `${field}: must be a date as yyyy-MM-dd, one of the option's delivery_dates` }
  }
  if (!takesDeliveryDate(serviceCode)) {
    return { ok: false, message: `${field}: ${serviceCode} does not take a requested delivery day (only ${DELIVERY_DATE_SERVICES.join(", ")} do)` }
  }
  if (alternatives <= 0) {
    return { ok: false, message: `${field}: this store does not offer a choice of delivery day for ${serviceCode}` }
  }
  if (!offered || offered.length === 0) {
    return { ok: false, message: `${field}: the carrier's delivery days for this cart are not known right now; list the delivery options again, or leave the day out` }
  }
  const days = offeredDeliveryDates(serviceCode, alternatives, offered)
  if (!days.some((d) => d.date === value)) {
    return { ok: false, message: `${field}: ${value} is not one of the days the carrier offers for this cart (${days.map((d) => d.date).join(", ")})` }
  }
  return { ok: true, date: value }
}

/** The booking's `customerSpecifiedDeliveryDateTime` for a requested day (carrier notes 53): midday, local time. */
export function customerSpecifiedDeliveryDateTime(date: string): string {
  return `${date}T12:00:00`
}

const longDay = new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" })

/** "Friday 4 December 2026" for messages to the merchant. */
export function dayInWords(date: string): string {
  if (!isCalendarDate(date)) return date
  const [year, month, day] = date.split("-").map(Number)
  return longDay.format(new Date(Date.UTC(year, month - 1, day))).replace(",", "")
}

/** Who set a method's requested day (`delivery_date_chosen_by`): without it, `delivery_date` is only the expected day. */
export const REQUESTED_BY_SHOPPER = "shopper"
export const REQUESTED_BY_MERCHANT = "merchant"

/** The requested delivery day of a shipping method's data, if one was requested. */
export function requestedDayOf(data: Record<string, unknown> | null | undefined): string | undefined {
  const by = data?.delivery_date_chosen_by
  const day = data?.delivery_date
  return (by === REQUESTED_BY_SHOPPER || by === REQUESTED_BY_MERCHANT) && typeof day === "string" && isCalendarDate(day) ? day : undefined
}

/** Why a requested day can no longer be booked by the store's clock (today or earlier in Oslo), in words. */
export function requestedDayProblem(day: string, orderLabel: string, now: Date): string | undefined {
  if (day > carrierToday(now)) return undefined
  return (
    `The requested delivery day of ${orderLabel}, ${dayInWords(day)}, has passed; nothing was booked and no other day was chosen. ` +
    `Choose another delivery day on the order, then fulfil it again.`
  )
}

/**
 * A carrier refusal of the requested day (its message names customerSpecifiedDeliveryDateTime),
 * told in words naming the day; any other error as it is.
 */
export function withRequestedDayRefusal(error: unknown, day: string, orderLabel: string): unknown {
  const message = error instanceof Error ? error.message : ""
  if (!(error instanceof MedusaError) || !/customerSpecifiedDeliveryDateTime/.test(message)) return error
  return new MedusaError(
    MedusaError.Types.INVALID_DATA,
    `The carrier cannot deliver ${orderLabel} on the requested day, ${dayInWords(day)}; nothing was booked and no other day was chosen. ` +
      `Choose another delivery day on the order, then fulfil it again. (${message})`
  )
}

/** Why the merchant's day cannot be requested (not a real date, not after today, a weekend), naming the field. */
export function merchantDayProblem(day: string, now: Date): string | undefined {
  if (!isCalendarDate(day)) return "delivery_date: must be a date as yyyy-MM-dd"
  if (day <= carrierToday(now)) return `delivery_date: ${dayInWords(day)} is not after today; choose a later day`
  if (!isWorkingDay(day)) return `delivery_date: ${dayInWords(day)} is not a working day (Monday to Friday)`
  return undefined
}
