/*
 * A Shipment row as the admin reads it (order widget, fulfillment route): an attempt the carrier never
 * confirmed is marked `unconfirmed` with its `carrier_reference`; one a later booking replaced is
 * shown "Replaced".
 */
import type { PickupPointSnapshot } from "../checkout/pickup-point"
import type { ShipmentStatus } from "../statuses"
import { carriedReturnNumber } from "../tracking/followed-consignments"

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
  status: ShipmentStatus
  consignment_number: string | null
  package_numbers: string[]
  label_url: string | null
  tracking_url: string | null
  pickup_point: PickupPointSnapshot | null
  return_shipment: { service_code: string; consignment_number: string; label_url: string | null; qr_codes: string[] } | null
  test: boolean
  booked_at: string | null
  /** `superseded_by`: a later booking (this fulfilment's) replaced this unconfirmed attempt. */
  last_error: { message: string; superseded_by?: string } | null
  /**
   * The carrier never confirmed this attempt and nothing waits for its answer any more: it may
   * exist at the carrier under `carrier_reference`; the merchant checks, then books again.
   */
  unconfirmed: boolean
  /** The reference the booking request carried (its consignment's correlation id). */
  carrier_reference: string
  label_download_url: string
  tracking_events: AdminTrackingEvent[]
  /** The events of the free return this booking carries (`return_shipment`): the return's, never the parcel's. */
  return_tracking_events: AdminTrackingEvent[]
}

/** An attempt the carrier never confirmed, that no process waits for any more. */
export function isUnconfirmed(shipment: { status: string; last_error?: unknown }): boolean {
  return shipment.status === "booking" && shipment.last_error != null
}

/**
 * A shipment as the admin sees it: no booking key, no raw carrier payloads, labels to download.
 * `events` may hold other consignments' too: each is shown under its own number, the booking's or
 * the free return's it carries.
 */
export function toAdminShipment<
  S extends {
    fulfillment_id: string
    status: string
    consignment_number?: string | null
    return_shipment?: unknown
    last_error?: unknown
    booking_key?: unknown
    fulfillment_result?: unknown
  },
  E extends { raw?: unknown; shipment_number: string },
>(shipment: S, events: E[]) {
  const { booking_key: _key, fulfillment_result: _result, ...visible } = shipment
  const carried = carriedReturnNumber(shipment)
  const shown = (number: string | null | undefined) =>
    number ? events.filter((event) => event.shipment_number === number).map(({ raw: _raw, ...event }) => event) : []
  return {
    ...visible,
    unconfirmed: isUnconfirmed(shipment),
    // The booking request names the consignment by its fulfilment (lib/booking/booking-request.ts).
    carrier_reference: shipment.fulfillment_id,
    label_download_url: `/admin/nordic-parcel/fulfillments/${shipment.fulfillment_id}/label`,
    tracking_events: shown(shipment.consignment_number),
    return_tracking_events: shown(carried),
  }
}
