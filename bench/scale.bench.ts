import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { writeFileSync } from "node:fs"
import path from "node:path"
import { createAdminHeaders } from "../integration-tests/helpers/admin"
import { useSandbox } from "../integration-tests/helpers/sandbox"
import { NORDIC_PARCEL_MODULE } from "../src/modules/nordic_parcel"
import type NordicParcelModuleService from "../src/modules/nordic_parcel/service"
import { percentile } from "./stats"
import { YEAR, insertEvents, insertShipments } from "./year-store"

/**
 * A year of a busy store (2,000 parcels a day): 5 million tracking events and 500,000 shipments,
 * seeded in SQL (generate_series) into a real PostgreSQL, against an "empty" store that holds only
 * the rows the measured queries return (the same order, consignment and unapplied events), so
 * every query answers the same in both and only the tables' size differs. Both states live in the
 * same database: the seeded tables are swapped in and out by renaming (instant), in interleaved
 * rounds, so both see the same machine. Measured, each through the plugin as it runs:
 * - the outbox job's scan for events due (`listTrackingEventsDue`),
 * - the order widget's route (GET /admin/nordic-parcel/orders/:id),
 * - tracking-health (GET /admin/nordic-parcel/tracking-health),
 * - a callback's fulfilment lookup (`recordTrackingEvent`: the insert that finds the consignment's
 *   fulfilment),
 * - the minute's interrupted-bookings check (`checkInterruptedBookings`), whose shipments were all
 *   found complete by earlier runs, as on a live store a minute after each booking.
 * Target: each p95 within 2× of the empty store. The statements each one runs on the plugin's
 * tables are captured and explained (EXPLAIN ANALYZE) on the seeded tables. The seeded tables are
 * unlogged (no WAL: seeding takes a minute instead of several); that changes writes, not plans or
 * reads. Writes its figures and plans for bench/run.js.
 */
jest.setTimeout(30 * 60 * 1000)

const EVENTS = Number(process.env.BENCH_SCALE_EVENTS ?? YEAR.events)
const SHIPMENTS = Number(process.env.BENCH_SCALE_SHIPMENTS ?? YEAR.shipments)
const EVENTS_PER_SHIPMENT = Math.max(1, Math.floor(EVENTS / SHIPMENTS))
/** Events whose applying failed and waits for its back-off: what tracking-health lists. */
const UNAPPLIED = 300
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const SAMPLES_PER_ROUND = Number(process.env.BENCH_SAMPLES ?? 20)
const TARGET_RATIO = 2
/** The seeded shipments the measured queries ask for, spread over the year. */
const TARGETS = Array.from({ length: 10 }, (_, i) => Math.floor(((i + 0.5) * SHIPMENTS) / 10))

const TABLES = { events: "nordic_parcel_tracking_event", shipments: "nordic_parcel_shipment" } as const
type Table = keyof typeof TABLES
const SEEDED = (table: Table) => `${TABLES[table]}_bench_seeded`
const PUT_ASIDE = (table: Table) => `${TABLES[table]}_bench_aside`

const sandbox = useSandbox({ clock: "real" })

/** Seeded copies of the plugin's two large tables: same columns, filled first, indexed after (as the live table's indexes). */
async function seed(knex: Knex) {
  for (const table of Object.keys(TABLES) as Table[]) {
    await knex.raw(`create unlogged table ${SEEDED(table)} (like ${TABLES[table]} including defaults including constraints)`)
  }
  await insertShipments(knex, SEEDED("shipments"), { shipments: SHIPMENTS, checkedAt: true })
  await insertEvents(knex, SEEDED("events"), { shipments: SHIPMENTS, eventsPerShipment: EVENTS_PER_SHIPMENT, unapplied: UNAPPLIED })
  // The live table's indexes (those of the migrations, including the plugin's newest), on the copy.
  for (const table of Object.keys(TABLES) as Table[]) {
    const { rows } = await knex.raw(`select indexname, indexdef from pg_indexes where tablename = ?`, [TABLES[table]])
    for (const { indexname, indexdef } of rows as { indexname: string; indexdef: string }[]) {
      if (indexname.endsWith("_pkey")) {
        await knex.raw(`alter table ${SEEDED(table)} add primary key (id)`)
        continue
      }
      await knex.raw(
        (indexdef as string)
          .replace(`INDEX ${indexname} ON`, `INDEX ${indexname}_seeded ON`)
          .replace(`INDEX "${indexname}" ON`, `INDEX "${indexname}_seeded" ON`)
          .replace(` ON public.${TABLES[table]} `, ` ON public.${SEEDED(table)} `)
      )
    }
    await knex.raw(`analyze ${SEEDED(table)}`)
  }
  // The empty store: exactly the rows the measured queries return.
  const targets = TARGETS.map((g) => `'npship_bench${g}'`).join(", ")
  await knex.raw(`insert into ${TABLES.shipments} select * from ${SEEDED("shipments")} where id in (${targets})`)
  await knex.raw(
    `insert into ${TABLES.events} select * from ${SEEDED("events")}
     where fulfillment_id in (${TARGETS.map((g) => `'ful_bench${g}'`).join(", ")}) or applied_at is null`
  )
  await knex.raw(`analyze ${TABLES.shipments}; analyze ${TABLES.events}`)
}

