import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { CART_SHIPPING_FIELDS } from "../../../lib/checkout/cart-fields"
import type { PackableItem } from "../../../lib/packing/parcel"

export type CartForShipping = {
  id: string
  currency_code: string
  items: (PackableItem & { unit_price?: unknown })[]
  shipping_address?: { country_code?: string | null; postal_code?: string | null } | null
}

export async function loadCartForShipping(container: MedusaContainer, cartId: string): Promise<CartForShipping> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "cart", fields: CART_SHIPPING_FIELDS, filters: { id: cartId } })
  const cart = data[0] as CartForShipping | undefined
  if (!cart) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `cart_id: cart ${cartId} was not found`)
  }
  return cart
}
