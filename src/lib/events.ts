/*
 * The events the plugin emits on Medusa's event bus, with their payloads: the one place their
 * names are defined.
 */

/** Emitted once per distinct carrier event, after it is stored. */
export const TRACKING_RECEIVED_EVENT = "nordic_parcel.tracking.received"

export type TrackingReceivedData = {
  event_id: string
  status: string
  shipment_number: string
  package_number: string | null
  occurred_at: string
  fulfillment_id?: string
  order_id?: string
}

/**
 * A stored carrier event as the data of TRACKING_RECEIVED_EVENT: built here for the webhook route
 * (the event just stored) and the outbox (a row applied again), so both announce the same shape.
 */
export function trackingReceivedData(row: {
  event_id: string
  status: string
  shipment_number: string
  package_number: string | null
  occurred_at: Date | string
  fulfillment_id?: string | null
  order_id?: string | null
}): TrackingReceivedData {
  return {
    event_id: row.event_id,
    status: row.status,
    shipment_number: row.shipment_number,
    package_number: row.package_number,
    occurred_at: new Date(row.occurred_at).toISOString(),
    ...(row.fulfillment_id ? { fulfillment_id: row.fulfillment_id } : {}),
    ...(row.order_id ? { order_id: row.order_id } : {}),
  }
}

/** Emitted once a carrier booking is part of a fulfilment Medusa kept. */
export const SHIPMENT_BOOKED_EVENT = "nordic_parcel.shipment.booked"

export type ShipmentBookedData = {
  fulfillment_id: string
  order_id: string
  consignment_number: string | null
  test: boolean
}

/**
 * Internal: emitted at start-up so stored carrier events not yet applied are applied at once,
 * without waiting for the nordic-parcel-apply-tracking-events job.
 */
export const TRACKING_OUTBOX_DUE_EVENT = "nordic_parcel.tracking.outbox_due"

/**
 * Internal: emitted at start-up so bookings a stopped process left behind are checked (and bulk
 * runs it was working resumed) at once, without waiting for the jobs.
 */
export const BOOKINGS_CHECK_DUE_EVENT = "nordic_parcel.bookings.check_due"
