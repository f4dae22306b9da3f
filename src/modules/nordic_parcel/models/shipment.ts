/*
 * Table nordic_parcel_shipment: one row per booking attempt (the booking ledger, booking-ledger.ts,
 * writes it), with its booking key, items and location (kept so an unconfirmed attempt can be booked
 * again), the carrier's numbers, the fulfillment result, its status and last tracking event, and
 * `checked_at` (the interrupted-bookings check found it complete; a partial index serves that check).
 * Unique indexes: one live booking per fulfillment, one row per consignment number. Statuses from
 * lib/statuses.ts.
 */
import { model } from "@medusajs/framework/utils"
import { defineTable } from "../define-table"
import { SHIPMENT_STATUSES } from "../../../lib/statuses"

/**
 * One carrier booking (outgoing or return), held by at most one live Medusa fulfillment. The row is
 * written before the carrier is called ("booking"). When Medusa cancels or rolls back the holding
 * fulfillment the booking becomes "unused" (the carrier offers no cancellation, so it still
 * exists), and the next attempt with the same `booking_key` (the same request: order, service,
 * items, addresses, packages) takes it over instead of booking again. The ledger's methods are in
 * booking-ledger.ts.
 */
export const Shipment = defineTable("nordic_parcel_shipment", "npship", {
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
  status: model.enum([...SHIPMENT_STATUSES]).default("booking"),
  test: model.boolean().default(false),
  booked_at: model.dateTime().nullable(),
  last_event_at: model.dateTime().nullable(),
  last_error: model.json().nullable(),
  /** What the attempt shipped, `[{ line_item_id, quantity }]`, and from where: to book it again. */
  items: model.json().nullable(),
  location_id: model.text().nullable(),
  /** The data and labels given to Medusa, returned again to a retry of the same booking. */
  fulfillment_result: model.json().nullable(),
  /**
   * When the interrupted-bookings check found this outgoing booking complete (its fulfilment the
   * order's and counted): it is not looked at again, so the check's work follows new bookings only.
   */
  checked_at: model.dateTime().nullable(),
  /**
   * The process that made the attempt (models/process-heartbeat.ts): while it beats, its Medusa
   * workflow may still be running, and the interrupted-bookings check leaves the booking alone.
   */
  process_id: model.text().nullable(),
}).indexes([
  // One live booking per fulfillment; an unused or failed booking no longer holds its fulfillment.
  { on: ["fulfillment_id"], unique: true, where: "deleted_at IS NULL AND status NOT IN ('unused', 'failed')" },
  { on: ["consignment_number"], unique: true, where: "deleted_at IS NULL AND consignment_number IS NOT NULL" },
  { on: ["order_id"] },
  { on: ["booking_key"] },
  // What the interrupted-bookings check reads every minute.
  { on: ["created_at"], where: "status IN ('booking', 'booked') AND checked_at IS NULL" },
])
