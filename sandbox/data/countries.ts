import type { LatLon } from "../geo"

/**
 * Countries the sandbox knows. The four carrier countries have a full postal-code table
 * (data/postal-codes.ts); every other country is a cross-border destination or origin whose
 * postal codes are only checked for form and located at the country's centre.
 */
export type Region = "nordic" | "europe" | "world"

export interface Country {
  code: string
  region: Region
  centre: LatLon
  /** Form of a postal code (after removing spaces). */
  postalCodePattern: RegExp
  /** UTM zone the national mapping uses (NO/SE 33, DK 32, FI 35); pickup-point countries only. */
  utmZone?: number
}

const GENERIC_POSTAL_CODE = /^[A-Z0-9-]{2,10}$/

function country(
  code: string,
  region: Region,
  latitude: number,
  longitude: number,
  postalCodePattern = GENERIC_POSTAL_CODE,
  utmZone?: number
): Country {
  return { code, region, centre: { latitude, longitude }, postalCodePattern, utmZone }
}

const COUNTRIES: readonly Country[] = [
  country("NO", "nordic", 60.472, 8.4689, /^\d{4}$/, 33),
  country("SE", "nordic", 60.1282, 18.6435, /^\d{5}$/, 33),
  country("DK", "nordic", 56.2639, 9.5018, /^\d{4}$/, 32),
  country("FI", "nordic", 61.9241, 25.7482, /^\d{5}$/, 35),
  // Svalbard and Jan Mayen: Norwegian postal codes, listed separately by the postal-code lookup.
  country("SJ", "nordic", 78.2232, 15.6267, /^\d{4}$/),
  country("IS", "nordic", 64.9631, -19.0208, /^\d{3}$/),
  country("DE", "europe", 51.1657, 10.4515, /^\d{5}$/),
  country("NL", "europe", 52.1326, 5.2913, /^\d{4}[A-Z]{2}$/),
  country("BE", "europe", 50.5039, 4.4699, /^\d{4}$/),
  country("FR", "europe", 46.2276, 2.2137, /^\d{5}$/),
  country("GB", "europe", 55.3781, -3.436),
  country("IE", "europe", 53.4129, -8.2439),
  country("PL", "europe", 51.9194, 19.1451, /^\d{2}-?\d{3}$/),
  country("ES", "europe", 40.4637, -3.7492, /^\d{5}$/),
  country("IT", "europe", 41.8719, 12.5674, /^\d{5}$/),
  country("AT", "europe", 47.5162, 14.5501, /^\d{4}$/),
  country("CH", "europe", 46.8182, 8.2275, /^\d{4}$/),
  country("EE", "europe", 58.5953, 25.0136, /^\d{5}$/),
  country("LV", "europe", 56.8796, 24.6032),
  country("LT", "europe", 55.1694, 23.8813),
  country("US", "world", 37.0902, -95.7129, /^\d{5}(-\d{4})?$/),
  country("CA", "world", 56.1304, -106.3468),
  country("CN", "world", 35.8617, 104.1954, /^\d{6}$/),
  country("JP", "world", 36.2048, 138.2529, /^\d{3}-?\d{4}$/),
  country("AU", "world", -25.2744, 133.7751, /^\d{4}$/),
]

/** Countries with pickup points and a full postal-code table. */
export const CARRIER_COUNTRIES = ["NO", "SE", "DK", "FI"] as const

export function findCountry(code: unknown): Country | undefined {
  return typeof code === "string" ? COUNTRIES.find((c) => c.code === code.toUpperCase()) : undefined
}

/** VAT on the freight, by the sender's country (lookup "What the service does": VAT is stated for the sender's country). */
export function vatRateForSender(countryCode: string): number {
  return countryCode === "FI" ? 0.255 : 0.25
}

/**
 * The price list of the sender's country: its currency, and the factor its prices bear to the
 * Norwegian list the price model is written in (carrier notes 38: a parcel from Sweden is priced
 * in SEK, whatever the recipient's country). Senders outside the carrier countries use NOK.
 */
export function priceListForSender(countryCode: string): { currency: string; factor: number } {
  switch (countryCode) {
    case "SE":
      return { currency: "SEK", factor: 0.9 }
    case "DK":
      return { currency: "DKK", factor: 0.65 }
    case "FI":
      return { currency: "EUR", factor: 0.09 }
    default:
      return { currency: "NOK", factor: 1 }
  }
}
