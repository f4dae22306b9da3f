import { createHash, randomUUID } from "node:crypto"
import type Redis from "ioredis"
import type { CarrierLogger } from "./config"
import type { RateLimiter } from "./rate-limit"

/**
 * The booking limit shared by every process of the store through Redis.
 *
 * The carrier counts bookings per API user, whatever process sends them: two instances each
 * keeping 18 per second in memory send 36 and meet 429s. Here every grant is a member of one sorted
 * set per API user, scored by Redis' own clock (instances' clocks may differ), and a Lua script
 * grants atomically only while fewer than `limit` grants lie inside the window. A refused caller
 * is told how long until the oldest grant leaves the window and asks again then.
 *
 * Within a process the callers queue and one loop asks Redis for as many grants as are waiting,
 * in arrival order: a burst costs one round trip per window, not one per booking, so a busy event
 * loop does not slow the grants down (one by one, 18 round trips of 20 ms each would stretch
 * every window by a third).
 *
 * When Redis fails, the waiting callers fall back to the process's own limiter (the carrier may
 * then see up to `limit` per process again, which is what a store without Redis gets) and the
 * limiter says so once a minute.
 */
const GRANT_SCRIPT = `
if redis.replicate_commands then pcall(redis.replicate_commands) end
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local wanted = tonumber(ARGV[3])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local granted = math.max(0, math.min(wanted, limit - redis.call('ZCARD', key)))
for i = 1, granted do
  redis.call('ZADD', key, now, ARGV[4] .. ':' .. i)
end
if granted > 0 then redis.call('PEXPIRE', key, window) end
if granted >= wanted then return {granted, 0} end
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
return {granted, math.max(1, tonumber(oldest[2]) + window - now)}
`

type GrantingRedis = Pick<Redis, "eval" | "evalsha">

interface Waiter {
  resolve: () => void
  reject: (reason: unknown) => void
  signal?: AbortSignal
  onAbort?: () => void
}

export class RedisSlidingWindowRateLimiter implements RateLimiter {
  private readonly queue: Waiter[] = []
  private pumping = false
  private scriptSha?: string
  private counter = 0
  private readonly prefix = randomUUID()
  private lastWarning = 0

  constructor(
    private readonly redis: GrantingRedis,
    /** The sorted set's key: one per API user (see `sharedBookingKey`). */
    readonly key: string,
    readonly limit: number,
    readonly windowMs: number,
    private readonly fallback: RateLimiter,
    private readonly logger: CarrierLogger
  ) {}

  acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason)
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
      this.queue.push(waiter)
      void this.pump()
    })
  }

  private async pump(): Promise<void> {
    if (this.pumping) return
    this.pumping = true
    try {
      while (this.queue.length > 0) {
        const wanted = Math.min(this.queue.length, this.limit)
        let granted: number
        let waitMs: number
        try {
          ;[granted, waitMs] = await this.ask(wanted)
        } catch (error) {
          this.warn(error)
          for (const waiter of this.queue.splice(0)) {
            this.forget(waiter)
            this.fallback.acquire(waiter.signal).then(waiter.resolve, waiter.reject)
          }
          return
        }
        // Grants beyond the callers still waiting (one gave up meanwhile) stay unused: that errs on the safe side.
        for (let i = 0; i < granted && this.queue.length > 0; i++) {
          const waiter = this.queue.shift()!
          this.forget(waiter)
          waiter.resolve()
        }
        if (this.queue.length > 0 && granted < wanted) await sleep(waitMs)
      }
    } finally {
      this.pumping = false
    }
  }

  private forget(waiter: Waiter): void {
    if (waiter.onAbort) waiter.signal?.removeEventListener("abort", waiter.onAbort)
  }

  private async ask(wanted: number): Promise<[number, number]> {
    const members = `${this.prefix}:${++this.counter}`
    const args = [1, this.key, this.limit, this.windowMs, wanted, members] as const
    if (this.scriptSha) {
      try {
        return parse(await this.redis.evalsha(this.scriptSha, ...args))
      } catch (error) {
        if (!/NOSCRIPT/.test((error as Error).message)) throw error
      }
    }
    const result = await this.redis.eval(GRANT_SCRIPT, ...args)
    this.scriptSha = createHash("sha1").update(GRANT_SCRIPT).digest("hex")
    return parse(result)
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

function parse(result: unknown): [number, number] {
  const [granted, waitMs] = result as [number | string, number | string]
  return [Number(granted), Number(waitMs)]
}

/** The Redis key of one API user's booking grants; the user id is hashed, never stored in clear. */
export function sharedBookingKey(baseUrl: string, apiUid: string): string {
  const user = createHash("sha256").update(`${baseUrl}\n${apiUid.toLowerCase()}`).digest("hex").slice(0, 24)
  return `nordic-parcel:booking-rate:${user}`
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

const connections = new Map<string, Redis>()

/**
 * One Redis connection per URL in the process, made on first use. It does not keep the process
 * alive (a script that booked can still exit), and a command fails fast when Redis is down so the
 * fallback takes over instead of bookings hanging.
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
