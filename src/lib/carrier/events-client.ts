import type { z } from "@medusajs/framework/zod"
import type { CallOptions } from "./config"
import { CarrierError } from "./errors"
import type { CarrierHttp, CarrierRequest, CarrierResponse, Query } from "./http"
import {
  createCustomerSubscriptionSchema,
  createTrackingSubscriptionSchema,
  createTrackingSubscriptionsSchema,
  customerSubscriptionListSchema,
  customerSubscriptionSchema,
  listTrackingSubscriptionsSchema,
  MAX_TRACKING_IDS_PER_BATCH,
  subscriptionIdSchema,
  trackingSubscriptionListSchema,
  trackingSubscriptionSchema,
  type CreateCustomerSubscriptionRequest,
  type CreateTrackingSubscriptionRequest,
  type CreateTrackingSubscriptionsRequest,
  type CustomerSubscription,
  type ListTrackingSubscriptionsRequest,
  type SubscriptionTestResult,
  type TrackingSubscription,
} from "./schemas/events"
import type { Release } from "./semaphore"
import type { UserLimits } from "./user-limits"
import { parseResponse, validateRequest } from "./validation"

const TRACKING = "/event-cast/api/v1/webhooks"
const TRACKING_BATCH = "/event-cast/batch/api/v1/webhooks"
const CUSTOMER = "/event-cast/api/v1/customer/webhooks"

/** Outcome of a batch create: batches succeed or fail as a whole (carrier notes 22). */
export interface TrackingSubscriptionsResult {
  created: TrackingSubscription[]
  /** Each failed batch with its ids; a 409 (kind "conflict") means one of them is already subscribed. */
  failed: { trackingIds: string[]; error: CarrierError }[]
}

/** One event-cast request before the shared parts (service, retry policy, limits) are added. */
type EventCastCall = Pick<CarrierRequest, "operation" | "method" | "path" | "query" | "body">

/**
 * Event-cast webhook subscriptions. Every request holds one of the
 * user's 50 concurrent slots; test operations also hold one of 10 test slots. Creates, reads
 * and deletes are retried on 429, 5xx and network errors; a repeated create may then answer 409
 * and a repeated delete 404, which callers can count as success.
 */
export class EventsClient {
  constructor(
    private readonly http: CarrierHttp,
    private readonly limits: Pick<UserLimits, "events" | "eventsTest">
  ) {}

  // ---------------------------------------------------------------- tracking subscriptions

  /** One parcel or shipment number. A 409 (identical subscription exists) throws kind "conflict". */
  async createTrackingSubscription(request: CreateTrackingSubscriptionRequest, options?: CallOptions): Promise<TrackingSubscription> {
    return this.create({ operation: "events.createTrackingSubscription", path: TRACKING }, createTrackingSubscriptionSchema, request, trackingSubscriptionSchema, options)
  }

  /**
   * Any number of tracking numbers, sent in batches of at most 100 that run concurrently
   * within the user's limit. Every batch is attempted; failures are reported per batch.
   */
  async createTrackingSubscriptions(
    request: CreateTrackingSubscriptionsRequest,
    options?: CallOptions
  ): Promise<TrackingSubscriptionsResult> {
    const operation = "events.createTrackingSubscriptions"
    const { trackingIds, ...common } = this.validate(createTrackingSubscriptionsSchema, request, operation)
    const batches: string[][] = []
    for (let start = 0; start < trackingIds.length; start += MAX_TRACKING_IDS_PER_BATCH) {
      batches.push(trackingIds.slice(start, start + MAX_TRACKING_IDS_PER_BATCH))
    }
    const outcomes = await Promise.allSettled(
      batches.map((ids) =>
        this.read(
          { operation, method: "POST", path: TRACKING_BATCH, body: { ...common, trackingIds: ids } },
          trackingSubscriptionListSchema,
          options
        )
      )
    )
    const result: TrackingSubscriptionsResult = { created: [], failed: [] }
    outcomes.forEach((outcome, index) => {
      if (outcome.status === "fulfilled") result.created.push(...outcome.value)
      else if (outcome.reason instanceof CarrierError) {
        result.failed.push({ trackingIds: batches[index], error: outcome.reason })
      } else throw outcome.reason
    })
    return result
  }

  /** The latest subscriptions (carrier default 10000); [] when none are registered (carrier notes 27). */
  async listTrackingSubscriptions(
    request: ListTrackingSubscriptionsRequest = {},
    options?: CallOptions
  ): Promise<TrackingSubscription[]> {
    const operation = "events.listTrackingSubscriptions"
    const query: Query = this.validate(listTrackingSubscriptionsSchema, request, operation)
    return this.list({ operation, method: "GET", path: TRACKING, query }, trackingSubscriptionListSchema, options)
  }

  /** 404 (unknown, ended or expired) throws kind "not_found". */
  async getTrackingSubscription(id: string, options?: CallOptions): Promise<TrackingSubscription> {
    const operation = "events.getTrackingSubscription"
    const path = `${TRACKING}/${this.subscriptionId(id, operation)}`
    return this.read({ operation, method: "GET", path }, trackingSubscriptionSchema, options)
  }

  /** Resolves with the removed subscription when `includeWebhook` is true (200), else undefined (204). */
  async deleteTrackingSubscription(
    id: string,
    params: { includeWebhook?: boolean } = {},
    options?: CallOptions
  ): Promise<TrackingSubscription | undefined> {
    const operation = "events.deleteTrackingSubscription"
    const path = `${TRACKING}/${this.subscriptionId(id, operation)}`
    const query: Query = { includeWebhook: params.includeWebhook }
    const response = await this.http.send(this.carrierRequest({ operation, method: "DELETE", path, query }), options)
    if (response.body === undefined) return undefined
    return this.parse(trackingSubscriptionSchema, response, operation)
  }

