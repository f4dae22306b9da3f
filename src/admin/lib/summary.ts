/*
 * The settings page's values in words: each section is a summary (`currencySummary`,
 * `locationSummary`, ...) edited in a drawer (admin/components/edit-drawer.tsx). Markup wording from
 * lib/pricing/markup.ts.
 */
import type { CurrencyTable } from "../../lib/pricing/currency-conversion"
import { markupInCurrency } from "../../lib/pricing/markup"
import type { RoundingRule } from "../../lib/pricing/rounding"
import { CURRENCY_FIELDS, LOCATION_FIELDS, type FieldDescription } from "../../lib/settings/settings-fields"
import { eventGroupLabel } from "../../lib/tracking/event-groups"

/**
 * A setting's value as a section summary shows it: short, in words, "–" when unset. Pure, so the
 * summary of every section (services, groups, and any later section) reads the same.
 */
export function summaryValue(field: FieldDescription, value: unknown): string {
  if (value === null || value === undefined || value === "") return "–"
  const input = field.input
  switch (input.kind) {
    case "boolean":
      return value ? "On" : "Off"
    case "choice":
      return input.choices.find((choice) => choice.value === value)?.label ?? String(value)
    case "number":
      return input.unit ? `${String(value)} ${input.unit}` : String(value)
    case "dimensions": {
      const d = value as { length: number; width: number; height: number }
      return `${d.length} × ${d.width} × ${d.height}`
    }
    case "list":
      return Array.isArray(value) && value.length > 0 ? value.join(", ") : "–"
    case "per_currency": {
      const entries = Object.entries(value as Record<string, unknown>)
      return entries.length > 0 ? entries.map(([currency, amount]) => `${currency} ${String(amount)}`).join(", ") : "–"
    }
    case "event_groups":
      return Array.isArray(value) && value.length > 0 ? value.map(String).map(eventGroupLabel).join(", ") : "–"
    default:
      return String(value)
  }
}

/** The summary rows of a group of settings, in the fields' order, limited to `keys` when given. */
export function summaryRows(
  fields: Readonly<Record<string, FieldDescription>>,
  values: Record<string, unknown>,
  keys?: readonly string[]
): { key: string; label: string; value: string }[] {
  return Object.entries(fields)
    .filter(([key]) => !keys || keys.includes(key))
    .map(([key, field]) => ({ key, label: field.label, value: summaryValue(field, values[key]) }))
}

export type SummaryRow = { key: string; label: string; value: string }

/** The merchant's values of one service, as GET /admin/nordic-parcel/settings `effective.services` has them. */
type ServiceValues = Record<string, unknown>

/** What the summary of a currency or a warehouse shows: rows, and what is missing, each in one sentence. */
export type EntrySummary = { rows: SummaryRow[]; missing: string[] }

const perCurrency = (value: unknown): Record<string, string | number> => (value ?? {}) as Record<string, string | number>

/**
 * The offered outgoing services' prices in a currency, one row per kind so the summary stays three
 * rows however many services there are: each service's fallback price and free-from amount there
 * (its own, or the single one in the default currency), and its markup as checkout applies it (the
 * currency's own, else the single one: a percentage as it is, a fixed amount converted at the
 * rate, or named as not convertible). Services are named by code, the summary's short form.
 */
function servicePriceRows(code: string, services: [string, ServiceValues][], table: CurrencyTable): SummaryRow[] {
  const isDefault = code === table.defaultCurrency
  const inCurrency = (service: ServiceValues, perCurrencyKey: string, singleKey: string) =>
    perCurrency(service[perCurrencyKey])[code] ?? (isDefault ? (service[singleKey] as number | null) : null) ?? undefined
  const listed = (entries: [string, string | undefined][]) =>
    entries.filter(([, value]) => value !== undefined).map(([service, value]) => `${service} ${value}`).join(" · ")
  const fallbacks = services.map(([service, values]) => [service, inCurrency(values, "fallback_prices", "fallback_price")?.toString()] as [string, string | undefined])
  const without = fallbacks.filter(([, value]) => value === undefined).map(([service]) => service)
  const markups = services.map(([service, values]): [string, string | undefined] => {
    const markup = markupInCurrency((values.markup as string | null) ?? undefined, perCurrency(values.markups) as Record<string, string>, code, table, service)
    switch (markup.kind) {
      case "none":
        return [service, undefined]
      case "converted":
        return [service, `${markup.markup} in ${markup.from}, converted at ${Number(markup.rate.toFixed(6))}`]
      case "unconvertible":
        return [service, `${markup.markup} in ${markup.from}: no rate to convert it`]
      default:
        return [service, markup.markup]
    }
  })
  return [
    {
      key: "fallback_prices",
      label: "Fallback prices",
      value: [listed(fallbacks), without.length > 0 ? `none for ${without.join(", ")}` : ""].filter(Boolean).join("; "),
    },
    { key: "free_shipping_thresholds", label: "Free from", value: listed(services.map(([service, values]) => [service, inCurrency(values, "free_shipping_thresholds", "free_shipping_threshold")?.toString()])) || "–" },
    { key: "markups", label: "Markups", value: listed(markups) || "–" },
  ]
}

