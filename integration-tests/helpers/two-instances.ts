import fs from "node:fs"
import path from "node:path"
import Redis from "ioredis"
import { Client, type ClientConfig } from "pg"
import { startChild, stopGroup, waitForHttp, type Child } from "../../demo/processes"
import type { DemoStore } from "../../demo/seed"
import { startSandbox, type CallbackPayload, type Sandbox } from "../../sandbox"
import { startCarrierBurstGate, type CarrierBurstGate } from "./carrier-burst-gate"
import { startRoundRobinGateway, type RoundRobinGateway } from "./round-robin-gateway"
import { freePort } from "./free-port"

export { mapLimit } from "../../src/lib/concurrency/map-limit"

/**
 * Two `medusa start` processes of the plugin's dev store on one PostgreSQL database with Medusa's
 * Redis event bus, workflow engine, locking and caching, behind a round-robin gateway, with the
 * carrier sandbox in this process (integration-tests/http/instances.spec.ts, bench/booking.bench.ts).
 * Without Redis (`redisUrl` undefined) it runs one instance on Medusa's in-memory modules.
 */

export const ROOT = path.resolve(__dirname, "..", "..")
export const MEDUSA_CLI = path.join(ROOT, "node_modules", "@medusajs", "cli", "cli.js")
export const LOG_DIR = path.join(ROOT, ".cache", "instances")
export const SECRET = "instances-webhook-secret-0123456789"
export const HOOK = "/hooks/nordic-parcel/events"
export const LOOKUP_PATH = "/shippingguide/v2/products"
export const BOOKING_PATH = "/booking/api/booking"
export const CARRIER_BOOKINGS_PER_SECOND = 18
export const REDIS_CLAIM_KEY = "nordic-parcel:instances-spec:claim"

// ------------------------------------------------------------------------------------------ stack

export type Instance = { name: string; port: number; url: string; child?: Child; output: string; exited?: number }
export type Booked = { orderId: string; fulfillmentId: string; consignment: string }
export type Address = { postal_code: string; city: string; address_1: string }
export type AdminShipment = { consignment_number: string; status: string; tracking_events: { status: string }[] }
export type OrderState = {
  items: { detail: { quantity: number; shipped_quantity: number; delivered_quantity: number } }[]
  fulfillments: { id: string; shipped_at: string | null; delivered_at: string | null }[]
}
export type PlacedOrder = { id: string; items: { id: string; quantity: number }[] }

export const BERGEN: Address = { address_1: "Strandgaten 1", city: "Bergen", postal_code: "5004" }
export const TROMSO: Address = { address_1: "Storgata 1", city: "Tromsø", postal_code: "9008" }

export class TwoInstances {
  readonly runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  readonly database = `np_instances_${this.runId}`
  readonly instances: Instance[] = []
  readonly figures: Record<string, unknown> = {}
  sandbox!: Sandbox
  carrierGate!: CarrierBurstGate
  gateway!: RoundRobinGateway
  store!: DemoStore
  redis?: Redis
  private redisDb?: number
  private databaseCreated = false
  private adminToken?: string
  private carts = 0
  private readonly started = Date.now()
  private sampler?: NodeJS.Timeout
  private readonly memory = { peakTotal: 0, peak: [0, 0], jestPeak: 0 }
  private readonly phases: Record<string, number> = {}
  /** Every Medusa process group this run started and that has not exited yet. */
  private readonly children = new Set<Child>()
  /** Should the test process end without afterAll (a timed-out hook, --forceExit): no process outlives it. */
  private readonly killOnExit = () => {
    for (const child of this.children) {
      try {
        process.kill(-child.process.pid!, "SIGKILL")
      } catch {
        // already gone
      }
    }
  }

  /** The environment the instances were started with (restart() changes it). */
  private env_: NodeJS.ProcessEnv = {}

  /**
   * Without a Redis URL: one instance on Medusa's in-memory modules (several need Redis to share
   * state). `instanceEnv` is added to the instances' environment (bench:booking preloads its profiler; the crash suite shortens NP_REQUEST_MS).
   */
  constructor(
    private readonly redisUrl?: string,
    private readonly instanceEnv: NodeJS.ProcessEnv = {}
  ) {}

