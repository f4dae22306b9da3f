import { parseSettingsPatch } from "../../../lib/settings/settings-schema"
import { fieldErrorsOf } from "../field-errors"
import { languageOf, texts } from "../i18n"
import { rebaseDraft } from "../draft"
import { pickupDayLabel, pickupWindowLabel } from "../pickup"
import { currencySummary, locationSummary, summaryRows, summaryValue } from "../summary"
import {
  DELIVERY_FIELDS,
  PACKAGING_FIELDS,
  SERVICE_FIELDS,
  TRACKING_FIELDS,
  type FieldDescription,
} from "../../../lib/settings/settings-fields"

/** The server's own 400 message for a body, as the admin receives it. */
function refusal(body: unknown): string {
  try {
    parseSettingsPatch(body)
  } catch (error) {
    return (error as Error).message
  }
  throw new Error("accepted")
}

describe("fieldErrorsOf: the server's 400 at the fields it names", () => {
  it.each<[string, unknown, string[]]>([
    ["a service's markup", { services: { PA_DOREN: { markup: "ten percent" } } }, ["services.PA_DOREN.markup"]],
    ["a list entry points at its list", { services: { "3584": { additional_services: [""] } } }, ["services.3584.additional_services"]],
    ["a group's field", { packaging: { weight_unit: "stone" } }, ["packaging.weight_unit"]],
    ["a general setting", { test_mode: "yes" }, ["test_mode"]],
    ["two fields at once", { customs: { ioss_number: "IM1", vat_on_ecommerce: "12" } }, ["customs.ioss_number", "customs.vat_on_ecommerce"]],
  ])("%s", (_, body, keys) => {
    const errors = fieldErrorsOf(refusal(body))
    expect(Object.keys(errors).sort()).toEqual([...keys].sort())
    for (const key of keys) expect(errors[key]!.length).toBeGreaterThan(3)
  })

  it("keeps the rule's words", () => {
    expect(fieldErrorsOf(refusal({ customs: { ioss_number: "IM1" } }))["customs.ioss_number"]).toContain("IM followed by 10 digits")
  })

  it("finds no field in a message that names none", () => {
    expect(fieldErrorsOf("Network error")).toEqual({})
  })
})

describe("admin texts follow the browser's language", () => {
  it.each<[string[], "nb" | "en"]>([
    [["nb-NO", "en"], "nb"],
    [["nn"], "nb"],
    [["no"], "nb"],
    [["en-GB", "nb"], "en"],
    [["de-DE"], "en"],
    [[], "en"],
  ])("%j → %s", (languages, expected) => {
    expect(languageOf(languages)).toBe(expected)
  })

  it("has every text in Norwegian, and fills in values", () => {
    const nb = texts("nb")
    expect(nb.t("pickupPoint")).toBe("Hentested")
    expect(nb.t("unconfirmed", { error: "timeout" })).toContain("(timeout)")
    expect(texts("en").t("expectedDelivery")).toBe("Expected delivery")
  })
})

describe("rebaseDraft: a refetch under a form keeps what the merchant typed", () => {
  const before = { markup: "10%", fallback_price: 99, offered: true }
  it.each<[string, Record<string, unknown>, Record<string, unknown>, Record<string, unknown>]>([
    ["nothing typed: the new server values", before, { ...before, fallback_price: 120 }, { ...before, fallback_price: 120 }],
    ["a typed field survives a refetch with the same values", { ...before, markup: "15%" }, before, { ...before, markup: "15%" }],
    [
      "a typed field survives, an untouched one follows the server",
      { ...before, markup: "15%" },
      { ...before, fallback_price: 120 },
      { ...before, markup: "15%", fallback_price: 120 },
    ],
    ["a field cleared by the merchant stays cleared", { ...before, markup: null }, { ...before, offered: false }, { ...before, markup: null, offered: false }],
    ["a field new on the server appears", before, { ...before, lead_time_days: 2 }, { ...before, lead_time_days: 2 }],
  ])("%s", (_, draft, next, expected) => {
    expect(rebaseDraft(draft, before, next)).toEqual(expected)
  })
})

