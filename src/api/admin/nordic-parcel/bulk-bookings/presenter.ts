import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { BulkBookingRow, BulkOrderRow, BulkOrderStatus } from "../../../../modules/nordic_parcel/bulk-bookings"

const STATUSES: BulkOrderStatus[] = ["pending", "booking", "booked", "refused", "failed", "skipped"]

/** A run as the admin reads it: status, counts per outcome and each order's outcome. */
export async function presentBulkBooking(scope: MedusaContainer, run: BulkBookingRow, orders: BulkOrderRow[]) {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = orders.length
    ? await query.graph({ entity: "order", fields: ["id", "display_id"], filters: { id: orders.map((o) => o.order_id) } })
    : { data: [] as { id: string; display_id: number }[] }
  const displayIds = new Map<string, number>(data.map((order: { id: string; display_id: number }) => [order.id, order.display_id]))
  const counts = Object.fromEntries(STATUSES.map((status) => [status, orders.filter((o) => o.status === status).length])) as Record<BulkOrderStatus, number>
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
