import fs from "node:fs"
import net, { type AddressInfo } from "node:net"
import path from "node:path"
import Redis from "ioredis"
import { Client, type ClientConfig } from "pg"
import { startChild, stopGroup, waitForHttp, type Child } from "../../demo/processes"
import type { DemoStore } from "../../demo/seed"
import { startSandbox, type CallbackPayload, type Sandbox } from "../../sandbox"
import { eventually } from "../helpers/eventually"
import { startCarrierBurstGate, type CarrierBurstGate } from "../helpers/carrier-burst-gate"
import { startRoundRobinGateway, type RoundRobinGateway } from "../helpers/round-robin-gateway"

/**
 * Several instances: two `medusa start` processes on one PostgreSQL database with Medusa's Redis
 * event bus, workflow engine, locking and caching, behind a round-robin gateway that is the
 * store's public URL (the carrier's callbacks are spread over both), as a store runs in production.
 * The carrier sandbox runs in this process behind a pass-through hop (carrier-burst-gate.ts). The
 * instances share the carrier's booking rate limit through Redis, so a burst over both meets no 429.
 * Needs REDIS_URL; CI sets it. Each run works in a Redis database of its own (an empty one it
 * claims among 1–15, flushed at the end) and a PostgreSQL database of its own (dropped at the end).
 * Medusa's output goes to .cache/instances/; the run's duration, memory and figures are printed.
 */

const ROOT = path.resolve(__dirname, "..", "..")
const MEDUSA_CLI = path.join(ROOT, "node_modules", "@medusajs", "cli", "cli.js")
const LOG_DIR = path.join(ROOT, ".cache", "instances")
const SECRET = "instances-webhook-secret-0123456789"
const HOOK = "/hooks/nordic-parcel/events"
const LOOKUP_PATH = "/shippingguide/v2/products"
const BOOKING_PATH = "/booking/api/booking"
const CARRIER_BOOKINGS_PER_SECOND = 18
const REDIS_CLAIM_KEY = "nordic-parcel:instances-spec:claim"

jest.setTimeout(240 * 1000)

