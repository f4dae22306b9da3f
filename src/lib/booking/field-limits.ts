import type { BookingProblem } from "./booking-input"

/**
 * The booking request's string limits. Lengths are counted as
 * the client's schema counts them (JavaScript string length), so a value that passes here also
 * passes the client.
 *
 * Names, address lines, postal codes and cities over the limit are refused, never cut: a label
 * with a truncated address may reach the wrong door, which is worse than an error the merchant
 * can fix. Only descriptive text (goods descriptions) is shortened.
 */
export const LIMITS = {
  addressLine: 35,
  postalCode: 35,
  city: 35,
  email: 60,
  purchaseOrderNumber: 35,
  goodsDescription: 35,
} as const

/** Where a value came from, for messages (`delivery address`) and problem fields (`delivery_address`). */
export type Source = { label: string; path: string }

/** Adds a problem when `value` is longer than `max`. */
export function checkLength(problems: BookingProblem[], source: Source, field: string, value: string, max: number): void {
  if (value.length > max) {
    problems.push({
      field: `${source.path}.${field}`,
      message: `${source.label}: ${field} is ${value.length} characters; the carrier takes ${max}`,
    })
  }
}

const ELLIPSIS = "…"

/**
 * Shortens descriptive text to `max`, ending with an ellipsis so the reader sees it was cut. It
 * cuts at the last word boundary when there is one, never inside an emoji or other astral
 * character, and drops a dangling separator ("Mug, …" reads as if something followed).
 */
export function shortenDescription(text: string, max: number = LIMITS.goodsDescription): string {
  const trimmed = text.trim()
  if (trimmed.length <= max) {
    return trimmed
  }
  let kept = ""
  for (const codePoint of trimmed) {
    if (kept.length + codePoint.length > max - ELLIPSIS.length) {
      break
    }
    kept += codePoint
  }
  const endsInsideWord = !/\s/.test(trimmed[kept.length])
  const lastSpace = kept.lastIndexOf(" ")
  const words = endsInsideWord && lastSpace > 0 ? kept.slice(0, lastSpace) : kept
  return `${words.replace(/[\s,;]+$/, "")}${ELLIPSIS}`
}
