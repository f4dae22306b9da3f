import { spawn, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { freePort } from "../integration-tests/helpers/free-port"

/** A demo store (npm run demo) in a fresh data folder, for the browser tests. */
export type DemoStore = {
  url: string
  sandboxUrl: string
  /** The storefront test page (demo/storefront), served by the demo. */
  storefrontUrl: string
  /** What the demo seeded (demo/seed.ts): publishable key, admin login, option and variant ids. */
  seed: {
    publishableKey: string
    admin: { email: string; password: string }
    regionId: string
    salesChannelId: string
    stockLocationId: string
    options: Record<string, string>
    variants: Record<string, string>
  }
  /** Everything the demo's processes wrote (Medusa's start-up lines included). */
  logFile: string
  stop(): Promise<void>
}

const ROOT = path.resolve(__dirname, "..")


export async function startDemoStore(env: NodeJS.ProcessEnv = {}): Promise<DemoStore> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nordic-parcel-e2e-"))
  // PostgreSQL runs as its own system user when the tests run as root: it must reach its folder.
  fs.chmodSync(dataDir, 0o755)
  const [port, sandboxPort, pgPort, storefrontPort] = [await freePort(), await freePort(), await freePort(), await freePort()]
  const child: ChildProcess = spawn(process.execPath, ["-r", "@swc-node/register", "demo/run.ts"], {
    cwd: ROOT,
    detached: true, // its own process group: stopping it stops Medusa, the sandbox and PostgreSQL
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      DEMO_DATA_DIR: dataDir,
      DEMO_PORT: String(port),
      DEMO_SANDBOX_PORT: String(sandboxPort),
      DEMO_PG_PORT: String(pgPort),
      DEMO_STOREFRONT_PORT: String(storefrontPort),
      // No file watcher: writing screenshots into the repository must not restart the store.
      DEMO_WATCH: "false",
      // The folder is removed when the test ends: its PostgreSQL need not force writes to disk.
      DEMO_DURABLE: "false",
      ...env,
    },
  })
  let output = ""
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  // Generous: on a loaded machine the migrations alone can take minutes.
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the demo store was not ready in 600 s:\n${output}`)), 600_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes("demo store is ready")) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout!.on("data", onData)
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()))
    child.once("exit", (code) => {
      clearTimeout(timer)
      reject(new Error(`the demo store exited (${code}) before it was ready:\n${output}`))
    })
  })
  try {
    await ready
  } catch (error) {
    // Nothing is left running when the start fails: the demo stops what it started on SIGINT.
    if (child.exitCode === null) {
      process.kill(-child.pid!, "SIGINT")
      await exited
    }
    fs.rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
  return {
    url: `http://localhost:${port}`,
    sandboxUrl: `http://127.0.0.1:${sandboxPort}`,
    storefrontUrl: `http://localhost:${storefrontPort}/`,
    seed: JSON.parse(fs.readFileSync(path.join(dataDir, "demo-store.json"), "utf8")),
    logFile: path.join(dataDir, "demo.log"),
    async stop() {
      if (child.exitCode === null) {
        process.kill(-child.pid!, "SIGINT")
        await exited
      }
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
