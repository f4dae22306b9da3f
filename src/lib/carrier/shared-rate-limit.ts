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
 * Within a process the callers queue and only the head asks Redis, so a burst of waiting bookings
 * costs one Redis round trip per grant, not one per waiter, and they are granted in arrival order.
 *
 * When Redis fails, the process falls back to its own limiter (the carrier may then see up to
 * `limit` per process again, which is what a store without Redis gets) and says so once a minute.
 */
const GRANT_SCRIPT = `
if redis.replicate_commands then pcall(redis.replicate_commands) end
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
if redis.call('ZCARD', key) < limit then
  redis.call('ZADD', key, now, ARGV[3])
  redis.call('PEXPIRE', key, window)
  return 0
end
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
return math.max(1, tonumber(oldest[2]) + window - now)
`

type GrantingRedis = Pick<Redis, "eval" | "evalsha" | "script"> & { status?: string }

export class RedisSlidingWindowRateLimiter implements RateLimiter {
  private turn: Promise<void> = Promise.resolve()
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
    const granted = this.turn.then(() => this.grant(signal))
    // The next caller waits for this one's grant, not for its failure.
    this.turn = granted.catch(() => undefined)
    return granted
  }

  private async grant(signal?: AbortSignal): Promise<void> {
    for (;;) {
      if (signal?.aborted) throw signal.reason
      let waitMs: number
      try {
        waitMs = await this.ask()
      } catch (error) {
        this.warn(error)
        return this.fallback.acquire(signal)
      }
      if (waitMs <= 0) return
      await sleep(waitMs, signal)
    }
  }

  private async ask(): Promise<number> {
    const member = `${this.prefix}:${++this.counter}`
    const args = [1, this.key, this.limit, this.windowMs, member] as const
    if (this.scriptSha) {
      try {
        return Number(await this.redis.evalsha(this.scriptSha, ...args))
      } catch (error) {
        if (!/NOSCRIPT/.test((error as Error).message)) throw error
      }
    }
    const result = await this.redis.eval(GRANT_SCRIPT, ...args)
    this.scriptSha = createHash("sha1").update(GRANT_SCRIPT).digest("hex")
    return Number(result)
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

/** The Redis key of one API user's booking grants; the user id is hashed, never stored in clear. */
export function sharedBookingKey(baseUrl: string, apiUid: string): string {
  const user = createHash("sha256").update(`${baseUrl}\n${apiUid.toLowerCase()}`).digest("hex").slice(0, 24)
  return `nordic-parcel:booking-rate:${user}`
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(done, ms)
    function done() {
      signal?.removeEventListener("abort", aborted)
      resolve()
    }
    function aborted() {
      clearTimeout(timer)
      reject(signal!.reason)
    }
    signal?.addEventListener("abort", aborted, { once: true })
  })
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
