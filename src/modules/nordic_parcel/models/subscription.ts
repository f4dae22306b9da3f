import { model } from "@medusajs/framework/utils"

/**
 * A subscription held at the carrier's event-cast service: on one tracking number (booked by the
 * plugin) or on a whole customer number (created by the merchant in the admin).
 *
 * A tracking subscription the carrier refused or could not be reached for after booking is kept
 * as `pending` (no carrier id yet) with its attempts, last error and next attempt time; the
 * nordic-parcel-retry-tracking-subscriptions job makes it until it exists or the shipment is
 * delivered or cancelled (then `ended`).
 */
export const Subscription = model
  .define("nordic_parcel_subscription", {
    id: model.id({ prefix: "npsub" }).primaryKey(),
    carrier_id: model.text().nullable(),
    kind: model.enum(["tracking", "customer"]),
    tracking_id: model.text().nullable(),
    customer_number: model.text().nullable(),
    event_groups: model.array(),
    expires_at: model.dateTime().nullable(),
    status: model.enum(["pending", "active", "ended", "expired", "deleted"]).default("active"),
    created_by: model.text().nullable(),
    attempts: model.number().default(0),
    last_error: model.text().nullable(),
    next_attempt_at: model.dateTime().nullable(),
  })
  .indexes([
    { on: ["carrier_id"], unique: true, where: "deleted_at IS NULL" },
    { on: ["tracking_id"] },
    { on: ["next_attempt_at"], where: "status = 'pending' AND deleted_at IS NULL" },
  ])
