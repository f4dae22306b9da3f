import { z } from "@medusajs/framework/zod"
import { countryCode, lenientList, lenientStrings, pathSegment, wireString } from "./common"

/* Postal-code lookup. */

// ------------------------------------------------------------------ requests

/**
 * The country defaults to NO, as on the carrier. Lists cover NO, SE, DK, FI, SJ (Svalbard and
 * Jan Mayen); the multi-city lookup accepts other countries, so any alpha-2 code is allowed.
 */
const country = countryCode.default("NO")

export const postalCodeListSchema = z.strictObject({ countryCode: country })
export type PostalCodeListRequest = z.input<typeof postalCodeListSchema>

export const postalCodeLookupSchema = postalCodeListSchema.extend({ postalCode: pathSegment })
export type PostalCodeLookupRequest = z.input<typeof postalCodeLookupSchema>

// ------------------------------------------------------------------ responses

/**
 * `postalcode` is spelled in lower case on the wire; `postalCodeType` is NORMAL, PO_BOX,
 * SPECIAL_CUSTOMER, UNKNOWN, or a value added later.
 */
export const postalCodeRecordSchema = z.looseObject(lenientStrings("city", "postalcode", "postalCodeType"))
export type PostalCodeRecord = z.output<typeof postalCodeRecordSchema>

export const cityAndTypeResponseSchema = z.looseObject({ postalCode: postalCodeRecordSchema })
export const postalCodeRecordsResponseSchema = z.looseObject({ postalCode: lenientList(postalCodeRecordSchema) })
export const validPostalCodesResponseSchema = z.looseObject({ postalCode: lenientList(wireString) })
