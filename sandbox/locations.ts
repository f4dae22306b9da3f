import { findCountry, type Country } from "./data/countries"
import {
  COUNTRIES_WITH_POSTAL_TABLE,
  findPostalCodeArea,
  normalisePostalCode,
  type PostalCodeArea,
} from "./data/postal-codes"
import type { LatLon } from "./geo"

/** A country and postal code the sandbox can place on the map. */
export interface Place {
  country: Country
  postalCode: string
  location: LatLon
  /** Present for the countries with a postal-code table. */
  area?: PostalCodeArea
}

export type PlaceLookup =
  | { ok: true; place: Place }
  | { ok: false; problem: "countryCode" | "postalCode"; message: string }

/**
 * Resolves a country and postal code as the shipping lookup and booking need them: the carrier
 * countries must name a listed code; other known countries need a code of the right form.
 */
export function locatePostalCode(countryCode: unknown, postalCode: unknown): PlaceLookup {
  if (countryCode === undefined || countryCode === null || countryCode === "") {
    return { ok: false, problem: "countryCode", message: "Country code is required" }
  }
  const country = findCountry(countryCode)
  if (!country || typeof countryCode !== "string" || countryCode.length !== 2) {
    return { ok: false, problem: "countryCode", message: `Invalid country code: ${String(countryCode)}` }
  }
  if (typeof postalCode !== "string" || postalCode.trim() === "") {
    return { ok: false, problem: "postalCode", message: "Postal code is required" }
  }
  const code = normalisePostalCode(postalCode)
  if (!country.postalCodePattern.test(code)) {
    return { ok: false, problem: "postalCode", message: `Invalid postal code format for ${country.code}: ${postalCode}` }
  }
  if (!COUNTRIES_WITH_POSTAL_TABLE.includes(country.code)) {
    return { ok: true, place: { country, postalCode: code, location: country.centre } }
  }
  const area = findPostalCodeArea(country.code, code)
  if (!area) {
    return { ok: false, problem: "postalCode", message: `Postal code ${code} does not exist in ${country.code}` }
  }
  return { ok: true, place: { country, postalCode: code, location: area, area } }
}
