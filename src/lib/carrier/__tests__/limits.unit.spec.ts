import { PacedRateLimiter } from "../rate-limit"
import { Semaphore } from "../semaphore"
import { limitsForUser } from "../user-limits"

const silent = { debug() {}, info() {}, warn: jest.fn(), error() {} }

describe("PacedRateLimiter", () => {
  beforeEach(() => jest.useFakeTimers({ now: 0 }))
  afterEach(() => jest.useRealTimers())

  const maxInWindow = (times: number[], windowMs: number) =>
    Math.max(...times.map((start) => times.filter((t) => t >= start && t < start + windowMs).length))

  it("spreads a queue of requests evenly, in arrival order, and leaves no timer behind", async () => {
    const limiter = new PacedRateLimiter(18, 1100, () => Date.now())
    const grants: { index: number; at: number }[] = []
    const all = Array.from({ length: 40 }, (_, index) => limiter.acquire().then(() => grants.push({ index, at: Date.now() })))
    await jest.advanceTimersByTimeAsync(5000)
    await Promise.all(all)

    expect(grants.map((grant) => grant.index)).toEqual([...Array(40).keys()])
    const times = grants.map((grant) => grant.at)
    // Never two at once: one every 1100/18 ≈ 61 ms.
    const gaps = times.slice(1).map((at, i) => at - times[i])
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(60)
    // Never more than 18 in 1.1 s, 17 in the carrier's second; and no slower than the limit allows.
    expect(maxInWindow(times, 1100)).toBeLessThanOrEqual(18)
    expect(maxInWindow(times, 1000)).toBeLessThanOrEqual(17)
    expect(times[39]).toBeLessThanOrEqual(39 * (1100 / 18) + 5)
    expect(jest.getTimerCount()).toBe(0)
  })

  it("grants an idle limiter's request at once", async () => {
    const limiter = new PacedRateLimiter(18, 1100, () => Date.now())
    await limiter.acquire()
    await jest.advanceTimersByTimeAsync(200)
    let granted = false
    void limiter.acquire().then(() => (granted = true))
    await Promise.resolve()
    expect(granted).toBe(true)
  })

  it("keeps the rate when its timers fire late on a busy event loop, without ever exceeding the window", async () => {
    const limiter = new PacedRateLimiter(18, 1100, () => Date.now())
    const times: number[] = []
    const all = Array.from({ length: 54 }, () =>
      limiter.acquire().then(() => {
        times.push(Date.now())
        // Each booking keeps the event loop busy for 20 ms: the next timer fires that much late.
        jest.setSystemTime(Date.now() + 20)
      })
    )
    await jest.advanceTimersByTimeAsync(5000)
    await Promise.all(all)
    expect(maxInWindow(times, 1100)).toBeLessThanOrEqual(18)
    // Three windows' worth in three windows, as if no timer had been late (within one interval);
    // restarting the schedule from each late grant would take 53 × 81 ms.
    expect(times[53] - times[0]).toBeLessThanOrEqual(53 * (1100 / 18) + 61)
  })

  it.each([35, 70, 200, 1500])(
    "after the event loop stalls for %i ms, the queue is not sent in a burst: grants stay at least half an interval apart",
    async (stallMs) => {
      const limiter = new PacedRateLimiter(18, 1100, () => Date.now())
      const times: number[] = []
      const all = Array.from({ length: 40 }, (_, index) =>
        limiter.acquire().then(() => {
          times.push(Date.now())
          // Now and then the work after a grant (a GC pause, a long synchronous task) holds the
          // loop past the next grant's time, or past several.
          if (index % 7 === 3) jest.setSystemTime(Date.now() + stallMs)
        })
      )
      await jest.advanceTimersByTimeAsync(10_000)
      await Promise.all(all)
      const gaps = times.slice(1).map((at, i) => at - times[i])
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1100 / 18 / 2)
      expect(maxInWindow(times, 1100)).toBeLessThanOrEqual(18)
    }
  )

  it("paces grants on a schedule of its own, not in fixed one-second slots", async () => {
    const limiter = new PacedRateLimiter(2, 1000, () => Date.now())
    const grantTimes: number[] = []
    const acquire = () => limiter.acquire().then(() => grantTimes.push(Date.now()))
    await acquire()
    await jest.advanceTimersByTimeAsync(900)
    const rest = Promise.all([acquire(), acquire(), acquire()])
    await jest.advanceTimersByTimeAsync(1500)
    await rest
    // 900 right away; 1400 on the schedule (one every 500 ms), 1900 when the grant at 900 leaves
    // the window. Fixed one-second slots would have granted the last two together at 1000 and 2000.
    expect(grantTimes).toEqual([0, 900, 1400, 1900])
  })

  it("a caller asking ahead gets the next grant before those already waiting", async () => {
    const limiter = new PacedRateLimiter(18, 1100, () => Date.now())
    const order: string[] = []
    await limiter.acquire()
    const queued = ["Q1", "Q2"].map((id) => limiter.acquire().then(() => order.push(id)))
    const ahead = limiter.acquire(undefined, { ahead: true }).then(() => order.push("AHEAD"))
    await jest.advanceTimersByTimeAsync(1000)
    await Promise.all([...queued, ahead])
    expect(order).toEqual(["AHEAD", "Q1", "Q2"])
  })

  it("an aborted waiter leaves the queue and does not use a slot", async () => {
    const limiter = new PacedRateLimiter(1, 1000, () => Date.now())
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
