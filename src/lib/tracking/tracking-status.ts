import { FORWARD_SHIPMENT_STATUSES } from "../statuses"

/**
 * What a carrier event means for the Medusa fulfillment.
 * Shipped: the carrier has the parcel. Delivered: the recipient has it. Returned: on its way
 * back or back at the sender. Anything else (notifications, delivery changes, deviations,
 * pre-advice, events the carrier adds later) is recorded and shown, and moves nothing.
 */
export type TrackingMilestone = "shipped" | "delivered" | "returned" | "info"

const SHIPPED = new Set([
  "HANDED_IN",
  "COLLECTED",
  "IN_TRANSIT",
  "TERMINAL",
  "INTERNATIONAL",
  "CUSTOMS",
  "TRANSPORT_TO_RECIPIENT",
  "READY_FOR_PICKUP",
  "ATTEMPTED_DELIVERY",
])
const RETURNED = new Set(["RETURN", "DELIVERED_SENDER"])

export function milestoneOf(status: string): TrackingMilestone {
  const code = status.trim().toUpperCase()
  if (code === "DELIVERED") return "delivered"
  if (RETURNED.has(code)) return "returned"
  if (SHIPPED.has(code)) return "shipped"
  return "info"
}


/**
 * The shipment status a milestone moves to, and the statuses it may move from. The step that
 * applies it (workflows/tracking/record-shipment-status.ts) reads the shipment, checks `from` in
 * memory, then writes: a late or repeated event does not move a status back, but the check is not
 * made in the database, so two events for one consignment applied at the same instant could still
 * interleave. Unused and failed shipments are never moved (STOPPED_SHIPMENT_STATUSES).
 */
export function shipmentTransition(milestone: TrackingMilestone): { to: string; from: string[] } | undefined {
  if (milestone === "info") {
    return undefined
  }
  const index = FORWARD_SHIPMENT_STATUSES.indexOf(milestone)
  return { to: milestone, from: FORWARD_SHIPMENT_STATUSES.slice(0, index) }
}
