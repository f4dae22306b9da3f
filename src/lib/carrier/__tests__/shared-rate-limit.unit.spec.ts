import { randomUUID } from "node:crypto"
import Redis from "ioredis"
import { PacedRateLimiter } from "../rate-limit"
import { RedisPacedRateLimiter, sharedBookingKey } from "../shared-rate-limit"

/**
 * The booking limit shared through Redis, against a real Redis (REDIS_URL; CI sets it). Each
 * limiter gets a connection of its own, as two instances of the store would.
 */
const logger = { debug() {}, info() {}, warn: jest.fn(), error() {} }

if (!process.env.REDIS_URL) {
  describe("booking rate limit shared through Redis", () => {
    it.todo("needs REDIS_URL, e.g. REDIS_URL=redis://127.0.0.1:6379 npm run test:unit; CI sets it")
  })
} else {
  describe("booking rate limit shared through Redis", () => {
    const connections: Redis[] = []
    const connect = () => {
      const redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1 })
      connections.push(redis)
      return redis
    }
    const key = `nordic-parcel:test:${randomUUID()}`
    /**
     * The guarantee: any `limit + 1` grants span a window, less the half interval by which a busy
     * event loop may hand a slot out late (and 20 ms for the test's own timers).
     */
    const expectNoWindowOverLimit = (granted: number[], limit: number, windowMs: number) => {
      const sorted = [...granted].sort((x, y) => x - y)
      for (let i = 0; i + limit < sorted.length; i++) {
        expect(sorted[i + limit] - sorted[i]).toBeGreaterThanOrEqual(windowMs - windowMs / limit / 2 - 20)
      }
    }
    /** A Redis whose every reply goes through `delay` before the limiter sees it. */
    const behind = (redis: Redis, delay: <T>(reply: () => Promise<T>) => Promise<T>) =>
      ({
        eval: (...args: Parameters<Redis["eval"]>) => delay(() => redis.eval(...args)),
        evalsha: (...args: Parameters<Redis["evalsha"]>) => delay(() => redis.evalsha(...args)),
      }) as unknown as Redis

    afterAll(async () => {
      await connections[0]?.del(key)
      connections.forEach((c) => c.disconnect())
    })

    it("grants two processes together no more than the limit in any window, spread evenly", async () => {
      const limit = 4
      const windowMs = 1_000
      const [a, b] = [connect(), connect()].map(
        (redis) => new RedisPacedRateLimiter(redis, key, limit, windowMs, new PacedRateLimiter(limit, windowMs), logger)
      )
      const start = Date.now()
      const granted: number[] = []
      await Promise.all(
        Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).acquire().then(() => granted.push(Date.now() - start)))
      )
      granted.sort((x, y) => x - y)
      // Each limiter alone would grant at once: 2 at the start. Shared, the grants come one every
      // 250 ms whichever process holds them, so the (limit+1)th comes a window after the first,
      // less the half interval by which a busy event loop may hand a slot out late.
      const interval = windowMs / limit
      expectNoWindowOverLimit(granted, limit, windowMs)
      const gaps = granted.slice(1).map((at, i) => at - granted[i])
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(interval / 2 - 20)
      // And no slower than the schedule: 12 grants in 11 intervals (plus two slots a stalled
      // machine may leave unused).
      expect(granted[11]).toBeLessThanOrEqual(13 * interval + 300)
      expect(logger.warn).not.toHaveBeenCalled()
    })

    it("does not make up for a stalled event loop with a burst: a slot more than half an interval late goes unused", async () => {
      const limit = 4
      const windowMs = 1_000
      const [a, b] = [connect(), connect()].map(
        (redis) => new RedisPacedRateLimiter(redis, `${key}:stall`, limit, windowMs, new PacedRateLimiter(limit, windowMs), logger)
      )
      const start = Date.now()
      const granted: number[] = []
      let stalled = false
      await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          (i % 2 ? a : b).acquire().then(() => {
            granted.push(Date.now() - start)
            // The process is busy (a long synchronous task, a GC pause, a starved CPU) while
            // slots it reserved come due: 600 ms, more than two intervals.
            if (!stalled && granted.length === 3) {
              stalled = true
              const until = Date.now() + 600
              while (Date.now() < until);
            }
          })
        )
      )
      // Every window still holds at most `limit` grants.
      expectNoWindowOverLimit(granted, limit, windowMs)
      await connections[0].del(`${key}:stall`)
    })

    it("keeps the rate over a slow link to Redis: a steady round trip longer than half an interval wastes no slot", async () => {
      const limit = 10
      const windowMs = 1_000
      const redis = connect()
      const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))
      // 40 ms each way, as to a Redis in another region: longer than the half interval (50 ms) a
      // slot may be late, so the limiter must not count the link's own time as lateness.
      const slowLink = behind(redis, async (reply) => {
        await pause(40)
        const result = await reply()
        await pause(40)
        return result
      })
      const limiter = new RedisPacedRateLimiter(slowLink, `${key}:slow`, limit, windowMs, new PacedRateLimiter(limit, windowMs), logger)
      const start = Date.now()
      const granted: number[] = []
      await Promise.all(Array.from({ length: 12 }, () => limiter.acquire().then(() => granted.push(Date.now() - start))))
      const interval = windowMs / limit
      // On schedule: 11 intervals, plus one round trip for each of the two batches (10, then 2).
      expect(granted[11]).toBeLessThanOrEqual(11 * interval + 2 * 80 + 150)
      expectNoWindowOverLimit(granted, limit, windowMs)
      await redis.del(`${key}:slow`)
    })

    it("places the slots on Redis' clock: a reply the event loop handled late costs only the slots already past", async () => {
      const limit = 10
      const windowMs = 1_000
      const redis = connect()
      let calls = 0
      // The second reservation's reply waits 150 ms behind a busy event loop before it is handled.
      const busyLoop = behind(redis, async (reply) => {
        const result = await reply()
        if (++calls === 2) {
          const until = Date.now() + 150
          while (Date.now() < until);
        }
        return result
      })
      const limiter = new RedisPacedRateLimiter(busyLoop, `${key}:late-reply`, limit, windowMs, new PacedRateLimiter(limit, windowMs), logger)
      const start = Date.now()
      const granted: number[] = []
      await Promise.all(Array.from({ length: 30 }, () => limiter.acquire().then(() => granted.push(Date.now() - start))))
      const interval = windowMs / limit
      // 29 intervals, plus at most the one slot that was past its time when the reply was handled
      // (reckoned from the reply instead, the whole second batch of 10 would go unused).
      expect(granted[29]).toBeLessThanOrEqual(30 * interval + 300)
      expectNoWindowOverLimit(granted, limit, windowMs)
      await redis.del(`${key}:late-reply`)
    })

    it("gives a caller asking ahead the next slot before those already waiting", async () => {
      const redis = connect()
      const limiter = new RedisPacedRateLimiter(redis, `${key}:ahead`, 10, 1_000, new PacedRateLimiter(10, 1_000), logger)
      const order: string[] = []
      await limiter.acquire()
      const queued = ["Q1", "Q2", "Q3"].map((id) => limiter.acquire().then(() => order.push(id)))
      const ahead = limiter.acquire(undefined, { ahead: true }).then(() => order.push("AHEAD"))
      await Promise.all([...queued, ahead])
      // Q1 may already hold the slot being waited for; AHEAD comes before the others still queued.
      expect(order.indexOf("AHEAD")).toBeLessThanOrEqual(1)
      expect(order.filter((id) => id !== "AHEAD")).toEqual(["Q1", "Q2", "Q3"])
      await redis.del(`${key}:ahead`)
    })

    it("gives up waiting when the caller aborts", async () => {
      const redis = connect()
      const limiter = new RedisPacedRateLimiter(redis, `${key}:abort`, 1, 60_000, new PacedRateLimiter(1, 60_000), logger)
      await limiter.acquire()
      const controller = new AbortController()
      const waiting = limiter.acquire(controller.signal)
      controller.abort(new Error("caller gave up"))
      await expect(waiting).rejects.toThrow("caller gave up")
      await redis.del(`${key}:abort`)
    })

    it("falls back to the process's own limit when Redis does not answer, and says so", async () => {
      const unreachable = new Redis("redis://127.0.0.1:1", { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null })
      unreachable.on("error", () => {})
      connections.push(unreachable)
      const warn = jest.fn()
      const limiter = new RedisPacedRateLimiter(unreachable, key, 2, 60_000, new PacedRateLimiter(2, 60_000), { ...logger, warn })
      await limiter.acquire()
      // The fallback keeps the limit: the next grant would have to wait half a minute.
      const second = Promise.race([limiter.acquire().then(() => "granted"), new Promise((r) => setTimeout(() => r("waiting"), 200))])
      expect(await second).toBe("waiting")
      expect(warn).toHaveBeenCalledTimes(1)
      expect(warn.mock.calls[0][0]).toMatch(/shared booking rate limit in Redis is unavailable/)
    })

    it("keys the limit by API user without storing the user in clear", () => {
      const k = sharedBookingKey("https://carrier.example", "Shop-User")
      expect(k).toBe(sharedBookingKey("https://carrier.example", "shop-user"))
      expect(k).not.toMatch(/shop-user/i)
      expect(k).not.toBe(sharedBookingKey("https://carrier.example", "other-user"))
    })
  })
}
