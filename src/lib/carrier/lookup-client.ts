import type { z } from "@medusajs/framework/zod"
import type { CallOptions, CarrierLogger } from "./config"
import { CarrierError } from "./errors"
import type { CarrierHttp, CarrierRequest, Query } from "./http"
import {
  allPickupPointsSchema,
  defaultPickupPointsSchema,
  pickupPointByIdSchema,
  pickupPointListSchema,
  pickupPointsByLocationSchema,
  pickupPointsByPostalCodeSchema,
  type AllPickupPointsRequest,
  type DefaultPickupPointsRequest,
  type PickupPoint,
  type PickupPointByIdRequest,
  type PickupPointsByLocationRequest,
  type PickupPointsByPostalCodeRequest,
} from "./schemas/pickup-points"
import {
  cityAndTypeResponseSchema,
  postalCodeListSchema,
  postalCodeLookupSchema,
  postalCodeRecordsResponseSchema,
  validPostalCodesResponseSchema,
  type PostalCodeListRequest,
  type PostalCodeLookupRequest,
  type PostalCodeRecord,
} from "./schemas/postal-codes"
import {
  shippingLookupQuerySchema,
  shippingLookupRequestSchema,
  shippingLookupResponseSchema,
  type ShippingLookupQuery,
  type ShippingLookupRequest,
  type ShippingLookupResponse,
} from "./schemas/shipping"
import { parseResponse, validateRequest } from "./validation"

const SHIPPING = "/shippingguide/v2/products"
const PICKUP_POINTS = "/pickuppoint/api/pickuppoint"
const POSTAL_CODES = "/pickuppoint/api/postalCode"

type Lookup = Pick<CarrierRequest, "service" | "operation">

/**
 * The three read-only lookups: shipping price and delivery time, pickup
 * points, postal codes. Every call is retried on 429, 5xx and network errors (carrier notes 3).
 */
export class LookupClient {
  constructor(
    private readonly http: CarrierHttp,
    private readonly logger: CarrierLogger
  ) {}

  // ---------------------------------------------------------------- shipping

  /** `POST /v2/products`, the recommended form. An empty `products` list means no requested service applies. */
  async getShippingProducts(request: ShippingLookupRequest, options?: CallOptions): Promise<ShippingLookupResponse> {
    const lookup: Lookup = { service: "shipping", operation: "shipping.products" }
    const body = validateRequest(shippingLookupRequestSchema, request, lookup)
    return this.getJson(lookup, { method: "POST", path: SHIPPING, body }, shippingLookupResponseSchema, options)
  }

  /** `GET /v2/products`: the same answer for one consignment built from the query (carrier notes 7). */
  getShippingProductsByQuery(query: ShippingLookupQuery, options?: CallOptions): Promise<ShippingLookupResponse> {
    return this.getShippingByQuery("shipping.productsByQuery", SHIPPING, query, options)
  }

  /** `GET /v2/products/price`. */
  getShippingPrices(query: ShippingLookupQuery, options?: CallOptions): Promise<ShippingLookupResponse> {
    return this.getShippingByQuery("shipping.price", `${SHIPPING}/price`, query, options)
  }

  /** `GET /v2/products/expectedDelivery`. */
  getExpectedDelivery(query: ShippingLookupQuery, options?: CallOptions): Promise<ShippingLookupResponse> {
    return this.getShippingByQuery("shipping.expectedDelivery", `${SHIPPING}/expectedDelivery`, query, options)
  }

  private async getShippingByQuery(
    operation: string,
    path: string,
    query: ShippingLookupQuery,
    options: CallOptions | undefined
  ): Promise<ShippingLookupResponse> {
    const lookup: Lookup = { service: "shipping", operation }
    const validated = validateRequest(shippingLookupQuerySchema, query, lookup)
    return this.getJson(lookup, { method: "GET", path, query: validated }, shippingLookupResponseSchema, options)
  }

  // ---------------------------------------------------------------- pickup points

  /** Pickup points for a postal code, nearest first. */
  async getPickupPointsByPostalCode(
    request: PickupPointsByPostalCodeRequest,
    options?: CallOptions
  ): Promise<PickupPoint[]> {
    const lookup: Lookup = { service: "pickup", operation: "pickup.byPostalCode" }
    const { countryCode, postalCode, ...filters } = validateRequest(pickupPointsByPostalCodeSchema, request, lookup)
    return this.listPickupPoints(lookup, `/${countryCode}/postalCode/${encode(postalCode)}.json`, filters, options)
  }

  /** Pickup points closest to a location, nearest first. */
  async getPickupPointsByLocation(
    request: PickupPointsByLocationRequest,
    options?: CallOptions
  ): Promise<PickupPoint[]> {
    const lookup: Lookup = { service: "pickup", operation: "pickup.byLocation" }
    const { countryCode, latitude, longitude, ...filters } = validateRequest(pickupPointsByLocationSchema, request, lookup)
    const location = `${coordinate(latitude)},${coordinate(longitude)}`
    return this.listPickupPoints(lookup, `/${countryCode}/location/${location}.json`, filters, options)
  }

  /** Every pickup point of a country. */
  async getAllPickupPoints(request: AllPickupPointsRequest, options?: CallOptions): Promise<PickupPoint[]> {
    const lookup: Lookup = { service: "pickup", operation: "pickup.all" }
    const { countryCode, ...filters } = validateRequest(allPickupPointsSchema, request, lookup)
    return this.listPickupPoints(lookup, `/${countryCode}/all.json`, filters, options)
  }

