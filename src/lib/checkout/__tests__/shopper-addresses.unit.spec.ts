import { shownAddressOf } from "../pickup-point"
import { postalCodePlaces } from "../postal-code-places"

describe("pickup point: the visiting address first", () => {
  const postal = { address: "POSTBOKS 4120", postalCode: "0101", city: "OSLO" }
  const visiting = { visitingAddress: "Storgata 12", visitingPostalCode: "0155", visitingCity: "OSLO" }
  it.each([
    [
      "a PO box and a street: the street shown, the PO box kept apart",
      { ...postal, ...visiting },
      { shown: { address: "Storgata 12", postal_code: "0155", city: "OSLO" }, postal: { address: "POSTBOKS 4120", postal_code: "0101", city: "OSLO" } },
    ],
    ["the same address twice: shown once", { address: "Storgata 12", postalCode: "0155", city: "OSLO", ...visiting }, { shown: { address: "Storgata 12", postal_code: "0155", city: "OSLO" } }],
    ["no visiting address: the postal one", { ...postal }, { shown: { address: "POSTBOKS 4120", postal_code: "0101", city: "OSLO" } }],
    ["a blank visiting address: the postal one", { ...postal, visitingAddress: "  " }, { shown: { address: "POSTBOKS 4120", postal_code: "0101", city: "OSLO" } }],
    [
      "a visiting street without its postal code and city: those of the postal address",
      { ...postal, visitingAddress: "Storgata 12" },
      { shown: { address: "Storgata 12", postal_code: "0101", city: "OSLO" }, postal: { address: "POSTBOKS 4120", postal_code: "0101", city: "OSLO" } },
    ],
    ["only a visiting address", { ...visiting }, { shown: { address: "Storgata 12", postal_code: "0155", city: "OSLO" } }],
  ])("%s", (_case, point, expected) => {
    expect(shownAddressOf(point)).toEqual(expected)
  })
})

describe("postal-code autofill: every place of a code, none picked", () => {
  it.each([
    ["one place", [{ city: "BERGEN", postalcode: "5004", postalCodeType: "NORMAL" }], { postal_code: "5004", city: "BERGEN", type: "NORMAL", cities: ["BERGEN"] }],
    [
      "two places of one code: both, and no city chosen",
      [
        { city: "SLATTUM", postalcode: "1480", postalCodeType: "NORMAL" },
        { city: "NITTEDAL", postalcode: "1480", postalCodeType: "NORMAL" },
      ],
      { postal_code: "1480", city: null, type: "NORMAL", cities: ["SLATTUM", "NITTEDAL"] },
    ],
    [
      "a place named twice counts once",
      [
        { city: "OSLO", postalcode: "0150", postalCodeType: "NORMAL" },
        { city: "OSLO ", postalcode: "0150", postalCodeType: "NORMAL" },
      ],
      { postal_code: "0150", city: "OSLO", type: "NORMAL", cities: ["OSLO"] },
    ],
    [
      "places of different types: the type is unknown",
      [
        { city: "A", postalcode: "9999", postalCodeType: "NORMAL" },
        { city: "B", postalcode: "9999", postalCodeType: "PO_BOX" },
      ],
      { postal_code: "9999", city: null, type: null, cities: ["A", "B"] },
    ],
    ["a record without a city", [{ postalcode: "0001", postalCodeType: "UNKNOWN" }], { postal_code: "0001", city: null, type: "UNKNOWN", cities: [] }],
  ])("%s", (_case, records, expected) => {
    expect(postalCodePlaces("asked", records)).toEqual(expected)
  })
})
