/*
 * The typed client over the plugin's store routes, on the shopper's js-sdk instance (any object with
 * its `client.fetch`); shapes in types.ts, the same types the server routes answer with (the
 * pickup-point route's `StorePickupPoint` is `PickupPoint`). Failures become `NordicParcelStoreError`
 * (`toStoreError`; texts.ts `storeErrorText` words the message).
 */
import { pickupPointQueryFor, type AddressForPickup } from "./format"
import type {
  CreateReturnInput,
  CreateReturnResult,
  DeliveryOption,
  OrderAccess,
  OrderAccessHeaders,
  OrderAccessToken,
  OrderShipment,
  PickupPoint,
  PickupPointQuery,
  PostalCodeLookup,
  ReturnItemInput,
  ReturnOption,
  ShippingMethodData,
} from "./types"

/**
 * The part of `@medusajs/js-sdk` the client uses: any `new Medusa({ baseUrl, publishableKey })`
 * fits, whatever its version, and so does a wrapper such as the starter's (which adds a locale
 * header to `sdk.client.fetch`).
 */
export type MedusaSdkLike = {
  client: {
    fetch<T>(
      input: string,
      init?: { method?: string; query?: Record<string, unknown>; body?: Record<string, unknown>; headers?: Record<string, string | null>; signal?: AbortSignal | null }
    ): Promise<T>
  }
}

export type RequestOptions = { signal?: AbortSignal; headers?: Record<string, string> }

/**
 * Options of the order routes. `access` is a guest's second factor (the order's e-mail or a token
 * from `requestOrderAccess`); a signed-in customer's own orders need none (the sdk's session or token).
 */
export type OrderRequestOptions = RequestOptions & { access?: OrderAccess | null }

/** The headers that carry a guest's order access (empty without one). */
export function orderAccessHeaders(access: OrderAccess | null | undefined): OrderAccessHeaders {
  if (!access) return {}
  if ("token" in access) return access.token ? { "x-nordic-parcel-order-token": access.token } : {}
  return access.email ? { "x-nordic-parcel-order-email": access.email.trim() } : {}
}

/** Why a store route failed, in the terms a checkout acts on. */
export type NordicParcelErrorKind =
  /** The carrier is down or slow (503/502/504): show the fallback, offer to try again. */
  | "unavailable"
  /** Too many requests (429): wait a moment before searching again. */
  | "rate_limited"
  /** A parameter was refused (400): the message names it. */
  | "invalid"
  | "not_found"
  | "network"
  | "unknown"

export class NordicParcelStoreError extends Error {
  readonly kind: NordicParcelErrorKind
  readonly status: number | undefined

  constructor(message: string, kind: NordicParcelErrorKind, status?: number) {
    super(message)
    this.name = "NordicParcelStoreError"
    this.kind = kind
    this.status = status
  }
}

export function errorKindOf(status: number | undefined): NordicParcelErrorKind {
  if (status === undefined) return "network"
  if (status === 429) return "rate_limited"
  if (status === 502 || status === 503 || status === 504) return "unavailable"
  if (status === 400) return "invalid"
  if (status === 404) return "not_found"
  return "unknown"
}

/** js-sdk throws FetchError { status, message }; a failed connection is a TypeError without status. */
export function toStoreError(error: unknown): NordicParcelStoreError {
  if (error instanceof NordicParcelStoreError) return error
  const status = typeof (error as { status?: unknown })?.status === "number" ? (error as { status: number }).status : undefined
  const message = error instanceof Error && error.message ? error.message : String(error)
  return new NordicParcelStoreError(message, errorKindOf(status), status)
}

function isAbort(error: unknown): boolean {
  return (error as { name?: string })?.name === "AbortError"
}

