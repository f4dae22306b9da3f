import { model } from "@medusajs/framework/utils"
import { defineTable } from "../define-table"

/**
 * The pickup point the merchant last set on an order's shipping method, written under the order's
 * booking lock (booking-ledger.ts) before Medusa stores it on the method. A booking that read the
 * method before the change is refused when it reserves its attempt under the same lock, so a
 * booking never sends a point other than the one the merchant was told is set.
 */
export const PickupPointChange = defineTable("nordic_parcel_pickup_point_change", "nppc", {
  order_id: model.text(),
  shipping_method_id: model.text(),
  pickup_point_id: model.text(),
}).indexes([{ on: ["order_id", "shipping_method_id"], unique: true }])
