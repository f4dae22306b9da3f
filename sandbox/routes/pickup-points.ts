import { CARRIER_COUNTRIES, findCountry } from "../data/countries"
import {
  formatOpeningHours,
  matchesOpeningFilter,
  OPENING_HOURS_LANGUAGES,
  OPENING_HOURS_SEARCH_TYPES,
  openingHoursList,
  type OpeningHoursSearchType,
} from "../data/opening-hours"
import {
  findPickupPoint,
  sitePostalAddress,
  LOCKER_MAX_PARCEL_DIMENSIONS,
  pickupPointsIn,
  type PickupPointSite,
} from "../data/pickup-points"
import { findPostalCodeArea } from "../data/postal-codes"
import { fieldErrorResponse, invalidArgument, notFound, type FieldError } from "../errors"
import { distanceKm, offsetBy, toUtm, type LatLon } from "../geo"
import { stableHash } from "../hash"
import { json, xml, type HttpResponse } from "../http"
import type { AuthenticatedContext, Route } from "../router"
import { xmlDocument, type XmlValue } from "../xml"

/**
 * Pickup-point lookup (carrier notes 11, 12, 13). Listings hold the points within
 * 50 km of the searched place, nearest first.
 */

const BASE = "/pickuppoint/api/pickuppoint/:countryCode"
const SEARCH_RADIUS_KM = 50
/** Road distance is longer than the straight line; a fixed factor keeps it deterministic. */
const ROAD_FACTOR = 1.25
const HHMM = /^([01][0-9]|2[0-3])[0-5][0-9]$/

interface Filters {
  numberOfResponses: number
  kind?: "manned" | "locker"
  text?: string
  opening?: { onOrAfter?: string; onOrBefore?: string; searchType: OpeningHoursSearchType }
}

export function pickupPointRoutes(): Route[] {
  const route = (pattern: string, handle: (ctx: AuthenticatedContext) => HttpResponse): Route => ({
    method: "GET",
    pattern: `${BASE}${pattern}`,
    group: "pickup",
    errorStyle: "lookup",
    rateLimit: "pickup",
    handle: (ctx) => withCountry(ctx, handle),
  })
  return [
    route("/postalCode/:postalCode/default", (ctx) => {
      const area = servedArea(ctx)
      const nearestManned = area ? nearest(ctx, area, { numberOfResponses: 1, kind: "manned" }) : []
      return answer(ctx, nearestManned)
    }),
    route("/postalCode/:postalCode", (ctx) => {
      const filters = parseFilters(ctx.query)
      if (!filters.ok) return fieldErrorResponse(400, filters.errors)
      const area = servedArea(ctx)
      if (!area) return answer(ctx, [])
      const street = ctx.query.get("street")
      const origin = street ? addressLocation(area, `${street} ${ctx.query.get("streetNumber") ?? ""}`) : area
      return answer(ctx, nearest(ctx, origin, filters.filters))
    }),
    route("/location/:location", (ctx) => {
      const origin = parseLocation(ctx.params.location)
      const filters = parseFilters(ctx.query)
      if (!origin || !filters.ok) {
        const locationError = origin ? [] : [invalidArgument("location must be <latitude>,<longitude> in degrees", "location")]
        return fieldErrorResponse(400, [...locationError, ...(filters.ok ? [] : filters.errors)])
      }
      return answer(ctx, nearest(ctx, origin, filters.filters))
    }),
    route("/id/:id", (ctx) => {
      const site = findPickupPoint(ctx.params.countryCode, ctx.params.id)
      if (!site) return fieldErrorResponse(404, [notFound(`Pickup point ${ctx.params.id} not found in ${ctx.params.countryCode}`, "id")])
      return answer(ctx, [record(ctx, site, undefined, { withDailyHours: true })])
    }),
    route("/all", (ctx) => {
      const kind = parseKind(ctx.query.get("pickupPointType"))
      if (kind === "invalid") {
        return fieldErrorResponse(400, [invalidArgument("pickupPointType must be manned or locker", "pickupPointType")])
      }
      const sites = pickupPointsIn(ctx.params.countryCode).filter((s) => !kind || s.kind === kind)
      return answer(ctx, sites.map((site) => record(ctx, site)))
    }),
  ]
}

