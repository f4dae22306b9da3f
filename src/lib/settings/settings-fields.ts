import type { NordicParcelOptions, ServiceOptions } from "../options"
import type { MerchantSettings, ServiceSettings } from "./settings-schema"

/**
 * Every merchant setting, described once: which option it overrides (the one place where the admin's
 * snake_case names meet the options' camelCase ones), and how the admin shows it (label, one line
 * of help, kind of input). Merging (apply-settings.ts), showing (settings-view.ts) and the admin's
 * settings form all read these tables, so a new setting is one entry here (plus its rule in
 * settings-schema.ts): the types make a setting without its option a compile error. Pure data: the
 * admin bundles this file.
 */

export type FieldInput =
  | { kind: "boolean" }
  | { kind: "text"; placeholder?: string }
  | { kind: "number"; placeholder?: string; unit?: string }
  | { kind: "choice"; choices: readonly { value: string; label: string }[] }
  /** A list of codes, typed comma-separated. */
  | { kind: "list"; placeholder?: string }
  | { kind: "dimensions" }
  | { kind: "event_groups" }
  /** A return service that may be booked with this service (from the service catalogue). */
  | { kind: "return_service" }

export type FieldDescription = { option: string; label: string; help: string; input: FieldInput }

type FieldsOf<Settings, Options> = {
  readonly [K in keyof Required<Settings>]: FieldDescription & { option: keyof Options & string }
}

export const GENERAL_FIELDS = {
  test_mode: {
    option: "testMode",
    label: "Test mode",
    help: "Bookings are test bookings: labels print, but nothing is shipped or invoiced.",
    input: { kind: "boolean" },
  },
  customer_number: {
    option: "customerNumber",
    label: "Customer number",
    help: "Your agreement number with the carrier (e.g. 5); agreement prices and bookings use it.",
    input: { kind: "text", placeholder: "e.g. 5" },
  },
  prices_include_vat: {
    option: "pricesIncludeVat",
    label: "Prices include VAT",
    help: "Charge shoppers the carrier's price with VAT; off: without VAT (your tax settings add it).",
    input: { kind: "boolean" },
  },
  cod_account_number: {
    option: "codAccountNumber",
    label: "Cash-on-delivery account",
    help: "The bank account the carrier pays cash-on-delivery amounts into; needed before a service with cash on delivery can book.",
    input: { kind: "text", placeholder: "e.g. 12345678903" },
  },
} as const satisfies FieldsOf<Omit<MerchantSettings, "services" | "packaging" | "customs" | "tracking" | "delivery">, NordicParcelOptions>

export const SERVICE_FIELDS = {
  offered: {
    option: "offered",
    label: "Offered",
    help: "Shown and priced at checkout. Off keeps the settings, so orders already placed still book.",
    input: { kind: "boolean" },
  },
  name: {
    option: "name",
    label: "Name at checkout",
    help: "What shoppers see; empty: the carrier's name.",
    input: { kind: "text" },
  },
  price_source: {
    option: "priceSource",
    label: "Price",
    help: "Your agreement price or the carrier's list price.",
    input: {
      kind: "choice",
      choices: [
        { value: "net", label: "Agreement price" },
        { value: "list", label: "List price" },
      ],
    },
  },
  fallback_price: {
    option: "fallbackPrice",
    label: "Fallback price",
    help: "Charged when the carrier is slow or down; empty: the service is hidden then.",
    input: { kind: "number", placeholder: "none" },
  },
  markup: {
    option: "markup",
    label: "Markup",
    help: "Added to the carrier's price: p10p is +10 %, p20 is +20, m20 is −20.",
    input: { kind: "text", placeholder: "e.g. p10p" },
  },
  free_shipping_threshold: {
    option: "freeShippingThreshold",
    label: "Free from",
    help: "Cart subtotal from which shipping is free; empty: never.",
    input: { kind: "number", placeholder: "none" },
  },
  requires_pickup_point: {
    option: "requiresPickupPoint",
    label: "Pickup point",
    help: "The shopper picks a pickup point at checkout.",
    input: { kind: "boolean" },
  },
  is_return: {
    option: "isReturn",
    label: "Return service",
    help: "Booked from the shopper back to you, for returns made in Medusa.",
    input: { kind: "boolean" },
  },
  return_service: {
    option: "returnService",
    label: "Free return",
    help: "A return label booked with every parcel, for the shopper to send it back.",
    input: { kind: "return_service" },
  },
  qr_codes: {
    option: "qrCodes",
    label: "QR codes",
    help: "Return labels come with a QR code the shopper shows instead of a printed label.",
    input: { kind: "boolean" },
  },
  additional_services: {
    option: "additionalServices",
    label: "Additional services",
    help: "Carrier codes booked with every parcel, e.g. EVARSLING (text and e-mail notice), 1081 (mailbox).",
    input: { kind: "list", placeholder: "e.g. EVARSLING, 1081" },
  },
  customer_number: {
    option: "customerNumber",
    label: "Customer number",
    help: "Books this service on another agreement number; empty: the default one.",
    input: { kind: "text", placeholder: "default" },
  },
} as const satisfies FieldsOf<ServiceSettings, ServiceOptions>

