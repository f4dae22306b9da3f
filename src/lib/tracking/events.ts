/** Emitted once per distinct carrier event, after it is stored (CONTRACT.md). */
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
