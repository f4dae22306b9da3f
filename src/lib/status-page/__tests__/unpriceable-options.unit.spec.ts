import { parseOptions } from "../../options"
import { unpriceableOptions, type CarrierShippingOption, type PricedRegion } from "../unpriceable-options"

const regions: PricedRegion[] = [
  { id: "reg_no", name: "Norway", currency_code: "nok", countries: ["no"] },
  { id: "reg_se", name: "Sweden", currency_code: "sek", countries: ["se"] },
  { id: "reg_dk", name: "Denmark", currency_code: "dkk", countries: ["dk"] },
]
const oslo = { id: "sloc_oslo", name: "Oslo", country_code: "NO" }
const gothenburg = { id: "sloc_gbg", name: "Gothenburg", country_code: "se" }
const option = (id: string, code: string, location: CarrierShippingOption["location"], countries: string[], extra: Record<string, unknown> = {}): CarrierShippingOption => ({
  id,
  name: `Carrier ${code}`,
  data: { service_code: code, ...extra },
  location,
  zone_countries: countries,
})
const shippingOptions = [
  option("so_oslo", "BUSINESS_PARCEL", oslo, ["no", "se", "dk"]),
  option("so_gbg", "BUSINESS_PARCEL", gothenburg, ["se"]),
  option("so_ret", "9300", oslo, ["no", "se", "dk"], { is_return: true }),
]
const base = { baseUrl: "https://carrier.test", apiUid: "uid", apiKey: "key" }

describe("unpriceableOptions", () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    ["without rates: every region whose currency is not the warehouse's", { services: [{ code: "BUSINESS_PARCEL" }] }, ["so_oslo reg_se", "so_oslo reg_dk"]],
    ["the SEK rate prices Sweden from Oslo", { currencies: { SEK: { exchangeRate: 0.95 } }, services: [{ code: "BUSINESS_PARCEL" }] }, ["so_oslo reg_dk"]],
    ["a DKK fallback prices Denmark", { services: [{ code: "BUSINESS_PARCEL", fallbackPrices: { DKK: 69, SEK: 99 } }] }, []],
    ["the single fallback is NOK's only", { services: [{ code: "BUSINESS_PARCEL", fallbackPrice: 99 }] }, ["so_oslo reg_se", "so_oslo reg_dk"]],
    ["a service switched off is not offered anywhere", { services: [{ code: "BUSINESS_PARCEL", offered: false }] }, []],
    [
      "a fixed NOK markup cannot be converted for Gothenburg's SEK price without a SEK rate",
      { services: [{ code: "BUSINESS_PARCEL", markup: "p20" }] },
      ["so_oslo reg_se", "so_oslo reg_dk", "so_gbg reg_se"],
    ],
    ["… unless SEK has a markup of its own", { services: [{ code: "BUSINESS_PARCEL", markup: "p20", markups: { SEK: "p25" } }] }, ["so_oslo reg_se", "so_oslo reg_dk"]],
    ["… or a rate", { currencies: { SEK: { exchangeRate: 0.95 } }, services: [{ code: "BUSINESS_PARCEL", markup: "p20" }] }, ["so_oslo reg_dk"]],
    ["a percentage markup needs no rate", { services: [{ code: "BUSINESS_PARCEL", markup: "p10p" }] }, ["so_oslo reg_se", "so_oslo reg_dk"]],
  ])("%s", (_name, extra, expected) => {
    const found = unpriceableOptions(parseOptions({ ...base, ...extra }), regions, shippingOptions)
    expect(found.map((f) => `${f.shipping_option_id} ${f.region_id}`)).toEqual(expected)
  })

  it("names the markup that cannot be converted and what to set", () => {
    const found = unpriceableOptions(parseOptions({ ...base, services: [{ code: "BUSINESS_PARCEL", markup: "p20" }] }), regions, shippingOptions)
    expect(found.find((f) => f.shipping_option_id === "so_gbg")).toMatchObject({
      region_id: "reg_se",
      carrier_currency_code: "sek",
      reason: "the markup p20 is in NOK and there is no exchange rate for SEK, and no fallback price in SEK: set a markup in SEK, the exchange rate of SEK or a fallback price in SEK",
    })
  })

  it("names the missing rate and what to set", () => {
    const [denmark] = unpriceableOptions(parseOptions({ ...base, currencies: { SEK: { exchangeRate: 0.95 } } }), regions, shippingOptions)
    expect(denmark).toEqual({
      region_id: "reg_dk",
      region_name: "Denmark",
      currency_code: "dkk",
      shipping_option_id: "so_oslo",
      shipping_option_name: "Carrier BUSINESS_PARCEL",
      service_code: "BUSINESS_PARCEL",
      location_id: "sloc_oslo",
      location_name: "Oslo",
      carrier_currency_code: "nok",
      reason: "no exchange rate for DKK (to convert NOK to DKK), and no fallback price in DKK: set the exchange rate of DKK or a fallback price in DKK",
    })
  })
})
