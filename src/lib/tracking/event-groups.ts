/**
 * The carrier's tracking events as a merchant reads them: a label and one line on when the event
 * comes. Pure data shared by the backend and the admin (which shows them as the choices of the
 * tracking settings and of subscriptions).
 */
export const EVENT_GROUP_TEXTS = {
  HANDED_IN: { label: "Handed in", description: "The parcel was handed in to the carrier." },
  IN_TRANSIT: { label: "In transit", description: "The parcel is on its way between the carrier's terminals." },
  TERMINAL: { label: "At a terminal", description: "The parcel arrived at or left one of the carrier's terminals." },
  TRANSPORT_TO_RECIPIENT: { label: "Out for delivery", description: "The parcel is on the vehicle that delivers it." },
  READY_FOR_PICKUP: { label: "Ready for pickup", description: "The parcel arrived at a pickup point and waits there." },
  ATTEMPTED_DELIVERY: { label: "Delivery attempted", description: "The carrier tried to deliver at the door; depending on the service it tries again or sends the parcel to the nearest pickup point." },
  DELIVERED: { label: "Delivered", description: "The parcel was delivered: its fulfilment becomes delivered." },
  RETURN: { label: "Returning", description: "The parcel is on its way back to the sender." },
  DELIVERED_SENDER: { label: "Returned to sender", description: "The parcel was returned to the sender." },
  CUSTOMS: { label: "Customs", description: "The parcel is being cleared through customs." },
  INTERNATIONAL: { label: "Crossed a border", description: "The parcel left the country it was sent from, or arrived in the country it goes to." },
  COLLECTED: { label: "Picked up from sender", description: "The carrier collected the parcel at the pickup address (picked up from the sender), not at a pickup point." },
  DEVIATION: { label: "Deviation", description: "A deviation in the carrier's handling; a delay is probable." },
  DELIVERY_ORDERED: { label: "Home delivery ordered", description: "Home delivery of the parcel was ordered." },
  DELIVERY_CHANGED: { label: "Delivery date changed", description: "The recipient changed the date of home delivery." },
  DELIVERY_CANCELLED: { label: "Home delivery cancelled", description: "The recipient cancelled home delivery." },
  NOTIFICATION_SENT: { label: "Notice sent", description: "The carrier sent the recipient a notice (information, or an action such as a pickup notice) by text, push or e-mail." },
  PRE_NOTIFIED: { label: "Pre-advised", description: "The carrier received the electronic pre-advice of the parcel (booked, not yet handed in)." },
} as const satisfies Record<string, { label: string; description: string }>

export type EventGroupName = keyof typeof EVENT_GROUP_TEXTS

/** Event groups in the order a parcel meets them. */
export const EVENT_GROUP_NAMES = Object.keys(EVENT_GROUP_TEXTS) as EventGroupName[]

/** The label of an event name; an unknown name (the carrier adds events) shows as it is. */
export function eventGroupLabel(name: string): string {
  return (EVENT_GROUP_TEXTS as Record<string, { label: string }>)[name]?.label ?? name
}
