import { shippingLookupRequestSchema, shippingLookupResponseSchema, type GuiInformation } from "../../carrier/schemas/shipping"
import { CarrierNameCache } from "../carrier-name-cache"
import { carrierServiceNames } from "../carrier-names"
import { namesLookupRequest } from "../names-lookup-request"
import { serviceLabel, serviceLabels, withCode } from "../service-label"

/** A lookup answer as the carrier sends it, parsed like the client parses it. */
function answer(products: { id: string; guiInformation?: Partial<Record<keyof GuiInformation, string | null>> | null }[]) {
  return shippingLookupResponseSchema.parse({ consignments: [{ id: "1", products }] })
}

describe("carrierServiceNames: the carrier's display names from a lookup answer", () => {
  it.each([
    [
      "display name and description",
      { displayName: "Klimanøytral Servicepakke", productName: "Servicepakke", descriptionText: "Hentes på et hentested." },
      { name: "Klimanøytral Servicepakke", description: "Hentes på et hentested." },
    ],
    ["product name when the display name is missing", { productName: "Servicepakke" }, { name: "Servicepakke", description: null }],
    ["product name when the display name is blank", { displayName: "  ", productName: "Servicepakke" }, { name: "Servicepakke", description: null }],
    ["short name when both are missing", { displayName: null, shortName: "SP" }, { name: "SP", description: null }],
    ["trimmed texts", { displayName: " På Døren ", descriptionText: " Leveres på døren. " }, { name: "På Døren", description: "Leveres på døren." }],
    ["no name at all, only a description", { descriptionText: "Små pakker." }, { name: null, description: "Små pakker." }],
    ["blank description", { displayName: "På Døren", descriptionText: "" }, { name: "På Døren", description: null }],
  ])("%s", (_case, gui, expected) => {
    expect(carrierServiceNames(answer([{ id: "SERVICEPAKKE", guiInformation: gui }]))).toEqual({ SERVICEPAKKE: expected })
  })

  it("keeps codes the plugin's catalogue does not know, and leaves out products without GuiInformation", () => {
    const names = carrierServiceNames(
      answer([
        { id: "NEW_SERVICE_2027", guiInformation: { displayName: "Ny tjeneste" } },
        { id: "PA_DOREN" },
        { id: "3584", guiInformation: null },
      ])
    )
    expect(names).toEqual({ NEW_SERVICE_2027: { name: "Ny tjeneste", description: null } })
  })

  it("takes a service answered in two consignments once, the first name winning", () => {
    const response = shippingLookupResponseSchema.parse({
      consignments: [
        { id: "1", products: [{ id: "PA_DOREN", guiInformation: { displayName: "På Døren" } }] },
        { id: "2", products: [{ id: "PA_DOREN", guiInformation: { displayName: "Other", descriptionText: "Til døren." } }] },
      ],
    })
    expect(carrierServiceNames(response)).toEqual({ PA_DOREN: { name: "På Døren", description: "Til døren." } })
  })

  it("is empty for an answer without products", () => {
    expect(carrierServiceNames(shippingLookupResponseSchema.parse({ consignments: [] }))).toEqual({})
  })
})

describe("serviceLabel: merchant's name > carrier's display name > catalogue name > code", () => {
  const carrier = { name: "Klimanøytral Servicepakke", description: "Hentes på et hentested." }
  it.each([
    ["the merchant's name first", "SERVICEPAKKE", "Collect nearby", carrier, "Collect nearby", "merchant"],
    ["the carrier's over the catalogue", "SERVICEPAKKE", undefined, carrier, "Klimanøytral Servicepakke", "carrier"],
    ["a blank merchant name does not count", "SERVICEPAKKE", "   ", carrier, "Klimanøytral Servicepakke", "carrier"],
    ["the catalogue without the carrier", "SERVICEPAKKE", undefined, undefined, "Pickup point parcel", "catalogue"],
    ["the catalogue when the carrier had no name", "SERVICEPAKKE", null, { name: null, description: "x" }, "Pickup point parcel", "catalogue"],
    ["the carrier's for a code the catalogue does not know", "NEW_2027", undefined, { name: "Ny", description: null }, "Ny", "carrier"],
    ["the code when nobody named it", "NEW_2027", undefined, undefined, "NEW_2027", "code"],
  ])("%s", (_case, code, merchantName, carrierName, name, source) => {
    expect(serviceLabel(code, { merchantName, carrier: carrierName })).toMatchObject({ code, name, source })
  })

  it("puts the code second, and keeps the carrier's description under any name", () => {
    expect(serviceLabel("SERVICEPAKKE", { merchantName: "Collect nearby", carrier })).toEqual({
      code: "SERVICEPAKKE",
      name: "Collect nearby",
      description: "Hentes på et hentested.",
      source: "merchant",
      label: "Collect nearby · SERVICEPAKKE",
    })
    expect(serviceLabel("SERVICEPAKKE").label).toBe("Pickup point parcel · SERVICEPAKKE")
    expect(serviceLabel("NEW_2027").label).toBe("NEW_2027")
    expect(withCode("Cargo", "5100")).toBe("Cargo · 5100")
  })

  it("labels several codes with the merchant's names from the options", () => {
    const labels = serviceLabels(["PA_DOREN", "3584"], [{ code: "PA_DOREN", name: "Evening" }, { code: "3584" }], (code) =>
      code === "3584" ? { name: "Pakke i postkassen", description: null } : undefined
    )
    expect(labels.PA_DOREN.label).toBe("Evening · PA_DOREN")
    expect(labels["3584"].label).toBe("Pakke i postkassen · 3584")
  })
})

