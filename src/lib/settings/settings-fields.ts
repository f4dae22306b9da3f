import type { NordicParcelOptions, ServiceOptions } from "../options"
import type { MerchantSettings, ServiceSettings } from "./settings-schema"

/**
 * Which option each setting overrides: the one place where the admin's snake_case names meet the
 * options' camelCase ones. Merging (apply-settings.ts) and showing (settings-view.ts) both read
 * these tables, and the types make a setting without its option a compile error.
 */

type FieldsOf<Settings, Options> = { readonly [K in keyof Required<Settings>]: keyof Options & string }

export const GENERAL_FIELDS = {
  test_mode: "testMode",
  customer_number: "customerNumber",
  prices_include_vat: "pricesIncludeVat",
} as const satisfies FieldsOf<Omit<MerchantSettings, "services" | "packaging" | "customs" | "tracking">, NordicParcelOptions>

export const SERVICE_FIELDS = {
  offered: "offered",
  name: "name",
  price_source: "priceSource",
  fallback_price: "fallbackPrice",
  markup: "markup",
  free_shipping_threshold: "freeShippingThreshold",
  requires_pickup_point: "requiresPickupPoint",
  is_return: "isReturn",
  return_service: "returnService",
  qr_codes: "qrCodes",
  additional_services: "additionalServices",
  customer_number: "customerNumber",
} as const satisfies FieldsOf<ServiceSettings, ServiceOptions>

export const PACKAGING_FIELDS = {
  weight_unit: "weightUnit",
  dimension_unit: "dimensionUnit",
  default_item_weight: "defaultItemWeight",
  default_item_dimensions: "defaultItemDimensions",
  packaging_weight: "packagingWeight",
} as const satisfies FieldsOf<NonNullable<MerchantSettings["packaging"]>, NordicParcelOptions["packaging"]>

export const CUSTOMS_FIELDS = {
  nature_of_transaction: "natureOfTransaction",
  ioss_number: "iossNumber",
  vat_on_ecommerce: "vatOnEcommerce",
} as const satisfies FieldsOf<NonNullable<MerchantSettings["customs"]>, NordicParcelOptions["customs"]>

/** Tracking settings override the non-secret part of `webhooks`. */
export const TRACKING_FIELDS = {
  event_groups: "eventGroups",
  auto_subscribe: "autoSubscribe",
} as const satisfies FieldsOf<NonNullable<MerchantSettings["tracking"]>, NordicParcelOptions["webhooks"]>

export type FieldTable = Readonly<Record<string, string>>

/** The option values a group of settings sets: `{ price_source: "list" }` → `{ priceSource: "list" }`. */
export function toOptionValues(settings: object | undefined, fields: FieldTable): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const [setting, option] of Object.entries(fields)) {
    const value = (settings as Record<string, unknown> | undefined)?.[setting]
    if (value !== undefined) {
      values[option] = value
    }
  }
  return values
}

/** The settings view of a group of options: every setting present, null where the option is unset. */
export function toSettingValues(options: object, fields: FieldTable): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([setting, option]) => [setting, (options as Record<string, unknown>)[option] ?? null])
  )
}