function withCountry(ctx: AuthenticatedContext, handle: (ctx: AuthenticatedContext) => HttpResponse): HttpResponse {
  const countryCode = ctx.params.countryCode.toUpperCase()
  if (!(CARRIER_COUNTRIES as readonly string[]).includes(countryCode)) {
    return fieldErrorResponse(400, [invalidArgument(`Country must be one of ${CARRIER_COUNTRIES.join(", ")}`, "countryCode")])
  }
  return handle({ ...ctx, params: { ...ctx.params, countryCode } })
}

/** carrier notes 13: an unknown code, or one without a delivery area (PO box, special customer), has no points. */
function servedArea(ctx: AuthenticatedContext) {
  const area = findPostalCodeArea(ctx.params.countryCode, ctx.params.postalCode)
  return area?.type === "NORMAL" ? area : undefined
}

function parseFilters(query: URLSearchParams): { ok: true; filters: Filters } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = []
  const count = query.get("numberOfResponses")
  const numberOfResponses = count === null ? 10 : Number(count)
  if (!Number.isInteger(numberOfResponses) || numberOfResponses < 1) {
    errors.push(invalidArgument("numberOfResponses must be a positive integer", "numberOfResponses"))
  }
  const kind = parseKind(query.get("pickupPointType"))
  if (kind === "invalid") errors.push(invalidArgument("pickupPointType must be manned or locker", "pickupPointType"))
  const onOrAfter = query.get("openOnOrAfter") ?? undefined
  const onOrBefore = query.get("openOnOrBefore") ?? undefined
  for (const [name, value] of [["openOnOrAfter", onOrAfter], ["openOnOrBefore", onOrBefore]] as const) {
    if (value !== undefined && !HHMM.test(value)) errors.push(invalidArgument(`${name} must be HHmm`, name))
  }
  const searchType = query.get("openingHoursSearchType") ?? undefined
  if (searchType !== undefined && !(OPENING_HOURS_SEARCH_TYPES as readonly string[]).includes(searchType)) {
    errors.push(invalidArgument(`openingHoursSearchType must be one of ${OPENING_HOURS_SEARCH_TYPES.join(", ")}`, "openingHoursSearchType"))
  }
  if (errors.length > 0) return { ok: false, errors }
  const text = query.get("searchForText")?.trim()
  return {
    ok: true,
    filters: {
      numberOfResponses,
      kind: kind === "invalid" ? undefined : kind,
      text: text || undefined,
      opening:
        onOrAfter || onOrBefore || searchType
          ? { onOrAfter, onOrBefore, searchType: (searchType as OpeningHoursSearchType | undefined) ?? "ALL_WEEKDAYS" }
          : undefined,
    },
  }
}

function parseKind(value: string | null): "manned" | "locker" | undefined | "invalid" {
  if (value === null || value === "") return undefined
  const kind = value.toLowerCase()
  return kind === "manned" || kind === "locker" ? kind : "invalid"
}

