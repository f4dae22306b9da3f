/*
 * The carrier's limits per API user within one process: bookings through rate-limit.ts (grants paced
 * evenly under a sliding window), event-cast calls through semaphore.ts (slots); both queue their
 * waiters in wait-queue.ts. With a Redis URL (REDIS_URL, passed by
 * modules/nordic_parcel/carrier-access.ts as `sharedLimitRedisUrl`) bookings are paced by
 * shared-rate-limit.ts, built here, with the process's own limiter as its fallback. `LATE_TURN_MS`
 * (read by http.ts) is half the margin on the shared window.
 */
import type { CarrierLogger } from "./config"
import { PacedRateLimiter, type RateLimiter } from "./rate-limit"
import { RedisPacedRateLimiter, sharedBookingKey, sharedLimitConnection } from "./shared-rate-limit"
import { Semaphore } from "./semaphore"

/**
 * The carrier counts requests per API user, not per connection or client object. The provider,
 * the routes and the jobs each build their own client set, so the limits live in one
 * process-wide registry keyed by base URL and API user: every client of that user shares them.
 */
export interface UserLimits {
  /** Booking API calls (the carrier throttles above 18 per second). */
  booking: PacedRateLimiter
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
 * The carrier measures arrival times, so the limiter's window is kept this much longer than a
 * second to absorb the jitter between a grant and the arrival of its booking: the network, and
 * the event loop of a process busy with fulfilments (loop delays of 60–90 ms were measured during
 * bulk runs, bench:booking). Grants are paced evenly over the window, so this margin is what
 * separates two consecutive bookings' worth of jitter, not a whole window's worth queued at once.
 */
export const BOOKING_WINDOW_SAFETY_MS = 100

/**
 * The same margin for the schedule shared through Redis: a slot is reckoned on Redis' clock, and
 * its booking leaves after the reply has crossed the network and that process's event loop, so a
 * busy instance sending a slot late next to one sending the following slot on time brings two
 * sends closer than the interval.
 */
export const SHARED_BOOKING_WINDOW_SAFETY_MS = 100

/**
 * How long a booking's turn may take before it is sent: the booking ledger records the attempt
 * when the turn comes, and on a busy database that write can take longer than the margin above.
 * A booking kept longer than half the margin takes the next slot, so a send is never more than
 * this behind its slot and two sends never come closer than the margin allows.
 */
export const LATE_TURN_MS = BOOKING_WINDOW_SAFETY_MS / 2

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
    booking: new PacedRateLimiter(settings.bookingRatePerSecond, 1000 + BOOKING_WINDOW_SAFETY_MS),
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
    limiter = new RedisPacedRateLimiter(
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
