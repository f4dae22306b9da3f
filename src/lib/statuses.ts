/*
 * Every status list of the plugin's tables, declared once: the models (src/modules/nordic_parcel/
 * models), the module's stores, the workflow steps, the jobs, the admin routes' views and the admin
 * widgets all read them from here. Pure data, so the admin imports it directly.
 */

/**
 * A carrier booking (the Shipment model). "booking": reserved, the carrier not yet confirmed;
 * "unused": its fulfillment was cancelled or rolled back (the carrier has no cancellation, so the
 * next identical fulfilment takes it over); "failed": the carrier did not book it. A "booking" with
 * `last_error` set is unconfirmed: no process waits for the carrier's answer any more, it holds no
 * units and the merchant books it again (lib/booking/interrupted-booking.ts).
 */
export const SHIPMENT_STATUSES = ["booking", "booked", "unused", "failed", "shipped", "delivered", "returned"] as const
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number]

/** Bookings tracking never moves: no fulfillment holds them any more, or the carrier never booked them. */
export const STOPPED_SHIPMENT_STATUSES = ["unused", "failed"] as const satisfies readonly ShipmentStatus[]

/** The statuses a booking moves through, in order: SHIPMENT_STATUSES without the stopped ones. */
export const FORWARD_SHIPMENT_STATUSES: readonly ShipmentStatus[] = SHIPMENT_STATUSES.filter(
  (status) => !(STOPPED_SHIPMENT_STATUSES as readonly ShipmentStatus[]).includes(status)
)

/** Bookings the carrier confirmed and that a fulfillment holds: they have labels. */
export const BOOKED_SHIPMENT_STATUSES = ["booked", "shipped", "delivered"] as const satisfies readonly ShipmentStatus[]

/**
 * The bookings a shopper sees on the order page (the store's order routes): confirmed by the
 * carrier. Attempts and unused or failed bookings stay the merchant's.
 */
export const SHOPPER_VISIBLE_SHIPMENT_STATUSES = ["booked", "shipped", "delivered", "returned"] as const satisfies readonly ShipmentStatus[]

/** Nothing more happens to these: no tracking subscription is made or retried for them. */
export const SETTLED_SHIPMENT_STATUSES = ["delivered", "returned", "failed"] as const satisfies readonly ShipmentStatus[]

/** A tracking or customer subscription record (the Subscription model). */
export const SUBSCRIPTION_STATUSES = ["pending", "active", "ended", "expired", "deleted"] as const
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]

/** How a subscription record is finished, so that no job retries or renews it again. */
export const RETIRED_SUBSCRIPTION_STATUSES = ["ended", "expired", "deleted"] as const satisfies readonly SubscriptionStatus[]
export type RetiredSubscriptionStatus = (typeof RETIRED_SUBSCRIPTION_STATUSES)[number]

/** A bulk booking run (the BulkBooking model). */
export const BULK_BOOKING_STATUSES = ["running", "done"] as const
export type BulkBookingStatus = (typeof BULK_BOOKING_STATUSES)[number]

/** One order of a bulk booking run (the BulkBookingOrder model). */
export const BULK_BOOKING_ORDER_STATUSES = ["pending", "booking", "booked", "refused", "failed", "skipped"] as const
export type BulkBookingOrderStatus = (typeof BULK_BOOKING_ORDER_STATUSES)[number]

/**
 * A pickup order (the PickupOrder model). "ordering": reserved, the carrier's answer awaited (one
 * past the request's time budget is shown as unconfirmed: its process stopped); "ordered": the
 * carrier confirmed it; "unconfirmed": the request was sent and no answer came, so the carrier may
 * have it. Every one of them holds its location and date: a second one needs "order another".
 */
export const PICKUP_ORDER_STATUSES = ["ordering", "ordered", "unconfirmed"] as const
export type PickupOrderStatus = (typeof PICKUP_ORDER_STATUSES)[number]