  /** The default pickup point(s) for a postal code. */
  async getDefaultPickupPoints(request: DefaultPickupPointsRequest, options?: CallOptions): Promise<PickupPoint[]> {
    const lookup: Lookup = { service: "pickup", operation: "pickup.default" }
    const { countryCode, postalCode } = validateRequest(defaultPickupPointsSchema, request, lookup)
    return this.listPickupPoints(lookup, `/${countryCode}/postalCode/${encode(postalCode)}/default.json`, {}, options)
  }

  /** One pickup point, or null when the carrier no longer knows it (404, carrier notes 13). */
  async getPickupPointById(request: PickupPointByIdRequest, options?: CallOptions): Promise<PickupPoint | null> {
    const lookup: Lookup = { service: "pickup", operation: "pickup.byId" }
    const { countryCode, id } = validateRequest(pickupPointByIdSchema, request, lookup)
    const path = `${PICKUP_POINTS}/${countryCode}/id/${encode(id)}.json`
    const listing = await this.getJsonUnlessNotFound(lookup, path, pickupPointListSchema, options)
    // The id lookup answers the listing shape with one entry (carrier notes 11).
    return listing?.pickupPoint[0] ?? null
  }

  /**
   * A listing answers 200 with the points, possibly none. A 404 (a postal code the carrier does
   * not serve) also means none. Anything else (5xx, 429, time-outs, network failures) throws:
   * a carrier that could not be asked must not look like an area without pickup points.
   */
  private async listPickupPoints(
    lookup: Lookup,
    path: string,
    query: Query,
    options: CallOptions | undefined
  ): Promise<PickupPoint[]> {
    const response = await this.http.send(
      { ...lookup, method: "GET", path: `${PICKUP_POINTS}${path}`, query, retry: "transient", acceptStatuses: [404] },
      options
    )
    if (response.status === 404) return []
    return parseResponse(pickupPointListSchema, response.body, { ...lookup, status: response.status }).pickupPoint
  }

  // ---------------------------------------------------------------- postal codes

  /** City and type of a postal code, or null for an unknown code (404, carrier notes 13). */
  async getCityAndType(request: PostalCodeLookupRequest, options?: CallOptions): Promise<PostalCodeRecord | null> {
    const lookup: Lookup = { service: "postal", operation: "postal.cityAndType" }
    const { countryCode, postalCode } = validateRequest(postalCodeLookupSchema, request, lookup)
    const path = `${POSTAL_CODES}/${countryCode}/getCityAndType/${encode(postalCode)}.json`
    return (await this.getJsonUnlessNotFound(lookup, path, cityAndTypeResponseSchema, options))?.postalCode ?? null
  }

  /** Every city and type of a postal code that has several; [] for an unknown code. */
  async getCitiesAndTypes(request: PostalCodeLookupRequest, options?: CallOptions): Promise<PostalCodeRecord[]> {
    const lookup: Lookup = { service: "postal", operation: "postal.citiesAndTypes" }
    const { countryCode, postalCode } = validateRequest(postalCodeLookupSchema, request, lookup)
    const path = `${POSTAL_CODES}/${countryCode}/getCitiesAndTypes/${encode(postalCode)}.json`
    return (await this.getJsonUnlessNotFound(lookup, path, postalCodeRecordsResponseSchema, options))?.postalCode ?? []
  }

  /** Every valid postal code of a country (default NO). */
  async getAllValidPostalCodes(request: PostalCodeListRequest = {}, options?: CallOptions): Promise<string[]> {
    const lookup: Lookup = { service: "postal", operation: "postal.allValidPostalCodes" }
    const { countryCode } = validateRequest(postalCodeListSchema, request, lookup)
    const path = `${POSTAL_CODES}/${countryCode}/getAllValidPostalCodes.json`
    return (await this.getJsonUnlessNotFound(lookup, path, validPostalCodesResponseSchema, options))?.postalCode ?? []
  }

  /** Every valid postal code of a country (default NO) with city and type. */
  async getAllValidPostalCodesDetails(
    request: PostalCodeListRequest = {},
    options?: CallOptions
  ): Promise<PostalCodeRecord[]> {
    const lookup: Lookup = { service: "postal", operation: "postal.allValidPostalCodesDetails" }
    const { countryCode } = validateRequest(postalCodeListSchema, request, lookup)
    const path = `${POSTAL_CODES}/${countryCode}/allValidPostalCodesDetails.json`
    return (await this.getJsonUnlessNotFound(lookup, path, postalCodeRecordsResponseSchema, options))?.postalCode ?? []
  }

  // ---------------------------------------------------------------- shared

  private async getJson<S extends z.ZodType>(
    lookup: Lookup,
    request: Pick<CarrierRequest, "method" | "path" | "query" | "body">,
    schema: S,
    options: CallOptions | undefined
  ): Promise<z.output<S>> {
    const response = await this.http.send({ ...lookup, ...request, retry: "transient" }, options)
    return parseResponse(schema, response.body, { ...lookup, status: response.status })
  }

  /** GET whose 404 means "no such thing" rather than a failure: resolves with null then. */
  private async getJsonUnlessNotFound<S extends z.ZodType>(
    lookup: Lookup,
    path: string,
    schema: S,
    options: CallOptions | undefined
  ): Promise<z.output<S> | null> {
    const response = await this.http.send(
      { ...lookup, method: "GET", path, retry: "transient", acceptStatuses: [404] },
      options
    )
    if (response.status === 404) return null
    return parseResponse(schema, response.body, { ...lookup, status: response.status })
  }
}

function encode(segment: string): string {
  return encodeURIComponent(segment)
}

/** Fixed notation: `String()` would write very small values as `1e-7`. Six decimals is about 10 cm. */
function coordinate(degrees: number): string {
  return degrees.toFixed(6)
}
