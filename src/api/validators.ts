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
    /** With cart_id: the service the points are for; SERVICEPAKKE and 5800 add each point's estimated arrival. */
    service_code: z.string().trim().min(1).max(35).optional(),
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

/** One order line going back: `{ id, quantity }` (the order's line item id). */
const returnItem = z.object({
  id: z.string({ error: "items[].id is required" }).trim().min(1, "items[].id is required").max(100),
  quantity: z.number({ error: "items[].quantity must be a number" }).int("items[].quantity must be a whole number").min(1, "items[].quantity must be at least 1"),
})

export const StoreReturnOptionsBody = z.object({
  items: z.array(returnItem, { error: "items must be a list of { id, quantity }" }).min(1, "items must name at least one item").max(200),
})
export type StoreReturnOptionsBody = z.infer<typeof StoreReturnOptionsBody>

export const StoreCreateReturnBody = z.object({
  items: z
    .array(
      returnItem.extend({
        reason_id: z.string().max(100).nullish(),
        note: z.string().max(1000).nullish(),
      }),
      { error: "items must be a list of { id, quantity }" }
    )
    .min(1, "items must name at least one item")
    .max(200),
  return_shipping: z.object(
    {
      option_id: z.string({ error: "return_shipping.option_id is required" }).trim().min(1, "return_shipping.option_id is required"),
      price: z.number({ error: "return_shipping.price must be a number" }).nonnegative("return_shipping.price must be 0 or more").optional(),
    },
    { error: "return_shipping is required: { option_id }" }
  ),
  note: z.string().max(1000).nullish(),
})
export type StoreCreateReturnBody = z.infer<typeof StoreCreateReturnBody>

export const StoreOrderAccessBody = z.object({
  email: z.string({ error: "email is required" }).trim().min(3, "email is required").max(254, "email is too long"),
})
export type StoreOrderAccessBody = z.infer<typeof StoreOrderAccessBody>
