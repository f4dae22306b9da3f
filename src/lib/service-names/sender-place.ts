import type { Place } from "./names-lookup-request"

/** A stock location as the sender place reads it. */
export type SenderLocationRow = { address?: { country_code?: string | null; postal_code?: string | null } | null }

/**
 * Where the store ships from, for a lookup that needs a route but no real parcel: the first
 * stock location with a country and postal code. Null when there is none: the caller then keeps
 * the names it has. The read is modules/nordic_parcel/store-reads.ts.
 */
export function senderPlaceOf(locations: SenderLocationRow[]): Place | null {
  for (const row of locations) {
    const countryCode = row.address?.country_code?.trim().toUpperCase()
    const postalCode = row.address?.postal_code?.replace(/\s/g, "")
    if (countryCode && postalCode) return { countryCode, postalCode }
  }
  return null
}
