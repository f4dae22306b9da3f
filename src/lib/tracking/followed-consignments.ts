/*
 * Which consignment numbers of a booking the store follows (subscribes to and shows events of): the
 * booking's own, and the free return an outgoing booking carries (`return_shipment`, the booking
 * answer's `returnConsignmentNumber`, carrier notes 31 and 53). Pure: read by the booking ledger, the
 * subscription trigger and job, and the shopper's and merchant's routes.
 */
import { milestoneOf } from "./tracking-status"

/** What this needs of a booking (the ledger's Shipment row, or its fulfilment data). */
export type FollowedBooking = {
  consignment_number?: string | null
  return_shipment?: unknown
}

/**
 * The consignment number of the free return an outgoing booking carries, or null. Its events are
 * the return's: they never move the outgoing fulfilment (the ledger matches an event to a
 * fulfilment by the booking's own consignment number only).
 */
export function carriedReturnNumber(booking: FollowedBooking): string | null {
  const carried = booking.return_shipment as { consignment_number?: unknown } | null | undefined
  return carried && typeof carried.consignment_number === "string" && carried.consignment_number ? carried.consignment_number : null
}

/** Every consignment number of a booking that is subscribed to tracking: its own, then the carried return's. */
export function followedNumbers(booking: FollowedBooking): string[] {
  const numbers = [booking.consignment_number, carriedReturnNumber(booking)].filter((n): n is string => Boolean(n))
  return [...new Set(numbers)]
}

/**
 * Where a parcel is, from its carrier events alone (the carried return has no row of its own to
 * hold a status): delivered once DELIVERED came, returned once it went back to its sender, shipped
 * once the carrier has it, else booked. The furthest event wins, whatever order they came in.
 */
export function statusFromEvents(statuses: readonly string[]): "booked" | "shipped" | "delivered" | "returned" {
  const milestones = new Set(statuses.map(milestoneOf))
  if (milestones.has("returned")) return "returned"
  if (milestones.has("delivered")) return "delivered"
  if (milestones.has("shipped")) return "shipped"
  return "booked"
}
