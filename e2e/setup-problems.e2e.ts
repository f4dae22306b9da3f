import fs from "node:fs"
import path from "node:path"
import type { Browser } from "playwright-core"
import { adminPage, launchChromium, screenshotWhole } from "./admin-browser"
import { startDemoStore, type DemoStore } from "./demo-store"

/**
 * A store set up the way merchants get it wrong (npm run demo with DEMO_MISCONFIGURED=true): the
 * fulfillment module without its `dependencies`, no public webhook URL or secret, an API key the
 * carrier refuses. Each mistake is said at start-up in the log and in one banner on the settings
 * page, with its fix, before any fulfilment fails.
 */
jest.setTimeout(240 * 1000)

const ARTIFACTS = path.resolve(__dirname, "..", "test-artifacts")

let store: DemoStore
let browser: Browser

beforeAll(async () => {
  fs.mkdirSync(ARTIFACTS, { recursive: true })
  // The store's own log level (the test environment quiets Medusa to errors only).
  store = await startDemoStore({ DEMO_MISCONFIGURED: "true", LOG_LEVEL: "info" })
  browser = await launchChromium()
}, 900_000)

afterAll(async () => {
  await browser?.close()
  await store?.stop()
})

/** The log's lines from the Medusa server (the demo prefixes them), once `expected` is among them. */
async function logLinesOnceThere(expected: RegExp, timeoutMs = 30_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const lines = fs.readFileSync(store.logFile, "utf8").split("\n").filter((line) => line.startsWith("[medusa] "))
    if (lines.some((line) => expected.test(line)) || Date.now() > deadline) return lines
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

it("logs each mistake with its fix at start-up", async () => {
  const lines = (await logLinesOnceThere(/refuses the API credentials/)).filter((line) => line.includes("medusa-plugin-nordic-parcel: "))
  const line = (words: string) => lines.find((l) => l.includes(words))
  expect(line("does not list nordic_parcel, query as dependencies")).toContain(
    'Fix: In medusa-config, add dependencies: ["nordic_parcel","query"] to the @medusajs/medusa/fulfillment module'
  )
  expect(line("No public URL for tracking callbacks")).toContain("Fix: Set webhooks.publicUrl")
  expect(line("No webhook secret")).toContain("Fix: Set webhooks.secret")
  expect(line("refuses the API credentials")).toContain("Fix: Check apiUid")
  // Said, never shown: the refused key itself stays out of the log.
  expect(lines.join("\n")).not.toContain("a-key-the-carrier-refuses")
})

it("shows one banner on the settings page with each mistake and its fix", async () => {
  const page = await adminPage(browser, store)
  await page.goto(`${store.url}/app/settings/nordic-parcel`)
  const banner = page.getByTestId("nordic-parcel-setup-banner")
  await banner.waitFor()
  expect(await page.getByTestId("nordic-parcel-setup-banner").count()).toBe(1)
  for (const [code, fix] of [
    ["fulfillment_dependencies", 'dependencies: ["nordic_parcel","query"]'],
    ["webhook_url", "webhooks.publicUrl"],
    ["webhook_secret", "webhooks.secret"],
    ["credentials_refused", "apiKey"],
  ] as const) {
    const problem = banner.getByTestId(`setup-problem-${code}`)
    expect(await problem.innerText()).toContain(`Fix: `)
    expect(await problem.innerText()).toContain(fix)
  }
  await page.getByText("Credentials refused").waitFor()
  await screenshotWhole(page, path.join(ARTIFACTS, "settings-setup-problems.png"))
})
