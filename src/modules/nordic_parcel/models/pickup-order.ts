import { model } from "@medusajs/framework/utils"
import { PICKUP_ORDER_STATUSES } from "../../../lib/statuses"
import { defineTable } from "../define-table"

/**
 * A pickup the merchant ordered: the carrier comes to a stock location on a date to collect the
 * parcels. The row is written ("ordering") before the carrier is called, numbered per location and
 * date (`sequence`): the unique index lets only one first order, and one n-th order, exist for a
 * location and date, so two clicks, tabs or instances never send two vans. A refusal deletes the
 * row; a confirmation fills in the window, receipt and reference. Methods: pickup-orders.ts.
 */
export const PickupOrder = defineTable("nordic_parcel_pickup_order", "nppick", {
  location_id: model.text(),
  /** The stock location's name when ordered, for the list and messages. */
  location_name: model.text(),
  /** yyyy-MM-dd, carrier time. */
  pickup_date: model.text(),
  /** 1 for the location's first pickup that day; 2, 3… for each "order another". */
  sequence: model.number().default(1),
  status: model.enum([...PICKUP_ORDER_STATUSES]).default("ordering"),
  /** HH:mm, carrier time. */
  ready_at: model.text().nullable(),
  message: model.text().nullable(),
  number_of_packages: model.number().default(0),
  number_of_pallets: model.number().default(0),
  customer_number: model.text(),
  test: model.boolean().default(false),
  earliest_pickup_at: model.dateTime().nullable(),
  latest_pickup_at: model.dateTime().nullable(),
  receipt_url: model.text().nullable(),
  carrier_reference: model.text().nullable(),
  /** Why an unconfirmed order's answer is missing. */
  last_error: model.text().nullable(),
  ordered_by: model.text().nullable(),
}).indexes([
  { on: ["location_id", "pickup_date", "sequence"], unique: true },
  // The list reads upcoming pickups by date.
  { on: ["pickup_date"] },
])
