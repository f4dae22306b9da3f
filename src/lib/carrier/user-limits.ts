import type { CarrierLogger } from "./config"
import { SlidingWindowRateLimiter, type RateLimiter } from "./rate-limit"
import { RedisSlidingWindowRateLimiter, sharedBookingKey, sharedLimitConnection } from "./shared-rate-limit"
import { Semaphore } from "./semaphore"

/**
 * The carrier counts requests per API user, not per connection or client object. The provider,
 * the routes and the jobs each build their own client set, so the limits live in one
 * process-wide registry keyed by base URL and API user: every client of that user shares them.
 */
export interface UserLimits {
  /** Booking API calls (the carrier throttles above 18 per second). */
  booking: SlidingWindowRateLimiter
  /** Every event-cast request (the carrier allows 50 in flight per user). */
  events: Semaphore
  /** Event-cast test operations, on top of `events` (10 concurrent per user). */
  eventsTest: Semaphore
}

export interface UserLimitSettings {
  bookingRatePerSecond: number
  eventsConcurrency: number
  eventsTestConcurrency: number
}

/**
 * The carrier measures arrival times, so consecutive windows of sends are kept this much further
 * apart than a second to absorb network jitter.
 */
export const BOOKING_WINDOW_SAFETY_MS = 50

/**
 * The same margin for the window shared through Redis, wider: a grant is stamped by Redis when the
 * script runs, and the booking leaves its process after the reply has crossed the network and that
 * process's event loop. A busy instance sending an early grant late, next to one sending a later
 * grant at once, brings two sends closer than the window (one 429 in 200 bookings with 50 ms).
 */
export const SHARED_BOOKING_WINDOW_SAFETY_MS = 100

const registry = new Map<string, { settings: UserLimitSettings; limits: UserLimits }>()

export function limitsForUser(
  baseUrl: string,
  apiUid: string,
  settings: UserLimitSettings,
  logger: CarrierLogger
): UserLimits {
  const key = `${baseUrl}\n${apiUid}`
  const existing = registry.get(key)
  if (existing) {
    if (!sameSettings(existing.settings, settings)) {
      // Two sets of limits for one user would break the guarantee; the first one stays.
      logger.warn("Carrier client: conflicting rate or concurrency settings for one API user; keeping the first")
    }
    return existing.limits
  }
  const limits: UserLimits = {
    booking: new SlidingWindowRateLimiter(settings.bookingRatePerSecond, 1000 + BOOKING_WINDOW_SAFETY_MS),
    events: new Semaphore(settings.eventsConcurrency),
    eventsTest: new Semaphore(settings.eventsTestConcurrency),
  }
  registry.set(key, { settings, limits })
  return limits
}

function sameSettings(a: UserLimitSettings, b: UserLimitSettings): boolean {
  return (
    a.bookingRatePerSecond === b.bookingRatePerSecond &&
    a.eventsConcurrency === b.eventsConcurrency &&
    a.eventsTestConcurrency === b.eventsTestConcurrency
  )
}

const sharedRegistry = new Map<string, RateLimiter>()

/**
 * The booking limiter of an API user shared through Redis by every process of the store, with the
 * process's own limiter as its fallback. One per Redis URL and user in the process, so all client
 * sets of the process queue together before asking Redis.
 */
export function sharedBookingLimiter(
  redisUrl: string,
  baseUrl: string,
  apiUid: string,
  local: UserLimits,
  settings: Pick<UserLimitSettings, "bookingRatePerSecond">,
  logger: CarrierLogger
): RateLimiter {
  const key = sharedBookingKey(baseUrl, apiUid)
  const registryKey = `${redisUrl}\n${key}`
  const existing = sharedRegistry.get(registryKey)
  if (existing) return existing
  let limiter: RateLimiter
  try {
    limiter = new RedisSlidingWindowRateLimiter(
      sharedLimitConnection(redisUrl),
      key,
      settings.bookingRatePerSecond,
      1000 + SHARED_BOOKING_WINDOW_SAFETY_MS,
      local.booking,
      logger
    )
  } catch (error) {
    // ioredis is not installed: the store's Redis modules bring it, a store without them has no Redis.
    logger.warn(`Carrier client: cannot share the booking rate limit through Redis (${(error as Error).message}); limiting in this process only`)
    limiter = local.booking
  }
  sharedRegistry.set(registryKey, limiter)
  return limiter
}
