/*
 * The fingerprint of a booking request (order, direction, service, items): how the booker recognises
 * "the same booking" when Medusa gives each attempt a new fulfillment id.
 */
import { createHash } from "node:crypto"
import type { BookingRequest } from "../carrier"

/**
 * Identifies "the same booking" across fulfillments. Medusa gives every attempt to fulfil a new
 * fulfillment id, so an attempt that repeats one Medusa rolled back is recognised by what would be
 * sent to the carrier: the order, its lines and quantities, and the whole request (service, customer number, parties, pickup
 * point, packages, customs), without what names the attempt (correlation ids) or its moment
 * (shipping time). A different address, service or package list is a different booking.
 */
export function bookingKey(
  orderId: string,
  kind: "outbound" | "return",
  items: { line_item_id: string; quantity: number }[],
  request: BookingRequest
): string {
  const lines = items.map((item) => `${item.line_item_id}x${item.quantity}`).sort()
  const consignments = request.consignments.map(({ correlationId: _id, shippingDateTime: _at, packages, ...rest }) => ({
    ...rest,
    packages: packages.map(({ correlationId: _pkg, ...pkg }) => pkg),
  }))
  const digest = createHash("sha256")
    .update(stableJson({ orderId, kind, lines, testIndicator: request.testIndicator, consignments }))
    .digest("hex")
    .slice(0, 32)
  return `${orderId}:${kind}:${digest}`
}

/** JSON with object keys sorted, so the same content always gives the same text. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) {
    return `[${value.map(stableJson).join(",")}]`
  }
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`
  }
  return JSON.stringify(value ?? null)
}
