/** The carrier's event names, in the carrier's order. */
export const EVENT_NAMES = [
  "ATTEMPTED_DELIVERY",
  "CUSTOMS",
  "COLLECTED",
  "DELIVERED",
  "DELIVERED_SENDER",
  "DELIVERY_CANCELLED",
  "DELIVERY_CHANGED",
  "DELIVERY_ORDERED",
  "DEVIATION",
  "HANDED_IN",
  "INTERNATIONAL",
  "IN_TRANSIT",
  "NOTIFICATION_SENT",
  "PRE_NOTIFIED",
  "READY_FOR_PICKUP",
  "RETURN",
  "TRANSPORT_TO_RECIPIENT",
  "TERMINAL",
] as const

export function isEventName(value: unknown): boolean {
  return typeof value === "string" && (EVENT_NAMES as readonly string[]).includes(value)
}
