import type { CallOptions } from "./config"
import { CarrierError } from "./errors"
import type { CarrierHttp, CarrierRequest } from "./http"
import type { RateLimiter } from "./rate-limit"
import {
  bookingConfirmationSchema,
  bookingRequestSchema,
  bookingResponseSchema,
  customersResponseSchema,
  errorCatalogueResponseSchema,
  type BookingConfirmation,
  type BookingCustomer,
  type BookingErrorType,
  type BookingRequest,
} from "./schemas/booking"
import {
  pickupConfirmationSchema,
  pickupOrderRequestSchema,
  pickupOrderResponseSchema,
  type PickupConfirmation,
  type PickupOrderRequest,
} from "./schemas/pickup-order"
import type { Release } from "./semaphore"
import { parseResponse, validateRequest } from "./validation"

const BOOKING_API = "/booking/api"

/** A label as downloaded: normally `application/pdf`. */
export interface LabelDocument {
  contentType: string
  body: Buffer
}

const nothingToRelease: Release = () => {}

/**
 * The booking service. Every call to the booking API waits for the per-user rate
 * limit, since the carrier throttles above 18 requests per second.
 */
export class BookingClient {
  constructor(
    private readonly http: CarrierHttp,
    private readonly rateLimiter: RateLimiter
  ) {}

  /** `GET /customers`: the user's customer numbers and the service codes of each. */
  async listCustomers(options?: CallOptions): Promise<BookingCustomer[]> {
    const request = this.bookingApi("booking.customers", "GET", "/customers", "transient")
    const response = await this.http.send(request, options)
    const ref = { service: request.service, operation: request.operation, status: response.status }
    return parseResponse(customersResponseSchema, response.body, ref).customers
  }

  /** `GET /errors`: the carrier's error catalogue (carrier notes 14). */
  async listErrorCodes(options?: CallOptions): Promise<BookingErrorType[]> {
    const request = this.bookingApi("booking.errorCodes", "GET", "/errors", "transient")
    const response = await this.http.send(request, options)
    const ref = { service: request.service, operation: request.operation, status: response.status }
    return parseResponse(errorCatalogueResponseSchema, response.body, ref).errorTypes
  }

  /**
   * `POST /booking`. Resolves with the confirmation of the one consignment; every refusal,
   * including a 200 that carries `consignments[].errors` (carrier notes 14), throws a `CarrierError`.
   *
   * Retried only after a 429. A time-out, 5xx or network error may hide a booking that was
   * made, so it surfaces with `retryable: false` and the caller must check before booking again.
   */
  async book(bookingRequest: BookingRequest, options?: CallOptions): Promise<BookingConfirmation> {
    const request = this.bookingApi("booking.book", "POST", "/booking", "throttled_only")
    const ref = { service: request.service, operation: request.operation }
    const body = validateRequest(bookingRequestSchema, bookingRequest, ref)
    // Its time budget starts when it is sent: the wait behind a store's other bookings is bounded apart.
    const response = await this.http.send({ ...request, body, queuedApart: true }, options)
    const { consignments } = parseResponse(bookingResponseSchema, response.body, { ...ref, status: response.status })
    if (consignments.some((consignment) => consignment.errors.length > 0)) {
      throw this.http.rejectionOf(request, response)
    }
    if (consignments[0].confirmation == null) {
      throw new CarrierError({
        ...ref,
        kind: "invalid_response",
        status: response.status,
        retryable: false,
        summary: "the answer has neither a confirmation nor errors",
      })
    }
    return parseResponse(bookingConfirmationSchema, consignments[0].confirmation, { ...ref, status: response.status })
  }

  /**
   * `POST /pickupOrder` (carrier notes 47): asks the carrier to come and collect parcels. Resolves
   * with the confirmation; a refusal (400 with `errors`, or a 200 that carries them) throws a
   * validation `CarrierError` with the carrier's message.
   *
   * Retried only after a 429: like a booking, a time-out or 5xx may hide an order that was made.
   */
  async orderPickup(pickupRequest: PickupOrderRequest, options?: CallOptions): Promise<PickupConfirmation> {
    const request = this.bookingApi("booking.pickupOrder", "POST", "/pickupOrder", "throttled_only")
    const ref = { service: request.service, operation: request.operation }
    const body = validateRequest(pickupOrderRequestSchema, pickupRequest, ref)
    const response = await this.http.send({ ...request, body }, options)
    const answer = parseResponse(pickupOrderResponseSchema, response.body, { ...ref, status: response.status })
    if (answer.errors.length > 0) {
      throw this.http.rejectionOf(request, response)
    }
    if (answer.pickupConfirmation == null) {
      throw new CarrierError({
        ...ref,
        kind: "invalid_response",
        status: response.status,
        retryable: false,
        summary: "the answer has neither a pickup confirmation nor errors",
      })
    }
    return parseResponse(pickupConfirmationSchema, answer.pickupConfirmation, { ...ref, status: response.status })
  }

  /**
   * Downloads a label from `confirmation.links.labels` (or `returnLinks.labels`). The carrier
   * answers 302 to the storage location; exactly one redirect is followed, only to a URL `allowed`
   * accepts (the link itself must pass too), and a body past `maxBytes` fails the call. The
   * credentials are sent only to the configured carrier origin, never to the storage host.
   */
  async downloadLabel(
    url: string,
    options?: CallOptions & { allowed?: (url: URL) => boolean; maxBytes?: number }
  ): Promise<LabelDocument> {
    const operation = { service: "booking", operation: "booking.downloadLabel" } as const
    const link = labelUrl(url, operation)
    if (options?.allowed && !options.allowed(link)) {
      throw new CarrierError({
        ...operation,
        kind: "invalid_response",
        retryable: false,
        summary: `the label link leads to ${link.protocol}//${link.host}, which is not the carrier's label storage`,
      })
    }
    const response = await this.http.send(
      {
        ...operation,
        method: "GET",
        url: link,
        retry: "transient",
        maxRedirects: 1,
        redirectAllowed: options?.allowed,
        maxBodyBytes: options?.maxBytes,
        responseType: "bytes",
      },
      options
    )
    return { contentType: response.contentType ?? "application/pdf", body: response.bytes }
  }

  private bookingApi(
    operation: string,
    method: CarrierRequest["method"],
    path: string,
    retry: CarrierRequest["retry"]
  ): CarrierRequest & { service: "booking" } {
    return {
      service: "booking",
      operation,
      method,
      path: `${BOOKING_API}${path}`,
      retry,
      throttle: async (signal, options) => {
        await this.rateLimiter.acquire(signal, options)
        // A rate limit counts starts; there is no slot to give back.
        return nothingToRelease
      },
    }
  }
}

function labelUrl(url: string, operation: Pick<CarrierRequest, "service" | "operation">): URL {
  try {
    const parsed = new URL(url)
    if (parsed.protocol === "https:" || parsed.protocol === "http:") return parsed
  } catch {
    // Reported below.
  }
  throw new CarrierError({
    ...operation,
    kind: "validation",
    retryable: false,
    field: "url",
    details: [{ message: "must be an absolute http(s) URL", field: "url" }],
  })
}
