import { useQuery } from "@tanstack/react-query"
import { sdk } from "./sdk"

export type StoreRegion = { id: string; name: string; currency_code: string }

/** The store's regions, for the currencies the plugin must price in. */
export function useStoreRegions() {
  return useQuery({
    queryKey: ["nordic-parcel", "regions"],
    queryFn: async () => (await sdk.client.fetch<{ regions: StoreRegion[] }>("/admin/regions", { query: { limit: 100, fields: "id,name,currency_code" } })).regions,
  })
}

/** The currencies of the store's regions and of the given values, in capitals, each once, sorted. */
export function currenciesOf(regions: StoreRegion[] | undefined, ...more: string[][]): string[] {
  return [...new Set([...(regions ?? []).map((region) => region.currency_code.toUpperCase()), ...more.flat()])].sort()
}
