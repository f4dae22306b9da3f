import { writeFileSync } from "node:fs"
import path from "node:path"
import os from "node:os"
import Redis from "ioredis"
import { BERGEN, BOOKING_PATH, TwoInstances, mapLimit, type Instance } from "../integration-tests/helpers/two-instances"

/**
 * Bulk booking at the carrier's rate limit: 200 orders booked through the bulk route, half on
 * each of two `medusa start` instances sharing Redis (one instance when Redis does not answer),
 * against the carrier sandbox's 18 bookings per second. Reports the time from the two POSTs to both
 * runs done against the floor of 200/18 s, the 429s the carrier answered, the orders not booked and
 * the orders booked more than once. Writes its figures for bench/run.js; asserts nothing about speed.
 */
jest.setTimeout(20 * 60 * 1000)

const ORDERS = Number(process.env.BENCH_BOOKINGS ?? 200)
const RATE = 18
const TARGET_RATIO = 1.15

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

describe("bulk booking benchmark", () => {
  let stack: TwoInstances

  afterAll(async () => {
    await stack?.stop()
  }, 120_000)

  it("books 200 orders through the bulk route at the carrier's rate", async () => {
    const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379"
    const shared = await redisAnswers(redisUrl)
    stack = new TwoInstances(shared ? redisUrl : undefined)
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
    const figures = {
        benchmark: "booking",
        orders: ORDERS,
        instances: instances.length,
        shared_limit: shared ? "redis" : "in-process",
        orders_placed_s: Math.round(placeMs / 100) / 10,
        elapsed_s: Math.round(elapsedS * 100) / 100,
        floor_s: Math.round(floorS * 100) / 100,
        ratio_to_floor: Math.round(ratio * 100) / 100,
        // The first 18 go at once, then 18 per window: (200/18 - 1) windows of a little over a second.
        carrier_span_s: Math.round(carrierSpanS * 100) / 100,
        // Bookings the carrier received in each second of the run: 18 in every full second means the
        // limit paced the run; fewer means the instances could not fulfil orders faster.
        carrier_per_second: arrivals.reduce<number[]>((counts, at) => {
          const second = Math.floor((at - Math.min(...arrivals)) / 1000)
          counts[second] = (counts[second] ?? 0) + 1
          return counts
        }, []).map((n) => n ?? 0),
        instances_cpu_s: Math.round(instancesCpuS * 100) / 100,
        cpu_cores: cores,
        // > floor_s: this machine's cores, not the carrier's limit, set the pace.
        cpu_floor_s: Math.round((instancesCpuS / cores) * 100) / 100,
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
