/*
 * The module's own reads of the store's data through Medusa's query, which the caller passes (the
 * module's container cannot resolve it): the data of the store's carrier shipping options (the
 * services in use, lib/checkout/services-in-use.ts) and the place the store ships from (service
 * names, lib/service-names/sender-place.ts). What is made of the rows is decided in lib.
 */
import type { OptionData } from "../../lib/checkout/services-in-use"
import type { Place } from "../../lib/service-names/names-lookup-request"
import { senderPlaceOf, type SenderLocationRow } from "../../lib/service-names/sender-place"

/** The part of Medusa's query these read. */
export type StoreQuery = {
  graph(config: { entity: string; fields: string[]; filters?: Record<string, unknown> }): Promise<{ data: unknown[] }>
}

/**
 * The data of the store's shipping options that are not deleted (query leaves soft-deleted rows
 * out) and that `isCarrierProvider` tells are the plugin's, under whatever id the store registered it.
 */
export async function carrierShippingOptionData(query: StoreQuery, isCarrierProvider: (providerId: string) => boolean): Promise<OptionData[]> {
  const { data } = await query.graph({ entity: "shipping_option", fields: ["id", "provider_id", "data"], filters: {} })
  return (data as { provider_id?: string | null; data?: OptionData | null }[])
    .filter((option) => isCarrierProvider(option.provider_id ?? ""))
    .map((option) => option.data ?? {})
}

/** Where the store ships from (`senderPlaceOf`); null when there is no query or it cannot be read. */
export async function senderPlace(query: StoreQuery | undefined): Promise<Place | null> {
  if (!query) return null
  try {
    const { data } = await query.graph({
      entity: "stock_location",
      fields: ["id", "address.country_code", "address.postal_code"],
    })
    return senderPlaceOf(data as SenderLocationRow[])
  } catch {
    // Names are display text: an unreadable location leaves the names the plugin has.
    return null
  }
}