export type NordicParcelClient = {
  /** Every carrier option of the cart with price, expected delivery date and texts. */
  listDeliveryOptions(cartId: string, options?: RequestOptions): Promise<DeliveryOption[]>
  /** Pickup points near a postal code (and street), nearest first. */
  listPickupPoints(query: PickupPointQuery, options?: RequestOptions): Promise<PickupPoint[]>
  /**
   * The point nearest a shipping address that the cart fits (the first the picker lists), for a
   * checkout that preselects it. null when there is none or the carrier cannot answer: the store
   * then chooses the nearest point itself when the method is set without one.
   */
  nearestPickupPoint(address: AddressForPickup, cartId?: string, options?: RequestOptions): Promise<PickupPoint | null>
  /**
   * The place(s) of a postal code, or null when the carrier does not know the code. A code shared
   * by several places has `city: null` and all of them in `cities`: let the shopper choose.
   */
  lookupPostalCode(countryCode: string, postalCode: string, options?: RequestOptions): Promise<PostalCodeLookup | null>
  /**
   * An order's shipments with their tracking events and return documents. For the order's shopper:
   * the signed-in customer who placed it (the sdk's session or token), or a guest with a second
   * factor (`options.access`: the order's e-mail or an access token); anyone else gets `not_found`.
   */
  listOrderShipments(orderId: string, options?: OrderRequestOptions): Promise<OrderShipment[]>
  /** A document of `return_label` (label PDF, QR code image) as a Blob, fetched with the shopper's credentials. */
  fetchOrderDocument(path: string, options?: OrderRequestOptions): Promise<Blob>
  /**
   * A guest's access token for an order, given the e-mail the order was placed with (e.g. on an
   * order page opened from the confirmation); pass it as `access: { token }` until `expires_at`.
   * A wrong e-mail is `not_found`, as for an order that does not exist.
   */
  requestOrderAccess(orderId: string, email: string, options?: RequestOptions): Promise<OrderAccessToken>
  /**
   * The region's carrier return options for the items that go back, each with what the shopper
   * pays under the merchant's return policy. A refused item or quantity is `invalid` (the message names it).
   */
  listReturnOptions(orderId: string, items: ReturnItemInput[], options?: OrderRequestOptions): Promise<ReturnOption[]>
  /**
   * Creates the return with Medusa (its return, booked with the carrier by the provider) charged
   * exactly the listed amount of the chosen option, and answers it with the return's shipment.
   */
  createReturn(orderId: string, input: CreateReturnInput, options?: OrderRequestOptions): Promise<CreateReturnResult>
}

let hinted = false

/**
 * Tells the developer once why a browser call failed without an answer: the shopper reads "the
 * store cannot be reached", the console says what to check.
 */
function hintUnreachable(): void {
  if (hinted || typeof console === "undefined") return
  hinted = true
  const origin = typeof location === "undefined" ? "this page" : location.origin
  console.warn(
    `medusa-plugin-nordic-parcel: the store API could not be reached from ${origin}. The network may be down, or the backend's STORE_CORS does not include ${origin}.`
  )
}

