import { findCustomer } from "../data/customers"
import { fromOsloLocal, isValidCalendarDate, toOslo, weekday, type CalendarDate } from "../dates"
import { json, text, type HttpResponse } from "../http"
import type { BookingStore } from "../booking-store"
import type { Clock } from "../clock"
import type { AuthenticatedRoute, PublicRoute } from "../router"
import type { SandboxPickupOrder, SandboxUser } from "../types"
import { isNonEmptyString, isRecord, optionalNumber } from "../values"

/**
 * `POST /booking/api/pickupOrder` (carrier notes 47): the carrier comes to collect parcels at an
 * address on a date. Answers the confirmation with the pickup window in epoch milliseconds, or the
 * booking envelope's error form. A date before today (Oslo) or on a weekend is refused, as are a
 * missing address, phone or count, and a customer number the user may not use.
 */

/** The window the sandbox gives: from the ready time (or 09:00) until 16:00, Oslo time. */
const DEFAULT_READY = { hour: 9, minute: 0 }
const CLOSING = { hour: 16, minute: 0 }
const SERVICES = ["PARCEL", "CARGO"] as const

export interface PickupIssue {
  code: string
  message: string
}

export type PickupValidation =
  | { ok: true; customerNumber: string; date: CalendarDate; ready: { hour: number; minute: number }; test: boolean }
  | { ok: false; issues: PickupIssue[] }

/** The pickup error codes (a project decision: the carrier's list is not published). */
export const PICKUP_ERRORS = {
  badRequest: "PICKUP-INPUT-001",
  customerNumber: "PICKUP-INPUT-002",
  address: "PICKUP-INPUT-003",
  phone: "PICKUP-INPUT-004",
  date: "PICKUP-INPUT-005",
  dateInPast: "PICKUP-INPUT-006",
  weekend: "PICKUP-INPUT-007",
  count: "PICKUP-INPUT-008",
  service: "PICKUP-INPUT-009",
} as const

export function pickupOrderRoute(store: BookingStore, clock: Clock): AuthenticatedRoute {
  return {
    method: "POST",
    pattern: "/booking/api/pickupOrder",
    group: "booking",
    errorStyle: "booking",
    rateLimit: "booking",
    handle: (ctx) => {
      const testHeader = ctx.headers["x-carrier-test-indicator"] === "true"
      const validation = validatePickupOrder(ctx.body, ctx.user, clock.now(), testHeader)
      if (!validation.ok) return pickupErrorResponse(validation.issues)
      const reference = store.numbers.packageNumber()
      const { date, ready } = validation
      const earliest = fromOsloLocal(date, ready.hour, ready.minute)
      // A late ready time still gets an hour's window.
      const latest = new Date(Math.max(fromOsloLocal(date, CLOSING.hour, CLOSING.minute).getTime(), earliest.getTime() + 60 * 60_000))
      const order: SandboxPickupOrder = {
        request: ctx.body,
        packageNumber: reference,
        customerNumber: validation.customerNumber,
        test: validation.test,
        earliestPickupDate: earliest.getTime(),
        latestPickupDate: latest.getTime(),
        at: clock.now(),
      }
      store.addPickupOrder(order)
      return json(200, {
        pickupConfirmation: {
          status: "OK",
          earliestPickupDate: order.earliestPickupDate,
          latestPickupDate: order.latestPickupDate,
          url: `${ctx.baseUrl}/booking/pickup-orders/${reference}`,
          packageNumber: reference,
        },
        errors: null,
      })
    },
  }
}

/** The public receipt page a confirmation's `url` leads to. */
export function pickupReceiptRoute(store: BookingStore): PublicRoute {
  return {
    method: "GET",
    pattern: "/booking/pickup-orders/:reference",
    group: "label",
    errorStyle: "plain",
    public: true,
    handle: (ctx) => {
      const order = store.pickupOrders.find((o) => o.packageNumber === ctx.params.reference)
      if (!order) return text(404, "No such pickup order")
      const window = `${new Date(order.earliestPickupDate).toISOString()} – ${new Date(order.latestPickupDate).toISOString()}`
      const body = `<!doctype html><title>Pickup ${order.packageNumber}</title><h1>Pickup order ${order.packageNumber}</h1><p>${window}</p>${order.test ? "<p>TEST ORDER</p>" : ""}`
      return { status: 200, headers: { "content-type": "text/html; charset=utf-8" }, body }
    },
  }
}

/** The refusal: `{ pickupConfirmation: null, errors: [{ code, messages }] }`. */
export function pickupErrorResponse(issues: PickupIssue[]): HttpResponse {
  return json(400, {
    pickupConfirmation: null,
    errors: issues.map((issue) => ({ code: issue.code, messages: [{ lang: "en", message: issue.message }] })),
  })
}

