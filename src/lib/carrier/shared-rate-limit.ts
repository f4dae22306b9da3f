/*
 * The booking rate limit shared by every instance through Redis: a Lua script reserves evenly spaced
 * slots on Redis' clock, asked for in batches (one round trip per window); redis-clock.ts places that
 * clock in the process, and a slot handed out more than half an interval late is left unused rather
 * than sent together with others after a stall. The process's own limiter (user-limits.ts) is the
 * fallback when Redis fails. Built by user-limits.ts when the clients are given a Redis URL
 * (modules/nordic_parcel/carrier-access.ts).
 */
import { createHash } from "node:crypto"
import { performance } from "node:perf_hooks"
import type Redis from "ioredis"
import type { CarrierLogger } from "./config"
import type { AcquireOptions, RateLimiter } from "./rate-limit"
import { RedisClock } from "./redis-clock"

/**
 * The booking limit shared by every process of the store through Redis.
 *
 * The carrier counts bookings per API user, whatever process sends them: two instances each
 * keeping 18 per second in memory send 36 and meet 429s. Here one Redis key per API user holds
 * when the next booking is due, on Redis' own clock (instances' clocks may differ). A Lua script
 * reserves consecutive slots `windowMs / limit` apart from that time and moves it on, atomically:
 * slots never come closer than that interval, whichever process holds them, so no window holds
 * more than `limit` (the pacing and why it beats granting a window's worth at once are explained
 * with `PacedRateLimiter`).
 *
 * Within a process the callers queue and one loop reserves a slot for each caller waiting (at
 * most `limit`), in arrival order, then hands each slot out when its time comes: a burst costs one
 * round trip per window, not one per booking, so a busy event loop does not slow the grants down.
 * A slot whose caller gave up goes to the next caller, or stays unused: that errs on the safe side.
 *
 * A slot is handed out at its time on Redis' clock, placed on this process's clock by `RedisClock`
 * (so a reply a busy event loop handled late does not move the slots later), never before it and
 * at most half an interval after it. A process that stalls (a long synchronous task, a GC pause, a
 * starved CPU) while its slots come due leaves them unused rather than sending them together when
 * it wakes: those late requests would crowd the slots other processes use on time. So any
 * `limit + 1` grants of all processes span at least `windowMs` less half an interval (and the
 * uncertainty of the clocks, a fraction of a millisecond to a Redis nearby), which the window's
 * safety margin absorbs.
 *
 * When Redis fails or does not answer within `REDIS_COMMAND_TIMEOUT_MS` (a stalled or half-open
 * Redis), the waiting callers fall back to the process's own limiter (the carrier may then see up
 * to `limit` per process again, which is what a store without Redis gets), the limiter says so
 * once a minute and in `sharing()` (the status page), and for `REDIS_RETRY_AFTER_MS` it sends the
 * next callers there at once rather than have each batch wait out the time limit again.
 */
const RESERVE_SCRIPT = `
if redis.replicate_commands then pcall(redis.replicate_commands) end
local key = KEYS[1]
local interval = tonumber(ARGV[1])
local wanted = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local due = tonumber(redis.call('GET', key) or '0') or 0
if due < now then due = now end
local after = due + wanted * interval
redis.call('SET', key, string.format('%.0f', after), 'PX', math.ceil((after - now) / 1000) + 1000)
return {due - now, now}
`

type GrantingRedis = Pick<Redis, "eval" | "evalsha">

/** How long one Redis command of the limiter may take: past it, the process's own limit takes over. */
export const REDIS_COMMAND_TIMEOUT_MS = 2_000
/** After Redis failed, how long the limiter uses the process's own limit before asking Redis again. */
export const REDIS_RETRY_AFTER_MS = 30_000

/** Whether the booking limit is shared through Redis now, or kept by this process since when and why. */
export type SharingStatus = { shared: boolean; since: string | null; reason: string | null }

interface Waiter {
  resolve: () => void
  reject: (reason: unknown) => void
  signal?: AbortSignal
  onAbort?: () => void
}

export class RedisPacedRateLimiter implements RateLimiter {
  private readonly queue: Waiter[] = []
  private pumping = false
  private scriptSha?: string
  /** The time between two slots, in whole microseconds, rounded up. */
  private readonly intervalUs: number
  private lastWarning = 0
  private readonly clock = new RedisClock()
  /** Set while Redis is considered unavailable: since when, why, and when to ask it again. */
  private unavailable_?: { since: Date; reason: string; retryAt: number }

  constructor(
    private readonly redis: GrantingRedis,
    /** The key of the next due time: one per API user (see `sharedBookingKey`). */
    readonly key: string,
    readonly limit: number,
    readonly windowMs: number,
    private readonly fallback: RateLimiter,
    private readonly logger: CarrierLogger
  ) {
    this.intervalUs = Math.ceil((windowMs * 1000) / limit)
  }

  /** Shared through Redis, or this process's own limit since a failure (status page). */
  sharing(): SharingStatus {
    const down = this.unavailable_
    return down ? { shared: false, since: down.since.toISOString(), reason: down.reason } : { shared: true, since: null, reason: null }
  }

