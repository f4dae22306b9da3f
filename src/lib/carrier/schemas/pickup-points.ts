import { z } from "@medusajs/framework/zod"
import { countryCode, lenient, lenientList, lenientStrings, pathSegment, positiveInteger, text, wireNumber, wireString } from "./common"

/* Pickup-point lookup carrier notes 1, 11, 12, 13. */

export const pickupPointCountries = ["NO", "DK", "SE", "FI"] as const
export type PickupPointCountry = (typeof pickupPointCountries)[number]

// ------------------------------------------------------------------ requests

const hhmm = z.string().regex(/^([01][0-9]|2[0-3])[0-5][0-9]$/, "must be HHmm")

/** Filters shared by the postal-code and location searches (carrier notes 11). */
const searchFilters = {
  /** Default 10. */
  numberOfResponses: positiveInteger.optional(),
  openOnOrAfter: hhmm.optional(),
  openOnOrBefore: hhmm.optional(),
  openingHoursSearchType: z
    .enum(["ALL_WEEKDAYS", "MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"])
    .optional(),
  pickupPointType: z.enum(["manned", "locker"]).optional(),
  /** Partial match on name, address, city, county, municipality or location. */
  searchForText: text().optional(),
}

const country = z.enum(pickupPointCountries)

/** A postal code in one of the countries: the receiver's default points, and the search's start. */
const postalCodePlace = z.strictObject({ countryCode: country, postalCode: pathSegment })

/**
 * Search by postal code. The spec's `callback` (JSONP) parameter is left out on purpose: it
 * wraps the JSON in a function call the client could not parse.
 */
export const pickupPointsByPostalCodeSchema = postalCodePlace.extend({
  ...searchFilters,
  /** Requester country; only for Norwegian points. */
  requestCountryCode: countryCode.optional(),
  /** Street and number give results nearer to the address. */
  street: text().optional(),
  streetNumber: text().optional(),
})
export type PickupPointsByPostalCodeRequest = z.input<typeof pickupPointsByPostalCodeSchema>

export const pickupPointsByLocationSchema = z.strictObject({
  countryCode: country,
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  ...searchFilters,
})
export type PickupPointsByLocationRequest = z.input<typeof pickupPointsByLocationSchema>

export const pickupPointByIdSchema = z.strictObject({ countryCode: country, id: pathSegment })
export type PickupPointByIdRequest = z.input<typeof pickupPointByIdSchema>

export const allPickupPointsSchema = z.strictObject({ countryCode: country, pickupPointType: searchFilters.pickupPointType })
export type AllPickupPointsRequest = z.input<typeof allPickupPointsSchema>

export const defaultPickupPointsSchema = postalCodePlace
export type DefaultPickupPointsRequest = z.input<typeof defaultPickupPointsSchema>

// ------------------------------------------------------------------ response

/** Locker limits in cm (carrier notes 12); the emulator sends them in no particular order. */
export const maxParcelDimensionsSchema = z.looseObject({
  length: wireNumber,
  width: wireNumber,
  height: wireNumber,
})
export type MaxParcelDimensions = z.output<typeof maxParcelDimensionsSchema>

const pickupPointFields = z.looseObject({
  id: wireString,
  unitId: lenient(wireString),
  // The postal address (name to county) goes on the label; the street address (visiting…) is what the shopper is shown.
  ...lenientStrings("name", "address", "postalCode", "city", "countryCode", "municipality", "county"),
  ...lenientStrings("visitingAddress", "visitingPostalCode", "visitingCity", "locationDescription"),
  ...lenientStrings("openingHoursNorwegian", "openingHoursEnglish", "openingHoursFinnish", "openingHoursDanish", "openingHoursSwedish"),
  openingHours: lenientList(z.looseObject(lenientStrings("day", "opening", "closing"))),
  latitude: lenient(wireNumber),
  longitude: lenient(wireNumber),
  ...lenientStrings("utmX", "utmY", "carrierMapsLink", "webMapsLink", "routeMapsLink"),
  // The names of the carrier's published examples for the same two links (carrier notes 11).
  ...lenientStrings("postenMapsLink", "googleMapsLink"),
  // distanceInKm is "" on the id lookup (carrier notes 11).
  ...lenientStrings("distanceInKm", "distanceType", "durationType"),
  durationInMinutes: lenient(wireNumber),
  // type: the type code, e.g. NO "37" or "27" locker, SE "39", DK "43", FI "LOCKER" (carrier notes 11).
  ...lenientStrings("type", "additionalServiceCode"),
  /** Present only on parcel lockers. */
  maxParcelDimensions: lenient(maxParcelDimensionsSchema),
})

/**
 * A pickup point under the interface document's names: the published examples' `postenMapsLink`
 * and `googleMapsLink` are read as `carrierMapsLink` and `webMapsLink`; the document's names win
 * when both are there (carrier notes 11). An empty link counts as none.
 */
export const pickupPointSchema = pickupPointFields.transform(({ postenMapsLink, googleMapsLink, ...point }) => ({
  ...point,
  carrierMapsLink: point.carrierMapsLink || postenMapsLink || undefined,
  webMapsLink: point.webMapsLink || googleMapsLink || undefined,
}))
export type PickupPoint = z.output<typeof pickupPointSchema>

/** Every pickup-point operation answers this listing shape, nearest first (carrier notes 11). */
export const pickupPointListSchema = z.looseObject({
  pickupPoint: lenientList(pickupPointSchema),
})
