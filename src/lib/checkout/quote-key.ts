import { createHash } from "node:crypto"
import type { QuoteInput } from "./quote-input"

/**
 * Cache key of a quote: a hash of everything that changes the carrier's answer. Two carts with the
 * same route, parcel, hour and services share one quote; a changed address or item makes a new one.
 * The version prefix invalidates caches when the shape of a cached quote changes.
 */
export function quoteKey(input: QuoteInput, baseUrl: string): string {
  const canonical = JSON.stringify([
    baseUrl,
    input.direction,
    input.from,
    input.to,
    input.parcel,
    input.shippingDate,
    [...input.services].sort((a, b) => a.code.localeCompare(b.code)),
    input.alternativeDeliveryDates,
    input.postingAtPostOffice,
    input.pickupPoints ?? null,
  ])
  return `nordic-parcel:quote:v2:${createHash("sha256").update(canonical).digest("hex").slice(0, 40)}`
}