  /**
   * Sends one dummy callback to a tracking or customer subscription. Never retried: every
   * attempt sends a callback. Success is the carrier's 2xx (documented as 202); whether the store
   * received the dummy shows on the store's side, and the carrier's text is passed on unread.
   */
  async testSubscription(id: string, options?: CallOptions): Promise<SubscriptionTestResult> {
    const operation = "events.testSubscription"
    const path = `${TRACKING}/${this.subscriptionId(id, operation)}/test`
    const response = await this.http.send(
      { ...this.carrierRequest({ operation, method: "POST", path }), retry: "never", throttle: this.testThrottle },
      options
    )
    return { status: response.status, outcome: response.bytes.toString("utf8") }
  }

  // ---------------------------------------------------------------- customer subscriptions

  /** Every consignment of a customer number, for 365 days. 401 when the user may not use the number. */
  async createCustomerSubscription(request: CreateCustomerSubscriptionRequest, options?: CallOptions): Promise<CustomerSubscription> {
    return this.create({ operation: "events.createCustomerSubscription", path: CUSTOMER }, createCustomerSubscriptionSchema, request, customerSubscriptionSchema, options)
  }

  /** The caller's own customer subscriptions; [] when none (404, carrier notes 26). */
  async listCustomerSubscriptions(options?: CallOptions): Promise<CustomerSubscription[]> {
    const operation = "events.listCustomerSubscriptions"
    return this.list({ operation, method: "GET", path: CUSTOMER }, customerSubscriptionListSchema, options)
  }

  /** Subscriptions on every customer number the caller may access, with `createdBy`; [] when none. */
  async listAllCustomerSubscriptions(options?: CallOptions): Promise<CustomerSubscription[]> {
    const operation = "events.listAllCustomerSubscriptions"
    return this.list({ operation, method: "GET", path: `${CUSTOMER}/all` }, customerSubscriptionListSchema, options)
  }

  async getCustomerSubscription(id: string, options?: CallOptions): Promise<CustomerSubscription> {
    const operation = "events.getCustomerSubscription"
    const path = `${CUSTOMER}/${this.subscriptionId(id, operation)}`
    return this.read({ operation, method: "GET", path }, customerSubscriptionSchema, options)
  }

  /** Moves the expiry to 365 days from now. */
  async renewCustomerSubscription(id: string, options?: CallOptions): Promise<CustomerSubscription> {
    const operation = "events.renewCustomerSubscription"
    const path = `${CUSTOMER}/renew/${this.subscriptionId(id, operation)}`
    return this.read({ operation, method: "POST", path }, customerSubscriptionSchema, options)
  }

  async deleteCustomerSubscription(id: string, options?: CallOptions): Promise<void> {
    const operation = "events.deleteCustomerSubscription"
    const path = `${CUSTOMER}/${this.subscriptionId(id, operation)}`
    await this.http.send(this.carrierRequest({ operation, method: "DELETE", path }), options)
  }

  // ---------------------------------------------------------------- shared

  /** Both kinds of subscription are made alike: the request checked, POSTed, the made subscription read back. */
  private async create<Request extends z.ZodType, Made extends z.ZodType>(
    call: { operation: string; path: string },
    requestSchema: Request,
    request: z.input<Request>,
    madeSchema: Made,
    options?: CallOptions
  ): Promise<z.output<Made>> {
    const body = this.validate(requestSchema, request, call.operation)
    return this.read({ ...call, method: "POST", body }, madeSchema, options)
  }

  private validate<S extends z.ZodType>(schema: S, input: unknown, operation: string): z.output<S> {
    return validateRequest(schema, input, { service: "events", operation })
  }

  private async read<S extends z.ZodType>(call: EventCastCall, schema: S, options?: CallOptions): Promise<z.output<S>> {
    const response = await this.http.send(this.carrierRequest(call), options)
    return this.parse(schema, response, call.operation)
  }

  /** List operations answer 404 when none are registered (carrier notes 27). */
  private async list<T>(call: EventCastCall, schema: z.ZodType<T[]>, options?: CallOptions): Promise<T[]> {
    const response = await this.http.send({ ...this.carrierRequest(call), acceptStatuses: [404] }, options)
    if (response.status === 404) return []
    return this.parse(schema, response, call.operation)
  }

  private parse<S extends z.ZodType>(schema: S, response: CarrierResponse, operation: string): z.output<S> {
    return parseResponse(schema, response.body, { service: "events", operation, status: response.status })
  }

  private carrierRequest(call: EventCastCall): CarrierRequest {
    return { ...call, service: "events", retry: "transient", throttle: this.throttle }
  }

  private subscriptionId(id: string, operation: string): string {
    const validated = this.validate(subscriptionIdSchema, { id }, operation)
    return encodeURIComponent(validated.id)
  }

  private throttle = (signal: AbortSignal): Promise<Release> => this.limits.events.acquire(signal)

  /** Test slots are taken first, so a queue of tests does not hold general slots while it waits. */
  private testThrottle = async (signal: AbortSignal): Promise<Release> => {
    const releaseTest = await this.limits.eventsTest.acquire(signal)
    try {
      const releaseEvents = await this.limits.events.acquire(signal)
      return () => {
        releaseEvents()
        releaseTest()
      }
    } catch (error) {
      releaseTest()
      throw error
    }
  }
}