describe("namesLookupRequest", () => {
  it("asks only for the display texts, once per code, on a route from the sender to itself, valid for the client", () => {
    const request = namesLookupRequest(["PA_DOREN", "3584", "PA_DOREN", " "], { countryCode: "NO", postalCode: "0150" })!
    expect(request).toMatchObject({ withGuiInformation: true, withPrice: false, withExpectedDelivery: false })
    expect(request.consignments).toEqual([
      expect.objectContaining({
        products: [{ id: "PA_DOREN" }, { id: "3584" }],
        fromCountryCode: "NO",
        fromPostalCode: "0150",
        toCountryCode: "NO",
        toPostalCode: "0150",
      }),
    ])
    expect(shippingLookupRequestSchema.safeParse(request).success).toBe(true)
  })

  it("asks nothing without codes", () => {
    expect(namesLookupRequest([], { countryCode: "NO", postalCode: "0150" })).toBeNull()
  })
})

describe("CarrierNameCache", () => {
  const clock = { now: 0 }
  const cache = () => new CarrierNameCache(() => clock.now, 1000)
  beforeEach(() => (clock.now = 0))

  it("forgets a name after its lifetime", () => {
    const names = cache()
    names.learn({ PA_DOREN: { name: "På Døren", description: null } })
    clock.now = 999
    expect(names.get("PA_DOREN")?.name).toBe("På Døren")
    clock.now = 1000
    expect(names.get("PA_DOREN")).toBeUndefined()
  })

  it("asks once for the missing codes only, shares a request in flight, and remembers codes the carrier did not name", async () => {
    const names = cache()
    names.learn({ PA_DOREN: { name: "På Døren", description: null } })
    const asked: string[][] = []
    const ask = async (codes: string[]) => {
      asked.push(codes)
      return { SERVICEPAKKE: { name: "Klimanøytral Servicepakke", description: null } }
    }
    await Promise.all([names.fill(["PA_DOREN", "SERVICEPAKKE", "UNKNOWN"], ask), names.fill(["UNKNOWN", "SERVICEPAKKE"], ask)])
    expect(asked).toEqual([["SERVICEPAKKE", "UNKNOWN"]])
    expect(names.get("SERVICEPAKKE")?.name).toBe("Klimanøytral Servicepakke")
    expect(names.get("UNKNOWN")).toEqual({ name: null, description: null })
    await names.fill(["UNKNOWN", "SERVICEPAKKE", "PA_DOREN"], ask)
    expect(asked).toHaveLength(1)
  })

  it("never throws when the carrier fails, keeps nothing, and asks again next time", async () => {
    const names = cache()
    const errors: unknown[] = []
    await expect(names.fill(["PA_DOREN"], () => Promise.reject(new Error("503")), (e) => errors.push(e))).resolves.toBeUndefined()
    expect(errors).toHaveLength(1)
    expect(names.missing(["PA_DOREN"])).toEqual(["PA_DOREN"])
    await names.fill(["PA_DOREN"], async () => ({ PA_DOREN: { name: "På Døren", description: null } }))
    expect(names.get("PA_DOREN")?.name).toBe("På Døren")
  })
})
