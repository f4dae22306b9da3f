import { model } from "@medusajs/framework/utils"

/**
 * A tracking event pushed by the carrier, stored before the callback is acknowledged. The carrier's
 * event id is unique, which makes a repeated delivery of the same callback a no-op.
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
  })
  .indexes([
    { on: ["event_id"], unique: true, where: "deleted_at IS NULL" },
    { on: ["shipment_number"] },
    { on: ["fulfillment_id"] },
  ])