  async start(): Promise<void> {
    fs.mkdirSync(LOG_DIR, { recursive: true })
    const redisUrl = this.redisUrl ? await this.phase("redis", () => this.claimRedisDatabase()) : undefined
    const databaseUrl = await this.phase("database", () => this.createDatabase())
    // Real clock: the request log's times are real arrival times (the booking test measures rates);
    // callback retries, if any, come after seconds.
    this.sandbox = await startSandbox({ clock: "real", retryScale: 0.001 })
    this.carrierGate = await startCarrierBurstGate(this.sandbox.url)
    const ports = redisUrl ? [await freePort(), await freePort()] : [await freePort()]
    this.gateway = await startRoundRobinGateway(ports)
    const seedFile = path.join(LOG_DIR, "seed.json")
    fs.rmSync(seedFile, { force: true })
    const env: NodeJS.ProcessEnv = {
      ...childEnv(),
      NODE_ENV: "development",
      DATABASE_URL: databaseUrl,
      ...(redisUrl ? { NP_REDIS_MODULES: "true", REDIS_URL: redisUrl } : {}),
      NP_BASE_URL: this.carrierGate.url,
      NP_API_UID: this.sandbox.credentials.apiUid,
      NP_API_KEY: this.sandbox.credentials.apiKey,
      NP_PUBLIC_URL: this.gateway.url,
      NP_WEBHOOK_SECRET: SECRET,
      // A loaded CI machine must not turn the quote under test into a fallback price.
      NP_QUOTE_MS: "8000",
      // A booking held at the burst gate spends up to 5 s of its call budget there.
      NP_REQUEST_MS: "15000",
      ADMIN_DISABLED: "true",
      MEDUSA_DISABLE_TELEMETRY: "true",
      DEMO_SEED_OUTPUT: seedFile,
      ...this.instanceEnv,
    }
    await this.phase("migrate", () => this.runOnce("migrate", ["db:migrate"], env))
    await this.phase("seed", () => this.runOnce("seed", ["exec", "./demo/seed.ts"], env))
    this.store = JSON.parse(fs.readFileSync(seedFile, "utf8")) as DemoStore

    this.instances.push(
      ...ports.map((port, i) => ({ name: `instance-${"ab"[i]}`, port, url: `http://127.0.0.1:${port}`, output: "" }))
    )
    this.sampler = setInterval(() => this.sampleMemory(), 500)
    this.env_ = env
    await this.phase("boot", () => Promise.all(this.instances.map((instance) => this.boot(instance, env))))
    const login = await call<{ token: string }>(this.instances[0], "POST", "/auth/user/emailpass", {
      email: this.store.admin.email,
      password: this.store.admin.password,
    })
    this.adminToken = login.token
  }

  async stop(): Promise<void> {
    const stopStart = Date.now()
    const problems: string[] = []
    const attempt = async (what: string, work: () => Promise<unknown>) => {
      try {
        await work()
      } catch (error) {
        problems.push(`${what}: ${(error as Error).message}`)
      }
    }
    if (this.sampler) clearInterval(this.sampler)
    await attempt("medusa processes", () => Promise.all([...this.children].map((child) => stopGroup(child.process.pid!))))
    process.off("exit", this.killOnExit)
    await attempt("carrier gate", async () => this.carrierGate?.close())
    await attempt("sandbox", async () => this.sandbox?.close())
    await attempt("gateway", async () => this.gateway?.close())
    await attempt("database", () => this.dropDatabase())
    await attempt("redis", () => this.releaseRedisDatabase())
    this.phases.stop = Date.now() - stopStart
    const mb = (bytes: number) => Math.round(bytes / 1024 / 1024)
    const summary = {
      durationS: Math.round((Date.now() - this.started) / 100) / 10,
      phasesMs: this.phases,
      memoryMB: { peakTotalInstances: mb(this.memory.peakTotal), peakPerInstance: this.memory.peak.map(mb), jestProcessPeak: mb(this.memory.jestPeak) },
      redisDatabase: this.redisDb,
      ...this.figures,
    }
    console.log(`[instances] ${JSON.stringify(summary)}\n[instances] logs: ${path.relative(ROOT, LOG_DIR)}/`)
    if (problems.length) throw new Error(`clean-up incomplete: ${problems.join("; ")}`)
  }

  /**
   * Starts the instance again on the same port and database: after kill() (a crash) as it was, or,
   * while it runs, as a deploy with other plugin options: stops it (SIGTERM to its process group)
   * and starts it with these environment variables changed. Resolves once it answers /health.
   */
  async restart(instance: Instance, changes: NodeJS.ProcessEnv = {}): Promise<void> {
    if (instance.child && instance.exited === undefined) await stopGroup(instance.child.process.pid!)
    instance.exited = undefined
    instance.output = ""
    this.env_ = { ...this.env_, ...changes }
    await this.boot(instance, this.env_)
  }

