import { model } from "@medusajs/framework/utils"
import { defineTable } from "../define-table"

/**
 * A tracking event pushed by the carrier, stored before the callback is acknowledged. The carrier's
 * event id is unique, which makes a repeated delivery of the same callback a no-op.
 *
 * The table is also the outbox of what the events do to Medusa: `applied_at` is set once the
 * event has moved its fulfillment (or at once when there is nothing to move); until then
 * `apply_attempts`, `apply_error` and `next_apply_at` say how often applying failed, why, and
 * when the nordic-parcel-apply-tracking-events job tries again.
 */
export const TrackingEvent = defineTable("nordic_parcel_tracking_event", "npevt", {
  event_id: model.text(),
  status: model.text(),
  shipment_number: model.text(),
  package_number: model.text().nullable(),
  occurred_at: model.dateTime(),
  pushed_at: model.dateTime().nullable(),
  fulfillment_id: model.text().nullable(),
  order_id: model.text().nullable(),
  /** The callback's body as received; emptied once applied and older than the merchant's retention (payloadRetentionDays). */
  raw: model.json().nullable(),
  applied_at: model.dateTime().nullable(),
  apply_attempts: model.number().default(0),
  apply_error: model.text().nullable(),
  next_apply_at: model.dateTime().nullable(),
}).indexes([
  { on: ["event_id"], unique: true },
  { on: ["shipment_number"] },
  { on: ["fulfillment_id"] },
  { on: ["next_apply_at"], where: "applied_at IS NULL AND deleted_at IS NULL" },
  // The payload-retention job's way to the oldest applied events still holding their raw body.
  { on: ["applied_at"], where: "raw IS NOT NULL AND applied_at IS NOT NULL AND deleted_at IS NULL" },
])
