/*
 * Medusa's reads that the provider and the shopper's returns share: the order, the stock location,
 * the shipping option's data and location (`loadShippingOptionLocationId`: a return's sender location comes from its option). For
 * order flows (returns, exchanges, claims: Medusa's `fetchShippingOptionForOrderWorkflow` and the
 * refresh workflows) `withOrderAddress` finds the order by its id or the flow's and
 * `withTravellingItems` loads the line items that travel by id with their measures; the pure pick of
 * `return_items` / `exchange_items` / `claim_items` is lib/returns/order-side-items.ts. They replace
 * the context's items before the quote input is built, so the cache key follows the packed parcel.
 */
import type { FulfillmentOrderDTO, RemoteQueryFunction } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import type { StockLocationInput } from "../../lib/booking/booking-input"
import { packableTravellingItems, travellingItemsOf, type LoadedLineItem, type OrderFlowContext } from "../../lib/returns/order-side-items"
import type { PricingContext } from "../../lib/checkout/quote-input"

/*
 * What the provider (and the shopper's return pricing) reads from Medusa besides what the provider
 * contract passes it: every order, location and shipping-option read of the provider, in one place.
 * The caller passes Medusa's query: the module itself sees only its own container.
 */

/** Medusa's query, as the provider and the store's routes resolve it. */
export type OrderQuery = Omit<RemoteQueryFunction, symbol>

type Query = OrderQuery

