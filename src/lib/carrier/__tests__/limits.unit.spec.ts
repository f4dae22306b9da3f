import { SlidingWindowRateLimiter } from "../rate-limit"
import { Semaphore } from "../semaphore"
import { limitsForUser } from "../user-limits"

const silent = { debug() {}, info() {}, warn: jest.fn(), error() {} }

describe("SlidingWindowRateLimiter", () => {
  beforeEach(() => jest.useFakeTimers({ now: 0 }))
  afterEach(() => jest.useRealTimers())

  it("grants at most `limit` per window, in arrival order, and leaves no timer behind", async () => {
    const limiter = new SlidingWindowRateLimiter(3, 1000, () => Date.now())
    const grants: { index: number; at: number }[] = []
    const all = Array.from({ length: 7 }, (_, index) =>
      limiter.acquire().then(() => grants.push({ index, at: Date.now() }))
    )
    await jest.advanceTimersByTimeAsync(5000)
    await Promise.all(all)

    expect(grants.map((grant) => grant.index)).toEqual([0, 1, 2, 3, 4, 5, 6])
    expect(grants.map((grant) => grant.at)).toEqual([0, 0, 0, 1000, 1000, 1000, 2000])
    for (const grant of grants) {
      const inWindow = grants.filter((other) => other.at >= grant.at && other.at < grant.at + 1000)
      expect(inWindow.length).toBeLessThanOrEqual(3)
    }
    expect(jest.getTimerCount()).toBe(0)
  })

  it("counts grants in a sliding window, not in fixed one-second slots", async () => {
    const limiter = new SlidingWindowRateLimiter(2, 1000, () => Date.now())
    const grantTimes: number[] = []
    const acquire = () => limiter.acquire().then(() => grantTimes.push(Date.now()))
    await acquire()
    await jest.advanceTimersByTimeAsync(900)
    const rest = Promise.all([acquire(), acquire(), acquire()])
    await jest.advanceTimersByTimeAsync(1500)
    await rest
    // 900 right away; 1000 when the grant at 0 leaves the window; 1900 when the one at 900 does.
    // Fixed slots would have granted the last two together at 1000, 900 ms after the one at 900.
    expect(grantTimes).toEqual([0, 900, 1000, 1900])
  })

  it("an aborted waiter leaves the queue and does not use a slot", async () => {
    const limiter = new SlidingWindowRateLimiter(1, 1000, () => Date.now())
    await limiter.acquire()
    const controller = new AbortController()
    const aborted = limiter.acquire(controller.signal)
    const next = limiter.acquire()
    controller.abort(new Error("gave up"))
    await expect(aborted).rejects.toThrow("gave up")
    await jest.advanceTimersByTimeAsync(1000)
    await expect(next).resolves.toBeUndefined()
    expect(jest.getTimerCount()).toBe(0)
  })
})

describe("Semaphore", () => {
  it("never lets more than `capacity` run, serves waiters in order and frees every slot", async () => {
    const semaphore = new Semaphore(2)
    let running = 0
    let peak = 0
    const order: number[] = []
    const tasks = Array.from({ length: 6 }, async (_, index) => {
      const release = await semaphore.acquire()
      order.push(index)
      running++
      peak = Math.max(peak, running)
      await new Promise((resolve) => setImmediate(resolve))
      running--
      release()
      release() // a second call must not free a second slot
    })
    await Promise.all(tasks)
    expect(peak).toBe(2)
    expect(order).toEqual([0, 1, 2, 3, 4, 5])
    expect(semaphore.inFlight).toBe(0)
  })

  it("an aborted waiter is removed without taking a slot", async () => {
    const semaphore = new Semaphore(1)
    const release = await semaphore.acquire()
    const controller = new AbortController()
    const aborted = semaphore.acquire(controller.signal)
    controller.abort(new Error("gave up"))
    await expect(aborted).rejects.toThrow("gave up")
    release()
    expect(semaphore.inFlight).toBe(0)
    const again = await semaphore.acquire()
    expect(semaphore.inFlight).toBe(1)
    again()
  })
})

describe("limitsForUser", () => {
  const settings = { bookingRatePerSecond: 18, eventsConcurrency: 50, eventsTestConcurrency: 10 }

  it("shares the limits of one API user across client sets and keeps users apart", () => {
    const first = limitsForUser("http://carrier.test", "a@shop.test", settings, silent)
    const second = limitsForUser("http://carrier.test", "a@shop.test", settings, silent)
    const otherUser = limitsForUser("http://carrier.test", "b@shop.test", settings, silent)
    expect(second).toBe(first)
    expect(otherUser).not.toBe(first)
    expect(first.booking.limit).toBe(18)
    // The window is a little longer than a second: the carrier counts arrivals, not departures.
    expect(first.booking.windowMs).toBeGreaterThan(1000)
    expect(first.booking.windowMs).toBeLessThanOrEqual(1100)
    expect(first.events.capacity).toBe(50)
    expect(first.eventsTest.capacity).toBe(10)
  })

  it("keeps the first limits when a later client set asks for others, and says so", () => {
    const first = limitsForUser("http://carrier.test", "c@shop.test", settings, silent)
    const later = limitsForUser("http://carrier.test", "c@shop.test", { ...settings, bookingRatePerSecond: 40 }, silent)
    expect(later).toBe(first)
    expect(later.booking.limit).toBe(18)
    expect(silent.warn).toHaveBeenCalled()
  })
})
