import { model } from "@medusajs/framework/utils"

/**
 * A tracking event pushed by the carrier, stored before the callback is acknowledged. The carrier's
 * event id is unique, which makes a repeated delivery of the same callback a no-op.
 *
 * The table is also the outbox of what the events do to Medusa: `applied_at` is set once the
 * event has moved its fulfillment (or at once when there is nothing to move); until then
 * `apply_attempts`, `apply_error` and `next_apply_at` say how often applying failed, why, and
 * when the nordic-parcel-apply-tracking-events job tries again.
 */
export const TrackingEvent = model
  .define("nordic_parcel_tracking_event", {
    id: model.id({ prefix: "npevt" }).primaryKey(),
    event_id: model.text(),
    status: model.text(),
    shipment_number: model.text(),
    package_number: model.text().nullable(),
    occurred_at: model.dateTime(),
    pushed_at: model.dateTime().nullable(),
    fulfillment_id: model.text().nullable(),
    order_id: model.text().nullable(),
    raw: model.json(),
    applied_at: model.dateTime().nullable(),
    apply_attempts: model.number().default(0),
    apply_error: model.text().nullable(),
    next_apply_at: model.dateTime().nullable(),
  })
  .indexes([
    { on: ["event_id"], unique: true, where: "deleted_at IS NULL" },
    { on: ["shipment_number"] },
    { on: ["fulfillment_id"] },
    { on: ["next_apply_at"], where: "applied_at IS NULL AND deleted_at IS NULL" },
  ])
