import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { writeFileSync } from "node:fs"
import inspector from "node:inspector"
import path from "node:path"
import { performance } from "node:perf_hooks"
import { readdirSync, readFileSync } from "node:fs"
import { Pool } from "undici"
import { NORDIC_PARCEL_MODULE } from "../src/modules/nordic_parcel"
import type NordicParcelModuleService from "../src/modules/nordic_parcel/service"
import { cpuByCategory, type CpuCategory, type CpuProfile } from "./cpu-profile-summary"
import { median } from "./stats"

/**
 * Webhook throughput: carrier callbacks (1 % of them poison the database could not hold as it
 * came, kept as an event or a dead letter and answered 2xx, 20 % of
 * the rest repeats of earlier ones) at 50 in flight against a real Medusa app on PostgreSQL with
 * the built plugin installed (bench/app), next to a bare POST route of the same app with the same
 * bodies. Measured in interleaved rounds (bare then webhook, then the other way round), so both see
 * the same machine; the ratio is the median of the rounds' ratios. Then one block of each route
 * under V8's sampling profiler: each route's time per callback, and its shares by what the stack
 * was doing (checks, parsing, insert, announcement, database driver, body parser, garbage
 * collector, the rest of HTTP and Medusa's pipeline) — where the intake's time goes; the shares
 * hold on a loaded machine, where the sampled time also counts moments the OS ran other
 * processes. Poison shares micro-batches
 * with valid callbacks; the figures say whether every valid event was stored exactly once all the
 * same. Writes its figures for bench/run.js; asserts nothing about speed.
 */
jest.setTimeout(15 * 60 * 1000)

const PER_ROUND = Number(process.env.BENCH_CALLBACKS ?? 600)
const ROUNDS = Math.max(5, Number(process.env.BENCH_ROUNDS ?? 15))
const PROFILED = Number(process.env.BENCH_PROFILED ?? 1_000)
const DUPLICATE_SHARE = 0.2
const POISON_SHARE = 0.01
const CONCURRENCY = 50
const SECRET = "sandbox-webhook-secret-0123456789"
const TARGET_RATIO = 0.8
const ROUTES = { bare: "/hooks/bench/bare", webhook: "/hooks/nordic-parcel/events" } as const
type RouteName = keyof typeof ROUTES

