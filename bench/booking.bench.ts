import fs, { writeFileSync } from "node:fs"
import path from "node:path"
import os from "node:os"
import Redis from "ioredis"
import { BERGEN, BOOKING_PATH, TwoInstances, mapLimit, type Instance } from "../integration-tests/helpers/two-instances"
import { cpuShare, readProfiles } from "./cpu-profile-summary"
import { BOOKING_WINDOW_SAFETY_MS, SHARED_BOOKING_WINDOW_SAFETY_MS } from "../src/lib/carrier/user-limits"

/**
 * Bulk booking at the carrier's rate limit: 200 orders booked through the bulk route, half on
 * each of two `medusa start` instances sharing Redis (one instance when Redis does not answer),
 * against the carrier sandbox's 18 bookings per second. Reports the time from the two POSTs to both
 * runs done against the floor of 200/18 s, the 429s the carrier answered, the orders not booked and
 * the orders booked more than once. The instances run with a CPU profiler preloaded
 * (bench/cpu-profiler.js), started and stopped by signal around the runs: the CPU per booking is
 * split between the plugin's own code and the rest (Medusa's fulfilment workflow, the ORM, Node),
 * and each second of the run shows the instances' CPU time and longest event-loop delay beside
 * the bookings the carrier received. Writes its figures for bench/run.js; asserts nothing about speed.
 */
jest.setTimeout(20 * 60 * 1000)

const ORDERS = Number(process.env.BENCH_BOOKINGS ?? 200)
const RATE = 18
const TARGET_RATIO = 1.15
const ROOT = path.resolve(__dirname, "..")
const PROFILE_DIR = path.join(ROOT, ".cache", "bench-booking-profiles")

type BulkRun = { status: string; counts: Record<string, number>; orders: { order_id: string; status: string; consignment_number: string | null; message: string | null }[] }

async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1_000 })
  client.on("error", () => {})
  try {
    await client.connect()
    return (await client.ping()) === "PONG"
  } catch {
    return false
  } finally {
    client.disconnect()
  }
}

