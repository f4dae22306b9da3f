/**
 * The four countries the carrier's pickup-point and postal-code services cover, and the postal
 * code format of each. Shoppers type codes with spaces ("111 22"); the carrier wants digits only.
 */
export const PICKUP_COUNTRIES = ["NO", "DK", "SE", "FI"] as const
export type PickupCountry = (typeof PICKUP_COUNTRIES)[number]

const DIGITS: Record<PickupCountry, number> = { NO: 4, DK: 4, SE: 5, FI: 5 }

export function isPickupCountry(value: string): value is PickupCountry {
  return (PICKUP_COUNTRIES as readonly string[]).includes(value)
}

/** Returns the code the carrier expects, or null when it is not a valid code of that country. */
export function normalizePostalCode(country: PickupCountry, raw: string): string | null {
  const compact = raw.replace(/[\s-]/g, "")
  return new RegExp(`^\\d{${DIGITS[country]}}$`).test(compact) ? compact : null
}

export function postalCodeRule(country: PickupCountry): string {
  return `${DIGITS[country]} digits`
}
