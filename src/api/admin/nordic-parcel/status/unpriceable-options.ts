import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { NordicParcelOptions } from "../../../../lib/options"
import {
  unpriceableOptions,
  type CarrierShippingOption,
  type PricedRegion,
  type UnpriceableOption,
} from "../../../../lib/status-page/unpriceable-options"
import { isNordicParcelProviderId } from "../../../../lib/provider-id"

type ShippingOptionRow = {
  id: string
  name: string
  provider_id: string
  data?: Record<string, unknown> | null
  service_zone?: {
    geo_zones?: { country_code?: string | null }[] | null
    fulfillment_set?: { location?: { id: string; name?: string | null; address?: { country_code?: string | null } | null } | null } | null
  } | null
}

/** The store's regions and carrier shipping options, read with query, and those a region cannot price. */
export async function loadUnpriceableOptions(scope: MedusaContainer, options: NordicParcelOptions): Promise<UnpriceableOption[]> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const [{ data: regions }, { data: shippingOptions }] = await Promise.all([
    query.graph({ entity: "region", fields: ["id", "name", "currency_code", "countries.iso_2"] }),
    query.graph({
      entity: "shipping_option",
      fields: [
        "id",
        "name",
        "provider_id",
        "data",
        "service_zone.geo_zones.country_code",
        "service_zone.fulfillment_set.location.id",
        "service_zone.fulfillment_set.location.name",
        "service_zone.fulfillment_set.location.address.country_code",
      ],
    }),
  ])
  const priced: PricedRegion[] = (regions as { id: string; name: string; currency_code: string; countries?: { iso_2: string }[] }[]).map((region) => ({
    id: region.id,
    name: region.name,
    currency_code: region.currency_code,
    countries: (region.countries ?? []).map((country) => country.iso_2),
  }))
  // Any registration of the provider, whatever id the store gave it.
  const ours = (shippingOptions as ShippingOptionRow[]).filter((option) => isNordicParcelProviderId(option.provider_id))
  const carrierOptions: CarrierShippingOption[] = ours.map((option) => {
    const location = option.service_zone?.fulfillment_set?.location
    return {
      id: option.id,
      name: option.name,
      data: option.data ?? null,
      location: location ? { id: location.id, name: location.name ?? location.id, country_code: location.address?.country_code ?? null } : null,
      zone_countries: (option.service_zone?.geo_zones ?? []).map((zone) => zone.country_code ?? "").filter(Boolean),
    }
  })
  return unpriceableOptions(options, priced, carrierOptions)
}
