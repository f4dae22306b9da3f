import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { writeFileSync } from "node:fs"
import path from "node:path"
import { request } from "undici"
import { createAdminHeaders } from "../integration-tests/helpers/admin"
import { useSandbox } from "../integration-tests/helpers/sandbox"
import { mapLimit } from "../src/lib/concurrency/map-limit"
import { DEMO_CREDENTIALS } from "../sandbox"
import { servicepakkeRequest } from "../sandbox/__tests__/booking-fixtures"
import { NORDIC_PARCEL_MODULE } from "../src/modules/nordic_parcel"
import type NordicParcelModuleService from "../src/modules/nordic_parcel/service"

/**
 * A print run's merged labels: a bulk run of 500 booked orders (each booked at the carrier
 * sandbox, whose labels carry an 80 kB image as real ones carry barcodes; its shipment recorded
 * as the provider records it), then GET
 * /admin/nordic-parcel/bulk-bookings/:id/labels from a real Medusa app with the built plugin
 * (bench/app). The app runs in this process: its resident memory is sampled every 20 ms while the
 * PDF downloads, against the level just before, and the answer is read as a stream (the time to
 * its first byte says whether the server streams it or holds it whole first). Target: peak RSS
 * growth ≤ 150 MB. Writes its figures for bench/run.js.
 */
jest.setTimeout(20 * 60 * 1000)

const ORDERS = Number(process.env.BENCH_LABELS ?? 500)
const TARGET_MB = 150
const MB = 1024 * 1024

/** A carrier label with its barcodes is 50–150 kB. */
const LABEL_BYTES = Number(process.env.BENCH_LABEL_BYTES ?? 80_000)

// Bookings are set up directly at the sandbox, far above the carrier's 18 a second.
const sandbox = useSandbox({ clock: "real", rateLimits: { booking: 100_000 }, labelImageBytes: LABEL_BYTES })

medusaIntegrationTestRunner({
  inApp: true,
  cwd: path.join(__dirname, "app"),
  env: {},
  testSuite: ({ api, getContainer }) => {
    it("streams a 500-order print run's merged labels within 150 MB of resident memory", async () => {
      const container = getContainer()
      const plugin = container.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
      const admin = await createAdminHeaders(api, container)

      const booked = await mapLimit([...Array(ORDERS).keys()], 16, async (i) => {
        const booking = servicepakkeRequest()
        booking.consignments[0].correlationId = `BENCH-${i}`
        const res = await request(`${sandbox().url}/booking/api/booking`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-portal-api-uid": DEMO_CREDENTIALS.apiUid, "x-portal-api-key": DEMO_CREDENTIALS.apiKey },
          body: JSON.stringify(booking),
        })
        const body = (await res.body.json()) as { consignments: { confirmation: { consignmentNumber: string; links: { labels: string } } }[] }
        return { i, ...body.consignments[0].confirmation }
      })
      const orderIds = booked.map(({ i }) => `order_labels_${i}`)
      const store = plugin.bulkBookingStore()
      const run = await store.create({ order_ids: orderIds, created_by: null, skipped: {} })
      await plugin.createShipments(
        booked.map(({ i, consignmentNumber, links }) => ({
          fulfillment_id: `ful_labels_${i}`,
          booking_key: `labels-${i}`,
          order_id: `order_labels_${i}`,
          service_code: "SERVICEPAKKE",
          consignment_number: consignmentNumber,
          label_url: links.labels,
          status: "booked" as const,
          booked_at: new Date(),
        }))
      )
      const { orders } = (await store.get(run.id))!
      // Settled as the run's worker does: it holds the lease, takes each order, settles it with its token.
      const owner = "bench-labels"
      await store.lease(run.id, owner, 600_000)
      for (const order of orders) {
        const i = Number(order.order_id.replace("order_labels_", ""))
        const taken = await store.take(order.id, "pending", owner)
        await store.settle(order.id, taken!.attempts, { status: "booked", fulfillment_id: `ful_labels_${i}`, consignment_number: booked[i].consignmentNumber })
      }

      global.gc?.()
      const before = process.memoryUsage().rss
      let peak = before
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20)
      const started = process.hrtime.bigint()
      const res = await request(`${api.defaults.baseURL}/admin/nordic-parcel/bulk-bookings/${run.id}/labels`, { headers: admin.headers })
      let firstByteMs: number | null = null
      let bytes = 0
      let head = ""
      for await (const chunk of res.body) {
        firstByteMs ??= Number(process.hrtime.bigint() - started) / 1e6
        if (head.length < 8) head += (chunk as Buffer).subarray(0, 8).toString("latin1")
        bytes += (chunk as Buffer).length
      }
      const totalMs = Number(process.hrtime.bigint() - started) / 1e6
      clearInterval(sampler)
      peak = Math.max(peak, process.memoryUsage().rss)

      const growthMb = (peak - before) / MB
      const figures = {
        benchmark: "labels",
        orders: ORDERS,
        status: res.statusCode,
        content_type: res.headers["content-type"],
        pdf_bytes: bytes,
        pdf_kb_per_label: Math.round(bytes / 1024 / ORDERS),
        pdf_mb: Math.round((bytes / MB) * 10) / 10,
        first_byte_ms: Math.round(firstByteMs ?? totalMs),
        total_ms: Math.round(totalMs),
        // Held whole: the first byte comes with the last; streamed: long before it.
        first_byte_share_of_total: Math.round(((firstByteMs ?? totalMs) / totalMs) * 100) / 100,
        rss_before_mb: Math.round(before / MB),
        rss_peak_growth_mb: Math.round(growthMb),
        target_rss_growth_mb: TARGET_MB,
        targets_met: res.statusCode === 200 && head.startsWith("%PDF") && growthMb <= TARGET_MB,
      }
      writeFileSync(path.join(__dirname, "..", ".cache", "bench-labels.json"), JSON.stringify(figures))
      expect(res.statusCode).toBe(200)
      expect(head.startsWith("%PDF")).toBe(true)
    })
  },
})
