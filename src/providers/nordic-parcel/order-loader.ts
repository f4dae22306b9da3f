import type { FulfillmentOrderDTO } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import type { StockLocationInput } from "../../lib/booking/booking-input"
import type { PricingContext } from "../../lib/checkout/quote-input"
import type { BookingDependencies } from "./booking-dependencies"

/*
 * What the provider reads from Medusa besides what the provider contract passes it: every
 * query.graph call of the provider, in one place.
 */

type Query = BookingDependencies["query"]

/** The order a return's line items belong to, with what packing and the parties need. */
export async function loadOrderOfItems(
  query: Query,
  lineItemIds: string[]
): Promise<Partial<FulfillmentOrderDTO> & { id: string }> {
  const { data: links } = await query.graph({ entity: "order_item", fields: ["order_id"], filters: { item_id: lineItemIds } })
  const orderId = (links[0] as { order_id?: string } | undefined)?.order_id
  if (!orderId) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `nordic-parcel: no order found for the returned items ${lineItemIds.join(", ")}`)
  }
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "display_id",
      "email",
      "currency_code",
      "shipping_address.*",
      "customer.email",
      "items.*",
      "items.variant.sku",
      "items.variant.weight",
      "items.variant.length",
      "items.variant.width",
      "items.variant.height",
      "items.variant.hs_code",
      "items.variant.origin_country",
      "items.variant.product.weight",
      "items.variant.product.hs_code",
      "items.variant.product.origin_country",
    ],
    filters: { id: orderId },
  })
  return data[0] as unknown as Partial<FulfillmentOrderDTO> & { id: string }
}

/**
 * Order-side flows (returns, exchanges, claims, edits) pass the order as context but load its
 * shipping address without its fields; the address is then read here.
 */
export async function withOrderAddress<T extends PricingContext & { id?: string }>(query: Query | undefined, context: T): Promise<T> {
  const address = context.shipping_address
  if ((address?.postal_code && address?.country_code) || !context.id?.startsWith("order_") || !query) {
    return context
  }
  const { data } = await query.graph({ entity: "order", fields: ["id", "shipping_address.*"], filters: { id: context.id } })
  const shipping_address = (data[0] as { shipping_address?: PricingContext["shipping_address"] } | undefined)?.shipping_address
  return shipping_address ? { ...context, shipping_address } : context
}

/** The admin stores the chosen fulfillment option as the shipping option's data. */
export async function loadShippingOptionData(query: Query, shippingOptionId: string | undefined | null): Promise<Record<string, unknown>> {
  if (!shippingOptionId) return {}
  const { data } = await query.graph({ entity: "shipping_option", fields: ["id", "data"], filters: { id: shippingOptionId } })
  return ((data[0] as { data?: Record<string, unknown> } | undefined)?.data ?? {}) as Record<string, unknown>
}

/** The sender of an outbound booking and the recipient of a return. */
export async function loadStockLocation(query: Query, locationId: string): Promise<StockLocationInput> {
  const { data } = await query.graph({ entity: "stock_location", fields: ["id", "name", "address.*"], filters: { id: locationId } })
  const location = data[0] as { name?: string; address?: StockLocationInput["address"] } | undefined
  if (!location) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `stock location ${locationId} was not found`)
  }
  return { name: location.name ?? locationId, address: location.address ?? {} }
}