if (!process.env.REDIS_URL) {
  describe("several instances on Medusa's Redis modules", () => {
    it.todo("needs REDIS_URL (two Medusa processes on one database share Redis), e.g. REDIS_URL=redis://127.0.0.1:6379 npm test; CI sets it")
  })
} else {
  describe("several instances on Medusa's Redis modules", () => {
    const redisUrl = process.env.REDIS_URL!
    let stack: TwoInstances
    let a: Instance
    let b: Instance

    beforeAll(async () => {
      stack = new TwoInstances(redisUrl)
      await stack.start()
      ;[a, b] = stack.instances
    }, 420 * 1000)

    afterAll(async () => {
      await stack?.stop()
    }, 120 * 1000)

    it("applies each carrier callback once, whichever instance receives it", async () => {
      const sandbox = stack.sandbox
      // Orders placed and fulfilled through either instance.
      const booked = await Promise.all(
        [0, 1, 2, 3].map(async (i) => {
          const order = await stack.placeOrder(i % 2 ? b : a, BERGEN, [{ variant: stack.store.variants.flat, quantity: 1 }])
          return stack.fulfil(i % 2 ? a : b, order)
        })
      )
      const consignments = booked.map((f) => f.consignment)
      // The subscription is made by a subscriber, run from the Redis event bus by either instance.
      await eventually(() => consignments.every((c) => sandbox.trackingSubscriptions().some((s) => s.trackingId === c)), { timeoutMs: 30_000 })
      const gatewayBefore = stack.gateway.seen.length

      // The carrier pushes HANDED_IN for all, then DELIVERED for all, through the round-robin gateway.
      const handedIn = (await Promise.all(consignments.map((shipment) => sandbox.emitEvent({ status: "HANDED_IN", shipment })))).flat()
      expect(handedIn.map((attempt) => attempt.outcome)).toEqual(consignments.map(() => "delivered"))
      for (const f of booked) {
        await eventually(async () => (await stack.orderState(a, f.orderId)).fulfillments[0].shipped_at, { timeoutMs: 30_000 })
      }
      const delivered = (await Promise.all(consignments.map((shipment) => sandbox.emitEvent({ status: "DELIVERED", shipment })))).flat()
      expect(delivered.map((attempt) => attempt.outcome)).toEqual(consignments.map(() => "delivered"))
      for (const f of booked) {
        await eventually(async () => (await stack.orderState(b, f.orderId)).fulfillments[0].delivered_at, { timeoutMs: 30_000 })
      }
      const callbacks = stack.gateway.seen.slice(gatewayBefore).filter((s) => s.path === HOOK)
      expect(callbacks).toHaveLength(2 * consignments.length)
      expect(callbacks.every((s) => s.status === 200)).toBe(true)
      // Both instances took callbacks.
      expect(new Set(callbacks.map((s) => s.instance))).toEqual(new Set([0, 1]))
      const settled = await Promise.all(booked.map((f) => stack.orderState(a, f.orderId)))

      // The carrier repeats every callback, to both instances at once: each is acknowledged as a duplicate.
      const sent = [...handedIn, ...delivered].map((attempt) => attempt.payload)
      const repeats = await Promise.all(sent.flatMap((payload) => [a, b].map((instance) => stack.postCallback(instance, payload))))
      expect(repeats.map((r) => [r.status, r.body.duplicate])).toEqual(repeats.map(() => [200, true]))

      // A new event reaching both instances at the same moment (the carrier retried while the
      // first delivery was still being answered) is stored by one and a duplicate for the other.
      // It is older than DELIVERED, so it changes nothing on the order.
      const first = sent[0]
      const late: CallbackPayload = { ...first, id: `${first.id}-in-transit`, status: "IN_TRANSIT" }
      const race = await Promise.all([a, b].map((instance) => stack.postCallback(instance, late)))
      expect(race.map((r) => r.status)).toEqual([200, 200])
      expect(race.map((r) => r.body.duplicate).sort()).toEqual([false, true])

      // Every distinct event is stored exactly once, on the right fulfillment.
      const expected = [...sent, late].map((p) => p.id).sort()
      const rows = await eventually(async () => {
        const stored = await stack.trackingEvents(consignments)
        return stored.length >= expected.length ? stored : undefined
      })
      expect(rows.map((r) => r.event_id).sort()).toEqual(expected)
      for (const f of booked) {
        const own = rows.filter((r) => r.shipment_number === f.consignment)
        expect(own.every((r) => r.fulfillment_id === f.fulfillmentId)).toBe(true)
      }

      // Each fulfillment ended shipped, then delivered, once: the late and repeated events moved
      // nothing, and no item was shipped or delivered twice.
      await new Promise((resolve) => setTimeout(resolve, 1_500)) // the late event's subscriber has run by now
      for (const [index, f] of booked.entries()) {
        const state = await stack.orderState(index % 2 ? a : b, f.orderId)
        const [fulfillment] = state.fulfillments
        expect(fulfillment).toEqual(settled[index].fulfillments[0])
        expect(new Date(fulfillment.shipped_at!).getTime()).toBeLessThanOrEqual(new Date(fulfillment.delivered_at!).getTime())
        expect(state.items.map((item) => [item.detail.quantity, item.detail.shipped_quantity, item.detail.delivered_quantity])).toEqual([[1, 1, 1]])
        // The plugin's view of the order (admin route), from the other instance.
        const { shipments } = await stack.admin<{ shipments: AdminShipment[] }>(index % 2 ? b : a, "GET", `/admin/nordic-parcel/orders/${f.orderId}`)
        expect(shipments).toHaveLength(1)
        expect(shipments[0]).toMatchObject({ consignment_number: f.consignment, status: "delivered" })
        expect(shipments[0].tracking_events.map((e) => e.status).sort()).toEqual(
          index === 0 ? ["DELIVERED", "HANDED_IN", "IN_TRANSIT"] : ["DELIVERED", "HANDED_IN"]
        )
      }
      stack.figures.callbacks = { viaGateway: callbacks.length, perInstance: [0, 1].map((i) => callbacks.filter((s) => s.instance === i).length), repeated: repeats.length }
    })

    it("serves a quote cached by one instance from the other without asking the carrier again", async () => {
      const sandbox = stack.sandbox
      // A quote is kept per cart state and hour: do not straddle the hour.
      const msToHour = 3_600_000 - (Date.now() % 3_600_000)
      if (msToHour < 30_000) await new Promise((resolve) => setTimeout(resolve, msToHour + 1_000))

      // A cart state no test has priced before: Tromsø, two boxed lamps.
      const cartId = await stack.createCart(a, TROMSO, [{ variant: stack.store.variants.boxed, quantity: 2 }])
      const lookups = () => sandbox.requests.filter((r) => r.path === LOOKUP_PATH).length
      const before = lookups()
      const quoteKeys = () => stack.redis!.keys("*nordic-parcel:quote:v1:*")
      const keysBefore = await quoteKeys()
      const option = stack.store.options.PA_DOREN

      const onA = await stack.storeApi<{ shipping_option: { amount: number } }>(a, "POST", `/store/shipping-options/${option}/calculate`, { cart_id: cartId })
      expect(lookups()).toBe(before + 1)
      // The quote went to Medusa's caching module (Redis), not only to instance A's memory.
      const written = (await quoteKeys()).filter((key) => !keysBefore.includes(key))
      expect(written).toHaveLength(1)

      const onB = await stack.storeApi<{ shipping_option: { amount: number } }>(b, "POST", `/store/shipping-options/${option}/calculate`, { cart_id: cartId })
      expect(onB.shipping_option.amount).toBe(onA.shipping_option.amount)
      expect(typeof onA.shipping_option.amount).toBe("number")
      // The plugin's own store route on B reads the same shared quote, for every service of the cart.
      const { delivery_options } = await stack.storeApi<{ delivery_options: { service_code: string; amount: number; price_source: string }[] }>(
        b,
        "GET",
        `/store/nordic-parcel/delivery-options?cart_id=${cartId}`
      )
      expect(delivery_options.find((o) => o.service_code === "PA_DOREN")?.amount).toBe(onA.shipping_option.amount)
      expect(lookups()).toBe(before + 1)
      expect((await quoteKeys()).filter((key) => !keysBefore.includes(key))).toEqual(written)
      stack.figures.quotes = { carrierLookups: lookups() - before, redisKey: written[0] }
    })

    it("books 30 fulfilments at once, half on each instance, sharing the carrier's rate limit: no 429, each exactly once", async () => {
      const sandbox = stack.sandbox
      const count = 30
      const orderStart = Date.now()
      const orders = await mapLimit([...Array(count).keys()], 4, (i) =>
        stack.placeOrder(i % 2 ? b : a, BERGEN, [{ variant: stack.store.variants.flat, quantity: 1 }])
      )
      const ordersMs = Date.now() - orderStart

      const requestsBefore = sandbox.requests.length
      const bookingsBefore = sandbox.bookings.length
      // Both instances book at once, more than the carrier takes in a second: each alone would
      // keep 18 per second, together they would send up to 36. The limit they share through Redis
      // keeps the carrier's count under 18 in every second.
      const burstStart = Date.now()
      const results = await Promise.allSettled(orders.map((order, i) => stack.fulfil(i % 2 ? b : a, order)))
      const burstMs = Date.now() - burstStart

      const failures = results.flatMap((r, i) => (r.status === "rejected" ? [`order ${i}: ${(r.reason as Error).message}`] : []))
      expect(failures).toEqual([])
      const booked = results.map((r) => (r as PromiseFulfilledResult<Booked>).value)
      expect(booked.every((f) => /^\d+$/.test(f.consignment))).toBe(true)

      // Exactly one booking at the carrier per fulfilment.
      const carrierBookings = sandbox.bookings.slice(bookingsBefore)
      expect(carrierBookings).toHaveLength(count)
      expect(carrierBookings.map((x) => x.consignmentNumber).sort()).toEqual(booked.map((f) => f.consignment).sort())

      // The carrier never throttled: one attempt per booking, none answered 429.
      const attempts = sandbox.requests.slice(requestsBefore).filter((r) => r.method === "POST" && r.path === BOOKING_PATH)
      const throttled = attempts.filter((r) => r.status === 429).length
      const peak = maxInWindow(attempts.map((r) => r.at.getTime()), 1_000)
      expect(throttled).toBe(0)
      expect(attempts).toHaveLength(count)
      expect(attempts.filter((r) => r.status !== 200)).toEqual([])
      expect(peak).toBeLessThanOrEqual(CARRIER_BOOKINGS_PER_SECOND)
      stack.figures.bookings = { fulfilments: count, ordersPlacedMs: ordersMs, burstMs, carrierAttempts: attempts.length, throttled429: throttled, peakPerSecond: peak }
    })
  })
}