let current: "empty" | "seeded" = "empty"

/** Puts the seeded tables in place (or back aside): two renames per table, one transaction. */
async function use(knex: Knex, state: "empty" | "seeded") {
  if (state === current) return
  current = state
  await knex.transaction(async (trx) => {
    for (const table of Object.keys(TABLES) as Table[]) {
      const [away, into] = state === "seeded" ? [PUT_ASIDE(table), SEEDED(table)] : [SEEDED(table), PUT_ASIDE(table)]
      await trx.raw(`alter table ${TABLES[table]} rename to ${away}`)
      await trx.raw(`alter table ${into} rename to ${TABLES[table]}`)
    }
  })
}

type Captured = { sql: string; bindings: unknown[] }

/** `?` placeholders as knex.raw takes them, whichever form the statement was logged in. */
function asKnexRaw({ sql, bindings }: Captured): [string, unknown[]] {
  if (!/\$\d+/.test(sql)) return [sql, bindings]
  const ordered: unknown[] = []
  const text = sql.replace(/\$(\d+)/g, (_, n: string) => {
    ordered.push(bindings[Number(n) - 1])
    return "?"
  })
  return [text, ordered]
}

medusaIntegrationTestRunner({
  inApp: true,
  cwd: path.join(__dirname, "app"),
  env: {},
  testSuite: ({ api, getContainer }) => {
    it("measures the outbox scan, the order widget, tracking-health, the fulfilment lookup and the interrupted-bookings check at a year's scale", async () => {
      const container = getContainer()
      const knex = container.resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
      const plugin = container.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
      const admin = await createAdminHeaders(api, container)

      const seedStarted = Date.now()
      await seed(knex)
      const seedSeconds = (Date.now() - seedStarted) / 1000
      const [{ size: eventsSize }] = (await knex.raw(`select pg_size_pretty(pg_total_relation_size(?)) as size`, [SEEDED("events")])).rows

      let sample = 0
      const queries: Record<string, () => Promise<unknown>> = {
        outbox_scan: () => plugin.listTrackingEventsDue(new Date()),
        order_widget: () => api.get(`/admin/nordic-parcel/orders/order_bench${TARGETS[sample % TARGETS.length]}`, admin),
        tracking_health: () => api.get("/admin/nordic-parcel/tracking-health", admin),
        fulfilment_lookup: () =>
          plugin.recordTrackingEvent({
            event_id: `bench-scale-${sample}`,
            status: "DELIVERED",
            shipment_number: `70438${String(TARGETS[sample % TARGETS.length]).padStart(12, "0")}`,
            occurred_at: new Date(),
            raw: { id: `bench-scale-${sample}` },
          }),
        interrupted_bookings_check: () => plugin.checkInterruptedBookings(container.resolve(ContainerRegistrationKeys.QUERY)),
      }
      const names = Object.keys(queries)
      const timings = { empty: {} as Record<string, number[]>, seeded: {} as Record<string, number[]> }
      for (const state of ["empty", "seeded"] as const) {
        for (const name of names) timings[state][name] = []
      }
      const measure = async (state: "empty" | "seeded", record: boolean) => {
        await use(knex, state)
        for (const name of names) {
          for (let i = 0; i < SAMPLES_PER_ROUND; i++) {
            sample++
            const started = process.hrtime.bigint()
            await queries[name]()
            if (record) timings[state][name].push(Number(process.hrtime.bigint() - started) / 1e6)
          }
        }
        await use(knex, "empty")
      }
      await measure("empty", false)
      await measure("seeded", false)
      for (let round = 0; round < ROUNDS; round++) {
        for (const state of round % 2 ? (["seeded", "empty"] as const) : (["empty", "seeded"] as const)) {
          await measure(state, true)
        }
      }

      // The statements each measured query runs on the plugin's tables, explained on the seeded tables.
      await use(knex, "seeded")
      const plans: Record<string, string[]> = {}
      const captured: Captured[] = []
      const listener = (query: { sql: string; bindings?: unknown[] }) => captured.push({ sql: query.sql, bindings: query.bindings ?? [] })
      knex.on("query", listener)
      for (const name of names) {
        captured.length = 0
        sample++
        await queries[name]()
        const statements = captured.filter((q) => /nordic_parcel_(tracking_event|shipment)\b/.test(q.sql))
        plans[name] = []
        for (const statement of statements) {
          const [sql, bindings] = asKnexRaw(statement)
          // An insert is explained in a transaction rolled back, so the plan costs no row.
          const explained = await knex
            .transaction(async (trx) => {
              const { rows } = await trx.raw(`explain (analyze, buffers, costs off) ${sql}`, bindings as Knex.RawBinding[])
              throw Object.assign(new Error("rollback"), { rows })
            })
            .catch((error: { rows?: { "QUERY PLAN": string }[] }) => error.rows ?? [{ "QUERY PLAN": String(error) }])
          plans[name].push([sql.replace(/\s+/g, " ").trim(), ...explained.map((row) => row["QUERY PLAN"])].join("\n"))
        }
      }
      // Plans only: one batch of the payload-retention job, on the year's oldest hour (a few hundred rows).
      captured.length = 0
      await plugin.pruneTrackingPayloads(new Date(Date.now() - (SHIPMENTS * 63 - 3600) * 1000))
      plans.payload_retention_batch = []
      for (const statement of captured.filter((q) => /nordic_parcel_tracking_event\b/.test(q.sql))) {
        const [sql, bindings] = asKnexRaw(statement)
        const { rows } = await knex.raw(`explain (costs off) ${sql}`, bindings as Knex.RawBinding[])
        plans.payload_retention_batch.push([sql.replace(/\s+/g, " ").trim(), ...rows.map((row: { "QUERY PLAN": string }) => row["QUERY PLAN"])].join("\n"))
      }
      knex.removeListener("query", listener)
      await use(knex, "empty")

      const p95 = Object.fromEntries(
        names.map((name) => {
          const empty = percentile(timings.empty[name], 0.95)
          const seeded = percentile(timings.seeded[name], 0.95)
          return [name, { empty_p95_ms: Math.round(empty * 10) / 10, seeded_p95_ms: Math.round(seeded * 10) / 10, ratio: Math.round((seeded / empty) * 100) / 100 }]
        })
      )
      writeFileSync(
        path.join(__dirname, "..", ".cache", "bench-scale-plans.txt"),
        Object.keys(plans).map((name) => `## ${name}\n\n${plans[name].join("\n\n")}\n`).join("\n")
      )
      const figures = {
        benchmark: "scale",
        tracking_events: SHIPMENTS * EVENTS_PER_SHIPMENT,
        shipments: SHIPMENTS,
        unapplied_events: UNAPPLIED,
        events_table_size: eventsSize,
        seed_seconds: Math.round(seedSeconds),
        rounds: ROUNDS,
        samples_per_state: ROUNDS * SAMPLES_PER_ROUND,
        ...p95,
        target_ratio: TARGET_RATIO,
        worst_ratio: Math.max(...names.map((name) => p95[name].ratio)),
        plans: ".cache/bench-scale-plans.txt",
        targets_met: names.every((name) => p95[name].ratio <= TARGET_RATIO),
      }
      writeFileSync(path.join(__dirname, "..", ".cache", "bench-scale.json"), JSON.stringify(figures))
      expect(Object.values(plans).every((list) => list.length > 0)).toBe(true)
    })
  },
})