export const PACKAGING_FIELDS = {
  weight_unit: {
    option: "weightUnit",
    label: "Weight unit of variants",
    help: "The unit your product variants' weights are in.",
    input: { kind: "choice", choices: ["g", "kg", "lb", "oz"].map((unit) => ({ value: unit, label: unit })) },
  },
  dimension_unit: {
    option: "dimensionUnit",
    label: "Size unit of variants",
    help: "The unit your product variants' length, width and height are in.",
    input: { kind: "choice", choices: ["mm", "cm", "m", "in"].map((unit) => ({ value: unit, label: unit })) },
  },
  default_item_weight: {
    option: "defaultItemWeight",
    label: "Weight of a variant without one",
    help: "Assumed for variants with no weight, so their parcels can still be priced.",
    input: { kind: "number" },
  },
  default_item_dimensions: {
    option: "defaultItemDimensions",
    label: "Size of a variant without one",
    help: "Assumed for variants with no size; empty: the size is left out of quotes.",
    input: { kind: "dimensions" },
  },
  packaging_weight: {
    option: "packagingWeight",
    label: "Packaging weight",
    help: "Added to every parcel for the box and filling.",
    input: { kind: "number" },
  },
} as const satisfies FieldsOf<NonNullable<MerchantSettings["packaging"]>, NordicParcelOptions["packaging"]>

export const CUSTOMS_FIELDS = {
  nature_of_transaction: {
    option: "natureOfTransaction",
    label: "Nature of transaction",
    help: "What the customs declaration says your exports are.",
    input: {
      kind: "choice",
      choices: [
        { value: "SALE_OF_GOODS", label: "Sale of goods" },
        { value: "RETURNED_GOODS", label: "Returned goods" },
        { value: "GIFT", label: "Gift" },
        { value: "COMMERCIAL_SAMPLE", label: "Commercial sample" },
        { value: "DOCUMENTS", label: "Documents" },
        { value: "OTHER", label: "Other" },
      ],
    },
  },
  ioss_number: {
    option: "iossNumber",
    label: "IOSS number",
    help: "Your EU VAT number for sales to EU shoppers (IM and 10 digits); declared on exports.",
    input: { kind: "text", placeholder: "IM0000000000" },
  },
  vat_on_ecommerce: {
    option: "vatOnEcommerce",
    label: "VOEC number",
    help: "Your Norwegian VOEC number (7 digits): parcels into Norway then carry a customs declaration.",
    input: { kind: "text", placeholder: "1234567" },
  },
} as const satisfies FieldsOf<NonNullable<MerchantSettings["customs"]>, NordicParcelOptions["customs"]>

/** Tracking settings override the non-secret part of `webhooks`. */
export const TRACKING_FIELDS = {
  event_groups: {
    option: "eventGroups",
    label: "Events to receive",
    help: "The carrier pushes these events for every booked parcel; Handed in and Delivered move the order.",
    input: { kind: "event_groups" },
  },
  auto_subscribe: {
    option: "autoSubscribe",
    label: "Follow every parcel",
    help: "Subscribe each booked parcel to the events above.",
    input: { kind: "boolean" },
  },
} as const satisfies FieldsOf<NonNullable<MerchantSettings["tracking"]>, NordicParcelOptions["webhooks"]>

/** The delivery promise: when parcels are handed to the carrier. */
export const DELIVERY_FIELDS = {
  cut_off_time: {
    option: "cutOffTime",
    label: "Order cut-off time",
    help: "Orders placed after this time (HH:mm, Oslo time) ship the next working day; empty: no cut-off.",
    input: { kind: "text", placeholder: "e.g. 14:00" },
  },
  lead_time_days: {
    option: "leadTimeDays",
    label: "Lead time",
    help: "Working days between the order and handing the parcel to the carrier.",
    input: { kind: "number", placeholder: "0", unit: "working days" },
  },
} as const satisfies FieldsOf<NonNullable<MerchantSettings["delivery"]>, NordicParcelOptions["delivery"]>

/** The settings form's sections (services have their own table), each with its one line of help. */
export const SETTINGS_SECTIONS = [
  { key: "general", title: "Agreement and prices", help: "Who you book as, test or real bookings, and how VAT is charged.", fields: GENERAL_FIELDS },
  { key: "delivery", title: "Delivery promise", help: "When parcels leave your warehouse, so the delivery date shown at checkout is one you can meet.", fields: DELIVERY_FIELDS },
  { key: "packaging", title: "Packaging", help: "How parcels are weighed and measured from your products.", fields: PACKAGING_FIELDS },
  { key: "customs", title: "Customs", help: "What goes on customs declarations of parcels that cross a border.", fields: CUSTOMS_FIELDS },
  { key: "tracking", title: "Tracking", help: "Which events the carrier pushes back to this store.", fields: TRACKING_FIELDS },
] as const

export type FieldTable = Readonly<Record<string, { option: string }>>

/** The option values a group of settings sets: `{ price_source: "list" }` → `{ priceSource: "list" }`. */
export function toOptionValues(settings: object | undefined, fields: FieldTable): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const [setting, { option }] of Object.entries(fields)) {
    const value = (settings as Record<string, unknown> | undefined)?.[setting]
    if (value !== undefined) {
      values[option] = value
    }
  }
  return values
}

/** The settings view of a group of options: every setting present, null where the option is unset. */
export function toSettingValues(options: object, fields: FieldTable): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([setting, { option }]) => [setting, (options as Record<string, unknown>)[option] ?? null])
  )
}