describe("section summaries: each setting in words", () => {
  it.each<[string, FieldDescription, unknown, string]>([
    ["unset", SERVICE_FIELDS.fallback_price, null, "–"],
    ["a switch on", SERVICE_FIELDS.offered, true, "On"],
    ["a switch off", SERVICE_FIELDS.nearest_pickup_point_when_none_chosen, false, "Off"],
    ["a choice by its label", SERVICE_FIELDS.price_source, "net", "Agreement price"],
    ["a number with its unit", DELIVERY_FIELDS.lead_time_days, 2, "2 working days"],
    ["a list", SERVICE_FIELDS.additional_services, ["EVARSLING", "1081"], "EVARSLING, 1081"],
    ["an empty list", SERVICE_FIELDS.additional_services, [], "–"],
    ["event groups by label, not code", TRACKING_FIELDS.event_groups, ["HANDED_IN", "DELIVERED"], "Handed in, Delivered"],
    ["per currency", { option: "fallbackPrices", label: "Fallback", help: "", input: { kind: "per_currency", value: "money" } }, { SEK: 239, DKK: 169 }, "SEK 239, DKK 169"],
    ["dimensions", PACKAGING_FIELDS.default_item_dimensions, { length: 30, width: 20, height: 10 }, "30 × 20 × 10"],
  ])("%s", (_name, field, value, expected) => {
    expect(summaryValue(field, value)).toBe(expected)
  })

  it("lists the chosen settings in the fields' order", () => {
    const rows = summaryRows(SERVICE_FIELDS, { markup: "p10p", price_source: "list" }, ["markup", "price_source"])
    expect(rows).toEqual([
      { key: "price_source", label: "Price", value: "List price" },
      { key: "markup", label: "Markup", value: "p10p" },
    ])
  })
})

describe("a currency's summary: rate, rounding, the services' prices in it, what is missing", () => {
  const service = (values: Record<string, unknown>) => ({ offered: true, is_return: false, fallback_price: null, markup: null, fallback_prices: null, markups: null, free_shipping_threshold: null, free_shipping_thresholds: null, ...values })
  const settings = {
    default_currency: "NOK",
    currencies: { SEK: { exchange_rate: 0.95, rounding: "up_to_9" }, DKK: { exchange_rate: null, rounding: "whole" } },
    services: {
      PA_DOREN: service({ fallback_price: 149, markup: "p20", free_shipping_threshold: 1000 }),
      BUSINESS_PARCEL: service({ fallback_prices: { SEK: 239 }, markup: "p10p", markups: { SEK: "p25" } }),
      "9300": service({ is_return: true, fallback_price: 99 }),
      "3584": service({ offered: false, fallback_price: 59 }),
    },
  }
  const values = (code: string) => Object.fromEntries(currencySummary(code, settings, []).rows.map((row) => [row.label, row.value]))

  it.each<[string, string, Record<string, string>]>([
    [
      "the default currency: rate 1, the single prices",
      "NOK",
      {
        "Exchange rate": "1 (the default currency)",
        Rounding: "To the cent",
        "Fallback prices": "PA_DOREN 149; none for BUSINESS_PARCEL",
        "Free from": "PA_DOREN 1000",
        Markups: "PA_DOREN p20 · BUSINESS_PARCEL p10p",
      },
    ],
    [
      "SEK: its rate, its own prices, the NOK markup converted",
      "SEK",
      {
        "Exchange rate": "1 NOK = 0.95 SEK",
        Rounding: "Up to an amount ending in 9",
        "Fallback prices": "BUSINESS_PARCEL 239; none for PA_DOREN",
        "Free from": "–",
        Markups: "PA_DOREN p20 in NOK, converted at 0.95 · BUSINESS_PARCEL p25",
      },
    ],
    [
      "DKK without a rate: the NOK markup cannot be converted, a percentage applies",
      "DKK",
      {
        "Exchange rate": "–",
        Rounding: "Up to whole units",
        "Fallback prices": "none for PA_DOREN, BUSINESS_PARCEL",
        "Free from": "–",
        Markups: "PA_DOREN p20 in NOK: no rate to convert it · BUSINESS_PARCEL p10p",
      },
    ],
  ])("%s (return and switched-off services left out)", (_name, code, expected) => {
    expect(values(code)).toEqual(expected)
  })

  it("names the missing rate and the options a region in the currency cannot price", () => {
    const unpriceable = [
      { region_name: "Denmark", currency_code: "dkk", shipping_option_name: "Business parcel", location_name: "Oslo", reason: "no exchange rate for DKK (to convert NOK to DKK)" },
      { region_name: "Sweden", currency_code: "sek", shipping_option_name: "Home", location_name: "Oslo", reason: "other" },
    ]
    expect(currencySummary("DKK", settings, unpriceable).missing).toEqual([
      "No exchange rate: carrier prices in other currencies are not converted into DKK.",
      "Business parcel from Oslo cannot be priced in Denmark: no exchange rate for DKK (to convert NOK to DKK).",
    ])
    expect(currencySummary("NOK", settings, unpriceable).missing).toEqual([])
  })
})

