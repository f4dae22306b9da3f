import { randomUUID } from "node:crypto"
import type { BookingStore } from "./booking-store"
import type { CallbackDispatcher } from "./callbacks"
import type { Clock } from "./clock"
import { eventCastTimestamp } from "./dates"
import type { SubscriptionStore } from "./subscriptions"
import type { CallbackAttempt, SandboxEvent } from "./types"

export interface TrackingEventDeps {
  subscriptions: SubscriptionStore
  bookings: BookingStore
  dispatcher: CallbackDispatcher
  clock: Clock
}

/**
 * A tracking event happening at the carrier: pushed to every active subscription that watches it
 * (a tracking subscription on the shipment or package number, or a customer subscription on the
 * customer number of the booking) and whose events include it. Resolves with the first attempts.
 */
export async function emitTrackingEvent(event: SandboxEvent, deps: TrackingEventDeps): Promise<CallbackAttempt[]> {
  const booking = [event.shipment, event.package]
    .map((number) => (number ? deps.bookings.findByNumber(number) : undefined))
    .find((found) => found !== undefined)
  const shipment = event.shipment ?? booking?.consignmentNumber ?? ""
  const packageNumber = event.package ?? ""
  const numbers = [shipment, packageNumber].filter((n) => n !== "")

  const trackingTargets = deps.subscriptions
    .activeTracking()
    .filter((s) => numbers.includes(s.trackingId) && s.eventGroups.includes(event.status))
  const customerTargets = booking
    ? deps.subscriptions
        .activeCustomer()
        .filter((s) => s.shortCustomerNumber === booking.customerNumber && s.eventSet.includes(event.status))
    : []

  const payload = {
    status: event.status,
    id: event.id ?? randomUUID(),
    shipment,
    package: packageNumber,
    created: eventCastTimestamp(event.created ?? deps.clock.now()),
  }
  const targets = [...trackingTargets, ...customerTargets]
  const attempts = await Promise.all(targets.map((target) => deps.dispatcher.deliver(target, payload)))

  if (event.status === "DELIVERED") {
    // E2 "ended": a delivered package ends the subscriptions on its number; the shipment is
    // delivered when the event names no package, or names the shipment's only package.
    const onlyPackage = booking?.packageNumbers.length === 1 && booking.packageNumbers[0] === packageNumber
    const shipmentDelivered = !packageNumber || onlyPackage
    for (const subscription of deps.subscriptions.activeTracking()) {
      const delivered = subscription.trackingId === packageNumber || (shipmentDelivered && subscription.trackingId === shipment)
      if (delivered) subscription.ended = true
    }
  }
  return attempts
}
