import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { BULK_BOOKING_ORDER_STATUSES } from "../../../../lib/statuses"
import type { BulkBookingRow, BulkOrderRow, BulkOrderStatus } from "../../../../modules/nordic_parcel/bulk-bookings"


/** A run as the admin reads it: status, counts per outcome and each order's outcome. */
export async function presentBulkBooking(scope: MedusaContainer, run: BulkBookingRow, orders: BulkOrderRow[]) {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  // Typed loosely on purpose: Medusa's generated query types (.medusa/types, written by `medusa
  // develop`) type display_id as Maybe<string>, while without them it is any; it is a number.
  const found: { id: string; display_id?: unknown }[] = orders.length
    ? (await query.graph({ entity: "order", fields: ["id", "display_id"], filters: { id: orders.map((o) => o.order_id) } })).data
    : []
  const displayIds = new Map(found.map((order) => [order.id, order.display_id == null ? null : Number(order.display_id)]))
  const counts = Object.fromEntries(BULK_BOOKING_ORDER_STATUSES.map((status) => [status, orders.filter((o) => o.status === status).length])) as Record<BulkOrderStatus, number>
  return {
    id: run.id,
    status: run.status,
    created_at: run.created_at,
    completed_at: run.completed_at,
    counts: { total: orders.length, ...counts },
    orders: orders.map((order) => ({
      order_id: order.order_id,
      display_id: displayIds.get(order.order_id) ?? null,
      status: order.status,
      fulfillment_id: order.fulfillment_id,
      consignment_number: order.consignment_number,
      message: order.message,
      attempts: order.attempts,
    })),
  }
}
