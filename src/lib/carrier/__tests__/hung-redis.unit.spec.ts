import net from "node:net"
import type { AddressInfo } from "node:net"
import { randomUUID } from "node:crypto"
import Redis from "ioredis"
import type { ICachingModuleService } from "@medusajs/framework/types"
import { TtlCache } from "../../cache/ttl-cache"
import { PacedRateLimiter } from "../rate-limit"
import { RedisPacedRateLimiter, sharedLimitConnection } from "../shared-rate-limit"

/**
 * A Redis that hangs: a TCP server that accepts every connection and never answers (a stalled or
 * half-open Redis, a full network buffer). Real sockets, no Redis double: what ioredis does with a
 * connection that never replies is what the plugin must bound.
 */
jest.setTimeout(30_000)

function hungRedis(): { url: () => string; close: () => Promise<void> } {
  const sockets = new Set<net.Socket>()
  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.on("error", () => {})
    socket.on("close", () => sockets.delete(socket))
    // Reads whatever comes, answers nothing.
    socket.resume()
  })
  let port = 0
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    port = (server.address() as AddressInfo).port
  })
  const close = async () => {
    sockets.forEach((socket) => socket.destroy())
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
  afterAll(close)
  return { url: () => `redis://127.0.0.1:${port}`, close }
}

/** Resolves with what `promise` gave, or "still waiting" once `ms` have passed. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | "still waiting"> {
  return Promise.race([promise, new Promise<"still waiting">((resolve) => setTimeout(() => resolve("still waiting"), ms).unref())])
}

describe("a hung Redis", () => {
  const redis = hungRedis()
  const opened: Redis[] = []
  afterAll(() => opened.forEach((client) => client.disconnect()))

  it("makes the shared booking limit fall back to the process's own within seconds, says so in the log and in its status", async () => {
    const warn = jest.fn()
    const connection = sharedLimitConnection(redis.url())
    opened.push(connection)
    const limiter = new RedisPacedRateLimiter(
      connection,
      `nordic-parcel:test:${randomUUID()}`,
      18,
      1_100,
      new PacedRateLimiter(18, 1_100),
      { debug() {}, info() {}, warn, error() {} }
    )
    // A booking waits at most a few seconds for its turn, not until the booking queue gives up (60 s).
    expect(await within(limiter.acquire().then(() => "granted"), 10_000)).toBe("granted")
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0][0]).toMatch(/shared booking rate limit in Redis is unavailable.*limiting in this process only/)
    expect(limiter.sharing()).toEqual({ shared: false, since: expect.any(String), reason: expect.stringMatching(/timed out|timeout/i) })
    // While Redis stays hung, the next bookings go to the process's own limit at once.
    expect(await within(limiter.acquire().then(() => "granted"), 500)).toBe("granted")
  })

  it("bounds the shared cache's read and write: a quote or listing never waits on it longer than the cache's time limit", async () => {
    // Medusa's caching module over a Redis client without a command time limit, as a store may configure it.
    const client = new Redis(redis.url(), { lazyConnect: true })
    client.on("error", () => {})
    opened.push(client)
    const shared = {
      get: ({ key }: { key: string }) => client.get(key).then((value) => (value ? JSON.parse(value) : null)),
      set: ({ key, data }: { key: string; data: object }) => client.set(key, JSON.stringify(data)).then(() => undefined),
    } as unknown as ICachingModuleService
    const cache = new TtlCache<{ price: number }>({ sharedTimeoutMs: 200 })

    expect(await within(cache.get("quote:1", shared), 2_000)).toBeUndefined()
    expect(await within(cache.set("quote:1", { price: 99 }, 60, shared), 2_000)).toBeUndefined()
    // The process's own copy serves meanwhile.
    expect(await within(cache.get("quote:1", shared), 2_000)).toEqual({ price: 99 })
  })
})
