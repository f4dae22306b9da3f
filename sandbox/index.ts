import { BookingStore } from "./booking-store"
import { CallbackDispatcher } from "./callbacks"
import { Clock } from "./clock"
import { FaultRegistry } from "./faults"
import { ConcurrencyLimiter, RateLimiter } from "./rate-limit"
import { Router } from "./router"
import { bookingRoutes } from "./routes/booking"
import { controlRoutes } from "./routes/control"
import { customerSubscriptionRoutes } from "./routes/event-cast-customer"
import { trackingSubscriptionRoutes } from "./routes/event-cast-tracking"
import { labelRoutes } from "./routes/labels"
import { pickupPointRoutes } from "./routes/pickup-points"
import { postalCodeRoutes } from "./routes/postal-codes"
import { shippingRoutes } from "./routes/shipping"
import { SandboxServer } from "./server"
import { customerSubscriptionForApi, SubscriptionStore, trackingSubscriptionForApi } from "./subscriptions"
import { emitTrackingEvent } from "./tracking-events"
import type { RateLimits, ReceivedRequest, Sandbox, SandboxEvent, SandboxOptions, SandboxUser } from "./types"

export type * from "./types"
// The data the sandbox serves, for tests that derive their expectations from it.
export { ADDITIONAL_SERVICES } from "./data/additional-services"
export { BOOKING_ERROR_TYPES } from "./data/booking-errors"
export { TEST_CUSTOMERS } from "./data/customers"
export { EVENT_NAMES } from "./data/events"
export { LOCKER_MAX_PARCEL_DIMENSIONS, PICKUP_POINTS } from "./data/pickup-points"
export { POSTAL_CODE_AREAS } from "./data/postal-codes"
export { findService, SERVICES, type CarrierService } from "./data/services"

export const DEMO_CREDENTIALS = { apiUid: "demo@nordic-parcel.test", apiKey: "sandbox-demo-key" }

/** carrier notes 3. */
export const DEFAULT_RATE_LIMITS: RateLimits = { booking: 18, shipping: 120, pickup: 80, postal: 300 }
const DEFAULT_EVENTS_CONCURRENCY = 50
const DEFAULT_CALLBACK_TIMEOUT_MS = 10_000

/** Starts a carrier sandbox on a free port (or `opts.port`); see API.md. */
export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const users: SandboxUser[] = opts.users ?? [{ ...DEMO_CREDENTIALS, customerNumbers: ["5", "6", "7"], admin: true }]
  if (users.length === 0) throw new Error("startSandbox needs at least one user")
  const log = opts.log ?? (() => {})
  const clock = new Clock(opts.clock ?? "manual", (opts.startAt ?? new Date()).getTime())
  const bookings = new BookingStore(opts.numberingStart)
  const subscriptions = new SubscriptionStore(clock)
  const dispatcher = new CallbackDispatcher({
    clock,
    timeoutMs: opts.callbackTimeoutMs ?? DEFAULT_CALLBACK_TIMEOUT_MS,
    retryScale: opts.retryScale ?? 1,
    isRegistered: (id) => subscriptions.isRegistered(id),
    log,
  })
  const faults = new FaultRegistry()
  const rateLimiter = new RateLimiter({ ...DEFAULT_RATE_LIMITS, ...opts.rateLimits })
  const requests: ReceivedRequest[] = []
  const emitEvent = (event: SandboxEvent) => emitTrackingEvent(event, { subscriptions, bookings, dispatcher, clock })
  const router = new Router([
    ...shippingRoutes(clock),
    ...pickupPointRoutes(),
    ...postalCodeRoutes(),
    ...bookingRoutes(bookings, clock),
    ...labelRoutes(bookings, { imageBytes: opts.labelImageBytes ?? 0 }),
    ...trackingSubscriptionRoutes(subscriptions, dispatcher, clock),
    ...customerSubscriptionRoutes(subscriptions, clock),
    ...controlRoutes(emitEvent),
  ])
  const server = new SandboxServer({
    router,
    users,
    faults,
    rateLimiter,
    concurrency: new ConcurrencyLimiter(),
    eventsConcurrency: opts.eventsConcurrency ?? DEFAULT_EVENTS_CONCURRENCY,
    requestLog: requests,
    clock,
    log,
  })
  const url = await server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1")

  let closing: Promise<void> | undefined
  return {
    url,
    credentials: { apiUid: users[0].apiUid, apiKey: users[0].apiKey },
    close: () =>
      (closing ??= (async () => {
        clock.cancelAll()
        await Promise.all([server.close(), dispatcher.close()])
      })()),
    reset: () => {
      clock.reset()
      bookings.reset()
      subscriptions.reset()
      dispatcher.reset()
      faults.clear()
      rateLimiter.reset()
      requests.length = 0
    },
    requests,
    bookings: bookings.bookings,
    pickupOrders: bookings.pickupOrders,
    trackingSubscriptions: () => subscriptions.activeTracking().map(trackingSubscriptionForApi),
    customerSubscriptions: () => subscriptions.activeCustomer().map(customerSubscriptionForApi),
    callbacks: dispatcher.attempts,
    fault: (group, fault) => faults.set(group, fault),
    clearFaults: () => faults.clear(),
    emitEvent,
    clock: { now: () => clock.now(), advance: (ms) => clock.advance(ms) },
  }
}
