import { COUNTRIES_WITH_POSTAL_TABLE, findPostalCodeAreas, POSTAL_CODE_AREAS, type PostalCodeArea } from "../data/postal-codes"
import { fieldErrorResponse, invalidArgument, notFound } from "../errors"
import { json, xml, type HttpResponse } from "../http"
import type { AuthenticatedContext, Route } from "../router"
import { xmlDocument } from "../xml"

/** Postal-code lookup (carrier notes 13: unknown code → 404 NOT_FOUND). */

const BASE = "/pickuppoint/api/postalCode/:countryCode"

export function postalCodeRoutes(): Route[] {
  const route = (pattern: string, handle: (ctx: AuthenticatedContext, countryCode: string) => HttpResponse): Route => ({
    method: "GET",
    pattern: `${BASE}${pattern}`,
    group: "postal",
    errorStyle: "lookup",
    rateLimit: "postal",
    handle: (ctx) => {
      const countryCode = ctx.params.countryCode.toUpperCase()
      if (!COUNTRIES_WITH_POSTAL_TABLE.includes(countryCode)) {
        return fieldErrorResponse(400, [invalidArgument(`Country must be one of ${COUNTRIES_WITH_POSTAL_TABLE.join(", ")}`, "countryCode")])
      }
      return handle(ctx, countryCode)
    },
  })
  return [
    route("/getCityAndType/:postalCode", (ctx, countryCode) => {
      const [area] = findPostalCodeAreas(countryCode, ctx.params.postalCode)
      if (!area) return unknownPostalCode(ctx, countryCode)
      const record = postalCodeRecord(area)
      return ctx.mediaType === "xml" ? xml(200, xmlDocument("postalCode", record)) : json(200, { postalCode: record })
    }),
    route("/getCitiesAndTypes/:postalCode", (ctx, countryCode) => {
      const found = findPostalCodeAreas(countryCode, ctx.params.postalCode)
      if (found.length === 0) return unknownPostalCode(ctx, countryCode)
      return list(ctx, found.map(postalCodeRecord))
    }),
    route("/getAllValidPostalCodes", (ctx, countryCode) => list(ctx, [...new Set(areasIn(countryCode).map((a) => a.postalCode))])),
    route("/allValidPostalCodesDetails", (ctx, countryCode) => list(ctx, areasIn(countryCode).map(postalCodeRecord))),
  ]
}

function areasIn(countryCode: string): PostalCodeArea[] {
  return POSTAL_CODE_AREAS.filter((area) => area.countryCode === countryCode)
}

function postalCodeRecord(area: PostalCodeArea) {
  return { city: area.city, postalcode: area.postalCode, postalCodeType: area.type }
}

function list(ctx: AuthenticatedContext, postalCode: (string | ReturnType<typeof postalCodeRecord>)[]): HttpResponse {
  return ctx.mediaType === "xml" ? xml(200, xmlDocument("postalCodes", { postalCode })) : json(200, { postalCode })
}

function unknownPostalCode(ctx: AuthenticatedContext, countryCode: string): HttpResponse {
  return fieldErrorResponse(404, [notFound(`Postal code ${ctx.params.postalCode} not found in ${countryCode}`, "postalCode")])
}
