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
