/*
 * Bulk runs and their orders' outcomes; status lists from lib/statuses.ts. All writes go through
 * modules/nordic_parcel/bulk-bookings.ts.
 */
import { model } from "@medusajs/framework/utils"
import { defineTable } from "../define-table"
import { BULK_BOOKING_ORDER_STATUSES, BULK_BOOKING_STATUSES } from "../../../lib/statuses"

/**
 * A bulk booking run: the merchant's selection of orders to fulfil and book in one go. The run is
 * worked by whichever instance holds its lease (`lease_owner` until `lease_expires_at`, renewed
 * while it works); a run whose lease ran out (closed tab, instance restarted) is resumed by the
 * resume-bulk-bookings job. The outcome of each order is a BulkBookingOrder row.
 */
export const BulkBooking = defineTable("nordic_parcel_bulk_booking", "npbulk", {
  status: model.enum([...BULK_BOOKING_STATUSES]).default("running"),
  created_by: model.text().nullable(),
  lease_owner: model.text().nullable(),
  lease_expires_at: model.dateTime().nullable(),
  completed_at: model.dateTime().nullable(),
}).indexes([{ on: ["status"] }])

/**
 * One order of a run and its outcome: pending (not tried yet), booking (being fulfilled), booked
 * (with its fulfillment and consignment number), refused (the carrier's message), failed (Medusa
 * or the plugin refused the fulfilment; the message says why) or skipped (nothing to book, and why).
 */
export const BulkBookingOrder = defineTable("nordic_parcel_bulk_booking_order", "npbulko", {
  bulk_booking_id: model.text(),
  order_id: model.text(),
  position: model.number(),
  status: model.enum([...BULK_BOOKING_ORDER_STATUSES]).default("pending"),
  fulfillment_id: model.text().nullable(),
  consignment_number: model.text().nullable(),
  message: model.text().nullable(),
  attempts: model.number().default(0),
}).indexes([
  { on: ["bulk_booking_id", "order_id"], unique: true },
  { on: ["order_id"] },
])
