/*
 * The rules of a shopper's return price, without Medusa's reads: which lines may go back and the
 * price a request may name. The module's return-options.ts reads the order and the options and
 * prices them; workflows/shopper-returns.ts and the guard on Medusa's `POST /store/returns` apply
 * these rules around it.
 */
import { MedusaError } from "@medusajs/framework/utils"
import type { ReturnOption } from "../../storefront/types"
import type { TravellingItem } from "./order-side-items"
import { checkReturnItems, type ReturnableLine } from "./return-items"

/** The order's shipping address, or a warehouse's, as a return reads it. */
export type ReturnAddress = { country_code?: string | null; postal_code?: string | null; city?: string | null; province?: string | null }

/** An order as a shopper's return reads it: where it went, in which currency, what may go back. */
export type ReturnableOrder = {
  id: string
  currency_code: string
  region_id?: string | null
  sales_channel_id?: string | null
  shipping_address?: ReturnAddress | null
  items: (ReturnableLine & { id: string })[]
}

/** A return shipping option of this carrier, with the warehouse the return goes to. */
export type CarrierReturnShippingOption = {
  id: string
  name: string
  provider_id: string
  data: Record<string, unknown> | null
  /** `flat`: the merchant priced the option in Medusa; `calculated`: the store prices it (carrier, return policy). */
  price_type?: "flat" | "calculated"
  location: { id: string; address?: ReturnAddress | null } | null
}

/** The lines that go back, or a 400 naming every refused field (`items[0].quantity: must be at most 1 …`). */
export function returnItemsOrRefuse(order: ReturnableOrder, items: { id: string; quantity: number }[]): TravellingItem[] {
  const checked = checkReturnItems(items, order.items)
  if (!checked.ok) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, checked.problems.join("; "))
  }
  return checked.items
}

/**
 * What a shopper may not decide about a return on Medusa's `POST /store/returns`: that the goods
 * are already received (`receive_now` would mark goods received that never arrived, and restock
 * them), or which warehouse takes them (`location_id`: the return option's warehouse, or the one
 * that shipped the items, decides). A 400 naming the field rather than silently dropping it, so a
 * storefront that sends them learns at once.
 */
export function refuseMerchantOnlyFields(body: { receive_now?: unknown; location_id?: unknown }): void {
  if (body.receive_now !== undefined && body.receive_now !== false) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "receive_now: a shopper cannot mark a return received; the merchant receives it when the parcel arrives (leave it out)"
    )
  }
  if (body.location_id !== undefined && body.location_id !== null) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "location_id: a shopper's return goes to the warehouse of its return option, or to the one that shipped the items (leave it out)"
    )
  }
}

/**
 * The price a storefront sent against the listed one: absent is taken as the listed amount; any
 * other amount is refused, naming the field (the price changed since the options were listed,
 * or the request was made up): list the options again.
 */
export function refuseOtherPrice(sent: number | undefined, listed: ReturnOption): void {
  if (sent === undefined || Math.abs(sent - listed.amount) < 0.005) return
  throw new MedusaError(
    MedusaError.Types.INVALID_DATA,
    `return_shipping.price: must be ${listed.amount} ${listed.currency_code.toUpperCase()}, the price of this return option (or left out)`
  )
}
