import type { Place } from "./names-lookup-request"

/** The part of Medusa's query this reads. */
export type StockLocationQuery = {
  graph(config: { entity: string; fields: string[] }): Promise<{ data: unknown[] }>
}

type LocationRow = { address?: { country_code?: string | null; postal_code?: string | null } | null }

/**
 * Where the store ships from, for a lookup that needs a route but no real parcel: the first
 * stock location with a country and postal code. Null when there is none (or it cannot be read):
 * the caller then keeps the names it has.
 */
export async function senderPlace(query: StockLocationQuery | undefined): Promise<Place | null> {
  if (!query) return null
  try {
    const { data } = await query.graph({
      entity: "stock_location",
      fields: ["id", "address.country_code", "address.postal_code"],
    })
    for (const row of data as LocationRow[]) {
      const countryCode = row.address?.country_code?.trim().toUpperCase()
      const postalCode = row.address?.postal_code?.replace(/\s/g, "")
      if (countryCode && postalCode) return { countryCode, postalCode }
    }
  } catch {
    // Names are display text: an unreadable location leaves the names the plugin has.
  }
  return null
}
