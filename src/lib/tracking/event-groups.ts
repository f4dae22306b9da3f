/**
 * The carrier's tracking events as a merchant reads them: a label and one line on when the event
 * comes. Pure data shared by the backend and the admin (which shows them as the choices of the
 * tracking settings and of subscriptions).
 */
export const EVENT_GROUP_TEXTS = {
  HANDED_IN: { label: "Handed in", description: "The parcel was handed in to the carrier or picked up from you." },
  IN_TRANSIT: { label: "In transit", description: "The parcel is on its way between the carrier's terminals." },
  TERMINAL: { label: "At a terminal", description: "The parcel arrived at or left one of the carrier's terminals." },
  TRANSPORT_TO_RECIPIENT: { label: "Out for delivery", description: "The parcel is on the vehicle that delivers it." },
  READY_FOR_PICKUP: { label: "Ready for pickup", description: "The parcel waits at the shopper's pickup point." },
  ATTEMPTED_DELIVERY: { label: "Delivery attempted", description: "The carrier tried to deliver but could not." },
  DELIVERED: { label: "Delivered", description: "The shopper has the parcel: the order becomes delivered." },
  RETURN: { label: "Returning", description: "The parcel is on its way back to you (refused or not collected)." },
  DELIVERED_SENDER: { label: "Returned to you", description: "The parcel came back to you." },
  CUSTOMS: { label: "Customs", description: "The parcel is being cleared through customs." },
  INTERNATIONAL: { label: "Abroad", description: "The parcel crossed a border or is with a partner carrier abroad." },
  COLLECTED: { label: "Collected", description: "The shopper collected the parcel at the pickup point." },
  DEVIATION: { label: "Problem", description: "Something went wrong on the way (damage, delay, wrong address)." },
  DELIVERY_ORDERED: { label: "Delivery ordered", description: "The shopper ordered a delivery to the door." },
  DELIVERY_CHANGED: { label: "Delivery changed", description: "The shopper or carrier changed the delivery time or place." },
  DELIVERY_CANCELLED: { label: "Delivery cancelled", description: "An ordered delivery was cancelled." },
  NOTIFICATION_SENT: { label: "Shopper notified", description: "The carrier sent the shopper a text or e-mail." },
  PRE_NOTIFIED: { label: "Pre-advised", description: "The carrier knows the parcel is coming (booked, not yet handed in)." },
} as const satisfies Record<string, { label: string; description: string }>

export type EventGroupName = keyof typeof EVENT_GROUP_TEXTS

/** Event groups in the order a parcel meets them. */
export const EVENT_GROUP_NAMES = Object.keys(EVENT_GROUP_TEXTS) as EventGroupName[]

/** The label of an event name; an unknown name (the carrier adds events) shows as it is. */
export function eventGroupLabel(name: string): string {
  return (EVENT_GROUP_TEXTS as Record<string, { label: string }>)[name]?.label ?? name
}
