import fs from "node:fs"
import path from "node:path"
import { chromium, type Browser, type Page } from "playwright-core"
import { DEMO_CREDENTIALS } from "../sandbox"
import { createCarrierClients, type CarrierClients } from "../src/lib/carrier"
import { startDemoStore, type DemoStore } from "./demo-store"

/**
 * The admin as a merchant uses it, in a real browser (Debian's Chromium driven by playwright-core)
 * against a running demo store (npm run demo) with its carrier sandbox. Screenshots of both
 * screens are written to test-artifacts/.
 */
jest.setTimeout(180 * 1000)

const ARTIFACTS = path.resolve(__dirname, "..", "test-artifacts")
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"

let store: DemoStore
let browser: Browser
let page: Page
let carrier: CarrierClients
let adminToken: string

async function api<T>(method: string, route: string, body?: unknown, auth: "store" | "admin" = "store"): Promise<T> {
  const res = await fetch(`${store.url}${route}`, {
    method,
    headers: {
      "content-type": "application/json",
      ...(auth === "store" ? { "x-publishable-api-key": store.seed.publishableKey } : { authorization: `Bearer ${adminToken}` }),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  const json = await res.json()
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(json)}`)
  return json as T
}

async function cartIn(postalCode: string, variant: string): Promise<string> {
  const { cart } = await api<{ cart: { id: string } }>("POST", "/store/carts", {
    region_id: store.seed.regionId,
    sales_channel_id: store.seed.salesChannelId,
    email: "kari@example.com",
    shipping_address: { first_name: "Kari", last_name: "Nordmann", address_1: "Strandgaten 1", city: "Bergen", country_code: "no", postal_code: postalCode, phone: "+4712345678" },
  })
  await api("POST", `/store/carts/${cart.id}/line-items`, { variant_id: variant, quantity: 1 })
  return cart.id
}

async function quote(cartId: string, service: string): Promise<number> {
  const { shipping_option } = await api<{ shipping_option: { amount: number } }>(
    "POST",
    `/store/shipping-options/${store.seed.options[service]}/calculate`,
    { cart_id: cartId }
  )
  return shipping_option.amount
}

async function waitFor<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const value = await probe()
    if (value !== undefined) return value
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
  throw new Error(`timed out waiting for ${what}`)
}

beforeAll(async () => {
  fs.mkdirSync(ARTIFACTS, { recursive: true })
  store = await startDemoStore()
  carrier = createCarrierClients({ baseUrl: store.sandboxUrl, ...DEMO_CREDENTIALS })
  adminToken = (await api<{ token: string }>("POST", "/auth/user/emailpass", store.seed.admin)).token
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  })
  page = await browser.newPage({ viewport: { width: 1440, height: 1000 } })
  page.setDefaultTimeout(60_000)
  // The first visit compiles the admin: allow it time.
  await page.goto(`${store.url}/app/login`, { timeout: 150_000 })
  await page.locator('input[name="email"]').fill(store.seed.admin.email)
  await page.locator('input[name="password"]').fill(store.seed.admin.password)
  await page.locator('button[type="submit"]').click()
  await page.waitForURL((url) => !url.pathname.includes("/login"), { timeout: 90_000 })
}, 420_000)

afterAll(async () => {
  await browser?.close()
  await carrier?.close()
  await store?.stop()
})

describe("Settings → Nordic Parcel", () => {
  beforeEach(async () => {
    await page.goto(`${store.url}/app/settings/nordic-parcel`)
    await page.getByTestId("nordic-parcel-settings").waitFor()
  })

  it("shows that the carrier accepts the credentials, with the customer numbers", async () => {
    await page.getByText("Credentials accepted").waitFor()
    // The customer numbers the credentials may use, from the carrier's customer list.
    await page.getByTestId("nordic-parcel-connection").getByText("5 (default)").waitFor()
    await page.getByTestId("nordic-parcel-connection").getByText("BUSINESS_PARCEL", { exact: false }).first().waitFor()
    await page.screenshot({ path: path.join(ARTIFACTS, "settings-page.png"), fullPage: true })
  })

  it("changes a service's fallback price and markup, and the next quote changes", async () => {
    const cartId = await cartIn("5004", store.seed.variants.flat)
    const before = await quote(cartId, "PA_DOREN")
    const row = page.getByTestId("nordic-parcel-service-PA_DOREN")
    await row.getByTestId("fallback-price").fill("123")
    await row.getByTestId("markup").fill("p50p")
    await row.getByRole("button", { name: "Save" }).click()
    await page.getByText("PA_DOREN saved").waitFor()

    const after = await quote(cartId, "PA_DOREN")
    expect(after).toBeCloseTo(before * 1.5, 1)
    const { effective } = await api<{ effective: { services: Record<string, { fallback_price: number; markup: string }> } }>(
      "GET",
      "/admin/nordic-parcel/settings",
      undefined,
      "admin"
    )
    expect(effective.services.PA_DOREN).toMatchObject({ fallback_price: 123, markup: "p50p" })
  })

  it("creates, renews and deletes a customer subscription, and the carrier follows", async () => {
    const before = await carrier.events.listCustomerSubscriptions()
    const form = page.getByTestId("nordic-parcel-create-subscription")
    await form.getByTestId("customer-number").click()
    await page.getByRole("option", { name: /^6/ }).click()
    await form.getByRole("button", { name: "Subscribe" }).click()
    await page.getByText("Subscription created").waitFor()
    const created = (await carrier.events.listCustomerSubscriptions()).find((s) => !before.some((b) => b.id === s.id))
    expect(created).toMatchObject({ customerNumber: "6" })

    const row = page.getByTestId(`nordic-parcel-subscription-${created!.id}`).first()
    await new Promise((resolve) => setTimeout(resolve, 1100)) // so the renewed expiry is visibly later
    await row.getByRole("button", { name: "Renew" }).click()
    await page.getByText("Renewed for 365 days").waitFor()
    const renewed = await carrier.events.getCustomerSubscription(created!.id)
    expect(new Date(renewed.expiry!).getTime()).toBeGreaterThan(new Date(created!.expiry!).getTime())

    await row.getByRole("button", { name: "Delete" }).click()
    await page.getByRole("button", { name: "Delete" }).last().click() // the confirmation
    await page.getByText("Subscription deleted").waitFor()
    expect((await carrier.events.listCustomerSubscriptions()).some((s) => s.id === created!.id)).toBe(false)
  })
})

describe("an order's Nordic Parcel widget", () => {
  it("shows the label and, after the carrier's events, the tracking timeline", async () => {
    const cartId = await cartIn("5004", store.seed.variants.boxed)
    await api("POST", `/store/carts/${cartId}/shipping-methods`, { option_id: store.seed.options.PA_DOREN })
    const { payment_collection } = await api<{ payment_collection: { id: string } }>("POST", "/store/payment-collections", { cart_id: cartId })
    await api("POST", `/store/payment-collections/${payment_collection.id}/payment-sessions`, { provider_id: "pp_system_default" })
    const { order } = await api<{ order: { id: string; items: { id: string }[] } }>("POST", `/store/carts/${cartId}/complete`)
    await api("POST", `/admin/orders/${order.id}/fulfillments`, { items: order.items.map((i) => ({ id: i.id, quantity: 1 })) }, "admin")

    // The demo's carrier pushes HANDED_IN about 15 s after the booking.
    await waitFor(async () => {
      const { shipments } = await api<{ shipments: { tracking_events: unknown[] }[] }>("GET", `/admin/nordic-parcel/orders/${order.id}`, undefined, "admin")
      return shipments[0]?.tracking_events.length ? true : undefined
    }, "the carrier's first tracking event")

    await page.goto(`${store.url}/app/orders/${order.id}`)
    const widget = page.getByTestId("nordic-parcel-widget")
    await widget.waitFor()
    expect(await widget.getByTestId("nordic-parcel-label").getAttribute("href")).toMatch(/^\/admin\/nordic-parcel\/fulfillments\/[^/]+\/label$/)
    await widget.getByTestId("nordic-parcel-timeline").getByText("handed in").waitFor()
    await page.screenshot({ path: path.join(ARTIFACTS, "order-widget.png"), fullPage: true })
  })
})
