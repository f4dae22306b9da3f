import type { FulfillmentItemDTO, FulfillmentOrderDTO } from "@medusajs/framework/types"
import type { BookingItem } from "../../lib/booking/booking-input"

type OrderItem = {
  id: string
  title?: string | null
  product_title?: string | null
  unit_price?: unknown
  variant?: BookingItem["variant"] & { product?: BookingItem["product"] }
}

/**
 * The order lines of a fulfillment with the quantity being fulfilled: packing and customs need
 * the order item's variant (weight, dimensions, hs_code, origin), the fulfillment only says which
 * line and how many. Fulfillment item quantities are getters: read them with Number().
 */
export function itemsOfFulfillment(
  items: Partial<Omit<FulfillmentItemDTO, "fulfillment">>[],
  order: Partial<FulfillmentOrderDTO>
): BookingItem[] {
  const orderItems = new Map(((order.items ?? []) as unknown as OrderItem[]).map((item) => [item.id, item]))
  return items.map((item) => {
    const orderItem = item.line_item_id ? orderItems.get(item.line_item_id) : undefined
    const variant = orderItem?.variant
    return {
      title: orderItem?.product_title ?? orderItem?.title ?? item.title ?? "Goods",
      quantity: Number(item.quantity),
      unit_price: Number(orderItem?.unit_price ?? 0),
      variant: variant
        ? {
            sku: variant.sku ?? item.sku ?? null,
            weight: variant.weight,
            length: variant.length,
            width: variant.width,
            height: variant.height,
            hs_code: variant.hs_code,
            origin_country: variant.origin_country,
          }
        : null,
      product: variant?.product ?? null,
    }
  })
}
