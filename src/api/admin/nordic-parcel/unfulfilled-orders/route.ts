import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { planBulkOrder, type BulkOrderView } from "../../../../lib/bulk-booking/order-plan"
import { requestedDayOf } from "../../../../lib/checkout/delivery-dates"
import { NORDIC_PARCEL_MODULE } from "../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../modules/nordic_parcel/service"
import { carrierOptionIds } from "../../../../workers/bulk-booking-worker"

/** Orders looked at, newest first: the page is for today's shipping, not the archive. */
const RECENT_ORDERS = 500

/**
 * GET /admin/nordic-parcel/unfulfilled-orders: the recent orders that ship with this carrier and
 * still have items to fulfil, for the bulk booking page; an order with a booking the carrier never
 * confirmed names it (the merchant checks the carrier, then books it again from the order).
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const options = await carrierOptionIds(req.scope)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "display_id",
      "status",
      "email",
      "created_at",
      "items.id",
      "items.detail.quantity",
      "items.detail.fulfilled_quantity",
      "shipping_methods.shipping_option_id",
      "shipping_methods.name",
      "shipping_methods.data",
      "shipping_address.first_name",
      "shipping_address.last_name",
      "shipping_address.postal_code",
      "shipping_address.city",
    ],
    filters: { status: { $nin: ["canceled", "draft", "archived"] } },
    pagination: { take: RECENT_ORDERS, skip: 0, order: { created_at: "DESC" } },
  })
  type Row = Omit<BulkOrderView, "shipping_methods"> & {
    display_id: number
    email: string | null
    created_at: string
    shipping_methods: { shipping_option_id?: string | null; name?: string | null; data?: Record<string, unknown> | null }[]
    shipping_address?: { first_name?: string | null; last_name?: string | null; postal_code?: string | null; city?: string | null } | null
  }
  const ids = (data as unknown as Row[]).map((order) => order.id)
  const { bookings } = ids.length
    ? await req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE).listUnconfirmedBookings({ orderIds: ids, limit: RECENT_ORDERS })
    : { bookings: [] }
  const unconfirmed = new Map(bookings.map((booking) => [booking.order_id, booking]))
  const orders = (data as unknown as Row[]).flatMap((order) => {
    const plan = planBulkOrder(order, options)
    if (plan.action !== "fulfil") return []
    const address = order.shipping_address
    return [
      {
        id: order.id,
        display_id: order.display_id,
        email: order.email,
        created_at: order.created_at,
        recipient: [address?.first_name, address?.last_name].filter(Boolean).join(" "),
        destination: [address?.postal_code, address?.city].filter(Boolean).join(" "),
        shipping_method: order.shipping_methods.find((m) => m.shipping_option_id && options.has(m.shipping_option_id))?.name ?? null,
        // The day the shopper (or merchant) asked for: the booking sends it, or is refused naming it.
        requested_delivery_date:
          requestedDayOf(order.shipping_methods.find((m) => m.shipping_option_id && options.has(m.shipping_option_id))?.data) ?? null,
        items_to_fulfil: plan.items.reduce((sum, item) => sum + item.quantity, 0),
        unconfirmed_booking: unconfirmedOf(unconfirmed.get(order.id)),
      },
    ]
  })
  res.json({ orders })
}

function unconfirmedOf(booking: { id: string; fulfillment_id: string; last_error: { message: string } | null } | undefined) {
  return booking ? { id: booking.id, carrier_reference: booking.fulfillment_id, message: booking.last_error?.message ?? null } : null
}