/** The order a return's line items belong to, with what packing and the parties need. */
export async function loadOrderOfItems(
  query: Query,
  lineItemIds: string[]
): Promise<Partial<FulfillmentOrderDTO> & { id: string }> {
  const orderId = await orderIdOfItems(query, lineItemIds)
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

/** The order the line items belong to. */
async function orderIdOfItems(query: Query, lineItemIds: string[]): Promise<string | undefined> {
  if (!lineItemIds.length) return undefined
  const { data: links } = await query.graph({ entity: "order_item", fields: ["order_id"], filters: { item_id: lineItemIds } })
  return (links[0] as { order_id?: string } | undefined)?.order_id
}

/** The order of a return, exchange or claim, from the flow's id in the pricing context. */
async function orderIdOfFlow(query: Query, context: OrderFlowContext): Promise<string | undefined> {
  const [entity, id] = context.exchange_id
    ? ["order_exchange", context.exchange_id]
    : context.claim_id
      ? ["order_claim", context.claim_id]
      : ["return", context.return_id]
  if (!id) return undefined
  const { data } = await query.graph({ entity, fields: ["id", "order_id"], filters: { id } })
  return (data[0] as { order_id?: string } | undefined)?.order_id
}

/**
 * Order-side flows (returns, exchanges, claims, edits) pass the order as context but load its
 * shipping address without its fields, and without the order's currency (Medusa's
 * fetchShippingOptionForOrderWorkflow spreads only the order's id, address and items): both are
 * read here, so a SEK order's return is priced in SEK (the merchant's rate and rounding), not in
 * the carrier's currency. When Medusa re-prices an exchange's, claim's or return's method after its
 * goods changed, the context has no order at all, only the flow's id: the order is found through it.
 */
export async function withOrderAddress<T extends PricingContext & OrderFlowContext & { id?: string; currency_code?: string | null }>(
  query: Query | undefined,
  context: T
): Promise<T> {
  const address = context.shipping_address
  const hasAddress = Boolean(address?.postal_code && address?.country_code)
  const isOrderFlow = Boolean(context.id?.startsWith("order_") || context.return_id || context.exchange_id || context.claim_id)
  if ((hasAddress && (context.currency_code || !isOrderFlow)) || !query) {
    return context
  }
  const orderId = context.id?.startsWith("order_")
    ? context.id
    : await orderIdOfFlow(query, context)
  if (!orderId) {
    return context
  }
  const { data } = await query.graph({ entity: "order", fields: ["id", "currency_code", "shipping_address.*"], filters: { id: orderId } })
  const order = data[0] as { currency_code?: string; shipping_address?: PricingContext["shipping_address"] } | undefined
  return {
    ...context,
    ...(!hasAddress && order?.shipping_address ? { shipping_address: order.shipping_address } : {}),
    ...(!context.currency_code && order?.currency_code ? { currency_code: order.currency_code } : {}),
  }
}

/**
 * A return, exchange or claim is priced for the goods that travel (order-side-items.ts), not the
 * whole order: their line items are loaded with the measures packing reads. An exchange's new
 * items are not among the order's items until it is confirmed, hence the load by id.
 */
export async function withTravellingItems<T extends PricingContext & OrderFlowContext>(query: Query | undefined, context: T): Promise<T> {
  const travelling = travellingItemsOf(context)
  if (!travelling) {
    return context
  }
  let lineItems = (context.items ?? []) as LoadedLineItem[]
  if (query && travelling.length) {
    const { data } = await query.graph({
      entity: "order_line_item",
      fields: [
        "id",
        "unit_price",
        "variant.weight",
        "variant.length",
        "variant.width",
        "variant.height",
        "variant.product.weight",
      ],
      filters: { id: travelling.map((item) => item.id) },
    })
    lineItems = (data as (LoadedLineItem & { variant?: { product?: { weight?: number | null } | null } | null })[]).map((item) => ({
      ...item,
      product: item.variant?.product ?? null,
    }))
  }
  return { ...context, items: packableTravellingItems(travelling, lineItems) }
}

/** The admin stores the chosen fulfillment option as the shipping option's data. */
export async function loadShippingOptionData(query: Query, shippingOptionId: string | undefined | null): Promise<Record<string, unknown>> {
  if (!shippingOptionId) return {}
  const { data } = await query.graph({ entity: "shipping_option", fields: ["id", "data"], filters: { id: shippingOptionId } })
  return ((data[0] as { data?: Record<string, unknown> } | undefined)?.data ?? {}) as Record<string, unknown>
}

/** The stock location whose fulfillment set holds the shipping option (where its parcels leave or return to). */
export async function loadShippingOptionLocationId(query: Query, shippingOptionId: string | undefined | null): Promise<string | undefined> {
  if (!shippingOptionId) return undefined
  const { data } = await query.graph({
    entity: "shipping_option",
    fields: ["id", "service_zone.fulfillment_set.location.id"],
    filters: { id: shippingOptionId },
  })
  const option = data[0] as { service_zone?: { fulfillment_set?: { location?: { id?: string } | null } | null } | null } | undefined
  return option?.service_zone?.fulfillment_set?.location?.id ?? undefined
}

/**
 * The warehouse that shipped the returned items: the location of the order's live fulfilment
 * holding most of them (return fulfilments belong to returns, not to the order). Undefined when
 * nothing of the order was shipped.
 */
export async function loadShippedFromLocationId(query: Query, orderId: string, lineItemIds: string[]): Promise<string | undefined> {
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "fulfillments.id", "fulfillments.location_id", "fulfillments.canceled_at", "fulfillments.created_at", "fulfillments.items.line_item_id"],
    filters: { id: orderId },
  })
  type Shipped = { location_id?: string | null; canceled_at?: unknown; created_at?: string | Date | null; items?: { line_item_id?: string | null }[] | null }
  const fulfillments = ((data[0] as { fulfillments?: Shipped[] | null } | undefined)?.fulfillments ?? []).filter(
    (f): f is Shipped & { location_id: string } => !f.canceled_at && Boolean(f.location_id)
  )
  const returned = new Set(lineItemIds)
  const held = (f: Shipped) => (f.items ?? []).filter((i) => i.line_item_id && returned.has(i.line_item_id)).length
  // Most of the returned items first, then the earliest: the choice does not depend on the read's order.
  const [best] = fulfillments.sort((a, b) => held(b) - held(a) || new Date(a.created_at ?? 0).getTime() - new Date(b.created_at ?? 0).getTime())
  return best?.location_id
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