/** The offered services sold to shoppers, whose prices a currency needs (a return is priced by the shopper's country, not in a cart). */
export function servicesSold(services: Record<string, ServiceValues>): [string, ServiceValues][] {
  return Object.entries(services).filter(([, service]) => service.offered !== false && service.is_return !== true)
}

/** A currency of the store's regions: one problem the status route reports for it. */
export type UnpriceableInCurrency = { region_name: string; currency_code: string; shipping_option_name: string; location_name: string; reason: string }

/**
 * A currency's summary: its rate against the default currency, its rounding, the offered outgoing
 * services' fallback prices, free-from amounts and markups in it, and what is missing (the rate,
 * and every shipping option a region in it cannot be priced for, with the reason).
 */
export function currencySummary(
  code: string,
  settings: { default_currency: string; currencies: Record<string, Record<string, unknown>>; services: Record<string, ServiceValues> },
  unpriceable: readonly UnpriceableInCurrency[]
): EntrySummary {
  const defaultCurrency = settings.default_currency
  const table: CurrencyTable = {
    defaultCurrency,
    currencies: Object.fromEntries(
      Object.entries(settings.currencies).map(([currency, values]) => [
        currency,
        { exchangeRate: (values.exchange_rate as number | null) ?? undefined, rounding: (values.rounding as RoundingRule | null) ?? "none" },
      ])
    ),
  }
  const own = settings.currencies[code] ?? {}
  const isDefault = code === defaultCurrency
  const rate = own.exchange_rate as number | null | undefined
  const rows: SummaryRow[] = [
    {
      key: "exchange_rate",
      label: CURRENCY_FIELDS.exchange_rate.label,
      value: isDefault ? "1 (the default currency)" : rate ? `1 ${defaultCurrency} = ${rate} ${code}` : "–",
    },
    { key: "rounding", label: CURRENCY_FIELDS.rounding.label, value: summaryValue(CURRENCY_FIELDS.rounding, own.rounding ?? "none") },
    ...servicePriceRows(code, servicesSold(settings.services), table),
  ]
  const missing = [
    ...(!isDefault && !rate ? [`No exchange rate: carrier prices in other currencies are not converted into ${code}.`] : []),
    ...unpriceable
      .filter((u) => u.currency_code.toUpperCase() === code)
      .map((u) => `${u.shipping_option_name} from ${u.location_name} cannot be priced in ${u.region_name}: ${u.reason}.`),
  ]
  return { rows, missing }
}

/** A stock location as the admin lists it. */
export type WarehouseLocation = {
  id: string
  name: string
  address?: { city?: string | null; country_code?: string | null; postal_code?: string | null; phone?: string | null; company?: string | null } | null
}
/** A customer number of the carrier's customer list. */
export type ListedCustomer = { customer_number: string; name: string | null; country_code: string | null }

/**
 * A warehouse's summary: the customer number its quotes and bookings use (its own, named from the
 * carrier's list, else the default), the sender on its labels and its contact details, and what
 * is missing (an address the carrier needs, a phone, a number the carrier's list does not hold).
 * `customers` is undefined while the list is loading or unavailable: nothing is said about it then.
 */
export function locationSummary(
  location: WarehouseLocation,
  values: Record<string, unknown>,
  defaultCustomerNumber: string | null | undefined,
  customers: readonly ListedCustomer[] | undefined
): EntrySummary {
  const text = (key: string) => (typeof values[key] === "string" && values[key] !== "" ? (values[key] as string) : undefined)
  const number = text("customer_number")
  const listed = number ? customers?.find((c) => c.customer_number === number) : undefined
  const address = location.address ?? {}
  const phone = text("phone") ?? address.phone ?? undefined
  const sender = text("sender_name") ?? address.company ?? location.name
  const contact = [text("contact_name"), text("email"), phone].filter(Boolean).join(" · ")
  const rows: SummaryRow[] = [
    {
      key: "customer_number",
      label: LOCATION_FIELDS.customer_number.label,
      value: number
        ? `${number}${listed?.name ? ` · ${listed.name}` : ""}${listed?.country_code ? ` (${listed.country_code})` : ""}`
        : `The service's or the default one${defaultCustomerNumber ? ` (${defaultCustomerNumber})` : ""}`,
    },
    { key: "sender", label: "Sender", value: text("sender_name") ? sender : `${sender} (from the location)` },
    { key: "contact", label: "Contact", value: contact || "–" },
    ...(text("vat_number") ? [{ key: "vat_number", label: LOCATION_FIELDS.vat_number.label, value: text("vat_number")! }] : []),
  ]
  const missing = [
    ...(!address.country_code || !address.postal_code ? ["No country or postal code in the location's address: the carrier cannot quote or book from it."] : []),
    ...(!phone ? ["No phone: most services need the sender's phone. Set one here or on the location's address."] : []),
    ...(number && customers && !listed ? [`Customer number ${number} is not in the carrier's customer list for your credentials.`] : []),
  ]
  return { rows, missing }
}
