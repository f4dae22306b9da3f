import { z } from "@medusajs/framework/zod"
import { isPickupCountry, normalizePostalCode, postalCodeRule, PICKUP_COUNTRIES } from "../lib/postal-codes"

/** Validation of the plugin's routes: every refusal names the parameter and the rule. */

const countryCode = z
  .string({ error: "country_code is required" })
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.enum(PICKUP_COUNTRIES, { error: `country_code must be one of ${PICKUP_COUNTRIES.join(", ")}` }))

function withPostalCode<T extends { country_code: string; postal_code: string }>(value: T, ctx: z.RefinementCtx): T {
  if (!isPickupCountry(value.country_code)) {
    return value
  }
  const normalized = normalizePostalCode(value.country_code, value.postal_code)
  if (!normalized) {
    ctx.addIssue({
      code: "custom",
      path: ["postal_code"],
      message: `postal_code must be ${postalCodeRule(value.country_code)} for ${value.country_code}`,
    })
    return value
  }
  return { ...value, postal_code: normalized }
}

/** How many pickup points a search answers (store and admin alike). */
export const pickupPointLimit = z.coerce
  .number({ error: "limit must be a number" })
  .int("limit must be a whole number")
  .min(1, "limit must be at least 1")
  .max(50, "limit must be at most 50")
  .default(10)

export const StorePickupPointsQuery = z
  .object({
    country_code: countryCode,
    postal_code: z.string({ error: "postal_code is required" }).trim().min(1, "postal_code is required"),
    street: z.string().trim().min(1).max(100).optional(),
    street_number: z.string().trim().min(1).max(10).optional(),
    limit: pickupPointLimit,
    type: z.enum(["manned", "locker"], { error: "type must be manned or locker" }).optional(),
    cart_id: z.string().trim().min(1).optional(),
  })
  .transform(withPostalCode)
export type StorePickupPointsQuery = z.output<typeof StorePickupPointsQuery>

export const StorePostalCodeParams = z
  .object({ country_code: countryCode, postal_code: z.string().trim().min(1, "postal_code is required") })
  .transform(withPostalCode)

export const StoreDeliveryOptionsQuery = z.object({
  cart_id: z.string({ error: "cart_id is required" }).trim().min(1, "cart_id is required"),
})
export type StoreDeliveryOptionsQuery = z.output<typeof StoreDeliveryOptionsQuery>
