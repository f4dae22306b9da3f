import { Agent } from "undici"
import { BookingClient } from "./booking-client"
import { resolveCarrierConfig, type CarrierClientConfig } from "./config"
import { observeCarrierErrors } from "./error-observer"
import { EventsClient } from "./events-client"
import { CarrierHttp } from "./http"
import { LookupClient } from "./lookup-client"
import type { RateLimiter } from "./rate-limit"
import { limitsForUser, sharedBookingLimiter } from "./user-limits"

export interface CarrierClients {
  lookup: LookupClient
  booking: BookingClient
  events: EventsClient
  /**
   * The booking limit's sharing through Redis (null: no Redis, this process's own limit by design):
   * shared now, or this process's own since a failure, with the reason (status page).
   */
  bookingRateLimit(): { shared: boolean; since: string | null; reason: string | null } | null
  /** Closes the client set's connections (not a dispatcher passed in the config). */
  close(): Promise<void>
}

/** How long an idle connection to the carrier is kept for reuse. */
const KEEP_ALIVE_TIMEOUT_MS = 10_000

/**
 * Builds the carrier clients over one keep-alive connection pool. Rate and concurrency limits
 * are shared with every other client set of the same API user in this process, and the booking
 * rate with every process of the store when `sharedLimitRedisUrl` is given.
 */
export function createCarrierClients(config: CarrierClientConfig): CarrierClients {
  const resolved = resolveCarrierConfig(config)
  const ownAgent = resolved.dispatcher ? undefined : new Agent({ keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS })
  const http = new CarrierHttp(resolved, resolved.dispatcher ?? ownAgent!)
  const limits = limitsForUser(resolved.baseUrl, resolved.apiUid, resolved, resolved.logger)
  const bookingLimiter: RateLimiter = resolved.sharedLimitRedisUrl
    ? sharedBookingLimiter(resolved.sharedLimitRedisUrl, resolved.baseUrl, resolved.apiUid, limits, resolved, resolved.logger)
    : limits.booking
  const { onError } = config
  const observed = <T extends object>(client: T): T => (onError ? observeCarrierErrors(client, onError) : client)
  return {
    lookup: observed(new LookupClient(http, resolved.logger)),
    booking: observed(new BookingClient(http, bookingLimiter)),
    events: observed(new EventsClient(http, limits)),
    bookingRateLimit: () => (resolved.sharedLimitRedisUrl ? (bookingLimiter.sharing?.() ?? { shared: false, since: null, reason: "ioredis is not installed" }) : null),
    async close() {
      await ownAgent?.close()
    },
  }
}

export { BookingClient, type LabelDocument } from "./booking-client"
export type { CallOptions, CarrierClientConfig, CarrierLogger, CarrierService } from "./config"
export { CarrierError, carrierMayHaveActed, reviveCarrierError, type CarrierErrorDetail, type CarrierErrorKind } from "./errors"
export { CarrierErrorLog, type CarrierErrorEntry } from "./error-log"
export { EventsClient, type TrackingSubscriptionsResult } from "./events-client"
export { LookupClient } from "./lookup-client"
export { fitsLocker, isProductAvailable, type ParcelDimensions } from "./lookup-rules"
export type * from "./schemas/booking"
export type * from "./schemas/events"
export type * from "./schemas/pickup-points"
export type * from "./schemas/pickup-order"
export type * from "./schemas/postal-codes"
export type * from "./schemas/shipping"
export { natureOfTransactionValues } from "./schemas/booking"
export { trackingEventNames } from "./schemas/events"
export { pickupPointCountries } from "./schemas/pickup-points"