/** Every problem of the request at once; `now` is the sandbox clock's. */
export function validatePickupOrder(body: unknown, user: SandboxUser, now: Date, testHeader = false): PickupValidation {
  if (!isRecord(body)) return { ok: false, issues: [{ code: PICKUP_ERRORS.badRequest, message: "Bad request: the body must be a JSON object" }] }
  const issues: PickupIssue[] = []

  const info = isRecord(body.customerInformation) ? body.customerInformation : {}
  const customer = findCustomer(info.customerNumber)
  if (!isNonEmptyString(info.customerNumber)) {
    issues.push({ code: PICKUP_ERRORS.customerNumber, message: "customerInformation.customerNumber must be provided" })
  } else if (!customer || !user.customerNumbers.includes(customer.customerNumber)) {
    issues.push({ code: PICKUP_ERRORS.customerNumber, message: `Invalid customer number ${String(info.customerNumber)}` })
  }

  const address = isRecord(body.pickupAddress) ? body.pickupAddress : {}
  for (const field of ["street", "postalCode", "city"] as const) {
    if (!isNonEmptyString(address[field])) {
      issues.push({ code: PICKUP_ERRORS.address, message: `pickupAddress.${field} must be provided` })
    }
  }
  if (!isNonEmptyString(body.countryCode) || !/^[A-Z]{2}$/.test(body.countryCode)) {
    issues.push({ code: PICKUP_ERRORS.address, message: "countryCode must be a two-letter ISO country code" })
  }
  if (!isNonEmptyString(address.phoneNumber)) {
    issues.push({ code: PICKUP_ERRORS.phone, message: "pickupAddress.phoneNumber must be provided: the driver calls on arrival" })
  }
  if (!SERVICES.includes(body.service as (typeof SERVICES)[number])) {
    issues.push({ code: PICKUP_ERRORS.service, message: `service must be one of ${SERVICES.join(", ")}` })
  }

  const details = isRecord(body.pickupDetails) ? body.pickupDetails : {}
  const counts = ["numberOfPackages", "numberOfPostContainers", "numberOfPallets"].map((field) => {
    const value = details[field]
    if (value === undefined || value === null) return 0
    const count = optionalNumber(value)
    if (count === undefined || !Number.isInteger(count) || count < 0) {
      issues.push({ code: PICKUP_ERRORS.count, message: `pickupDetails.${field} must be a whole number of 0 or more` })
      return 0
    }
    return count
  })
  if (counts.every((count) => count === 0)) {
    issues.push({ code: PICKUP_ERRORS.count, message: "pickupDetails: at least one package, post container or pallet must be collected" })
  }

  const date = calendarDate(body.pickupDate)
  if (!date) {
    issues.push({ code: PICKUP_ERRORS.date, message: "pickupDate must be a date in the form yyyy-MM-dd" })
  } else if (compareDates(date, toOslo(now).date) < 0) {
    issues.push({ code: PICKUP_ERRORS.dateInPast, message: `pickupDate ${String(body.pickupDate)} is in the past` })
  } else if (weekday(date) === 0 || weekday(date) === 6) {
    issues.push({ code: PICKUP_ERRORS.weekend, message: `pickupDate ${String(body.pickupDate)} is on a weekend: pickups are on working days` })
  }
  const ready = readyTime(body.pickupIsReadyAtTime)
  if (ready === "invalid") issues.push({ code: PICKUP_ERRORS.date, message: "pickupIsReadyAtTime must be HH:mm or null" })

  if (issues.length > 0 || !date || ready === "invalid" || !customer) return { ok: false, issues }
  return {
    ok: true,
    customerNumber: customer.customerNumber,
    date,
    ready: ready ?? DEFAULT_READY,
    test: body.testIndicator === true || testHeader,
  }
}

function calendarDate(value: unknown): CalendarDate | undefined {
  const match = typeof value === "string" ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null
  if (!match) return undefined
  const [year, month, day] = match.slice(1).map(Number)
  return isValidCalendarDate(year, month, day) ? { year, month, day } : undefined
}

function readyTime(value: unknown): { hour: number; minute: number } | undefined | "invalid" {
  if (value === undefined || value === null) return undefined
  const match = typeof value === "string" ? /^(\d{2}):(\d{2})$/.exec(value) : null
  if (!match) return "invalid"
  const [hour, minute] = match.slice(1).map(Number)
  return hour < 24 && minute < 60 ? { hour, minute } : "invalid"
}

function compareDates(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day
}
