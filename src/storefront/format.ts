/*
 * Formatting shared by the components; `pickupPointQueryFor` is the pickup-point search both
 * `PickupPointPicker` and `nearestPickupPoint` use.
 */
import type { DeliveryDateChoice, DeliveryOption, DeliveryWindow, EstimatedArrival, OpeningHours, PickupPointQuery } from "./types"
import { resolveLocale, type StorefrontLocale, type StorefrontTexts } from "./texts"

const INTL_LOCALES: Record<StorefrontLocale, string> = { en: "en-GB", nb: "nb-NO", sv: "sv-SE", da: "da-DK", fi: "fi-FI" }

/** "Tuesday 26 November" / "tirsdag 26. november" (and sv, da, fi) for an ISO date, read as a calendar day. */
export function formatDeliveryDate(isoDate: string, locale: string | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate)
  if (!match) return isoDate
  // A calendar day: format it in UTC so that no time zone moves it to the day before.
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
  return new Intl.DateTimeFormat(INTL_LOCALES[resolveLocale(locale)], {
    weekday: "long",
    day: "numeric",
    month: "long",
    timeZone: "UTC",
  }).format(day)
}

/** A price in major units, e.g. "kr 99,00" or "NOK 99.00". */
export function formatAmount(amount: number, currencyCode: string, locale: string | undefined): string {
  return new Intl.NumberFormat(INTL_LOCALES[resolveLocale(locale)], {
    style: "currency",
    currency: currencyCode.toUpperCase(),
  }).format(amount)
}

/** "between 08:00 and 16:00" in the shopper's language, the carrier's clocks as HH:mm. */
export function arrivalWindowText(window: DeliveryWindow, t: Pick<StorefrontTexts, "arrivalWindow">): string {
  return t.arrivalWindow(formatClock(window.from), formatClock(window.to))
}

/**
 * "Expected delivery Thursday 26 November between 08:00 and 16:00": the expected day, with the
 * carrier's arrival window where it gives one (else the day alone).
 */
export function expectedDeliveryText(
  isoDate: string,
  window: DeliveryWindow | null | undefined,
  locale: string | undefined,
  t: Pick<StorefrontTexts, "expectedDelivery" | "arrivalWindow">
): string {
  const day = t.expectedDelivery(formatDeliveryDate(isoDate, locale))
  return window ? `${day} ${arrivalWindowText(window, t)}` : day
}

/** One day of the delivery-day choice: "Friday 27 November, between 17:00 and 21:00", or the day alone. */
export function deliveryDateLabel(day: DeliveryDateChoice, locale: string | undefined, t: Pick<StorefrontTexts, "arrivalWindow">): string {
  const date = formatDeliveryDate(day.date, locale)
  return day.window ? `${date}, ${arrivalWindowText(day.window, t)}` : date
}

/** "Ready for pickup Thursday 26 November between 14:00 and 18:00": a pickup point's estimated arrival. */
export function pickupArrivalText(arrival: EstimatedArrival, locale: string | undefined, t: Pick<StorefrontTexts, "readyForPickup" | "arrivalWindow">): string {
  return t.readyForPickup(formatDeliveryDate(arrival.date, locale), arrivalWindowText(arrival, t))
}

/**
 * The stored delivery day (`shipping_methods[].data.delivery_date`) if the option still offers it,
 * else null: after the address or the cart changed the carrier may offer other days, and a day it
 * no longer offers is shown as not chosen rather than moved to another.
 */
export function offeredDeliveryDate(
  option: Pick<DeliveryOption, "takes_delivery_date" | "delivery_dates"> | null | undefined,
  stored: unknown
): string | null {
  if (!option?.takes_delivery_date || typeof stored !== "string") return null
  return option.delivery_dates.some((d) => d.date === stored) ? stored : null
}

const WEEK = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"]

/** "0700" or "07:00" as "07:00". */
export function formatClock(time: string): string {
  const match = /^(\d{1,2}):?(\d{2})$/.exec(time.trim())
  return match ? `${match[1].padStart(2, "0")}:${match[2]}` : time
}

