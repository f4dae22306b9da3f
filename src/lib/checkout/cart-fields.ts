/**
 * The cart fields pricing, packing and pickup-point choice read (query.graph), the same ones
 * Medusa gives calculatePrice: the items with their measures and the shipping address.
 */
export const CART_SHIPPING_FIELDS = [
  "id",
  "currency_code",
  "items.*",
  "items.variant.weight",
  "items.variant.length",
  "items.variant.width",
  "items.variant.height",
  "items.product.weight",
  "shipping_address.*",
]
