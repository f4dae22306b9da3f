import { z } from "@medusajs/framework/zod"
import { trackingEventNames } from "../../../lib/carrier"
import { PICKUP_MESSAGE_MAX } from "../../../lib/pickup-order/pickup-request"
import { pickupPointLimit } from "../../validators"

/** Validation of the admin's subscription routes: every refusal names the field and the rule. */

/** The carrier refuses URLs longer than this. */
const WEBHOOK_URL_MAX_LENGTH = 250

const knownEventNames: ReadonlySet<string> = new Set(trackingEventNames)

/** Names are checked on the whole list, so the answer names the unknown ones rather than an index. */
const eventGroups = z
  .array(z.string(), { error: "event_groups must be a list of event names" })
  .min(1, "event_groups must name at least one event")
  .superRefine((names, ctx) => {
    const unknown = names.filter((name) => !knownEventNames.has(name))
    if (unknown.length > 0) {
      ctx.addIssue({
        code: "custom",
        message: `event_groups has unknown events ${unknown.join(", ")} (known: ${trackingEventNames.join(", ")})`,
      })
    }
    if (new Set(names).size !== names.length) {
      ctx.addIssue({ code: "custom", message: "event_groups must not repeat an event" })
    }
  })

/** A required text field, trimmed, with the carrier's length limit; refusals name the field. */
function requiredText(field: string, maxLength: number) {
  return z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(maxLength, `${field} must be at most ${maxLength} characters`)
}

export const AdminCreateCustomerSubscription = z.strictObject({
  customer_number: requiredText("customer_number", 35),
  event_groups: eventGroups,
  /** Where the carrier calls back; defaults to this store's webhook route (webhooks.publicUrl). */
  webhook_url: z
    .url({ protocol: /^https?$/, error: "webhook_url must be an absolute http(s) URL" })
    .max(WEBHOOK_URL_MAX_LENGTH, `webhook_url must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`)
    .optional(),
})
export type AdminCreateCustomerSubscription = z.output<typeof AdminCreateCustomerSubscription>

export const AdminTrackingSubscriptionsQuery = z.object({
  /** How many of the latest subscriptions; the carrier has no pagination and caps this at 150000. */
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(150_000, "limit must be at most 150000")
    .default(100),
})
export type AdminTrackingSubscriptionsQuery = z.output<typeof AdminTrackingSubscriptionsQuery>

/** The most orders one bulk booking run takes. */
export const BULK_BOOKING_MAX_ORDERS = 500

export const AdminCreateBulkBooking = z.strictObject({
  order_ids: z
    .array(
      z.string({ error: "order_ids must hold order ids (strings)" }).trim().min(1, "order_ids must not hold an empty id"),
      { error: "order_ids must be a list of order ids" }
    )
    .min(1, "order_ids must name at least one order")
    .max(BULK_BOOKING_MAX_ORDERS, `order_ids must name at most ${BULK_BOOKING_MAX_ORDERS} orders`),
})
export type AdminCreateBulkBooking = z.output<typeof AdminCreateBulkBooking>

export const AdminLabelsQuery = z.object({
  fulfillment_ids: z
    .string({ error: "fulfillment_ids is required: a comma-separated list of fulfillment ids" })
    .transform((value) => [...new Set(value.split(",").map((id) => id.trim()).filter(Boolean))])
    .pipe(
      z
        .array(z.string())
        .min(1, "fulfillment_ids must name at least one fulfillment")
        .max(BULK_BOOKING_MAX_ORDERS, `fulfillment_ids must name at most ${BULK_BOOKING_MAX_ORDERS} fulfillments`)
    ),
})
export type AdminLabelsQuery = z.output<typeof AdminLabelsQuery>

/** The merchant's pickup point for an order not yet booked. */
export const AdminChangeOrderPickupPoint = z.strictObject({
  pickup_point_id: requiredText("pickup_point_id", 64),
  shipping_method_id: z.string().trim().min(1, "shipping_method_id must not be empty").optional(),
})
export type AdminChangeOrderPickupPoint = z.output<typeof AdminChangeOrderPickupPoint>

/** The merchant's requested delivery day for an order not yet booked. */
export const AdminChangeOrderDeliveryDate = z.strictObject({
  delivery_date: z.string({ error: "delivery_date is required, as yyyy-MM-dd" }).trim().regex(/^\d{4}-\d{2}-\d{2}$/, "delivery_date must be a date as yyyy-MM-dd"),
  shipping_method_id: z.string().trim().min(1, "shipping_method_id must not be empty").optional(),
})
export type AdminChangeOrderDeliveryDate = z.output<typeof AdminChangeOrderDeliveryDate>

/** Points near the order's address, or near another postal code of its country. */
export const AdminOrderPickupPointsQuery = z.object({
  postal_code: z.string().trim().min(1, "postal_code must not be empty").max(10, "postal_code must be at most 10 characters").optional(),
  street: z.string().trim().min(1).max(100).optional(),
  limit: pickupPointLimit,
})
export type AdminOrderPickupPointsQuery = z.output<typeof AdminOrderPickupPointsQuery>

/** POST /admin/nordic-parcel/pickup-orders: every refusal names the field and the rule. */
export const AdminOrderPickup = z.strictObject({
  location_id: requiredText("location_id", 100),
  pickup_date: z
    .string({ error: "pickup_date is required (yyyy-MM-dd)" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "pickup_date must be a date in the form yyyy-MM-dd"),
  /** When the parcels are ready, carrier time. */
  ready_at: z
    .string({ error: "ready_at must be a time HH:mm" })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "ready_at must be a time HH:mm")
    .nullish(),
  message: z
    .string({ error: "message must be text" })
    .trim()
    .max(PICKUP_MESSAGE_MAX, `message must be at most ${PICKUP_MESSAGE_MAX} characters`)
    .nullish(),
  /** Default: the packages booked from the location for that date and not yet handed in. */
  number_of_packages: z
    .number({ error: "number_of_packages must be a number" })
    .int("number_of_packages must be a whole number")
    .min(0, "number_of_packages must be 0 or more")
    .max(9999, "number_of_packages must be at most 9999")
    .optional(),
  number_of_pallets: z
    .number({ error: "number_of_pallets must be a number" })
    .int("number_of_pallets must be a whole number")
    .min(0, "number_of_pallets must be 0 or more")
    .max(99, "number_of_pallets must be at most 99")
    .optional(),
  /** A pickup for the location and date is already ordered and the merchant wants another van. */
  order_another: z.boolean({ error: "order_another must be true or false" }).default(false),
})
export type AdminOrderPickup = z.output<typeof AdminOrderPickup>

export const AdminPickupOrdersQuery = z.object({
  /** With a location: also the drawer's draft for it (pickup_date, or the suggested date). */
  location_id: z.string().trim().min(1, "location_id must not be empty").max(100, "location_id must be at most 100 characters").optional(),
  pickup_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "pickup_date must be a date in the form yyyy-MM-dd").optional(),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(500, "limit must be at most 500")
    .default(100),
})
export type AdminPickupOrdersQuery = z.output<typeof AdminPickupOrdersQuery>
