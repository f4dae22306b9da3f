import { createHash } from "node:crypto"

/**
 * Identifies "the same booking" across attempts. Medusa gives every attempt to fulfil a new
 * fulfillment id (a failed attempt's fulfillment is deleted), so a retry or a double click is
 * recognised by what is shipped: the order, the direction, the service and the items.
 */
export function bookingKey(
  orderId: string,
  kind: "outbound" | "return",
  serviceCode: string,
  items: { line_item_id?: string | null; quantity?: unknown }[]
): string {
  const lines = items
    .map((item) => `${item.line_item_id ?? "?"}x${Number(item.quantity)}`)
    .sort()
    .join(",")
  const digest = createHash("sha256").update(`${orderId}|${kind}|${serviceCode}|${lines}`).digest("hex").slice(0, 32)
  return `${orderId}:${kind}:${digest}`
}