/** Where a callback's CPU goes, first match on the stack wins (the plugin's files by name, built or not). */
const STAGES: CpuCategory[] = [
  { name: "announce", matches: ({ url }) => /event-bus-local|event-bus-redis|subscribers\/tracking-received|workers\/tracking-outbox/.test(url) },
  { name: "checks", matches: ({ url }) => /lib\/tracking\/secret/.test(url) },
  { name: "parse", matches: ({ url }) => /lib\/tracking\/(callback-payload|storable-json)/.test(url) },
  { name: "insert", matches: ({ url }) => /nordic_parcel\/tracking-events|lib\/batch\/micro-batcher/.test(url) },
  { name: "database_driver", matches: ({ url }) => /node_modules\/(pg|pg-protocol|pg-pool|knex|@mikro-orm)\//.test(url) },
  { name: "load_generator", matches: ({ url }) => /node_modules\/undici\//.test(url) },
  { name: "body_parser", matches: ({ url }) => /node_modules\/(body-parser|raw-body)\//.test(url) },
  { name: "garbage_collector", matches: ({ functionName }) => functionName === "(garbage collector)" },
]

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

/** One round's callbacks for one route; `prefix` keeps every route's and round's event ids apart. */
function callbacks(prefix: string, total = PER_ROUND): string[] {
  const poisonCount = Math.round(total * POISON_SHARE)
  const valid = total - poisonCount
  const distinct = Math.round(valid * (1 - DUPLICATE_SHARE))
  const bodies = Array.from({ length: distinct }, (_, i) =>
    JSON.stringify({
      status: ["HANDED_IN", "IN_TRANSIT", "TERMINAL", "DELIVERED"][i % 4],
      id: `${prefix}bench-${i}`,
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
    all.splice(Math.floor(((i + 0.5) * total) / poisonCount), 0, poison(i))
  }
  return all
}


/**
 * CPU milliseconds used so far by the PostgreSQL processes of this machine (Linux /proc; 0
 * elsewhere). The bench's database runs here, on the same two cores as the store.
 */
function databaseCpuMs(): number {
  let ticks = 0
  let entries: string[] = []
  try {
    entries = readdirSync("/proc").filter((entry) => /^\d+$/.test(entry))
  } catch {
    return 0
  }
  for (const pid of entries) {
    try {
      if (!readFileSync(`/proc/${pid}/comm`, "utf8").startsWith("postgres")) continue
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")
      ticks += Number(fields[11]) + Number(fields[12])
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks * 10 // USER_HZ is 100 on Linux
}

async function load(pool: Pool, requests: { method: "POST"; path: string; body: string }[]) {
  let next = 0
  let accepted = 0
  let resent = 0
  const statuses: Record<number, number> = {}
  const poisonStatuses: Record<number, number> = {}
  const started = process.hrtime.bigint()
  const loop = performance.eventLoopUtilization()
  const cpu = process.cpuUsage()
  const databaseBefore = databaseCpuMs()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests.length) {
        const request = requests[next++]
        const send = () =>
          pool.request({
            method: request.method,
            path: request.path,
            body: request.body,
            headers: { "content-type": "application/json", "x-nordic-parcel-secret": SECRET },
          })
        // A kept-alive socket the server closed meanwhile: sent again, as the carrier would.
        const res = await send().catch(() => {
          resent++
          return send()
        })
        await res.body.dump()
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1
        if (request.body.includes('"poison-')) poisonStatuses[res.statusCode] = (poisonStatuses[res.statusCode] ?? 0) + 1
        if (res.statusCode < 300) accepted++
      }
    })
  )
  const seconds = Number(process.hrtime.bigint() - started) / 1e9
  // The share of the time the process (the store and the load generator) was running code rather
  // than waiting: below 1, callbacks waited on something else (the database, the other core).
  const busy = performance.eventLoopUtilization(loop).utilization
  // CPU per callback of this process (all its threads: the store, the load generator, the garbage
  // collector's helpers) and of the database, in microseconds: on two cores, what the database
  // takes is taken from the store.
  const used = process.cpuUsage(cpu)
  const processUs = (used.user + used.system) / requests.length
  const databaseUs = ((databaseCpuMs() - databaseBefore) * 1000) / requests.length
  return { requests: requests.length, accepted, resent, seconds, per_second: accepted / seconds, statuses, poisonStatuses, busy, processUs, databaseUs }
}

const round1 = (value: number) => Math.round(value * 10) / 10

medusaIntegrationTestRunner({
  inApp: true,
  cwd: path.join(__dirname, "app"),
  env: {},
  testSuite: ({ api, getContainer, utils }) => {
    it("measures webhook throughput against a bare route, and where the intake's CPU goes", async () => {
      const pool = new Pool(api.defaults.baseURL as string, { connections: CONCURRENCY })
      const names = Object.keys(ROUTES) as RouteName[]
      const requestsFor = (name: RouteName, prefix: string, total?: number) =>
        callbacks(prefix, total).map((body) => ({ method: "POST" as const, path: ROUTES[name], body }))
      for (const name of names) {
        await load(pool, requestsFor(name, `warmup-${name}-`, 2000))
      }

      const perSecond: Record<RouteName, number[]> = { bare: [], webhook: [] }
      const busy: Record<RouteName, number[]> = { bare: [], webhook: [] }
      const processUs: Record<RouteName, number[]> = { bare: [], webhook: [] }
      const databaseUs: Record<RouteName, number[]> = { bare: [], webhook: [] }
      const roundRatios: number[] = []
      const webhookStatuses: Record<number, number> = {}
      const poisonStatuses: Record<number, number> = {}
      let webhookAccepted = 0
      for (let round = 0; round < ROUNDS; round++) {
        for (const name of round % 2 ? [...names].reverse() : names) {
          const result = await load(pool, requestsFor(name, `r${round}-${name}-`))
          perSecond[name].push(result.per_second)
          busy[name].push(result.busy)
          processUs[name].push(result.processUs)
          databaseUs[name].push(result.databaseUs)
          if (name === "webhook") {
            webhookAccepted += result.accepted
            for (const [status, count] of Object.entries(result.statuses)) {
              webhookStatuses[Number(status)] = (webhookStatuses[Number(status)] ?? 0) + count
            }
            for (const [status, count] of Object.entries(result.poisonStatuses)) {
              poisonStatuses[Number(status)] = (poisonStatuses[Number(status)] ?? 0) + count
            }
          }
        }
        roundRatios.push(perSecond.webhook[round] / perSecond.bare[round])
      }

      // One profiled block per route: CPU per callback by stage.
      const session = new inspector.Session()
      session.connect()
      const post = <T>(method: string, params: object = {}) =>
        new Promise<T>((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result as T))))
      await post("Profiler.enable")
      await post("Profiler.setSamplingInterval", { interval: 250 })
      const cpuPerCallback = {} as Record<RouteName, Record<string, number>>
      for (const name of names) {
        await post("Profiler.start")
        const result = await load(pool, requestsFor(name, `profiled-${name}-`, PROFILED))
        const { profile } = await post<{ profile: CpuProfile }>("Profiler.stop")
        // Kept for a closer look (e.g. Chrome DevTools → Performance → load profile).
        writeFileSync(path.join(__dirname, "..", ".cache", `bench-webhooks-${name}.cpuprofile`), JSON.stringify(profile))
        const byStage = cpuByCategory(profile, STAGES)
        const total = Object.values(byStage).reduce((sum, ms) => sum + ms, 0) - byStage.load_generator
        // Shares of the route's own time (the load generator left out): on a loaded machine the
        // sampled time includes moments the OS ran other processes, so shares compare, µs do not.
        cpuPerCallback[name] = Object.fromEntries([
          ["us_per_callback", round1((total * 1000) / result.requests)],
          ...Object.entries(byStage)
            .filter(([stage]) => stage !== "load_generator")
            .map(([stage, ms]) => [`${stage}_percent`, round1((ms / total) * 100)]),
        ])
      }
      session.disconnect()
      await pool.close()
      await utils.waitWorkflowExecutions()

      const plugin = getContainer().resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
      const count = async (filters: Record<string, unknown>) => (await plugin.listAndCountTrackingEvents(filters as never, { take: 1 }))[1]
      const stored = await count({ event_id: { $like: "r%-webhook-bench-%" } })
      const notApplied = await count({ event_id: { $like: "r%-webhook-bench-%" }, applied_at: null })
      const poisonEvents = await count({ event_id: { $like: "poison-%" } })
      const [, poisonDeadLetters] = await plugin.listAndCountTrackingDeadLetters({ body: { $like: '%"poison-%' } } as never, { take: 1 })
      const ids = Array.from({ length: ROUNDS }, (_, round) => callbacks(`r${round}-webhook-`).map((b) => JSON.parse(b).id as string)).flat()
      const poisonCount = ids.filter((id) => id.startsWith("poison-")).length
      const validCount = ids.length - poisonCount
      const distinct = new Set(ids.filter((id) => !id.startsWith("poison-"))).size
      const ratio = median(roundRatios)
      const poisonAnswered = Object.entries(poisonStatuses)
        .filter(([status]) => Number(status) < 300)
        .reduce((sum, [, n]) => sum + n, 0)
      const serverErrors = Object.entries(webhookStatuses)
        .filter(([status]) => Number(status) >= 500)
        .reduce((sum, [, n]) => sum + n, 0)
      const figures = {
        benchmark: "webhooks",
        rounds: ROUNDS,
        callbacks_per_round: PER_ROUND,
        callbacks: ids.length,
        poison_callbacks: poisonCount,
        // Only a wrong secret or a body that is not JSON is refused: poison is kept, as an event
        // (what could be read) or a dead letter with its reason, and answered 2xx.
        poison_statuses: poisonStatuses,
        poison_answered_2xx: poisonAnswered,
        poison_events_stored: poisonEvents,
        poison_dead_letters: poisonDeadLetters,
        valid_callbacks: validCount,
        duplicates: validCount - distinct,
        concurrency: CONCURRENCY,
        webhook_accepted: webhookAccepted,
        webhook_per_second: Math.round(median(perSecond.webhook)),
        webhook_per_second_rounds: perSecond.webhook.map(Math.round),
        webhook_statuses: webhookStatuses,
        bare_route: `POST ${ROUTES.bare}`,
        bare_per_second: Math.round(median(perSecond.bare)),
        bare_per_second_rounds: perSecond.bare.map(Math.round),
        webhook_event_loop_busy: Math.round(median(busy.webhook) * 100) / 100,
        bare_event_loop_busy: Math.round(median(busy.bare) * 100) / 100,
        webhook_process_cpu_us_per_callback: Math.round(median(processUs.webhook)),
        bare_process_cpu_us_per_callback: Math.round(median(processUs.bare)),
        webhook_database_cpu_us_per_callback: Math.round(median(databaseUs.webhook)),
        bare_database_cpu_us_per_callback: Math.round(median(databaseUs.bare)),
        ratio_rounds: roundRatios.map((r) => Math.round(r * 100) / 100),
        ratio_to_bare: Math.round(ratio * 100) / 100,
        target_ratio: TARGET_RATIO,
        profiled_callbacks: PROFILED,
        webhook_time_by_stage: cpuPerCallback.webhook,
        bare_time_by_stage: cpuPerCallback.bare,
        distinct_events: distinct,
        events_stored: stored,
        // The event id is unique in the table: as many rows as distinct ids means each stored once.
        stored_exactly_once: stored === distinct,
        valid_events_lost: distinct - stored,
        events_not_applied: notApplied,
        server_errors: serverErrors,
        targets_met:
          stored === distinct &&
          poisonAnswered === poisonCount &&
          poisonEvents + poisonDeadLetters > 0 &&
          serverErrors === 0 &&
          ratio >= TARGET_RATIO,
      }
      writeFileSync(path.join(__dirname, "..", ".cache", "bench-webhooks.json"), JSON.stringify(figures))
      expect(webhookAccepted).toBe(ids.length)
    })
  },
})
