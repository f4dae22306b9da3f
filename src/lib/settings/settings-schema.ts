import { MedusaError } from "@medusajs/framework/utils"
import { z } from "@medusajs/framework/zod"
import { optionRules } from "../options"
import { describeIssues } from "../validation-issues"
import { findUnsafeText, UNSAFE_TEXT_RULE } from "../input/unsafe-text"

/**
 * Merchant settings: the part of the plugin options a merchant changes in the admin, in the admin
 * API's snake_case. Each value keeps the rule of the option it overrides
 * (`optionRules`), so the admin refuses what medusa-config refuses, with the same message.
 * Credentials, the carrier address, the webhook URL and secret, time-outs and caches are not
 * settings: they belong to whoever deploys the store, and stay in medusa-config.
 */

const serviceShape = {
  offered: z.boolean(),
  name: optionRules.serviceName,
  price_source: optionRules.priceSource,
  fallback_price: optionRules.money,
  markup: optionRules.markup,
  free_shipping_threshold: optionRules.money,
  requires_pickup_point: z.boolean(),
  nearest_pickup_point_when_none_chosen: z.boolean(),
  is_return: z.boolean(),
  return_price: optionRules.returnPrice,
  return_prices: z.record(optionRules.currencyCode, optionRules.money),
  return_service: optionRules.serviceCode,
  qr_codes: z.boolean(),
  additional_services: optionRules.additionalServices,
  customer_number: optionRules.customerNumber,
  /** Per currency (code in capitals); each record is replaced whole. */
  fallback_prices: z.record(optionRules.currencyCode, optionRules.money),
  free_shipping_thresholds: z.record(optionRules.currencyCode, optionRules.money),
  markups: z.record(optionRules.currencyCode, optionRules.markup),
  alternative_delivery_dates: optionRules.alternativeDeliveryDates,
}

/** One currency: its rate against the default currency and its rounding. */
const currencyShape = {
  exchange_rate: optionRules.exchangeRate,
  rounding: optionRules.rounding,
}

/** One stock location (keyed by its id): its customer number and the sender details Medusa's location lacks. */
const locationShape = {
  customer_number: optionRules.customerNumber,
  sender_name: optionRules.senderText,
  contact_name: optionRules.senderText,
  email: optionRules.senderEmail,
  phone: optionRules.senderText,
  vat_number: optionRules.vatNumber,
  posting_at_post_office: z.boolean(),
}

const locationId = z.string().min(1).max(100)

const packagingShape = {
  weight_unit: optionRules.weightUnit,
  dimension_unit: optionRules.dimensionUnit,
  default_item_weight: optionRules.weight,
  default_item_dimensions: optionRules.dimensions,
  packaging_weight: optionRules.weight,
}

const customsShape = {
  nature_of_transaction: optionRules.natureOfTransaction,
  ioss_number: optionRules.iossNumber,
  vat_on_ecommerce: optionRules.vatOnEcommerce,
}

const trackingShape = {
  event_groups: optionRules.eventGroups,
  auto_subscribe: z.boolean(),
  payload_retention_days: optionRules.payloadRetentionDays,
}

const deliveryShape = {
  cut_off_time: optionRules.cutOffTime,
  lead_time_days: optionRules.leadTimeDays,
}

const generalShape = {
  test_mode: z.boolean(),
  customer_number: optionRules.customerNumber,
  prices_include_vat: z.boolean(),
  cod_account_number: optionRules.codAccountNumber,
  return_qr_codes: z.boolean(),
  default_currency: optionRules.currencyCode,
}

/** The stored settings: only what the merchant changed; anything absent comes from the options. */
export const MerchantSettingsSchema = z.strictObject({
  ...generalShape,
  services: z.record(optionRules.serviceCode, z.strictObject(serviceShape).partial()),
  currencies: z.record(optionRules.currencyCode, z.strictObject(currencyShape).partial()),
  locations: z.record(locationId, z.strictObject(locationShape).partial()),
  packaging: z.strictObject(packagingShape).partial(),
  customs: z.strictObject(customsShape).partial(),
  tracking: z.strictObject(trackingShape).partial(),
  delivery: z.strictObject(deliveryShape).partial(),
}).partial()

