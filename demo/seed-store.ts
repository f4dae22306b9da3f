import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  createApiKeysWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  createShippingOptionsWorkflow,
  createShippingProfilesWorkflow,
  createStockLocationsWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
} from "@medusajs/medusa/core-flows"
import { isNordicParcelProviderId } from "../src/lib/provider-id"

/** A carrier service offered as a calculated shipping option. */
export type SeedService = {
  code: string
  /** The option's name in the storefront and admin; default `Carrier <code>`. */
  name?: string
  requiresPickupPoint?: boolean
  isReturn?: boolean
}

export type SeededStore = {
  regionId: string
  salesChannelId: string
  publishableKey: string
  stockLocationId: string
  serviceZoneId: string
  shippingProfileId: string
  /** The provider's id as the store registered it (`nordic-parcel_<id in medusa-config>`). */
  providerId: string
  /** Shipping option id per service code. */
  options: Record<string, string>
  /** Variant ids: a 1.2 kg boxed item, a 0.3 kg flat item, a large 25 kg box, an item with no measurements. */
  variants: { boxed: string; flat: string; large: string; unmeasured: string }
}

/**
 * A Norwegian store the way a merchant sets one up: NOK region, Oslo warehouse linked to the
 * carrier provider, a shipping zone for Norway, and calculated shipping options for the given
 * carrier services (the object the admin stores as option data, as getFulfillmentOptions gives it).
 * Shared by the integration tests (integration-tests/helpers/store.ts) and the demo (demo/seed.ts).
 */
export async function seedNorwegianStore(container: MedusaContainer, services: SeedService[]): Promise<SeededStore> {
  const link = container.resolve(ContainerRegistrationKeys.LINK)
  const fulfillment = container.resolve(Modules.FULFILLMENT)
  // Under whatever id medusa-config registers the provider (an earlier registration stays, disabled).
  const providers = await fulfillment.listFulfillmentProviders({})
  const providerId = providers.find((p) => (p as { is_enabled?: boolean }).is_enabled && isNordicParcelProviderId(p.id))?.id
  if (!providerId) throw new Error("medusa-config registers no nordic-parcel provider")

  const { result: [region] } = await createRegionsWorkflow(container).run({
    input: { regions: [{ name: "Norway", currency_code: "nok", countries: ["no"], payment_providers: ["pp_system_default"] }] },
  })
  const { result: [salesChannel] } = await createSalesChannelsWorkflow(container).run({
    input: { salesChannelsData: [{ name: "Web shop" }] },
  })
  const { result: [apiKey] } = await createApiKeysWorkflow(container).run({
    input: { api_keys: [{ title: "storefront", type: "publishable", created_by: "" }] },
  })
  await linkSalesChannelsToApiKeyWorkflow(container).run({ input: { id: apiKey.id, add: [salesChannel.id] } })

  const { result: [location] } = await createStockLocationsWorkflow(container).run({
    input: {
      locations: [
        {
          name: "Oslo warehouse",
          address: { address_1: "Karl Johans gate 1", city: "Oslo", country_code: "NO", postal_code: "0154", phone: "+4791234567" },
        },
      ],
    },
  })
  await linkSalesChannelsToStockLocationWorkflow(container).run({ input: { id: location.id, add: [salesChannel.id] } })
  await link.create({
    [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
    [Modules.FULFILLMENT]: { fulfillment_provider_id: providerId },
  })
  const fulfillmentSet = await fulfillment.createFulfillmentSets({
    name: "Oslo shipping",
    type: "shipping",
    service_zones: [{ name: "Norway", geo_zones: [{ type: "country", country_code: "no" }] }],
  })
  await link.create({
    [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
    [Modules.FULFILLMENT]: { fulfillment_set_id: fulfillmentSet.id },
  })
  const serviceZoneId = fulfillmentSet.service_zones[0].id

  const { result: [profile] } = await createShippingProfilesWorkflow(container).run({
    input: { data: [{ name: "Parcels", type: "default" }] },
  })

  const { result: products } = await createProductsWorkflow(container).run({
    input: {
      products: [
        product("Boxed lamp", "LAMP", { weight: 1200, length: 30, width: 20, height: 15, hs_code: "94052000", origin_country: "se" }),
        product("Flat poster", "POSTER", { weight: 300, length: 30, width: 22, height: 2, hs_code: "49119100", origin_country: "no" }),
        product("Garden bench", "BENCH", { weight: 25000, length: 150, width: 60, height: 50, hs_code: "94017900", origin_country: "dk" }),
        product("Gift card box", "GIFT", {}),
      ].map((p) => ({ ...p, shipping_profile_id: profile.id, sales_channels: [{ id: salesChannel.id }] })),
    },
  })
  const variantOf = (handle: string) => products.find((p) => p.handle === handle)!.variants[0].id

  const { result: shippingOptions } = await createShippingOptionsWorkflow(container).run({
    input: services.map((service) => ({
      name: service.name ?? `Carrier ${service.code}`,
      price_type: "calculated" as const,
      provider_id: providerId,
      service_zone_id: serviceZoneId,
      shipping_profile_id: profile.id,
      data: {
        id: `nordic-parcel-${service.code}`,
        name: service.code,
        service_code: service.code,
        requires_pickup_point: service.requiresPickupPoint ?? false,
        is_return: service.isReturn ?? false,
      },
      type: { label: service.code, description: `Carrier service ${service.code}`, code: service.code.toLowerCase() },
      rules: [
        { attribute: "enabled_in_store", value: "true", operator: "eq" as const },
        { attribute: "is_return", value: service.isReturn ? "true" : "false", operator: "eq" as const },
      ],
    })),
  })

  return {
    regionId: region.id,
    salesChannelId: salesChannel.id,
    publishableKey: apiKey.token,
    stockLocationId: location.id,
    serviceZoneId,
    shippingProfileId: profile.id,
    providerId,
    options: Object.fromEntries(shippingOptions.map((o) => [(o.data as { service_code: string }).service_code, o.id])),
    variants: { boxed: variantOf("lamp"), flat: variantOf("poster"), large: variantOf("bench"), unmeasured: variantOf("gift") },
  }
}

const HANDLES: Record<string, string> = { LAMP: "lamp", POSTER: "poster", BENCH: "bench", GIFT: "gift" }

type VariantFacts = {
  weight?: number
  length?: number
  width?: number
  height?: number
  hs_code?: string
  origin_country?: string
}

function product(title: string, sku: string, measures: VariantFacts) {
  return {
    title,
    handle: HANDLES[sku],
    status: "published" as const,
    options: [{ title: "Default", values: ["Default"] }],
    variants: [
      {
        title: "Default",
        sku,
        options: { Default: "Default" },
        manage_inventory: false,
        prices: [{ amount: sku === "BENCH" ? 4990 : 249, currency_code: "nok" }],
        ...measures,
      },
    ],
  }
}
