import type { PostalCodeRecord } from "../carrier/schemas/postal-codes"
import type { PostalCodeLookup } from "../../storefront/types"

/**
 * The postal-code autofill's answer from the carrier's records of a code. A code may be shared by
 * several places (the carrier's multi-city lookup returns them all): `cities` lists each once, in
 * the carrier's order, and `city` is set only when there is exactly one, so a form never fills in
 * the first of several: it offers the choice.
 */
export function postalCodePlaces(postalCode: string, records: PostalCodeRecord[]): PostalCodeLookup {
  const cities = [...new Set(records.map((record) => record.city?.trim()).filter((city): city is string => Boolean(city)))]
  const types = [...new Set(records.map((record) => record.postalCodeType).filter((type): type is string => Boolean(type)))]
  return {
    postal_code: records.find((record) => record.postalcode)?.postalcode ?? postalCode,
    city: cities.length === 1 ? cities[0] : null,
    // One type for the code; places of one code that differ in type leave it unknown.
    type: types.length === 1 ? types[0] : null,
    cities,
  }
}