/** A typed client over the plugin's store routes, on a js-sdk instance (its publishable key applies). */
export function createNordicParcelClient(sdk: MedusaSdkLike): NordicParcelClient {
  async function request<T>(
    method: "GET" | "POST",
    path: string,
    input: { query?: Record<string, unknown>; body?: Record<string, unknown> },
    options: OrderRequestOptions = {}
  ): Promise<T> {
    const headers = { ...orderAccessHeaders(options.access), ...options.headers }
    try {
      return await sdk.client.fetch<T>(path, {
        method,
        ...(input.query ? { query: input.query } : {}),
        ...(input.body !== undefined ? { body: input.body } : {}),
        ...(Object.keys(headers).length ? { headers } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      })
    } catch (error) {
      if (isAbort(error)) throw error
      const failure = toStoreError(error)
      if (failure.kind === "network") hintUnreachable()
      throw failure
    }
  }
  const get = <T,>(path: string, query: Record<string, unknown> | undefined, options?: OrderRequestOptions) =>
    request<T>("GET", path, query ? { query } : {}, options)
  const post = <T,>(path: string, body: Record<string, unknown>, options?: OrderRequestOptions) => request<T>("POST", path, { body }, options)
  const orderPath = (orderId: string, rest: string) => `/store/nordic-parcel/orders/${encodeURIComponent(orderId)}/${rest}`

  return {
    async listDeliveryOptions(cartId, options) {
      const { delivery_options } = await get<{ delivery_options: DeliveryOption[] }>(
        "/store/nordic-parcel/delivery-options",
        { cart_id: cartId },
        options
      )
      return delivery_options
    },
    async listPickupPoints(query, options) {
      const params: Record<string, unknown> = {}
      for (const [key, value] of Object.entries(query)) {
        if (value !== undefined && value !== "") params[key] = value
      }
      const { pickup_points } = await get<{ pickup_points: PickupPoint[] }>("/store/nordic-parcel/pickup-points", params, options)
      return pickup_points
    },
    async nearestPickupPoint(address, cartId, options) {
      try {
        const [nearest] = await this.listPickupPoints(pickupPointQueryFor(address, cartId), options)
        return nearest ?? null
      } catch (error) {
        if (isAbort(error)) throw error
        return null
      }
    },
    async lookupPostalCode(countryCode, postalCode, options) {
      const path = `/store/nordic-parcel/postal-codes/${encodeURIComponent(countryCode)}/${encodeURIComponent(postalCode.replace(/\s+/g, ""))}`
      try {
        const { postal_code } = await get<{ postal_code: PostalCodeLookup }>(path, undefined, options)
        // A store on an older plugin answers without `cities`.
        return { ...postal_code, cities: postal_code.cities ?? (postal_code.city ? [postal_code.city] : []) }
      } catch (error) {
        if (error instanceof NordicParcelStoreError && error.kind === "not_found") return null
        throw error
      }
    },
    async listOrderShipments(orderId, options) {
      const { shipments } = await get<{ shipments: OrderShipment[] }>(orderPath(orderId, "shipments"), undefined, options)
      return shipments
    },
    async fetchOrderDocument(path, options = {}) {
      // js-sdk hands back the raw Response when the request does not accept JSON.
      const response = await get<Response>(path, undefined, { ...options, headers: { ...options.headers, accept: "*/*" } })
      return response.blob()
    },
    async requestOrderAccess(orderId, email, options) {
      return post<OrderAccessToken>(orderPath(orderId, "access"), { email: email.trim() }, options)
    },
    async listReturnOptions(orderId, items, options) {
      const { return_options } = await post<{ return_options: ReturnOption[] }>(orderPath(orderId, "return-options"), { items }, options)
      return return_options
    },
    async createReturn(orderId, input, options) {
      return post<CreateReturnResult>(orderPath(orderId, "returns"), { ...input }, options)
    },
  }
}

/** What the shopper chose with a shipping option: the pickup point and, for a service that takes one, the delivery day. */
export type ShippingMethodInput = {
  optionId: string
  pickupPointId?: string | null
  /** `yyyy-MM-dd`, one of the option's `delivery_dates`; any other day is refused (400 naming `data.delivery_date`). */
  deliveryDate?: string | null
  data?: Record<string, unknown>
}

/**
 * The body of Medusa's "add shipping method" route with the plugin's data. Without a pickup point
 * the store chooses the nearest suitable one for the shipping address; without a delivery day the
 * carrier delivers on the expected date.
 */
export function shippingMethodBody(input: ShippingMethodInput): {
  option_id: string
  data?: ShippingMethodData
} {
  const data: ShippingMethodData = { ...(input.data ?? {}) }
  if (input.pickupPointId) data.pickup_point_id = input.pickupPointId
  if (input.deliveryDate) data.delivery_date = input.deliveryDate
  return Object.keys(data).length ? { option_id: input.optionId, data } : { option_id: input.optionId }
}

/** The part of js-sdk `setShippingMethod` uses (`sdk.store.cart.addShippingMethod`). */
export type MedusaCartSdkLike = {
  store: {
    cart: {
      addShippingMethod(cartId: string, body: { option_id: string; data?: Record<string, unknown> }, query?: Record<string, unknown>, headers?: Record<string, string>): Promise<{ cart: unknown }>
    }
  }
}

/**
 * Sets the cart's shipping method with its data (`option_id` + `pickup_point_id` and/or
 * `delivery_date`): what the starter's `setShippingMethod` server action calls instead of sending
 * `option_id` alone. Choosing another day sets the method again with the new `deliveryDate`.
 * Pass the request's auth headers as the starter does; `query` selects the cart fields returned
 * (Medusa leaves the method's `data` out unless asked: `{ fields: "+shipping_methods.data" }`).
 */
export async function setShippingMethod<TCart = unknown>(
  sdk: MedusaCartSdkLike,
  input: ShippingMethodInput & { cartId: string },
  headers?: Record<string, string>,
  query?: Record<string, unknown>
): Promise<TCart> {
  const { cart } = await sdk.store.cart.addShippingMethod(input.cartId, shippingMethodBody(input), query ?? {}, headers ?? {})
  return cart as TCart
}