/** Each value may also be null: the setting is dropped and the option's value applies again. */
function resettable<S extends Record<string, z.ZodType>>(shape: S) {
  const fields = Object.fromEntries(Object.entries(shape).map(([key, rule]) => [key, rule.nullable().optional()]))
  return z.strictObject(fields as unknown as { [K in keyof S]: z.ZodOptional<z.ZodNullable<S[K]>> })
}

/**
 * A change from the admin (POST /admin/nordic-parcel/settings): partial, merged into the stored
 * settings. Services are keyed by code, so a new code adds a service; null drops a setting, a
 * whole service's settings, or a whole group.
 */
export const MerchantSettingsPatchSchema = resettable(generalShape).extend({
  services: z.record(optionRules.serviceCode, resettable(serviceShape).nullable()).nullable().optional(),
  currencies: z.record(optionRules.currencyCode, resettable(currencyShape).nullable()).nullable().optional(),
  locations: z.record(locationId, resettable(locationShape).nullable()).nullable().optional(),
  packaging: resettable(packagingShape).nullable().optional(),
  customs: resettable(customsShape).nullable().optional(),
  tracking: resettable(trackingShape).nullable().optional(),
  delivery: resettable(deliveryShape).nullable().optional(),
})

export type MerchantSettings = z.output<typeof MerchantSettingsSchema>
export type MerchantSettingsPatch = z.output<typeof MerchantSettingsPatchSchema>
export type ServiceSettings = NonNullable<MerchantSettings["services"]>[string]
export type CurrencySettings = NonNullable<MerchantSettings["currencies"]>[string]
export type LocationSettings = NonNullable<MerchantSettings["locations"]>[string]

/** Collections keyed by code or id: refusals name their entries in brackets, `currencies[SEK].exchange_rate`. */
export const KEYED_SETTINGS = ["services", "currencies", "locations", "fallback_prices", "free_shipping_thresholds", "markups", "return_prices"]

/** Keys that name what only medusa-config sets: refused with a reason rather than "unrecognized". */
const CONFIG_ONLY_KEYS = [
  "baseUrl",
  "base_url",
  "apiUid",
  "api_uid",
  "apiKey",
  "api_key",
  "credentials",
  "webhooks",
  "webhook_secret",
  "secret",
  "timeouts",
  "cache",
]

/**
 * Validates a change from the admin. Throws an INVALID_DATA MedusaError (answered 400) naming
 * each refused field the way the body wrote it, e.g. `services[PA_DOREN].markup: must be in the
 * carrier's priceAdjustments syntax`. Values are never echoed.
 */
export function parseSettingsPatch(raw: unknown): MerchantSettingsPatch {
  const configOnly =
    raw && typeof raw === "object" && !Array.isArray(raw) ? CONFIG_ONLY_KEYS.filter((key) => key in raw) : []
  if (configOnly.length > 0) {
    throw invalid(
      configOnly.map(
        (key) => `${key}: is set in medusa-config, not in the admin (credentials, carrier address, webhook secret, time-outs, caches)`
      )
    )
  }
  // PostgreSQL refuses NUL in jsonb and lone surrogates anywhere: refused here, naming the field.
  const unsafe = findUnsafeText(raw, KEYED_SETTINGS)
  if (unsafe) {
    throw invalid([`${unsafe}: ${UNSAFE_TEXT_RULE}`])
  }
  const result = MerchantSettingsPatchSchema.safeParse(raw ?? {})
  if (!result.success) {
    throw invalid(describeIssues(result.error.issues, KEYED_SETTINGS))
  }
  return result.data
}

function invalid(problems: string[]): MedusaError {
  return new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid nordic-parcel settings: ${problems.join("; ")}`)
}
