/**
 * Whether a shopper may read an order's shipments, tracking and return documents. The rule is
 * Medusa's own for `GET /store/orders/:id` (2.21), made strict for signed-in customers:
 *
 * - a guest (no customer session or token) holds the order's id, which Medusa treats as the
 *   order's credential (a ULID nobody can guess): the order is theirs to read, as on Medusa's
 *   order page;
 * - a signed-in customer reads only orders placed under their own customer id; another
 *   shopper's order is "not found", as if it did not exist;
 * - draft orders are never the shopper's (Medusa filters them out of its route too).
 */
export type OrderOwnership = { id: string; customer_id?: string | null; is_draft_order?: boolean | null }

export function shopperMayReadOrder(order: OrderOwnership | undefined, signedInCustomerId: string | undefined): boolean {
  if (!order || order.is_draft_order) return false
  if (signedInCustomerId) return order.customer_id === signedInCustomerId
  return true
}
