/** Shapes of the plugin's store routes, as a storefront receives them. */

export type DeliveryOption = {
  shipping_option_id: string
  name: string
  service_code: string
  /** The carrier needs a pickup point for this destination (show the picker and ask for a choice). */
  requires_pickup_point: boolean
  /**
   * The shopper may choose a pickup point (e.g. PICKUP_PARCEL to Sweden or Denmark); without one
   * the parcel goes to the nearest point or, in Denmark, to the door.
   */
  offers_pickup_point: boolean
  /** false when the carrier could not price the option and it has no fallback price. */
  available: boolean
  /** In major units (Medusa's convention), or null when the option is not available. */
  amount: number | null
  currency_code: string
  is_tax_inclusive: boolean
  price_source: string | null
  /**
   * The carrier's own price when `amount` was converted from another currency (the carrier prices
   * in the sender's currency): its amount (VAT as `is_tax_inclusive`, before markup and rounding),
   * currency and the merchant's rate used; null when the carrier priced in the cart's currency.
   */
  carrier_price: { amount: number; currency_code: string; exchange_rate: number } | null
  /** Why the option is not available (e.g. no exchange rate for the carrier's currency), else null. */
  unavailable_reason: string | null
  /** ISO date (YYYY-MM-DD) the carrier expects to deliver, or null when it did not say. */
  expected_delivery_date: string | null
  working_days: number | null
  display: {
    name: string
    description: string | null
    help_text: string | null
    delivery_message: string | null
  }
}

export type OpeningHours = { day: string; opening: string; closing: string }

export type PickupPoint = {
  id: string
  name: string
  address: string
  postal_code: string
  city: string
  country_code: string
  visiting_address?: string
  opening_hours?: string
  opening_hours_by_day: OpeningHours[]
  is_locker: boolean
  distance_km?: number
  latitude?: number
  longitude?: number
  type?: string
  max_parcel_dimensions?: { length: number; width: number; height: number }
  map_url?: string
}

export type PostalCodeInfo = { postal_code: string; city: string | null; type: string | null }

export type PickupPointQuery = {
  country_code: string
  postal_code: string
  street?: string
  street_number?: string
  limit?: number
  type?: "manned" | "locker"
  /** Leaves out lockers the cart's parcel does not fit. */
  cart_id?: string
}

/** What is stored with the shipping method (the route validates it against the carrier). */
export type ShippingMethodData = { pickup_point_id?: string } & Record<string, unknown>

/** One carrier event of a shipment, as the shopper sees it (the carrier's event name, e.g. `DELIVERED`). */
export type ShipmentTrackingEvent = {
  status: string
  /** ISO date-time the carrier registered the event. */
  occurred_at: string
  package_number: string | null
}

/**
 * The return documents of a shipment: the label PDF to print, or the QR codes (one per package)
 * to show at the counter instead. The paths are store routes; the client fetches them with the
 * shopper's credentials (`fetchOrderDocument`).
 */
export type ShipmentReturnLabel = {
  consignment_number: string
  label_path: string | null
  qr_code_paths: string[]
}

/** A shipment of an order (the parcel to the shopper, or a return), with its tracking events, oldest first. */
export type OrderShipment = {
  id: string
  kind: "outbound" | "return"
  status: "booked" | "shipped" | "delivered" | "returned"
  service_code: string
  service_name: string
  consignment_number: string
  package_numbers: string[]
  /** The carrier's public tracking page. */
  tracking_url: string | null
  pickup_point: { name: string; address: string; postal_code: string; city: string } | null
  booked_at: string | null
  tracking_events: ShipmentTrackingEvent[]
  /** For a return booking, and for a parcel booked with a free return: what the shopper sends it back with. */
  return_label: ShipmentReturnLabel | null
}
