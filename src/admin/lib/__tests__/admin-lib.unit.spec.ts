import { parseSettingsPatch } from "../../../lib/settings/settings-schema"
import { fieldErrorsOf } from "../field-errors"
import { languageOf, texts } from "../i18n"
import { rebaseDraft } from "../draft"

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