  // ------------------------------------------------------------ store and admin over HTTP

  storeApi<T>(instance: Instance, method: string, route: string, body?: unknown): Promise<T> {
    return call<T>(instance, method, route, body, { "x-publishable-api-key": this.store.publishableKey })
  }

  admin<T>(instance: Instance, method: string, route: string, body?: unknown): Promise<T> {
    return call<T>(instance, method, route, body, { authorization: `Bearer ${this.adminToken}` })
  }

  async createCart(instance: Instance, address: Address, items: { variant: string; quantity: number }[]): Promise<string> {
    const { cart } = await this.storeApi<{ cart: { id: string } }>(instance, "POST", "/store/carts", {
      region_id: this.store.regionId,
      sales_channel_id: this.store.salesChannelId,
      // One shopper per cart: Medusa's guest-customer creation races on one e-mail from two carts at once.
      email: `kari+${++this.carts}@example.com`,
      shipping_address: { first_name: "Kari", last_name: "Nordmann", country_code: "no", phone: "+4712345678", ...address },
    })
    for (const item of items) {
      await this.storeApi(instance, "POST", `/store/carts/${cart.id}/line-items`, { variant_id: item.variant, quantity: item.quantity })
    }
    return cart.id
  }

  /** A storefront's checkout: cart, home delivery, system payment, order. */
  async placeOrder(instance: Instance, address: Address, items: { variant: string; quantity: number }[]): Promise<PlacedOrder> {
    const cartId = await this.createCart(instance, address, items)
    await this.storeApi(instance, "POST", `/store/carts/${cartId}/shipping-methods`, { option_id: this.store.options.PA_DOREN })
    const { payment_collection } = await this.storeApi<{ payment_collection: { id: string } }>(instance, "POST", "/store/payment-collections", { cart_id: cartId })
    await this.storeApi(instance, "POST", `/store/payment-collections/${payment_collection.id}/payment-sessions`, { provider_id: "pp_system_default" })
    const completed = await this.storeApi<{ type: string; order?: PlacedOrder }>(instance, "POST", `/store/carts/${cartId}/complete`, {})
    if (!completed.order) throw new Error(`cart ${cartId} did not become an order: ${JSON.stringify(completed).slice(0, 500)}`)
    return completed.order
  }

  /** The merchant's "Fulfill items" in the admin: books at the carrier. */
  async fulfil(instance: Instance, order: PlacedOrder): Promise<Booked> {
    await this.admin(instance, "POST", `/admin/orders/${order.id}/fulfillments`, {
      items: order.items.map((item) => ({ id: item.id, quantity: item.quantity })),
    })
    const { order: fulfilled } = await this.admin<{ order: { fulfillments: { id: string; data: { consignment_number?: string } }[] } }>(
      instance,
      "GET",
      `/admin/orders/${order.id}?fields=id,fulfillments.id,fulfillments.data`
    )
    const [fulfillment] = fulfilled.fulfillments
    return { orderId: order.id, fulfillmentId: fulfillment.id, consignment: String(fulfillment.data.consignment_number) }
  }

  async orderState(instance: Instance, orderId: string): Promise<OrderState> {
    const fields = [
      "id",
      "items.id",
      "items.detail.quantity",
      "items.detail.shipped_quantity",
      "items.detail.delivered_quantity",
      "fulfillments.id",
      "fulfillments.shipped_at",
      "fulfillments.delivered_at",
    ]
    const { order } = await this.admin<{ order: OrderState }>(instance, "GET", `/admin/orders/${orderId}?fields=${fields.join(",")}`)
    return order
  }

