import { z } from "@medusajs/framework/zod"
import { countryCode, lenient, lenientList, pathSegment, positiveInteger, text, wireNumber, wireString } from "./common"

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

/**
 * Search by postal code. The spec's `callback` (JSONP) parameter is left out on purpose: it
 * wraps the JSON in a function call the client could not parse.
 */
export const pickupPointsByPostalCodeSchema = z.strictObject({
  countryCode: country,
  postalCode: pathSegment,
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

export const pickupPointByIdSchema = z.strictObject({
  countryCode: country,
  id: pathSegment,
})
export type PickupPointByIdRequest = z.input<typeof pickupPointByIdSchema>

export const allPickupPointsSchema = z.strictObject({
  countryCode: country,
  pickupPointType: searchFilters.pickupPointType,
})
export type AllPickupPointsRequest = z.input<typeof allPickupPointsSchema>

export const defaultPickupPointsSchema = z.strictObject({
  countryCode: country,
  postalCode: pathSegment,
})
export type DefaultPickupPointsRequest = z.input<typeof defaultPickupPointsSchema>

// ------------------------------------------------------------------ response

/** Locker limits in cm (carrier notes 12); the emulator sends them in no particular order. */
export const maxParcelDimensionsSchema = z.looseObject({
  length: wireNumber,
  width: wireNumber,
  height: wireNumber,
})
export type MaxParcelDimensions = z.output<typeof maxParcelDimensionsSchema>

export const pickupPointSchema = z.looseObject({
  id: wireString,
  unitId: lenient(wireString),
  /** Postal address: what goes on the label. */
  name: lenient(wireString),
  address: lenient(wireString),
  postalCode: lenient(wireString),
  city: lenient(wireString),
  countryCode: lenient(wireString),
  municipality: lenient(wireString),
  county: lenient(wireString),
  /** Street address: what the shopper is shown. */
  visitingAddress: lenient(wireString),
  visitingPostalCode: lenient(wireString),
  visitingCity: lenient(wireString),
  locationDescription: lenient(wireString),
  openingHoursNorwegian: lenient(wireString),
  openingHoursEnglish: lenient(wireString),
  openingHoursFinnish: lenient(wireString),
  openingHoursDanish: lenient(wireString),
  openingHoursSwedish: lenient(wireString),
  openingHours: lenientList(
    z.looseObject({ day: lenient(wireString), opening: lenient(wireString), closing: lenient(wireString) })
  ),
  latitude: lenient(wireNumber),
  longitude: lenient(wireNumber),
  utmX: lenient(wireString),
  utmY: lenient(wireString),
  carrierMapsLink: lenient(wireString),
  webMapsLink: lenient(wireString),
  routeMapsLink: lenient(wireString),
  /** "" on the id lookup (carrier notes 11). */
  distanceInKm: lenient(wireString),
  distanceType: lenient(wireString),
  durationInMinutes: lenient(wireNumber),
  durationType: lenient(wireString),
  /** Type code, e.g. NO "37" locker, SE "39", DK "43", FI "LOCKER" (carrier notes 11). */
  type: lenient(wireString),
  additionalServiceCode: lenient(wireString),
  /** Present only on parcel lockers. */
  maxParcelDimensions: lenient(maxParcelDimensionsSchema),
})
export type PickupPoint = z.output<typeof pickupPointSchema>

/** Every pickup-point operation answers this listing shape, nearest first (carrier notes 11). */
export const pickupPointListSchema = z.looseObject({
  pickupPoint: lenientList(pickupPointSchema),
})
