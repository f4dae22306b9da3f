import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  createProductsWorkflow,
  createRegionsWorkflow,
  createShippingOptionsWorkflow,
  createStockLocationsWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
} from "@medusajs/medusa/core-flows"
import { DEMO_CREDENTIALS } from "../../sandbox"
import { seedNorwegianStore, type SeedService, type SeededStore } from "./store"

/**
 * A merchant selling across the Nordics with two warehouses: regions in NOK, SEK and DKK; the Oslo
 * warehouse on the Norwegian agreement (5, and 6 for BUSINESS_PARCEL) ships to Norway and, with
 * BUSINESS_PARCEL, to Sweden and Denmark; the Gothenburg warehouse has its own Swedish customer
 * number (8) and ships BUSINESS_PARCEL within Sweden. The carrier prices in the sender's currency
 * (NOK from Oslo, SEK from Gothenburg). The merchant's rates and the locations' agreements are
 * settings each suite makes.
 */

/** The carrier's API user of these stores: the Norwegian agreements, the cargo one and Gothenburg's. */
export const NORDIC_SANDBOX_USERS = [{ ...DEMO_CREDENTIALS, customerNumbers: ["5", "6", "7", "8"], admin: true }]

export type NordicStore = SeededStore & {
  /** Oslo's zone for Sweden and Denmark (in its own fulfillment set's zones). */
  nordicZoneId: string
  regions: { sweden: string; denmark: string }
  gothenburgId: string
  /** BUSINESS_PARCEL from Oslo to Sweden and Denmark, and from Gothenburg within Sweden. */
  osloNordic: string
  gothenburg: string
  /** Return options (PICKUP_PARCEL booked as a return) of Oslo's Nordic zone and of Gothenburg's zone. */
  returns: { oslo: string; gothenburg: string }
  mug: string
}

/** The Norwegian store (with `services` in Norway), plus Sweden and Denmark and a warehouse in Gothenburg. */
export async function seedNordicStore(container: MedusaContainer, services: SeedService[] = [{ code: "PA_DOREN" }]): Promise<NordicStore> {
  const store = await seedNorwegianStore(container, services)
  const link = container.resolve(ContainerRegistrationKeys.LINK)
  const fulfillment = container.resolve(Modules.FULFILLMENT)
  const { result: regions } = await createRegionsWorkflow(container).run({
    input: {
      regions: [
        { name: "Sweden", currency_code: "sek", countries: ["se"], payment_providers: ["pp_system_default"] },
        { name: "Denmark", currency_code: "dkk", countries: ["dk"], payment_providers: ["pp_system_default"] },
      ],
    },
  })
  const { result: [gothenburg] } = await createStockLocationsWorkflow(container).run({
    input: {
      locations: [
        {
          name: "Gothenburg warehouse",
          address: { address_1: "Lagergatan 4", city: "Göteborg", country_code: "SE", postal_code: "41101", phone: "+46311234567" },
        },
      ],
    },
  })
  await linkSalesChannelsToStockLocationWorkflow(container).run({ input: { id: gothenburg.id, add: [store.salesChannelId] } })
  await link.create({
    [Modules.STOCK_LOCATION]: { stock_location_id: gothenburg.id },
    [Modules.FULFILLMENT]: { fulfillment_provider_id: store.providerId },
  })
  const gothenburgSet = await fulfillment.createFulfillmentSets({
    name: "Gothenburg shipping",
    type: "shipping",
    service_zones: [{ name: "Sweden", geo_zones: [{ type: "country", country_code: "se" }] }],
  })
  await link.create({
    [Modules.STOCK_LOCATION]: { stock_location_id: gothenburg.id },
    [Modules.FULFILLMENT]: { fulfillment_set_id: gothenburgSet.id },
  })
  // Oslo also ships to the other Nordic countries, in a zone of its own fulfillment set.
  const [osloSet] = await fulfillment.listFulfillmentSets({ service_zones: { id: store.serviceZoneId } })
  const nordicZone = await fulfillment.createServiceZones({
    name: "Sweden and Denmark",
    fulfillment_set_id: osloSet.id,
    geo_zones: [
      { type: "country", country_code: "se" },
      { type: "country", country_code: "dk" },
    ],
  })
  const businessParcel = (name: string, zoneId: string) => ({
    name,
    price_type: "calculated" as const,
    provider_id: store.providerId,
    service_zone_id: zoneId,
    shipping_profile_id: store.shippingProfileId,
    data: { id: "nordic-parcel-BUSINESS_PARCEL", name: "BUSINESS_PARCEL", service_code: "BUSINESS_PARCEL", requires_pickup_point: false, is_return: false },
    type: { label: "BUSINESS_PARCEL", description: "Business parcel", code: "business_parcel" },
    rules: [
      { attribute: "enabled_in_store", value: "true", operator: "eq" as const },
      { attribute: "is_return", value: "false", operator: "eq" as const },
    ],
  })
  // Returns from Swedish shoppers: PICKUP_PARCEL handed in at a pickup point, booked back to the
  // warehouse of the option (the merchant marks the service as a return service in the settings).
  const pickupParcelReturn = (name: string, zoneId: string) => ({
    ...businessParcel(name, zoneId),
    data: { id: "nordic-parcel-PICKUP_PARCEL", name: "PICKUP_PARCEL", service_code: "PICKUP_PARCEL", requires_pickup_point: false, is_return: true },
    type: { label: "PICKUP_PARCEL", description: "Return via a pickup point", code: "return_pickup_parcel" },
    rules: [
      { attribute: "enabled_in_store", value: "true", operator: "eq" as const },
      { attribute: "is_return", value: "true", operator: "eq" as const },
    ],
  })
  const { result: options } = await createShippingOptionsWorkflow(container).run({
    input: [
      businessParcel("Business parcel from Oslo", nordicZone.id),
      businessParcel("Business parcel from Gothenburg", gothenburgSet.service_zones[0].id),
      pickupParcelReturn("Return to Oslo", nordicZone.id),
      pickupParcelReturn("Return to Gothenburg", gothenburgSet.service_zones[0].id),
    ],
  })
  const { result: [mug] } = await createProductsWorkflow(container).run({
    input: {
      products: [
        {
          title: "Stoneware mug",
          handle: "mug",
          status: "published",
          shipping_profile_id: store.shippingProfileId,
          sales_channels: [{ id: store.salesChannelId }],
          options: [{ title: "Default", values: ["Default"] }],
          variants: [
            {
              title: "Default",
              sku: "MUG",
              options: { Default: "Default" },
              manage_inventory: false,
              weight: 800,
              length: 20,
              width: 15,
              height: 15,
              // Declared when it leaves Norway (customs export).
              hs_code: "69120000",
              origin_country: "se",
              prices: [
                { amount: 249, currency_code: "nok" },
                { amount: 229, currency_code: "sek" },
                { amount: 169, currency_code: "dkk" },
              ],
            },
          ],
        },
      ],
    },
  })
  return {
    ...store,
    regions: { sweden: regions[0].id, denmark: regions[1].id },
    gothenburgId: gothenburg.id,
    nordicZoneId: nordicZone.id,
    osloNordic: options[0].id,
    gothenburg: options[1].id,
    returns: { oslo: options[2].id, gothenburg: options[3].id },
    mug: mug.variants[0].id,
  }
}
