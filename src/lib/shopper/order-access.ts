import type { OrderAccessHeaders } from "../../storefront/types"

/**
 * Whether a shopper may read an order's shipments, tracking and return documents (the label
 * carries the shopper's name, address and phone):
 *
 * - a signed-in customer reads the orders placed under their own customer id;
 * - anyone else (a guest, or a customer reading an order that is not theirs) needs a second
 *   factor besides the order's id, which leaks through confirmation links, Referer headers and
 *   screenshots: the e-mail the order was placed with, or a signed, expiring access token
 *   (order-access-token.ts), each sent in a header, never in the URL;
 * - without it the order is "not found", as if it did not exist;
 * - draft orders are never the shopper's (Medusa filters them out of its route too).
 *
 * Medusa's own `GET /store/orders/:id` keeps Medusa's rule (the id alone): it is not the plugin's.
 */
export type OrderOwnership = { id: string; customer_id?: string | null; email?: string | null; is_draft_order?: boolean | null }

/** What the request proves. `tokenValid`: an access token of this order, not expired, was sent and verified. */
export type ShopperProof = { customerId?: string; email?: string; tokenValid?: boolean }

/** The header names a storefront sends the second factor in (typed against the kit's `OrderAccessHeaders`). */
export const ORDER_EMAIL_HEADER: keyof OrderAccessHeaders = "x-nordic-parcel-order-email"
export const ORDER_TOKEN_HEADER: keyof OrderAccessHeaders = "x-nordic-parcel-order-token"

/** E-mails as Medusa stores them may differ in case and surrounding spaces from what a shopper types. */
export function sameEmail(a: string | null | undefined, b: string | null | undefined): boolean {
  const left = a?.trim().toLowerCase()
  const right = b?.trim().toLowerCase()
  return Boolean(left) && left === right
}

export function shopperMayReadOrder(order: OrderOwnership | undefined, proof: ShopperProof): boolean {
  if (!order || order.is_draft_order) return false
  if (proof.customerId && order.customer_id === proof.customerId) return true
  if (proof.tokenValid) return true
  return sameEmail(order.email, proof.email)
}
