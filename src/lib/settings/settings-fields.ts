/*
 * Each merchant setting described once: the option it overrides, its label, help and input kind. The
 * merge over the options (apply-settings.ts), the views (settings-view.ts) and the admin's settings
 * form all read it.
 */
import type { NordicParcelOptions, ServiceOptions } from "../options"
import type { CurrencyOptions, LocationOptions } from "../options"
import type { CurrencySettings, LocationSettings, MerchantSettings, ServiceSettings } from "./settings-schema"

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
  /** One value per currency (the store's region currencies), e.g. `{ SEK: 99, DKK: 69 }`. */
  | { kind: "per_currency"; value: "money" | "markup" }
  /** A customer number from the carrier's customer list. */
  | { kind: "customer_number" }

export type FieldDescription = { option: string; label: string; help: string; input: FieldInput }

type FieldsOf<Settings, Options> = {
  readonly [K in keyof Required<Settings>]: FieldDescription & { option: keyof Options & string }
}

/*
 * One builder per kind of input, so that each row of the tables below holds only what differs
 * between settings: the option it overrides, its label, its help and what its input needs.
 */

function described<Option extends string>(option: Option, label: string, help: string, input: FieldInput) {
  return { option, label, help, input }
}

function onOff<Option extends string>(option: Option, label: string, help: string) {
  return described(option, label, help, { kind: "boolean" })
}

function textInput<Option extends string>(option: Option, label: string, help: string, placeholder?: string) {
  return described(option, label, help, placeholder === undefined ? { kind: "text" } : { kind: "text", placeholder })
}

function numberInput<Option extends string>(option: Option, label: string, help: string, shown: { placeholder?: string; unit?: string } = {}) {
  return described(option, label, help, { kind: "number", ...shown })
}

function choiceInput<Option extends string>(option: Option, label: string, help: string, choices: readonly { value: string; label: string }[]) {
  return described(option, label, help, { kind: "choice", choices })
}

/** Choices that are shown as they are stored (units). */
const shownAsIs = (values: readonly string[]) => values.map((value) => ({ value, label: value }))

function perCurrencyInput<Option extends string>(option: Option, label: string, help: string, value: "money" | "markup") {
  return described(option, label, help, { kind: "per_currency", value })
}

export const GENERAL_FIELDS = {
  test_mode: onOff("testMode", "Test mode", "Bookings are test bookings: labels print, but nothing is shipped or invoiced."),
  customer_number: textInput("customerNumber", "Customer number", "Your agreement number with the carrier (e.g. 5); agreement prices and bookings use it.", "e.g. 5"),
  prices_include_vat: onOff("pricesIncludeVat", "Prices include VAT", "Charge shoppers the carrier's price with VAT; off: without VAT (your tax settings add it)."),
  cod_account_number: textInput("codAccountNumber", "Cash-on-delivery account", "The bank account the carrier pays cash-on-delivery amounts into; needed before a service with cash on delivery can book.", "e.g. 12345678903"),
  return_qr_codes: onOff("returnQrCodes", "QR codes on returns", "Return labels come with a QR code the shopper shows at the counter instead of printing the label, on every return service that has them."),
  default_currency: textInput("defaultCurrency", "Default currency", "The currency of single-number prices (fallback, free from, fixed markup) and the base of every exchange rate.", "NOK"),
} as const satisfies FieldsOf<
  Omit<MerchantSettings, "services" | "currencies" | "locations" | "packaging" | "customs" | "tracking" | "delivery">,
  NordicParcelOptions
>