  postCallback(instance: Instance, payload: CallbackPayload): Promise<{ status: number; body: { duplicate?: boolean } }> {
    return fetch(`${instance.url}${HOOK}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-nordic-parcel-secret": SECRET },
      body: JSON.stringify(payload),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as { duplicate?: boolean } }))
  }

  /** A connection of its own to the stack's database (the caller ends it), to hold locks or read Medusa's tables. */
  async databaseClient(): Promise<Client> {
    const client = new Client(pgConfig(this.database))
    await client.connect()
    return client
  }

  /** The plugin's tracking events of these consignments, straight from the shared database. */
  async trackingEvents(consignments: string[]): Promise<{ event_id: string; status: string; shipment_number: string; fulfillment_id: string | null }[]> {
    const client = new Client(pgConfig(this.database))
    await client.connect()
    try {
      const { rows } = await client.query(
        `select event_id, status, shipment_number, fulfillment_id from nordic_parcel_tracking_event
         where shipment_number = any($1) and deleted_at is null`,
        [consignments]
      )
      return rows
    } finally {
      await client.end()
    }
  }

  // ------------------------------------------------------------ processes

  /** SIGKILL to the instance's whole process group, as a crash or a deploy's hard stop; resolves once it is gone. */
  async kill(instance: Instance): Promise<void> {
    const child = instance.child
    if (!child?.process.pid) return
    try {
      process.kill(-child.process.pid, "SIGKILL")
    } catch {
      // already gone
    }
    await child.exited
  }

  private async runOnce(name: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
    const instance: Instance = { name, port: 0, url: "", output: "" }
    const child = this.spawn(instance, args, env)
    const code = await child.exited
    if (code !== 0) throw new Error(`medusa ${args.join(" ")} failed (exit code ${code}):\n${tail(instance.output)}`)
  }

  private async boot(instance: Instance, env: NodeJS.ProcessEnv): Promise<void> {
    const child = this.spawn(instance, ["start"], { ...env, PORT: String(instance.port) })
    void child.exited.then((code) => (instance.exited = code))
    try {
      await waitForHttp(`${instance.url}/health`, {
        timeoutMs: 300_000,
        stop: () => (instance.exited !== undefined ? `${instance.name} exited (code ${instance.exited})` : undefined),
      })
    } catch (error) {
      throw new Error(`${(error as Error).message}:\n${tail(instance.output)}`)
    }
  }

  private spawn(instance: Instance, args: string[], env: NodeJS.ProcessEnv): Child {
    const log = fs.createWriteStream(path.join(LOG_DIR, `${instance.name}.log`), { flags: instance.child ? "a" : "w" })
    const child = startChild(instance.name, process.execPath, [MEDUSA_CLI, ...args], {
      cwd: ROOT,
      env,
      onOutput: (chunk) => {
        log.write(chunk)
        instance.output = (instance.output + chunk).slice(-20_000)
      },
    })
    this.children.add(child)
    if (this.children.size === 1) process.on("exit", this.killOnExit)
    void child.exited.then(() => {
      log.end()
      this.children.delete(child)
    })
    instance.child = child
    return child
  }

  /** CPU seconds each instance's processes have used so far. */
  cpuSeconds(): number[] {
    return this.instances.map((i) => (i.child?.process.pid ? groupCpuSeconds(i.child.process.pid) : 0))
  }

  private sampleMemory(): void {
    const perInstance = this.instances.map((i) => (i.child?.process.pid ? groupRssBytes(i.child.process.pid) : 0))
    perInstance.forEach((rss, i) => (this.memory.peak[i] = Math.max(this.memory.peak[i], rss)))
    this.memory.peakTotal = Math.max(this.memory.peakTotal, perInstance.reduce((x, y) => x + y, 0))
    this.memory.jestPeak = Math.max(this.memory.jestPeak, process.memoryUsage().rss)
  }

  private async phase<T>(name: string, work: () => Promise<T>): Promise<T> {
    const start = Date.now()
    try {
      return await work()
    } finally {
      this.phases[name] = Date.now() - start
    }
  }

  // ------------------------------------------------------------ PostgreSQL and Redis

  private async createDatabase(): Promise<string> {
    const admin = new Client(pgConfig("postgres"))
    await admin.connect()
    try {
      await admin.query(`CREATE DATABASE "${this.database}"`)
      this.databaseCreated = true
    } finally {
      await admin.end()
    }
    const { host, port, user, password } = pgConfig(this.database)
    return `postgres://${encodeURIComponent(user!)}:${encodeURIComponent(String(password ?? ""))}@${host}:${port}/${this.database}`
  }

  private async dropDatabase(): Promise<void> {
    if (!this.databaseCreated) return
    const admin = new Client(pgConfig("postgres"))
    await admin.connect()
    try {
      // The instances are stopped; WITH (FORCE) (PostgreSQL 13+) also ends connections a killed one left.
      await admin.query(`DROP DATABASE IF EXISTS "${this.database}" WITH (FORCE)`).catch((error: { code?: string }) => {
        if (error.code !== "42601") throw error
        return admin.query(`DROP DATABASE IF EXISTS "${this.database}"`)
      })
    } finally {
      await admin.end()
    }
  }

  /**
   * Medusa's Redis modules cannot all be given a key prefix (the workflow engine's keys have
   * none), so the run takes a Redis database of its own: the first empty one from 15 down to 1,
   * claimed with a key set only if absent. Returns REDIS_URL pointing at it.
   */
  private async claimRedisDatabase(): Promise<string> {
    const base = new URL(this.redisUrl!)
    const configured = Number(base.pathname.slice(1) || 0)
    for (let db = 15; db >= 1; db--) {
      if (db === configured) continue
      const url = new URL(base.toString())
      url.pathname = `/${db}`
      const client = new Redis(url.toString(), { lazyConnect: true, maxRetriesPerRequest: 1 })
      try {
        await client.connect()
        if ((await client.dbsize()) === 0 && (await client.set(REDIS_CLAIM_KEY, this.runId, "EX", 6 * 3600, "NX")) === "OK") {
          this.redis = client
          this.redisDb = db
          return url.toString()
        }
      } catch (error) {
        client.disconnect()
        if (/DB index is out of range|invalid DB index/i.test((error as Error).message)) continue
        throw new Error(`Redis at ${base.host}: ${(error as Error).message}`)
      }
      client.disconnect()
    }
    throw new Error(`no empty Redis database among 1–15 at ${base.host} for this run`)
  }

  /** Flushes the run's Redis database if it is still this run's claim (all in it was created by this run). */
  private async releaseRedisDatabase(): Promise<void> {
    if (!this.redis) return
    try {
      if ((await this.redis.get(REDIS_CLAIM_KEY)) === this.runId) await this.redis.flushdb()
    } finally {
      this.redis.disconnect()
    }
  }
}

// ------------------------------------------------------------------------------------------ utilities

export async function call<T = unknown>(instance: Instance, method: string, route: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(`${instance.url}${route}`, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${route} on ${instance.name}: ${res.status} ${text.slice(0, 500)}`)
  return (text ? JSON.parse(text) : undefined) as T
}

function pgConfig(database: string): ClientConfig {
  if (!process.env.DB_HOST) throw new Error("DB_HOST is not set: run this spec through the integration run (its global setup provides PostgreSQL)")
  return {
    host: process.env.DB_HOST,
    port: Number(process.env.DB_PORT || 5432),
    user: process.env.DB_USERNAME || "postgres",
    password: process.env.DB_PASSWORD || "",
    database,
  }
}

/** The test process's environment without what belongs to jest (its VM-modules flag, test mode) and Redis (given per run). */
function childEnv(): NodeJS.ProcessEnv {
  const { NODE_OPTIONS: _options, JEST_WORKER_ID: _worker, NODE_ENV: _env, REDIS_URL: _redis, ...rest } = process.env
  return rest
}


/**
 * Each process of a process group (Linux /proc; none elsewhere): its pid and the fields of its
 * stat line after the command name (fields[2] is the group, [11] and [12] user and system ticks).
 */
function groupProcesses(pgid: number): { pid: string; fields: string[] }[] {
  let pids: string[] = []
  try {
    pids = fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name))
  } catch {
    return []
  }
  return pids.flatMap((pid) => {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8")
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
      return Number(fields[2]) === pgid ? [{ pid, fields }] : []
    } catch {
      return [] // gone meanwhile
    }
  })
}

/** CPU time (user + system, seconds) the processes of a process group have used so far. */
function groupCpuSeconds(pgid: number): number {
  const ticksPerSecond = 100 // USER_HZ, 100 on every Linux that Node.js supports
  return groupProcesses(pgid).reduce((sum, { fields }) => sum + Number(fields[11]) + Number(fields[12]), 0) / ticksPerSecond
}

/** Resident memory of the processes of a process group. */
function groupRssBytes(pgid: number): number {
  return groupProcesses(pgid).reduce((sum, { pid }) => {
    try {
      const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))
      return sum + (rss ? Number(rss[1]) * 1024 : 0)
    } catch {
      return sum // gone meanwhile
    }
  }, 0)
}

/** The largest number of the times (ms) that fall in one window of `windowMs`. */
export function maxInWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((x, y) => x - y)
  let best = 0
  for (let start = 0, end = 0; end < sorted.length; end++) {
    while (sorted[end] - sorted[start] >= windowMs) start++
    best = Math.max(best, end - start + 1)
  }
  return best
}


function tail(text: string, lines = 30): string {
  return text
    .replace(/\x1b\[[0-9;]*m/g, "")
    .trimEnd()
    .split("\n")
    .slice(-lines)
    .join("\n")
}
