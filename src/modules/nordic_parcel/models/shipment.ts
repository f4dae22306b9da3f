import { model } from "@medusajs/framework/utils"

/**
 * One carrier booking (outgoing or return) for one Medusa fulfillment. The row is written before the
 * carrier is called ("booking"), so a retried or concurrent creation finds it and never books twice.
 * Medusa gives every attempt a new fulfillment id, so attempts are matched by `booking_key`
 * (order, direction, service and items), not by fulfillment.
 */
export const Shipment = model
  .define("nordic_parcel_shipment", {
    id: model.id({ prefix: "npship" }).primaryKey(),
    fulfillment_id: model.text(),
    booking_key: model.text(),
    order_id: model.text().nullable(),
    kind: model.enum(["outbound", "return"]).default("outbound"),
    service_code: model.text(),
    customer_number: model.text().nullable(),
    consignment_number: model.text().nullable(),
    package_numbers: model.array().default([]),
    label_url: model.text().nullable(),
    tracking_url: model.text().nullable(),
    pickup_point: model.json().nullable(),
    return_shipment: model.json().nullable(),
    status: model
      .enum(["booking", "booked", "failed", "shipped", "delivered", "returned", "cancelled"])
      .default("booking"),
    test: model.boolean().default(false),
    booked_at: model.dateTime().nullable(),
    last_event_at: model.dateTime().nullable(),
    last_error: model.json().nullable(),
    /** What the attempt shipped, `[{ line_item_id, quantity }]`, and from where: to book it again. */
    items: model.json().nullable(),
    location_id: model.text().nullable(),
    /** The data and labels given to Medusa, returned again to a retry of the same booking. */
    fulfillment_result: model.json().nullable(),
  })
  .indexes([
    { on: ["fulfillment_id"], unique: true, where: "deleted_at IS NULL" },
    { on: ["consignment_number"], unique: true, where: "deleted_at IS NULL AND consignment_number IS NOT NULL" },
    { on: ["order_id"] },
    { on: ["booking_key"] },
  ])