function parseLocation(value: string): LatLon | undefined {
  const match = /^(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/.exec(value)
  if (!match) return undefined
  const latitude = Number(match[1])
  const longitude = Number(match[2])
  return Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 ? { latitude, longitude } : undefined
}

/** A street address has no coordinates here; a stable spot near the postal code stands in for it. */
function addressLocation(area: LatLon, address: string): LatLon {
  const seed = stableHash(address.trim().toLowerCase())
  return offsetBy(area, 0.2 + (seed % 60) / 50, (seed >>> 8) % 360)
}

function nearest(ctx: AuthenticatedContext, origin: LatLon, filters: Filters): Record<string, unknown>[] {
  const text = filters.text?.toLocaleLowerCase()
  return pickupPointsIn(ctx.params.countryCode)
    .filter((site) => !filters.kind || site.kind === filters.kind)
    .filter((site) => !text || searchableText(site).includes(text))
    .filter((site) => !filters.opening || matchesOpeningFilter(site.hours, filters.opening))
    .map((site) => ({ site, km: distanceKm(origin, site) }))
    .filter(({ km }) => km <= SEARCH_RADIUS_KM)
    .sort((a, b) => a.km - b.km || a.site.id.localeCompare(b.site.id))
    .slice(0, filters.numberOfResponses)
    .map(({ site }) => record(ctx, site, origin))
}

function searchableText(site: PickupPointSite): string {
  return [site.name, site.address, site.city, site.county, site.municipality, site.locationDescription ?? ""]
    .join("\n")
    .toLocaleLowerCase()
}

/**
 * The pickup-point record (lookup "Pickup point record" + carrier notes 11, 12). Without an origin
 * the distance is "". As the carrier's published examples: `address`/`postalCode`/`city` is the
 * postal address (for most manned points a PO box, sitePostalAddress), `visiting*` the street; the
 * per-day `openingHours` come only with the lookup by id.
 */
function record(ctx: AuthenticatedContext, site: PickupPointSite, origin?: LatLon, shape: { withDailyHours?: boolean } = {}): Record<string, unknown> {
  const postal = sitePostalAddress(site)
  const utm = toUtm(site, findCountry(site.countryCode)?.utmZone ?? 33)
  const from = origin ?? site
  const openingHoursTexts = Object.fromEntries(
    OPENING_HOURS_LANGUAGES.map((language) => [`openingHours${language}`, formatOpeningHours(site.hours, language)])
  )
  return {
    id: site.id,
    unitId: site.unitId,
    name: site.name,
    address: postal.address,
    postalCode: postal.postalCode,
    city: postal.city,
    countryCode: site.countryCode,
    municipality: site.municipality,
    county: site.county,
    visitingAddress: site.address,
    visitingPostalCode: site.postalCode,
    visitingCity: site.city,
    ...(site.locationDescription ? { locationDescription: site.locationDescription } : {}),
    ...openingHoursTexts,
    latitude: site.latitude,
    longitude: site.longitude,
    utmX: String(utm.x),
    utmY: String(utm.y),
    webMapsLink: `https://www.openstreetmap.org/?mlat=${site.latitude}&mlon=${site.longitude}#map=17/${site.latitude}/${site.longitude}`,
    distanceInKm: origin ? (distanceKm(origin, site) * ROAD_FACTOR).toFixed(1) : "",
    distanceType: "DRIVING_DISTANCE",
    type: site.type,
    additionalServiceCode: "",
    routeMapsLink:
      `${ctx.baseUrl}/pickuppoint/map/route?origlat=${from.latitude}&origlong=${from.longitude}` +
      `&destlat=${site.latitude}&destlong=${site.longitude}`,
    ...(shape.withDailyHours ? { openingHours: openingHoursList(site.hours) } : {}),
    ...(site.kind === "locker" ? { maxParcelDimensions: { ...LOCKER_MAX_PARCEL_DIMENSIONS } } : {}),
  }
}

/** JSON `{pickupPoint: [...]}`, JSONP when `callback` is given, or XML `pickupPoints` for `.xml`. */
function answer(ctx: AuthenticatedContext, points: Record<string, unknown>[]): HttpResponse {
  if (ctx.mediaType === "xml") return xml(200, xmlDocument("pickupPoints", { pickupPoint: points as XmlValue[] }))
  const callback = ctx.query.get("callback")
  if (callback && /^[A-Za-z_$][\w$.]*$/.test(callback)) {
    return {
      status: 200,
      headers: { "content-type": "application/javascript; charset=utf-8" },
      body: `${callback}(${JSON.stringify({ pickupPoint: points })});`,
    }
  }
  return json(200, { pickupPoint: points })
}
