/** Shapes of the plugin's store routes, as a storefront receives them. */

export type DeliveryOption = {
  shipping_option_id: string
  name: string
  service_code: string
  requires_pickup_point: boolean
  /** false when the carrier could not price the option and it has no fallback price. */
  available: boolean
  /** In major units (Medusa's convention), or null when the option is not available. */
  amount: number | null
  currency_code: string
  is_tax_inclusive: boolean
  price_source: string | null
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