export const SERVICE_FIELDS = {
  offered: onOff("offered", "Offered", "Shown and priced at checkout. Off keeps the settings, so orders already placed still book."),
  name: textInput("name", "Name at checkout", "What shoppers see; empty: the carrier's name."),
  price_source: choiceInput("priceSource", "Price", "Your agreement price or the carrier's list price.", [
    { value: "net", label: "Agreement price" },
    { value: "list", label: "List price" },
  ]),
  fallback_price: numberInput("fallbackPrice", "Fallback price", "Charged when the carrier is slow or down; empty: the service is hidden then.", { placeholder: "none" }),
  markup: textInput("markup", "Markup", "Added to the carrier's price: p10p is +10 %, p20 is +20, m20 is −20 (amounts in the default currency).", "e.g. p10p"),
  free_shipping_threshold: numberInput("freeShippingThreshold", "Free from", "Cart subtotal from which shipping is free; empty: never.", { placeholder: "none" }),
  requires_pickup_point: onOff("requiresPickupPoint", "Pickup point required", "On: every parcel needs a pickup point; unset: where the carrier requires one (SERVICEPAKKE to Norway, PICKUP_PARCEL_BULK to Norway and Sweden)."),
  nearest_pickup_point_when_none_chosen: onOff("nearestPickupPointWhenNoneChosen", "Nearest pickup point when none is chosen", "Denmark: a parcel whose shopper chose no pickup point goes to the nearest one instead of the door."),
  is_return: onOff("isReturn", "Return service", "Booked from the shopper back to you, for returns made in Medusa."),
  return_price: choiceInput("returnPrice", "Return price", "What a shopper pays for a return they make in the storefront with this return service; empty: the carrier's price.", [
    { value: "carrier", label: "The carrier's price" },
    { value: "fixed", label: "A fixed price" },
    { value: "free", label: "Free" },
  ]),
  return_prices: perCurrencyInput("returnPrices", "Fixed return price per currency", "With \"A fixed price\": what a return costs in each currency; a currency without one has no return option.", "money"),
  return_service: described("returnService", "Free return", "A return label booked with every parcel, for the shopper to send it back.", { kind: "return_service" }),
  qr_codes: onOff("qrCodes", "QR codes", "QR codes on this service's return labels; unset: as \"QR codes on returns\" says for the store."),
  additional_services: described("additionalServices", "Additional services", "Carrier codes booked with every parcel, e.g. EVARSLING (text and e-mail notice), 1081 (mailbox).", { kind: "list", placeholder: "e.g. EVARSLING, 1081" }),
  customer_number: textInput("customerNumber", "Customer number", "Books this service on another agreement number; empty: the default one.", "default"),
  fallback_prices: perCurrencyInput("fallbackPrices", "Fallback price per currency", "For carts in that currency; the single fallback price is in the default currency.", "money"),
  free_shipping_thresholds: perCurrencyInput("freeShippingThresholds", "Free from, per currency", "For carts in that currency; the single threshold is in the default currency.", "money"),
  alternative_delivery_dates: numberInput("alternativeDeliveryDates", "Delivery days to choose from", "Later days the shopper may choose besides the expected one, 0 to 9 (0: no choice); only PA_DOREN, 5600 and OIL_EXPRESS take a requested day. Empty: 5.", { placeholder: "5", unit: "days" }),
  markups: perCurrencyInput("markups", "Markup per currency", "For carts in that currency, e.g. p25 (+25 SEK). A currency without its own takes the markup above: a percentage as it is, an amount converted at the currency's exchange rate.", "markup"),
} as const satisfies FieldsOf<ServiceSettings, ServiceOptions>

/** One currency of the store's regions: how the carrier's prices are brought into it. */
export const CURRENCY_FIELDS = {
  exchange_rate: numberInput("exchangeRate", "Exchange rate", "Units of this currency for one unit of the default currency (1 NOK = 0.95 SEK: 0.95). Without it, carrier prices in another currency are not converted.", { placeholder: "none" }),
  rounding: choiceInput("rounding", "Rounding", "How carrier prices converted into this currency are rounded; always up, so a converted price covers the carrier's. Prices the carrier gives in this currency are used as they are.", [
    { value: "none", label: "To the cent" },
    { value: "whole", label: "Up to whole units" },
    { value: "up_to_9", label: "Up to an amount ending in 9" },
  ]),
} as const satisfies FieldsOf<CurrencySettings, CurrencyOptions>

/** One stock location: its agreement and what the label needs that Medusa's location does not hold. */
export const LOCATION_FIELDS = {
  customer_number: described("customerNumber", "Customer number", "Quotes and bookings from this location use it (e.g. a Swedish number for a Swedish warehouse); empty: the service's or the default one.", { kind: "customer_number" }),
  sender_name: textInput("senderName", "Sender name", "The name on the label; empty: the company on the location's address, else the location's name."),
  contact_name: textInput("contactName", "Contact person", "Who the carrier asks for at this location."),
  email: textInput("email", "E-mail", "The sender's e-mail on bookings.", "warehouse@example.com"),
  phone: textInput("phone", "Phone", "The sender's phone; empty: the location address's phone (most services need one).", "+46 31 123 45 67"),
  vat_number: textInput("vatNumber", "VAT number", "The sender's VAT number, for parcels that cross a border."),
  posting_at_post_office: onOff("postingAtPostOffice", "Handed in at a post office", "Parcels from this location are handed in at a post office: prices include the carrier's surcharge (SERVICEPAKKE, BPAKKE_DOR-DOR)."),
} as const satisfies FieldsOf<LocationSettings, LocationOptions>