describe("a warehouse's summary: customer number, sender, contact, what is missing", () => {
  const gothenburg = { id: "sloc_gbg", name: "Gothenburg warehouse", address: { city: "Göteborg", country_code: "SE", postal_code: "41101", phone: "+46311234567", company: null } }
  const customers = [{ customer_number: "8", name: "Testkund Paket Sverige", country_code: "SE" }]
  const none = { customer_number: null, sender_name: null, contact_name: null, email: null, phone: null, vat_number: null }

  it("its own number named from the carrier's list, the sender and contact the merchant set", () => {
    const summary = locationSummary(gothenburg, { ...none, customer_number: "8", sender_name: "Nordisk Hage AB", contact_name: "Lisa Lager", email: "goteborg@nordiskhage.se", vat_number: "SE556677889901" }, "5", customers)
    expect(summary.rows).toEqual([
      { key: "customer_number", label: "Customer number", value: "8 · Testkund Paket Sverige (SE)" },
      { key: "sender", label: "Sender", value: "Nordisk Hage AB" },
      { key: "contact", label: "Contact", value: "Lisa Lager · goteborg@nordiskhage.se · +46311234567" },
      { key: "vat_number", label: "VAT number", value: "SE556677889901" },
    ])
    expect(summary.missing).toEqual([])
  })

  it("without settings: the default number, the location's name and phone", () => {
    const summary = locationSummary(gothenburg, none, "5", customers)
    expect(summary.rows.map((row) => row.value)).toEqual(["The service's or the default one (5)", "Gothenburg warehouse (from the location)", "+46311234567"])
    expect(summary.missing).toEqual([])
  })

  it.each<[string, Parameters<typeof locationSummary>[0], Record<string, unknown>, Parameters<typeof locationSummary>[3], string[]]>([
    ["no phone anywhere", { ...gothenburg, address: { ...gothenburg.address, phone: null } }, none, customers, ["No phone: most services need the sender's phone. Set one here or on the location's address."]],
    ["a phone set for the location is enough", { ...gothenburg, address: { ...gothenburg.address, phone: null } }, { ...none, phone: "+4631000000" }, customers, []],
    ["no address", { id: "sloc_x", name: "Pop-up", address: null }, { ...none, phone: "+4712345678" }, customers, ["No country or postal code in the location's address: the carrier cannot quote or book from it."]],
    ["a number the carrier does not list", gothenburg, { ...none, customer_number: "42" }, customers, ["Customer number 42 is not in the carrier's customer list for your credentials."]],
    ["nothing said about the number while the list is unknown", gothenburg, { ...none, customer_number: "42" }, undefined, []],
  ])("missing: %s", (_name, location, values, listed, expected) => {
    expect(locationSummary(location, values, "5", listed).missing).toEqual(expected)
  })
})

describe("pickup day and window as the merchant reads them (carrier time)", () => {
  it.each([
    ["en-GB", { earliest_pickup_at: "2026-11-24T08:00:00.000Z", latest_pickup_at: "2026-11-24T15:00:00.000Z" }, "09:00–16:00"],
    ["nb-NO", { earliest_pickup_at: "2026-06-24T07:00:00.000Z", latest_pickup_at: "2026-06-24T14:00:00.000Z" }, "09:00–16:00"],
    ["en-GB", { earliest_pickup_at: "2026-11-24T08:00:00.000Z", latest_pickup_at: null }, "≥ 09:00"],
    ["en-GB", { earliest_pickup_at: null, latest_pickup_at: null }, ""],
    ["en-GB", { earliest_pickup_at: "2026-11-23T23:00:00.000Z", latest_pickup_at: "2026-11-24T23:00:00.000Z" }, "all day"],
    ["nb-NO", { earliest_pickup_at: "2026-06-23T22:00:00.000Z", latest_pickup_at: "2026-06-23T22:00:00.000Z" }, "hele dagen"],
  ])("%s %j", (locale, order, label) => {
    expect(pickupWindowLabel(order, locale, texts(locale.startsWith("nb") ? "nb" : "en").t("pickupAllDay"))).toBe(label)
  })

  it("names the day in the browser's language", () => {
    expect(pickupDayLabel("2026-11-24", "en-GB")).toBe("Tue 24 Nov")
    expect(pickupDayLabel("2026-11-24", "nb-NO")).toMatch(/^tir\.? 24\.? nov/)
  })

  it("has every pickup text in Norwegian too", () => {
    expect(texts("nb").t("orderPickup")).toBe("Bestill henting")
    expect(texts("en").t("pickupWindow", { date: "Tue 24 Nov", window: "09:00–16:00" })).toBe("The carrier comes Tue 24 Nov, 09:00–16:00")
  })
})