/**
 * Opening hours as lines in the carrier's day order, consecutive days with the same hours joined:
 * "Monday–Friday 07:00–23:00", "Saturday 08:00–22:00". Days without hours are left out.
 */
export function openingHoursLines(hours: OpeningHours[], texts: Pick<StorefrontTexts, "days">): string[] {
  const dayName = (day: string) => texts.days[day.toUpperCase()] ?? day
  const groups: { first: string; last: string; span: string }[] = []
  for (const h of hours) {
    if (!h.day || !(h.opening || h.closing)) continue
    const span = `${formatClock(h.opening)}–${formatClock(h.closing)}`
    const previous = groups[groups.length - 1]
    const follows = previous && WEEK.indexOf(h.day.toUpperCase()) === WEEK.indexOf(previous.last.toUpperCase()) + 1
    if (previous && follows && previous.span === span) previous.last = h.day
    else groups.push({ first: h.day, last: h.day, span })
  }
  return groups.map((g) => `${g.first === g.last ? dayName(g.first) : `${dayName(g.first)}–${dayName(g.last)}`} ${g.span}`)
}

export type PickupPointSearch = { postal_code?: string; street?: string; street_number?: string }

/**
 * What the shopper typed in the picker's search box: a postal code ("0154", "114 55"), a street
 * with or without a number ("Karl Johans gate 1"), or a street followed by a postal code
 * ("Strandgaten 1, 5013"). Country rules (4 or 5 digits) are checked by the store route.
 */
export function parsePickupPointSearch(input: string): PickupPointSearch {
  const text = input.trim().replace(/\s+/g, " ")
  if (!text) return {}
  if (/^\d[\d ]{2,5}\d$/.test(text)) return { postal_code: text.replace(/ /g, "") }
  let rest = text
  let postal: string | undefined
  const trailingPostal = /[, ]\s*(\d{4,5})(?:\s+\S.*)?$/.exec(rest)
  if (trailingPostal && /,/.test(rest)) {
    postal = trailingPostal[1]
    rest = rest.slice(0, trailingPostal.index).replace(/,\s*$/, "").trim()
  }
  const numbered = /^(.*\D)\s+(\d+\s?[A-Za-z]?)$/.exec(rest)
  const street = (numbered ? numbered[1] : rest).replace(/,\s*$/, "").trim()
  return {
    ...(postal ? { postal_code: postal } : {}),
    ...(street ? { street } : {}),
    ...(numbered ? { street_number: numbered[2].replace(/\s/g, "") } : {}),
  }
}

const POSTAL_CODE_DIGITS: Record<string, number> = { NO: 4, DK: 4, SE: 5, FI: 5 }

/** True once the code has as many digits as the country's postal codes have. */
export function isCompletePostalCode(countryCode: string, postalCode: string): boolean {
  const digits = POSTAL_CODE_DIGITS[countryCode.toUpperCase()]
  const compact = postalCode.replace(/\s+/g, "")
  return digits !== undefined && new RegExp(`^\\d{${digits}}$`).test(compact)
}

/** An address as Medusa stores it (the fields the pickup-point search uses). */
export type AddressForPickup = { country_code?: string | null; postal_code?: string | null; address_1?: string | null }

/**
 * The search for the points nearest a shipping address: its postal code, and its street and
 * number split as the carrier expects them. The picker and `nearestPickupPoint` both use it, so
 * the point a checkout preselects is the first one the picker lists.
 */
export function pickupPointQueryFor(address: AddressForPickup, cartId?: string, limit = 10): PickupPointQuery {
  const { street, street_number } = parsePickupPointSearch(address.address_1 ?? "")
  return {
    country_code: (address.country_code ?? "").toUpperCase(),
    postal_code: (address.postal_code ?? "").replace(/\s+/g, ""),
    ...(street ? { street } : {}),
    ...(street_number ? { street_number } : {}),
    ...(cartId ? { cart_id: cartId } : {}),
    limit,
  }
}
