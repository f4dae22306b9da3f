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
  /** Arrival window on the expected day, where the carrier gives a time slot; else null. */
  expected_delivery_window: DeliveryWindow | null
  /**
   * The service takes a requested delivery day (PA_DOREN, 5600, OIL_EXPRESS) and the merchant
   * offers a choice: send the chosen `delivery_dates[].date` as `data.delivery_date` when adding
   * the shipping method.
   */
  takes_delivery_date: boolean
  /**
   * The days the shopper may choose: the expected date first, then the carrier's alternatives in
   * order, each with its arrival window where the carrier gives one. `[]` when `takes_delivery_date`
   * is false or the carrier gave no date (it could not be asked: the option is still offered).
   */
  delivery_dates: DeliveryDateChoice[]
  display: {
    name: string
    description: string | null
    help_text: string | null
    delivery_message: string | null
  }
}

/** A time window of a day, local (Oslo) time, "HH:mm". */
export type DeliveryWindow = { from: string; to: string }

/** A day the parcel can be delivered on (yyyy-MM-dd), with its arrival window where the carrier gives one. */
export type DeliveryDateChoice = { date: string; window?: DeliveryWindow }

/** When a parcel is expected to be ready at a pickup point: the day (yyyy-MM-dd) and the window ("HH:mm"). */
export type EstimatedArrival = { date: string; from: string; to: string }

export type OpeningHours = { day: string; opening: string; closing: string }

export type PickupPoint = {
  id: string
  name: string
  /**
   * Where the shopper goes: the point's visiting (street) address, with its postal code and city;
   * the carrier's postal address only for a point that has no visiting address.
   */
  address: string
  postal_code: string
  city: string
  country_code: string
  /** The visiting address in one line ("Storgata 12, 0155 Oslo"), when the carrier gives one. */
  visiting_address?: string
  /** The carrier's postal address of the point (often a PO box), when it differs from `address`: not where to go. */
  postal_address?: { address: string; postal_code: string; city: string }
  opening_hours?: string
  opening_hours_by_day: OpeningHours[]
  is_locker: boolean
  distance_km?: number
  latitude?: number
  longitude?: number
  type?: string
  max_parcel_dimensions?: { length: number; width: number; height: number }
  map_url?: string
  /**
   * With `cart_id` (or `service_code`) of SERVICEPAKKE or 5800: when the parcel is expected at this
   * point, from one carrier lookup for all listed points; null when the carrier gave none (or could
   * not be asked). Absent for other services and without a cart or service.
   */
  estimated_arrival?: EstimatedArrival | null
}

export type PostalCodeInfo = { postal_code: string; city: string | null; type: string | null }

export type PickupPointQuery = {
  country_code: string
  postal_code: string
  street?: string
  street_number?: string
  limit?: number
  type?: "manned" | "locker"
  /** Leaves out lockers the cart's parcel does not fit; with a SERVICEPAKKE or 5800 option, adds `estimated_arrival`. */
  cart_id?: string
  /** The service the points are for (SERVICEPAKKE or 5800 adds `estimated_arrival`); default: the cart's pickup-point service. */
  service_code?: string
}

/** What is stored with the shipping method (the route validates it against the carrier). */
export type ShippingMethodData = {
  pickup_point_id?: string
  /**
   * The requested delivery day (yyyy-MM-dd), one of the option's `delivery_dates`; only where
   * `takes_delivery_date` is true. Any other day is refused with 400 naming `data.delivery_date`.
   */
  delivery_date?: string
} & Record<string, unknown>

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

/**
 * A shipment of an order (the parcel to the shopper, or a return), with its tracking events, oldest
 * first. The free return a parcel carries is listed as a return of its own once the carrier has an
 * event for it: its `id` is the parcel's followed by `-return`, and its label stays on the parcel.
 */
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

/**
 * The postal-code autofill's answer. A postal code may be shared by several places: `cities` lists
 * them all (the carrier's order), and `city` is set only when there is exactly one, so a form never
 * fills in the first of several silently: it offers `cities` to choose from.
 */
export type PostalCodeLookup = PostalCodeInfo & { cities: string[] }

/** One line of an order going back, by the order's line item id. */
export type ReturnItemInput = { id: string; quantity: number }

/**
 * How the merchant's return policy priced a return option: the carrier's price for the parcel
 * (with the store's markup, currency conversion and rounding), the service's fallback price when
 * the carrier could not answer, the merchant's fixed amount in the order's currency, free, or the
 * flat price the merchant gave the shipping option itself in Medusa (`flat`).
 */
export type ReturnPriceSource = "carrier" | "fallback" | "fixed" | "free" | "flat"

/**
 * A carrier return option of the order's region with what the shopper pays for it
 * (`POST /store/nordic-parcel/orders/:id/return-options`). A return created through
 * `createReturn` with this option is charged exactly `amount`.
 */
export type ReturnOption = {
  shipping_option_id: string
  name: string
  service_code: string
  /** In major units, in the order's currency. 0 when the merchant's policy makes returns free. */
  amount: number
  currency_code: string
  is_tax_inclusive: boolean
  price_source: ReturnPriceSource
  /** The return comes with QR codes to show at the counter (no printer needed), besides the label. */
  qr_codes: boolean
}

/** Body of `POST /store/nordic-parcel/orders/:id/returns`. */
export type CreateReturnInput = {
  items: Array<ReturnItemInput & { reason_id?: string | null; note?: string | null }>
  /** A `shipping_option_id` of the return options. */
  return_shipping: {
    option_id: string
    /**
     * Optional: the amount the shopper was shown. When sent it must equal the listed amount, else
     * the route answers 400 naming `return_shipping.price` (the price changed: list the options again).
     */
    price?: number
  }
  note?: string | null
}

/** The return Medusa created, as `POST /store/nordic-parcel/orders/:id/returns` answers it. */
export type CreatedReturn = {
  id: string
  order_id: string
  status: string
  /** What the shopper is charged for the return shipping, in the order's currency (major units). */
  shipping_amount: number
  currency_code: string
  items: Array<{ item_id: string; quantity: number }>
}

/**
 * The return's shipment (label, QR codes, tracking) once the carrier booked it; null when the
 * booking is not recorded yet (list the order's shipments again).
 */
export type CreateReturnResult = { return: CreatedReturn; shipment: OrderShipment | null }

/**
 * A guest's proof, besides the order id, that an order is theirs: the e-mail the order was placed
 * with, or a signed expiring token the store gave (`requestOrderAccess`, or a link in the merchant's
 * order e-mail). Sent as the header `x-nordic-parcel-order-email` or `x-nordic-parcel-order-token`.
 * A signed-in customer needs neither for their own orders.
 */
export type OrderAccess = { email: string } | { token: string }

/** The request headers that carry an `OrderAccess` (the server reads exactly these names). */
export type OrderAccessHeaders = { "x-nordic-parcel-order-email"?: string; "x-nordic-parcel-order-token"?: string }

/** `POST /store/nordic-parcel/orders/:id/access`: a token that opens the order's documents until `expires_at` (ISO). */
export type OrderAccessToken = { access_token: string; expires_at: string }
