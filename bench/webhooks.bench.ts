import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { writeFileSync } from "node:fs"
import path from "node:path"
import { Pool } from "undici"
import { NORDIC_PARCEL_MODULE } from "../src/modules/nordic_parcel"
import type NordicParcelModuleService from "../src/modules/nordic_parcel/service"

/**
 * Webhook throughput: 10,000 carrier callbacks (1 % of them poison the database could not hold,
 * 20 % of the rest repeats of earlier ones) at 50 in flight against a real Medusa app on
 * PostgreSQL with the built plugin installed (bench/app), next to a bare POST route of the same
 * app measured in the same run with the same bodies. Poison shares micro-batches with valid
 * callbacks; the figures say whether every valid event was stored exactly once all the same.
 * Writes its figures for bench/run.js; asserts nothing about speed.
 */
jest.setTimeout(15 * 60 * 1000)

const TOTAL = Number(process.env.BENCH_CALLBACKS ?? 10_000)
const DUPLICATE_SHARE = 0.2
const POISON_SHARE = 0.01
const CONCURRENCY = 50
const SECRET = "sandbox-webhook-secret-0123456789"
const BARE_ROUTE = "/hooks/bench/bare"

/** What PostgreSQL cannot hold, as a hostile or broken sender would put it in a callback. */
function poison(i: number): string {
  const base = { status: "IN_TRANSIT", id: `poison-${i}`, shipment: "70438100000000001", created: "2026-11-21T10:15:00+0000" }
  let nested: unknown = true
  for (let depth = 0; depth < 40; depth++) nested = { a: nested }
  const variants = [
    { ...base, status: "IN\u0000TRANSIT" },
    { ...base, id: `poison-${i}-\uD800` },
    { ...base, created: "0000-01-01T00:00:00+0000" },
    { ...base, created: "9999-12-31T23:30:00-0100" },
    { ...base, extra: nested },
    { ...base, ["note\u0000"]: "x" },
  ]
  return JSON.stringify(variants[i % variants.length])
}

function callbacks(): string[] {
  const poisonCount = Math.round(TOTAL * POISON_SHARE)
  const valid = TOTAL - poisonCount
  const distinct = Math.round(valid * (1 - DUPLICATE_SHARE))
  const bodies = Array.from({ length: distinct }, (_, i) =>
    JSON.stringify({
      status: ["HANDED_IN", "IN_TRANSIT", "TERMINAL", "DELIVERED"][i % 4],
      id: `bench-${i}`,
      shipment: `704381${String(i % 2000).padStart(11, "0")}`,
      package: `3704381${String(i).padStart(11, "0")}`,
      created: "2026-11-21T10:15:00+0000",
      pushed: "2026-11-21T10:15:01+0000",
    })
  )
  // Repeats of events already sent, spread through the run, as the carrier's retries arrive.
  let seed = 42
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31)
  const all = [...bodies]
  for (let i = 0; i < valid - distinct; i++) {
    const at = distinct / 4 + Math.floor(random() * (all.length - distinct / 4))
    all.splice(at, 0, bodies[Math.floor(random() * Math.min(at, distinct))])
  }
  // Poison spread evenly through the run, so it lands in batches with valid callbacks.
  for (let i = 0; i < poisonCount; i++) {
    all.splice(Math.floor(((i + 0.5) * TOTAL) / poisonCount), 0, poison(i))
  }
  return all
}

async function load(pool: Pool, requests: { method: "GET" | "POST"; path: string; body?: string }[]) {
  let next = 0
  let accepted = 0
  const statuses: Record<number, number> = {}
  const started = process.hrtime.bigint()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests.length) {
        const request = requests[next++]
        const res = await pool.request({
          method: request.method,
          path: request.path,
          body: request.body,
          headers: request.body ? { "content-type": "application/json", "x-nordic-parcel-secret": SECRET } : {},
        })
        await res.body.dump()
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1
        if (res.statusCode < 300) accepted++
      }
    })
  )
  const seconds = Number(process.hrtime.bigint() - started) / 1e9
  return { requests: requests.length, accepted, seconds, per_second: accepted / seconds, statuses }
}

medusaIntegrationTestRunner({
  inApp: true,
  cwd: path.join(__dirname, "app"),
  env: {},
  testSuite: ({ api, getContainer, utils }) => {
    it("measures webhook throughput against a bare route", async () => {
      const pool = new Pool(api.defaults.baseURL as string, { connections: CONCURRENCY })
      const warmup = callbacks().slice(0, 200).map((body) => ({ method: "POST" as const, path: "/hooks/nordic-parcel/events", body: body.replace(/bench-/g, "warmup-") }))
      await load(pool, warmup)
      const bodies = callbacks()
      await load(pool, bodies.slice(0, 500).map((body) => ({ method: "POST" as const, path: BARE_ROUTE, body })))

      const bare = await load(pool, bodies.map((body) => ({ method: "POST" as const, path: BARE_ROUTE, body })))
      const webhooks = await load(pool, bodies.map((body) => ({ method: "POST" as const, path: "/hooks/nordic-parcel/events", body })))
      await pool.close()
      await utils.waitWorkflowExecutions()

      const plugin = getContainer().resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
      const [, stored] = await plugin.listAndCountTrackingEvents({ event_id: { $like: "bench-%" } as never }, { take: 1 })
      const [, notApplied] = await plugin.listAndCountTrackingEvents({ event_id: { $like: "bench-%" } as never, applied_at: null } as never, { take: 1 })
      const [, poisonStored] = await plugin.listAndCountTrackingEvents({ event_id: { $like: "poison-%" } as never }, { take: 1 })
      const ids = bodies.map((b) => JSON.parse(b).id as string)
      const poisonCount = ids.filter((id) => id.startsWith("poison-")).length
      const validCount = TOTAL - poisonCount
      const distinct = new Set(ids.filter((id) => id.startsWith("bench-"))).size
      const ratio = webhooks.per_second / bare.per_second
      const figures = {
        benchmark: "webhooks",
        callbacks: TOTAL,
        poison_callbacks: poisonCount,
        poison_refused_400: webhooks.statuses[400] ?? 0,
        poison_stored: poisonStored,
        valid_callbacks: validCount,
        duplicates: validCount - distinct,
        concurrency: CONCURRENCY,
        webhook_accepted: webhooks.accepted,
        webhook_per_second: Math.round(webhooks.per_second),
        webhook_statuses: webhooks.statuses,
        bare_route: `POST ${BARE_ROUTE}`,
        bare_per_second: Math.round(bare.per_second),
        ratio_to_bare: Math.round(ratio * 100) / 100,
        distinct_events: distinct,
        events_stored: stored,
        // The event id is unique in the table: as many rows as distinct ids means each stored once.
        stored_exactly_once: stored === distinct,
        valid_events_lost: distinct - stored,
        events_not_applied: notApplied,
        targets_met:
          stored === distinct && poisonStored === 0 && (webhooks.statuses[400] ?? 0) === poisonCount && ratio >= 0.8,
      }
      writeFileSync(path.join(__dirname, "..", ".cache", "bench-webhooks.json"), JSON.stringify(figures))
      expect(webhooks.accepted).toBe(TOTAL - poisonCount)
    })
  },
})
