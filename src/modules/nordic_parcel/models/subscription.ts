import { model } from "@medusajs/framework/utils"

/**
 * A subscription held at the carrier's event-cast service: on one tracking number (booked by the
 * plugin) or on a whole customer number (created by the merchant in the admin).
 */
export const Subscription = model
  .define("nordic_parcel_subscription", {
    id: model.id({ prefix: "npsub" }).primaryKey(),
    carrier_id: model.text(),
    kind: model.enum(["tracking", "customer"]),
    tracking_id: model.text().nullable(),
    customer_number: model.text().nullable(),
    event_groups: model.array(),
    expires_at: model.dateTime().nullable(),
    status: model.enum(["active", "ended", "expired", "deleted"]).default("active"),
    created_by: model.text().nullable(),
  })
  .indexes([
    { on: ["carrier_id"], unique: true, where: "deleted_at IS NULL" },
    { on: ["tracking_id"] },
  ])
