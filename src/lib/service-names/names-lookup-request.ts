import type { ShippingLookupRequest } from "../carrier"

/** A place the carrier knows by country and postal code. */
export type Place = { countryCode: string; postalCode: string }

/**
 * A small parcel every service takes, mailbox parcels included (35 x 25 x 7 cm, 5 kg): names do not
 * depend on it, but the carrier wants a package, and cargo services refuse the whole lookup
 * without weight and dimensions.
 */
const PROBE_PACKAGE = { id: 1, grossWeight: 1000, length: 20, width: 15, height: 5 }

/**
 * One shipping lookup that asks only for the display texts of services: from the sender's postal
 * code to itself (a route every domestic service serves), no price, no delivery time. Null when
 * there is nothing to ask.
 */
export function namesLookupRequest(codes: readonly string[], from: Place): ShippingLookupRequest | null {
  const unique = [...new Set(codes.map((code) => code.trim()).filter(Boolean))]
  if (!unique.length) return null
  return {
    consignments: [
      {
        id: 1,
        products: unique.map((id) => ({ id })),
        packages: [PROBE_PACKAGE],
        fromCountryCode: from.countryCode,
        fromPostalCode: from.postalCode,
        toCountryCode: from.countryCode,
        toPostalCode: from.postalCode,
      },
    ],
    withPrice: false,
    withExpectedDelivery: false,
    withGuiInformation: true,
  }
}