  acquire(signal?: AbortSignal, options?: AcquireOptions): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason)
    // Redis failed lately: the process's own limit, without waiting for Redis to time out again.
    if (this.unavailable_ && Date.now() < this.unavailable_.retryAt) {
      return this.fallback.acquire(signal, options)
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, signal }
      if (signal) {
        waiter.onAbort = () => {
          const index = this.queue.indexOf(waiter)
          if (index >= 0) this.queue.splice(index, 1)
          reject(signal.reason)
        }
        signal.addEventListener("abort", waiter.onAbort, { once: true })
      }
      if (options?.ahead) this.queue.unshift(waiter)
      else this.queue.push(waiter)
      void this.pump()
    })
  }

  private async pump(): Promise<void> {
    if (this.pumping) return
    this.pumping = true
    try {
      while (this.queue.length > 0) {
        const wanted = Math.min(this.queue.length, this.limit)
        let reserved: { firstInUs: number; redisNowUs: number }
        const sentAt = performance.now()
        try {
          reserved = await withTimeout(this.reserve(wanted), REDIS_COMMAND_TIMEOUT_MS)
          if (this.unavailable_) {
            this.logger.warn("Carrier client: the shared booking rate limit in Redis answers again; sharing it with the other instances")
            this.unavailable_ = undefined
          }
        } catch (error) {
          const reason = (error as Error).message
          this.unavailable_ = { since: this.unavailable_?.since ?? new Date(), reason, retryAt: Date.now() + REDIS_RETRY_AFTER_MS }
          this.warn(error)
          for (const waiter of this.queue.splice(0)) {
            this.forget(waiter)
            this.fallback.acquire(waiter.signal).then(waiter.resolve, waiter.reject)
          }
          return
        }
        const clock = this.clock.read(reserved.redisNowUs / 1000, sentAt, performance.now())
        // When Redis reserved, on this process's clock (give or take the clock's uncertainty).
        const reservedAt = reserved.redisNowUs / 1000 - clock.offsetMs
        for (let i = 0; i < wanted && this.queue.length > 0; i++) {
          // Each slot's time is reckoned from the reservation, so a late timer does not push the
          // next one back; never before the slot, wherever in the margin it lies.
          const earliest = reservedAt + (reserved.firstInUs + i * this.intervalUs) / 1000 + clock.uncertaintyMs
          const waitMs = earliest - performance.now()
          if (waitMs > 0) await sleep(waitMs)
          if (performance.now() > earliest + this.intervalUs / 2000) continue
          const waiter = this.queue.shift()
          if (!waiter) break
          this.forget(waiter)
          waiter.resolve()
        }
      }
    } finally {
      this.pumping = false
    }
  }

  private forget(waiter: Waiter): void {
    if (waiter.onAbort) waiter.signal?.removeEventListener("abort", waiter.onAbort)
  }

  /** Reserves `wanted` consecutive slots: the microseconds until the first, and Redis' time then. */
  private async reserve(wanted: number): Promise<{ firstInUs: number; redisNowUs: number }> {
    const args = [1, this.key, this.intervalUs, wanted] as const
    const read = (reply: unknown) => {
      const [firstInUs, redisNowUs] = (reply as [number | string, number | string]).map(Number)
      return { firstInUs, redisNowUs }
    }
    if (this.scriptSha) {
      try {
        return read(await this.redis.evalsha(this.scriptSha, ...args))
      } catch (error) {
        if (!/NOSCRIPT/.test((error as Error).message)) throw error
      }
    }
    const result = await this.redis.eval(RESERVE_SCRIPT, ...args)
    this.scriptSha = createHash("sha1").update(RESERVE_SCRIPT).digest("hex")
    return read(result)
  }

  private warn(error: unknown): void {
    const now = Date.now()
    if (now - this.lastWarning < 60_000) return
    this.lastWarning = now
    this.logger.warn(
      `Carrier client: the shared booking rate limit in Redis is unavailable (${(error as Error).message}); limiting in this process only`
    )
  }
}

/** The Redis key of one API user's next booking time; the user id is hashed, never stored in clear. */
export function sharedBookingKey(baseUrl: string, apiUid: string): string {
  const user = createHash("sha256").update(`${baseUrl}\n${apiUid.toLowerCase()}`).digest("hex").slice(0, 24)
  return `nordic-parcel:booking-due:${user}`
}

/** The promise, or a rejection naming the time limit once `ms` have passed (the command may still complete later). */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms (command timed out)`)), ms)
    timer.unref?.()
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

const connections = new Map<string, Redis>()

/**
 * One Redis connection per URL in the process, made on first use. It does not keep the process
 * alive (a script that booked can still exit), and a command fails fast when Redis is down, and
 * within `REDIS_COMMAND_TIMEOUT_MS` when it hangs (accepts and never answers), so the fallback
 * takes over instead of bookings hanging.
 */
export function sharedLimitConnection(redisUrl: string): Redis {
  const existing = connections.get(redisUrl)
  if (existing) return existing
  // Loaded only when a store has Redis: a store without it needs no Redis client.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const IORedis = require("ioredis") as typeof import("ioredis").default
  const client = new IORedis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    enableAutoPipelining: true,
  })
  client.on("error", () => {
    // Reported by the limiter when a grant fails; ioredis reconnects by itself.
  })
  client.on("connect", () => {
    ;(client as unknown as { stream?: { unref?: () => void } }).stream?.unref?.()
  })
  connections.set(redisUrl, client)
  return client
}