/** The profiles the instances write on the second signal (each a moment after its profiler stops). */
async function waitForProfiles(count: number) {
  for (let waited = 0; waited < 30_000; waited += 250) {
    const profiles = fs.existsSync(PROFILE_DIR) ? readProfiles(PROFILE_DIR) : []
    if (profiles.length >= count && profiles.every((p) => p.timeline.length > 0)) return profiles
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return readProfiles(PROFILE_DIR)
}

describe("bulk booking benchmark", () => {
  let stack: TwoInstances

  afterAll(async () => {
    await stack?.stop()
  }, 120_000)

  it("books 200 orders through the bulk route at the carrier's rate", async () => {
    const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379"
    const shared = await redisAnswers(redisUrl)
    fs.rmSync(PROFILE_DIR, { recursive: true, force: true })
    fs.mkdirSync(PROFILE_DIR, { recursive: true })
    stack = new TwoInstances(shared ? redisUrl : undefined, {
      NODE_OPTIONS: `--require ${path.join(__dirname, "cpu-profiler.js")}`,
      NP_CPU_PROFILE_DIR: PROFILE_DIR,
    })
    await stack.start()
    const instances = stack.instances
    const sandbox = stack.sandbox

    const placeStart = Date.now()
    const orders = await mapLimit([...Array(ORDERS).keys()], 8, (i) =>
      stack.placeOrder(instances[i % instances.length], BERGEN, [{ variant: stack.store.variants.flat, quantity: 1 }])
    )
    const placeMs = Date.now() - placeStart

    const bookingsBefore = sandbox.bookings.length
    const requestsBefore = sandbox.requests.length
    // One run per instance, started together: each instance works its own run, both share the limit.
    const shares: { instance: Instance; ids: string[] }[] = instances.map((instance, i) => ({
      instance,
      ids: orders.filter((_, n) => n % instances.length === i).map((o) => o.id),
    }))
    const profile = () => instances.forEach((instance) => process.kill(instance.child!.process.pid!, "SIGUSR2"))
    profile()
    const cpuBefore = stack.cpuSeconds()
    const started = Date.now()
    const runs = await Promise.all(
      shares.map(async ({ instance, ids }) => {
        const { bulk_booking } = await stack.admin<{ bulk_booking: { id: string } }>(instance, "POST", "/admin/nordic-parcel/bulk-bookings", { order_ids: ids })
        return { instance, id: bulk_booking.id }
      })
    )
    const finished = await Promise.all(
      runs.map(async ({ instance, id }) => {
        for (;;) {
          const { bulk_booking } = await stack.admin<{ bulk_booking: BulkRun }>(instance, "GET", `/admin/nordic-parcel/bulk-bookings/${id}`)
          if (bulk_booking.status === "done") return { run: bulk_booking, at: Date.now() }
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
      })
    )
    const elapsedS = (Math.max(...finished.map((f) => f.at)) - started) / 1000
    // What the instances' own work costs: 200 fulfilments through Medusa's workflow. Spread over
    // every core of this machine, it is the shortest the run could take here, whatever the limit.
    const instancesCpuS = stack.cpuSeconds().reduce((sum, s, i) => sum + s - cpuBefore[i], 0)
    profile()
    const profiles = await waitForProfiles(instances.length)
    const cores = os.cpus().length
    // The carrier's part: from the first booking's arrival to the last one's.
    const arrivals = sandbox.requests.slice(requestsBefore).filter((r) => r.method === "POST" && r.path === BOOKING_PATH && r.status === 200).map((r) => r.at.getTime())
    const carrierSpanS = (Math.max(...arrivals) - Math.min(...arrivals)) / 1000

    const outcomes = finished.flatMap((f) => f.run.orders)
    const booked = outcomes.filter((o) => o.status === "booked")
    const failures = outcomes.filter((o) => o.status !== "booked")
    const carrierBookings = sandbox.bookings.slice(bookingsBefore)
    const attempts = sandbox.requests.slice(requestsBefore).filter((r) => r.method === "POST" && r.path === BOOKING_PATH)
    const throttled = attempts.filter((r) => r.status === 429).length
    const floorS = ORDERS / RATE
    const ratio = elapsedS / floorS
    const doubleBookings = carrierBookings.length - new Set(booked.map((o) => o.order_id)).size
    const cpuShares = profiles.map(({ profile }) => cpuShare(profile, ROOT))
    const sum = (pick: (share: (typeof cpuShares)[number]) => number) => cpuShares.reduce((total, share) => total + pick(share), 0)
    const perBooking = (ms: number) => Math.round((ms / Math.max(1, booked.length)) * 10) / 10
    const share = (pick: (share: (typeof cpuShares)[number]) => number) => Math.round((sum(pick) / Math.max(1, sum((s) => s.total_ms))) * 1000) / 10
    const firstArrival = Math.min(...arrivals)
    // The limiter paces grants one every window/RATE ms; its window is a little longer than the
    // carrier's second (the margin keeps network and event-loop jitter from putting 19 in one of
    // the carrier's seconds). So the span the limiter itself allows is (ORDERS - 1) intervals.
    const windowMs = 1000 + (shared ? SHARED_BOOKING_WINDOW_SAFETY_MS : BOOKING_WINDOW_SAFETY_MS)
    const sorted = [...arrivals].sort((a, b) => a - b)
    const gaps = sorted.slice(1).map((at, i) => at - sorted[i]).sort((a, b) => a - b)
    const gapAt = (q: number) => (gaps.length ? gaps[Math.min(gaps.length - 1, Math.floor(q * gaps.length))] : null)
    const limiterSpanS = ((ORDERS - 1) * windowMs) / RATE / 1000
    // Each second of the carrier's span: the instances' CPU (ms, summed) and their longest event-loop delay.
    const perSecond = (pick: (sample: { cpu_ms: number; max_loop_delay_ms: number }) => number, combine: (a: number, b: number) => number) =>
      profiles.reduce<number[]>((seconds, { timeline }) => {
        for (const sample of timeline) {
          const second = Math.floor((sample.at - 250 - firstArrival) / 1000)
          if (second >= 0 && second <= carrierSpanS) seconds[second] = combine(seconds[second] ?? 0, pick(sample))
        }
        return seconds
      }, []).map((n) => n ?? 0)
    const figures = {
        benchmark: "booking",
        orders: ORDERS,
        instances: instances.length,
        shared_limit: shared ? "redis" : "in-process",
        orders_placed_s: Math.round(placeMs / 100) / 10,
        elapsed_s: Math.round(elapsedS * 100) / 100,
        floor_s: Math.round(floorS * 100) / 100,
        ratio_to_floor: Math.round(ratio * 100) / 100,
        // One every 61 ms once the first is sent: 199 intervals of a little over 1/18 s.
        carrier_span_s: Math.round(carrierSpanS * 100) / 100,
        // Bookings the carrier received in each second of the run: 18 in every full second means the
        // limit paced the run; fewer means the instances could not fulfil orders faster.
        carrier_per_second: arrivals.reduce<number[]>((counts, at) => {
          const second = Math.floor((at - Math.min(...arrivals)) / 1000)
          counts[second] = (counts[second] ?? 0) + 1
          return counts
        }, []).map((n) => n ?? 0),
        limiter_window_ms: windowMs,
        // Time between consecutive bookings at the carrier: the limiter's interval (61 ms) when it
        // paces them; near 0 where a busy instance sent several together.
        carrier_gap_ms: { p5: gapAt(0.05), median: gapAt(0.5), p95: gapAt(0.95) },
        // The least span the limiter allows: carrier_span_s near it means the limit, not the
        // instances, paced the bookings once they began.
        limiter_span_floor_s: Math.round(limiterSpanS * 100) / 100,
        instances_cpu_s: Math.round(instancesCpuS * 100) / 100,
        cpu_cores: cores,
        // > floor_s: this machine's cores, not the carrier's limit, set the pace.
        cpu_floor_s: Math.round((instancesCpuS / cores) * 100) / 100,
        // The instances' CPU (from /proc) per booking, split by the shares of the CPU profiles of the
        // runs (sampled every ms, idle excluded; on a loaded machine a sample's time also counts
        // moments other processes ran, so the profiles give shares and /proc the amount).
        cpu_ms_per_booking: perBooking(instancesCpuS * 1000),
        plugin_share_percent: share((s) => s.plugin_self_ms),
        plugin_inclusive_share_percent: share((s) => s.plugin_inclusive_ms),
        gc_share_percent: share((s) => s.garbage_collector_ms),
        plugin_cpu_ms_per_booking: perBooking((instancesCpuS * 1000 * share((s) => s.plugin_self_ms)) / 100),
        plugin_inclusive_cpu_ms_per_booking: perBooking((instancesCpuS * 1000 * share((s) => s.plugin_inclusive_ms)) / 100),
        medusa_and_rest_cpu_ms_per_booking: perBooking((instancesCpuS * 1000 * (100 - share((s) => s.plugin_inclusive_ms))) / 100),
        plugin_top_functions: cpuShares.flatMap((s) => s.plugin_top).sort((a, b) => b.ms - a.ms).slice(0, 5),
        instances_cpu_ms_per_second: perSecond((s) => s.cpu_ms, (a, b) => a + b),
        max_loop_delay_ms_per_second: perSecond((s) => s.max_loop_delay_ms, Math.max),
        first_booking_after_s: Math.round(((Math.min(...arrivals) - started) / 1000) * 100) / 100,
        target_ratio: TARGET_RATIO,
        carrier_attempts: attempts.length,
        throttled_429: throttled,
        booked: booked.length,
        failures: failures.length,
        failure_messages: [...new Set(failures.map((f) => `${f.status}: ${f.message}`))].slice(0, 5),
        carrier_bookings: carrierBookings.length,
        double_bookings: doubleBookings,
        targets_met: ratio <= TARGET_RATIO && throttled === 0 && failures.length === 0 && doubleBookings === 0,
    }
    writeFileSync(path.join(__dirname, "..", ".cache", "bench-booking.json"), JSON.stringify(figures))
    expect(booked).toHaveLength(ORDERS)
  })
})
