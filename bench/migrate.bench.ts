import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { Client } from "@medusajs/framework/pg"
import { writeFileSync } from "node:fs"
import path from "node:path"
import { migrateToHead, migrationsAfterFirstRelease, resetToFirstRelease } from "../integration-tests/helpers/plugin-schema"
import { useSandbox } from "../integration-tests/helpers/sandbox"
import { percentile } from "./stats"
import { YEAR, insertEvents, insertShipments } from "./year-store"

/**
 * Upgrading a year-old store while it serves. The plugin's tables are rebuilt at the first
 * release's schema (integration-tests/helpers/plugin-schema.ts) and filled with a year of a busy
 * store (year-store.ts: 5 M tracking events, 500,000 shipments, 1 % of them bookings cancelled
 * under the first release's "cancelled"), indexed as that release indexed them. Then every later
 * migration of the built plugin runs, as `medusa db:migrate` runs them, while
 * - the carrier's callbacks arrive at a steady rate (CALLBACKS_PER_S, after WARM_UP sent one by one) over real HTTP at the
 *   webhook route, each for a seeded consignment (the route stores it after looking up the
 *   consignment's fulfilment in the shipment table), and
 * - a booking's ledger write (the attempt recorded before the carrier is called) is made every
 *   BOOKING_EVERY_MS.
 * Each is sent on schedule whether or not the previous one has answered, so a lock shows as the
 * time one waited. Printed: the longest callback (callback_stall_ms) and the longest ledger write
 * (booking_wait_ms) while the migrations ran, next to the median and longest of a control window
 * of BEFORE_MS just before them (same load, no migration), and the longest lock waits seen. Target: both ≤ 1 s.
 * BENCH_MIGRATE_EVENTS / BENCH_MIGRATE_SHIPMENTS make the store smaller on a busy machine.
 */
jest.setTimeout(60 * 60 * 1000)

const EVENTS = Number(process.env.BENCH_MIGRATE_EVENTS ?? YEAR.events)
const SHIPMENTS = Number(process.env.BENCH_MIGRATE_SHIPMENTS ?? YEAR.shipments)
const EVENTS_PER_SHIPMENT = Math.max(1, Math.floor(EVENTS / SHIPMENTS))
const CANCELLED_EVERY = 100
const CALLBACKS_PER_S = 10
const BOOKING_EVERY_MS = 250
/** A control window before the migrations: the longest waits a busy machine gives without them. */
const BEFORE_MS = Number(process.env.BENCH_MIGRATE_CONTROL_MS ?? 30_000)
/** Sent one after another first, so the route and the ledger are warm when measuring starts. */
const WARM_UP = 40
const TARGET_MS = 1_000
const SECRET = "sandbox-webhook-secret-0123456789"
/** The built plugin's migrations: what a store installs. */
const MIGRATIONS = path.join(__dirname, "..", ".medusa", "server", "src", "modules", "nordic_parcel", "migrations")
const TABLES = ["nordic_parcel_shipment", "nordic_parcel_tracking_event"]

useSandbox({ clock: "real" })

