import type { LocationOptions, NordicParcelOptions, ServiceOptions } from "../options"

/**
 * What the booking mapper reads: plain data the fulfillment provider assembles from Medusa's
 * order, fulfillment, stock location and the plugin options. Optional Medusa fields may be null,
 * so the provider can pass Medusa's objects through without cleaning them first.
 */

/** An address as Medusa stores it on stock locations and orders. */
export type MedusaAddress = {
  company?: string | null
  address_1?: string | null
  address_2?: string | null
  postal_code?: string | null
  city?: string | null
  country_code?: string | null
  phone?: string | null
}

export type StockLocationInput = {
  /** The stock location's name in the admin; used in messages, and as sender name without a company. */
  name: string
  address: MedusaAddress
  /** What the merchant set for the location in the plugin (name on the label, contact, e-mail, phone, VAT number). */
  sender?: LocationOptions
}

export type DeliveryAddressInput = MedusaAddress & {
  first_name?: string | null
  last_name?: string | null
}

/** An order line of the fulfillment, with the Medusa fields packing and customs read. */
export type BookingItem = {
  title: string
  quantity: number
  /** Major units of `BookingInput.currencyCode`, as Medusa v2 stores it. */
  unit_price: number
  variant?: {
    sku?: string | null
    weight?: number | null
    length?: number | null
    width?: number | null
    height?: number | null
    hs_code?: string | null
    origin_country?: string | null
  } | null
  product?: {
    weight?: number | null
    hs_code?: string | null
    origin_country?: string | null
  } | null
}

/** The merchant's customs settings (plugin options). */
export type CustomsSettings = {
  /** One of the carrier's natureOfTransaction values; export defaults to SALE_OF_GOODS. */
  natureOfTransaction?: string
  /** EU IOSS number (IM + 10 digits), sent with export declarations. */
  iossNumber?: string
  /**
   * The shop's 7-digit Norwegian VAT-on-e-commerce (VOEC) number. Setting it is how the merchant
   * uses the carrier's import declaration (carrier notes 34: optional when the facility is not used).
   */
  vatOnEcommerce?: string
}

export type BookingInput = {
  /** outbound: stock location → customer; return: customer → stock location (a return service). */
  kind: "outbound" | "return"
  /** Correlation id of the consignment; packages get `<fulfillmentId>-<n>`. */
  fulfillmentId: string
  /** The order's display id, sent as purchaseOrder.purchaseOrderNumber. */
  orderDisplayId: string | number
  /** The shipping option's service settings. */
  service: ServiceOptions
  /** The store's setting (option returnQrCodes): QR codes on return labels unless the service says otherwise. */
  returnQrCodes: boolean
  /** Resolved by the provider: the service's customer number, else the default one. */
  customerNumber: string
  testMode: boolean
  shippingDateTime: Date
  stockLocation: StockLocationInput
  deliveryAddress: DeliveryAddressInput
  customerEmail?: string | null
  /** From the shipping method data (`pickup_point_id`), already checked against the carrier. */
  pickupPoint?: { id: string; country_code: string } | null
  /** The shopper's (or merchant's) requested delivery day, yyyy-MM-dd: sent as customerSpecifiedDeliveryDateTime. */
  requestedDeliveryDate?: string | null
  items: BookingItem[]
  currencyCode: string
  /** The order's total in major units of `currencyCode`: what cash on delivery collects. */
  orderTotal?: number
  /** The merchant's account for cash on delivery (setting cod_account_number). */
  codAccountNumber?: string
  packaging: NordicParcelOptions["packaging"]
  customs?: CustomsSettings
}

/** Something the merchant must fix; `field` says where, `message` says what and why. */
export type BookingProblem = { field: string; message: string }

/** Trimmed text, or undefined for the empty strings and nulls Medusa uses for "not given". */
export function present(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim()
  return trimmed ? trimmed : undefined
}
