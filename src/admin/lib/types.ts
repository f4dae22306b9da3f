/** Shapes of the plugin's admin routes (src/api/admin/nordic-parcel). */
export type TrackingEvent = {
  id: string
  event_id: string
  status: string
  shipment_number: string
  package_number: string | null
  occurred_at: string
}

export type PickupPoint = {
  id: string
  name: string
  address: string
  postal_code: string
  city: string
  country_code: string
  visiting_address?: string
  opening_hours?: string
}

export type AdminShipment = {
  id: string
  fulfillment_id: string
  kind: "outbound" | "return"
  service_code: string
  status: "booking" | "booked" | "failed" | "shipped" | "delivered" | "returned" | "cancelled"
  consignment_number: string | null
  package_numbers: string[]
  label_url: string | null
  tracking_url: string | null
  pickup_point: PickupPoint | null
  return_shipment: { service_code: string; consignment_number: string; label_url: string | null; qr_codes: string[] } | null
  test: boolean
  booked_at: string | null
  last_error: { message: string } | null
  label_download_url: string
  tracking_events: TrackingEvent[]
}
