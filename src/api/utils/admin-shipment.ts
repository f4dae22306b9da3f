import type { PickupPointSnapshot } from "../../lib/checkout/pickup-point"

/** A tracking event as the admin routes return it (no raw carrier payload). */
export type AdminTrackingEvent = {
  id: string
  event_id: string
  status: string
  shipment_number: string
  package_number: string | null
  occurred_at: string
}

/** A shipment as the admin routes return it; the admin widget reads this type. */
export type AdminShipment = {
  id: string
  fulfillment_id: string
  kind: "outbound" | "return"
  service_code: string
  /** The service's name (the merchant's, else the carrier's, else the plugin's); the order route adds it. */
  service_name?: string
  status: "booking" | "booked" | "unused" | "failed" | "shipped" | "delivered" | "returned" | "cancelled"
  consignment_number: string | null
  package_numbers: string[]
  label_url: string | null
  tracking_url: string | null
  pickup_point: PickupPointSnapshot | null
  return_shipment: { service_code: string; consignment_number: string; label_url: string | null; qr_codes: string[] } | null
  test: boolean
  booked_at: string | null
  last_error: { message: string } | null
  label_download_url: string
  tracking_events: AdminTrackingEvent[]
}

/** A shipment as the admin sees it: no booking key, no raw carrier payloads, labels to download. */
export function toAdminShipment<
  S extends { fulfillment_id: string; booking_key?: unknown; fulfillment_result?: unknown },
  E extends { raw?: unknown },
>(shipment: S, events: E[]) {
  const { booking_key: _key, fulfillment_result: _result, ...visible } = shipment
  return {
    ...visible,
    label_download_url: `/admin/nordic-parcel/fulfillments/${shipment.fulfillment_id}/label`,
    tracking_events: events.map(({ raw: _raw, ...event }) => event),
  }
}