// ------------------------------------------------------------------------------------------ stack

type Instance = { name: string; port: number; url: string; child?: Child; output: string; exited?: number }
type Booked = { orderId: string; fulfillmentId: string; consignment: string }
type Address = { postal_code: string; city: string; address_1: string }
type AdminShipment = { consignment_number: string; status: string; tracking_events: { status: string }[] }
type OrderState = {
  items: { detail: { quantity: number; shipped_quantity: number; delivered_quantity: number } }[]
  fulfillments: { id: string; shipped_at: string | null; delivered_at: string | null }[]
}
type PlacedOrder = { id: string; items: { id: string; quantity: number }[] }

const BERGEN: Address = { address_1: "Strandgaten 1", city: "Bergen", postal_code: "5004" }
const TROMSO: Address = { address_1: "Storgata 1", city: "Tromsø", postal_code: "9008" }

class TwoInstances {
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

  constructor(private readonly redisUrl: string) {}

  async start(): Promise<void> {
    fs.mkdirSync(LOG_DIR, { recursive: true })
    const redisUrl = await this.phase("redis", () => this.claimRedisDatabase())
    const databaseUrl = await this.phase("database", () => this.createDatabase())
    // Real clock: the request log's times are real arrival times (the booking test measures rates);
    // callback retries, if any, come after seconds.
    this.sandbox = await startSandbox({ clock: "real", retryScale: 0.001 })
    this.carrierGate = await startCarrierBurstGate(this.sandbox.url)
    const ports = [await freePort(), await freePort()]
    this.gateway = await startRoundRobinGateway(ports)
    const seedFile = path.join(LOG_DIR, "seed.json")
    fs.rmSync(seedFile, { force: true })
    const env: NodeJS.ProcessEnv = {
      ...childEnv(),
      NODE_ENV: "development",
      DATABASE_URL: databaseUrl,
      NP_REDIS_MODULES: "true",
      REDIS_URL: redisUrl,
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
    }
    await this.phase("migrate", () => this.runOnce("migrate", ["db:migrate"], env))
    await this.phase("seed", () => this.runOnce("seed", ["exec", "./demo/seed.ts"], env))
    this.store = JSON.parse(fs.readFileSync(seedFile, "utf8")) as DemoStore

    this.instances.push(
      ...ports.map((port, i) => ({ name: `instance-${"ab"[i]}`, port, url: `http://127.0.0.1:${port}`, output: "" }))
    )
    this.sampler = setInterval(() => this.sampleMemory(), 500)
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
    const log = fs.createWriteStream(path.join(LOG_DIR, `${instance.name}.log`), { flags: "w" })
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
    const base = new URL(this.redisUrl)
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

async function call<T = unknown>(instance: Instance, method: string, route: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
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

/** The test process's environment without what belongs to jest (its VM-modules flag, test mode). */
function childEnv(): NodeJS.ProcessEnv {
  const { NODE_OPTIONS: _options, JEST_WORKER_ID: _worker, NODE_ENV: _env, ...rest } = process.env
  return rest
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.on("error", reject)
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/** Resident memory of the processes of a process group (Linux /proc; 0 elsewhere). */
function groupRssBytes(pgid: number): number {
  let total = 0
  let pids: string[] = []
  try {
    pids = fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name))
  } catch {
    return 0
  }
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8")
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
      if (Number(fields[2]) !== pgid) continue
      const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))
      if (rss) total += Number(rss[1]) * 1024
    } catch {
      // gone meanwhile
    }
  }
  return total
}

/** The largest number of the times (ms) that fall in one window of `windowMs`. */
function maxInWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((x, y) => x - y)
  let best = 0
  for (let start = 0, end = 0; end < sorted.length; end++) {
    while (sorted[end] - sorted[start] >= windowMs) start++
    best = Math.max(best, end - start + 1)
  }
  return best
}

async function mapLimit<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++
        results[index] = await work(items[index])
      }
    })
  )
  return results
}

function tail(text: string, lines = 30): string {
  return text
    .replace(/\x1b\[[0-9;]*m/g, "")
    .trimEnd()
    .split("\n")
    .slice(-lines)
    .join("\n")
}
