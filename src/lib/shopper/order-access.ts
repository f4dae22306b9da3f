import { MedusaError } from "@medusajs/framework/utils"
import type { OrderAccessHeaders } from "../../storefront/types"

/**
 * Whether a shopper may read an order's shipments, tracking and return documents (the label
 * carries the shopper's name, address and phone):
 *
 * - a signed-in customer reads the orders placed under their own customer id;
 * - anyone else (a guest, or a customer reading an order that is not theirs) needs a second
 *   factor besides the order's id, which leaks through confirmation links, Referer headers and
 *   screenshots: a signed, expiring access token (order-access-token.ts) or, unless the merchant
 *   set `orderAccess.guestProof: "token"`, the e-mail the order was placed with; each sent in a
 *   header, never in the URL;
 * - without it the order is "not found", as if it did not exist;
 * - while `orderAccess.secret` is not set, a guest's proof is refused as such (403, the same
 *   whether the order exists or not), so the storefront learns the store is not set up rather
 *   than that the shopper is wrong;
 * - draft orders are never the shopper's (Medusa filters them out of its route too).
 *
 * Medusa's own `GET /store/orders/:id` keeps Medusa's rule (the id alone) and answers the order's
 * e-mail with it: on a stock store the e-mail proves no more than the id. Hence the token-only mode.
 */
export type OrderOwnership = { id: string; customer_id?: string | null; email?: string | null; is_draft_order?: boolean | null }

/**
 * What the request proves. `tokenGiven`: an access token was sent; `tokenValid`: it was verified
 * for this order and its e-mail, not expired.
 */
export type ShopperProof = { customerId?: string; email?: string; tokenGiven?: boolean; tokenValid?: boolean }

/**
 * What a guest may prove an order with. `available`: a signing key is set (`orderAccess.secret`);
 * without one no guest is let in, by token or e-mail: the token route cannot sign, and a store
 * that half works for guests would hide the missing secret. `emailIsProof`: the order's e-mail
 * counts (`orderAccess.guestProof: "email"`, the default).
 */
export type GuestAccessPolicy = { available: boolean; emailIsProof: boolean }

export function guestAccessPolicy(orderAccess: { secret?: string; guestProof: "email" | "token" }): GuestAccessPolicy {
  return { available: Boolean(orderAccess.secret), emailIsProof: orderAccess.guestProof === "email" }
}

/** The refusal of any guest's proof while the store has no `orderAccess.secret` (the status page names the fix). */
export function guestAccessUnavailable(): MedusaError {
  return new MedusaError(
    MedusaError.Types.FORBIDDEN,
    "Guest access to orders is not set up in this store (orderAccess.secret is missing): sign in to see the order"
  )
}

/** The refusal of the e-mail-for-token exchange in a store whose guests come by signed link only. */
export function guestEmailNotAccepted(): MedusaError {
  return new MedusaError(
    MedusaError.Types.FORBIDDEN,
    "This store opens orders to guests by the signed link in the order's e-mail only (orderAccess.guestProof is \"token\")"
  )
}

export type ShopperAccess = "granted" | "not_found" | "guest_access_unavailable"

/**
 * The verdict for a request: the owner is let in whatever the guest policy; a guest's proof while
 * guest access is not set up is refused as such before anything about the order is said (the
 * same for an order that exists and one that does not); otherwise a valid token, or the e-mail
 * where it counts; anything else is "not found".
 */
export function shopperAccess(order: OrderOwnership | undefined, proof: ShopperProof, policy: GuestAccessPolicy): ShopperAccess {
  const readable = order && !order.is_draft_order ? order : undefined
  if (readable && proof.customerId && readable.customer_id === proof.customerId) return "granted"
  if (!policy.available && (proof.tokenGiven || proof.email)) return "guest_access_unavailable"
  return shopperMayReadOrder(order, proof, policy) ? "granted" : "not_found"
}

/** The header names a storefront sends the second factor in (typed against the kit's `OrderAccessHeaders`). */
export const ORDER_EMAIL_HEADER: keyof OrderAccessHeaders = "x-nordic-parcel-order-email"
export const ORDER_TOKEN_HEADER: keyof OrderAccessHeaders = "x-nordic-parcel-order-token"

/** E-mails as Medusa stores them may differ in case and surrounding spaces from what a shopper types. */
export function sameEmail(a: string | null | undefined, b: string | null | undefined): boolean {
  const left = a?.trim().toLowerCase()
  const right = b?.trim().toLowerCase()
  return Boolean(left) && left === right
}

export function shopperMayReadOrder(order: OrderOwnership | undefined, proof: ShopperProof, policy: GuestAccessPolicy): boolean {
  if (!order || order.is_draft_order) return false
  if (proof.customerId && order.customer_id === proof.customerId) return true
  if (!policy.available) return false
  if (proof.tokenValid) return true
  return policy.emailIsProof && sameEmail(order.email, proof.email)
}