/** Fills the first release's tables: indexes dropped, rows written, the same indexes built again. */
async function seed(knex: Knex) {
  const indexes: string[] = []
  for (const table of TABLES) {
    const { rows } = await knex.raw(
      `select i.indexname, i.indexdef from pg_indexes i
        where i.tablename = ? and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      [table]
    )
    for (const { indexname, indexdef } of rows as { indexname: string; indexdef: string }[]) {
      indexes.push(indexdef)
      await knex.raw(`drop index "${indexname}"`)
    }
  }
  await insertShipments(knex, "nordic_parcel_shipment", { shipments: SHIPMENTS, checkedAt: false, cancelledEvery: CANCELLED_EVERY })
  await insertEvents(knex, "nordic_parcel_tracking_event", { shipments: SHIPMENTS, eventsPerShipment: EVENTS_PER_SHIPMENT, unapplied: 300 })
  for (const indexdef of indexes) {
    await knex.raw(indexdef)
  }
  await knex.raw(`vacuum analyze nordic_parcel_shipment`)
  await knex.raw(`vacuum analyze nordic_parcel_tracking_event`)
  // The seed's dirty pages written now, not by a checkpoint in the middle of the measurement.
  await knex.raw(`checkpoint`).catch(() => undefined)
}

type Sample = { at: number; ms: number; ok: boolean }

/** Calls `send` every `everyMs` until stopped, without waiting for earlier calls: each one's time. */
function steady(everyMs: number, send: (i: number) => Promise<boolean>) {
  const samples: Sample[] = []
  const pending = new Set<Promise<void>>()
  let i = 0
  const timer = setInterval(() => {
    const at = Date.now()
    const call = send(i++)
      .catch(() => false)
      .then((ok) => {
        samples.push({ at, ms: Date.now() - at, ok })
      })
    pending.add(call)
    void call.finally(() => pending.delete(call))
  }, everyMs)
  return {
    samples,
    stop: async () => {
      clearInterval(timer)
      await Promise.all([...pending])
    },
  }
}

/**
 * Every 100 ms, the sessions waiting for a lock and the statement holding them up: the longest
 * wait seen per blocking statement, to tell a lock (what the migrations must avoid) from a busy
 * machine.
 */
function sampleLockWaits(clientUrl: string) {
  const longest = new Map<string, number>()
  let running = true
  // A connection of its own: the app's pool is what fills up with waiting statements.
  const client = new Client({ connectionString: clientUrl })
  const loop = (async () => {
    await client.connect()
    while (running) {
      const { rows } = await client.query(`
        select extract(epoch from now() - a.state_change) * 1000 as waited_ms, left(a.query, 60) as waiting,
               (select left(b.query, 120) from pg_stat_activity b where b.pid = any(pg_blocking_pids(a.pid)) limit 1) as blocker
          from pg_stat_activity a
         where a.datname = current_database() and a.wait_event_type = 'Lock' and a.pid <> pg_backend_pid()`)
      for (const row of rows as { waited_ms: number; waiting: string; blocker: string | null }[]) {
        const key = `${row.waiting.replace(/\s+/g, " ")} ⟵ ${(row.blocker ?? "?").replace(/\s+/g, " ")}`
        longest.set(key, Math.max(longest.get(key) ?? 0, Math.round(Number(row.waited_ms))))
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    await client.end()
  })()
  return {
    stop: async () => {
      running = false
      await loop
    },
    longest: () => Object.fromEntries([...longest.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5)),
  }
}

medusaIntegrationTestRunner({
  inApp: true,
  cwd: path.join(__dirname, "app"),
  env: {},
  testSuite: ({ api, getContainer, dbConfig }) => {
    it("measures callbacks and booking writes while a year-old store's tables are migrated from the first release", async () => {
      const container = getContainer()
      const knex = container.resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)

      await resetToFirstRelease(knex, dbConfig.clientUrl, MIGRATIONS)
      const seedStarted = Date.now()
      await seed(knex)
      const seedSeconds = (Date.now() - seedStarted) / 1000
      const [{ size: eventsSize }] = (await knex.raw(`select pg_size_pretty(pg_total_relation_size('nordic_parcel_tracking_event')) as size`)).rows
      const [{ size: shipmentsSize }] = (await knex.raw(`select pg_size_pretty(pg_total_relation_size('nordic_parcel_shipment')) as size`)).rows

      const callback = async (i: number) => {
        const shipment = 1 + ((i * 7919) % SHIPMENTS)
        const res = await api.post(
          "/hooks/nordic-parcel/events",
          {
            id: `migrate-bench-${i}`,
            status: "IN_TRANSIT",
            shipment: `70438${String(shipment).padStart(12, "0")}`,
            package: `37043${String(shipment).padStart(13, "0")}`,
            created: new Date().toISOString().replace(/\.\d+Z$/, "+0000"),
          },
          { headers: { "x-nordic-parcel-secret": SECRET }, validateStatus: () => true }
        )
        return res.status === 200
      }
      // While `medusa db:migrate` runs, the store still runs the version it is upgrading from: a
      // booking's ledger write is the row 0.1.0's ledger inserts when it reserves an attempt, in
      // its columns (this release's module writes columns the migrations have not added yet).
      const booking = async (i: number) => {
        await knex.raw(
          `insert into nordic_parcel_shipment
             (id, fulfillment_id, booking_key, order_id, kind, service_code, customer_number, status, test, items, location_id, created_at, updated_at)
           values (?, ?, ?, ?, 'outbound', '5800', '5', 'booking', true, ?::jsonb, 'sloc_bench', now(), now())`,
          [
            `npship_migrate_bench_${i}`,
            `ful_migrate_bench_${i}`,
            `order_migrate_bench_${i}:outbound:bench`,
            `order_migrate_bench_${i}`,
            JSON.stringify([{ line_item_id: `item_migrate_bench_${i}`, quantity: 1 }]),
          ]
        )
        return true
      }
      for (let i = 0; i < WARM_UP; i++) {
        await callback(-1 - i)
        await booking(-1 - i)
      }
      const callbacks = steady(1000 / CALLBACKS_PER_S, callback)
      const bookings = steady(BOOKING_EVERY_MS, booking)

      const locks = sampleLockWaits(dbConfig.clientUrl)

      await new Promise((resolve) => setTimeout(resolve, BEFORE_MS))
      const migrationStarted = Date.now()
      const steps: Record<string, number> = {}
      const ran = await migrateToHead(dbConfig.clientUrl, MIGRATIONS, (event, name) => {
        if (event === "migrating") steps[name] = Date.now()
        else steps[name] = Math.round((Date.now() - steps[name]) / 100) / 10
      })
      const migrationEnded = Date.now()
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      await Promise.all([callbacks.stop(), bookings.stop(), locks.stop()])

      // A call is counted in the migration's window if it was waiting at any moment of it.
      const during = (samples: Sample[]) => samples.filter((s) => s.at <= migrationEnded && s.at + s.ms >= migrationStarted)
      const before = (samples: Sample[]) => samples.filter((s) => s.at + s.ms < migrationStarted)
      const longest = (samples: Sample[]) => Math.max(0, ...samples.map((s) => s.ms))
      const median = (samples: Sample[]) => Math.round(percentile(samples.map((s) => s.ms), 0.5))

      const { rows: cancelled } = await knex.raw(`select count(*)::int as n from nordic_parcel_shipment where status = 'cancelled'`)
      const figures = {
        benchmark: "migrate",
        tracking_events: SHIPMENTS * EVENTS_PER_SHIPMENT,
        shipments: SHIPMENTS,
        events_table_size: eventsSize,
        shipments_table_size: shipmentsSize,
        seed_seconds: Math.round(seedSeconds),
        migrations: ran.join(" "),
        migration_seconds: Math.round((migrationEnded - migrationStarted) / 100) / 10,
        seconds_per_migration: steps,
        longest_lock_waits: locks.longest(),
        callbacks_per_s: CALLBACKS_PER_S,
        callbacks_during: during(callbacks.samples).length,
        callbacks_refused_during: during(callbacks.samples).filter((s) => !s.ok).length,
        callback_median_before_ms: median(before(callbacks.samples)),
        callback_longest_before_ms: longest(before(callbacks.samples)),
        bookings_during: during(bookings.samples).length,
        bookings_failed_during: during(bookings.samples).filter((s) => !s.ok).length,
        booking_median_before_ms: median(before(bookings.samples)),
        booking_longest_before_ms: longest(before(bookings.samples)),
        cancelled_rows_left: cancelled[0].n,
        target_ms: TARGET_MS,
        callback_stall_ms: longest(during(callbacks.samples)),
        booking_wait_ms: longest(during(bookings.samples)),
      }
      writeFileSync(path.join(__dirname, "..", ".cache", "bench-migrate.json"), JSON.stringify(figures))
      expect(ran).toEqual(migrationsAfterFirstRelease(MIGRATIONS))
    })
  },
})