export const PACKAGING_FIELDS = {
  weight_unit: choiceInput("weightUnit", "Weight unit of variants", "The unit your product variants' weights are in.", shownAsIs(["g", "kg", "lb", "oz"])),
  dimension_unit: choiceInput("dimensionUnit", "Size unit of variants", "The unit your product variants' length, width and height are in.", shownAsIs(["mm", "cm", "m", "in"])),
  default_item_weight: numberInput("defaultItemWeight", "Weight of a variant without one", "Assumed for variants with no weight, so their parcels can still be priced."),
  default_item_dimensions: described("defaultItemDimensions", "Size of a variant without one", "Assumed for variants with no size; empty: the size is left out of quotes.", { kind: "dimensions" }),
  packaging_weight: numberInput("packagingWeight", "Packaging weight", "Added to every parcel for the box and filling."),
} as const satisfies FieldsOf<NonNullable<MerchantSettings["packaging"]>, NordicParcelOptions["packaging"]>

export const CUSTOMS_FIELDS = {
  nature_of_transaction: choiceInput("natureOfTransaction", "Nature of transaction", "What the customs declaration says your exports are.", [
    { value: "SALE_OF_GOODS", label: "Sale of goods" },
    { value: "RETURNED_GOODS", label: "Returned goods" },
    { value: "GIFT", label: "Gift" },
    { value: "COMMERCIAL_SAMPLE", label: "Commercial sample" },
    { value: "DOCUMENTS", label: "Documents" },
    { value: "OTHER", label: "Other" },
  ]),
  ioss_number: textInput("iossNumber", "IOSS number", "Your EU VAT number for sales to EU shoppers (IM and 10 digits); declared on exports.", "IM0000000000"),
  vat_on_ecommerce: textInput("vatOnEcommerce", "VOEC number", "Your Norwegian VOEC number (7 digits): parcels into Norway then carry a customs declaration.", "1234567"),
} as const satisfies FieldsOf<NonNullable<MerchantSettings["customs"]>, NordicParcelOptions["customs"]>

/** Tracking settings override the non-secret part of `webhooks`. */
export const TRACKING_FIELDS = {
  event_groups: described("eventGroups", "Events to receive", "The carrier pushes these events for every booked parcel; Handed in and Delivered move the order.", { kind: "event_groups" }),
  auto_subscribe: onOff("autoSubscribe", "Follow every parcel", "Subscribe each booked parcel to the events above."),
  payload_retention_days: numberInput("payloadRetentionDays", "Keep raw callbacks", "Days the carrier's raw message is kept after its event is applied; the event itself is kept. Messages that could not be read are deleted after as many days.", { placeholder: "90", unit: "days" }),
} as const satisfies FieldsOf<NonNullable<MerchantSettings["tracking"]>, NordicParcelOptions["webhooks"]>

/** The delivery promise: when parcels are handed to the carrier. */
export const DELIVERY_FIELDS = {
  cut_off_time: textInput("cutOffTime", "Order cut-off time", "Orders placed after this time (HH:mm, Oslo time) ship the next working day; empty: no cut-off.", "e.g. 14:00"),
  lead_time_days: numberInput("leadTimeDays", "Lead time", "Working days between the order and handing the parcel to the carrier.", { placeholder: "0", unit: "working days" }),
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

/**
 * The settings beside the general ones and the services. A group overrides one group of options
 * field by field (tracking: the non-secret part of `webhooks`); a collection holds one entry per
 * currency code or stock location id. The merge (apply-settings.ts) and the view
 * (settings-view.ts) both walk these, so which settings go with which options is written once.
 */
export const FIELD_GROUPS = {
  packaging: { overrides: "packaging", fields: PACKAGING_FIELDS },
  customs: { overrides: "customs", fields: CUSTOMS_FIELDS },
  tracking: { overrides: "webhooks", fields: TRACKING_FIELDS },
  delivery: { overrides: "delivery", fields: DELIVERY_FIELDS },
} as const satisfies Partial<Record<keyof MerchantSettings, { overrides: keyof NordicParcelOptions; fields: FieldTable }>>

export const FIELD_COLLECTIONS = {
  currencies: CURRENCY_FIELDS,
  locations: LOCATION_FIELDS,
} as const satisfies Partial<Record<keyof MerchantSettings & keyof NordicParcelOptions, FieldTable>>

/** `Object.entries` that keeps the keys' names, for walking the tables above. */
export function entriesOf<Table extends object>(table: Table): [keyof Table & string, Table[keyof Table]][] {
  return Object.entries(table) as [keyof Table & string, Table[keyof Table]][]
}

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
