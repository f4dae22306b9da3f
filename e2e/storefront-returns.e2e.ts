import fs from "node:fs"
import path from "node:path"
import { chromium, type Browser, type Page } from "playwright-core"
import { DEMO_CREDENTIALS } from "../sandbox"
import { startDemoStore, type DemoStore } from "./demo-store"

/**
 * A shopper's return from the storefront, in Chromium on the demo's test page (the kit's
 * `ReturnRequest`): a guest with the order's e-mail returns one of two items, sees the carrier's
 * return option with the price the store lists for it, picks a reason and confirms; the page
 * then shows the return's QR code, its label PDF and the drop-off points nearest the address.
 * The order page then follows the return as the carrier pushes its events to the store's webhook,
 * through the tracking subscription the store made for the return (the sandbox's own push).
 * Screenshots go to test-artifacts/.
 */
jest.setTimeout(240 * 1000)

const ARTIFACTS = path.resolve(__dirname, "..", "test-artifacts")
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"
const EMAIL = "kari.returns@example.com"
const ADDRESS = {
  first_name: "Kari",
  last_name: "Nordmann",
  address_1: "Strandgaten 1",
  postal_code: "5003",
  city: "BERGEN",
  country_code: "no",
  phone: "+4790000000",
}

let store: DemoStore
let browser: Browser
let page: Page
let adminToken: string

async function api<T>(route: string, auth: "store" | "admin", init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<T> {
  const res = await fetch(`${store.url}${route}`, {
    method: init.method ?? "GET",
    headers: {
      "content-type": "application/json",
      ...(auth === "store" ? { "x-publishable-api-key": store.seed.publishableKey } : { authorization: `Bearer ${adminToken}` }),
      ...init.headers,
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  })
  const json = await res.json()
  if (!res.ok) throw new Error(`${route}: ${res.status} ${JSON.stringify(json)}`)
  return json as T
}

/** A guest's order with a lamp and a poster, home delivery to Bergen, booked by the merchant. */
async function placeAndShipOrder(): Promise<{ id: string; items: { id: string; title: string; product_title: string }[] }> {
  const { cart } = await api<{ cart: { id: string } }>("/store/carts", "store", {
    method: "POST",
    body: { region_id: store.seed.regionId, sales_channel_id: store.seed.salesChannelId, email: EMAIL, shipping_address: ADDRESS, billing_address: ADDRESS },
  })
  for (const variant of [store.seed.variants.boxed, store.seed.variants.flat]) {
    await api(`/store/carts/${cart.id}/line-items`, "store", { method: "POST", body: { variant_id: variant, quantity: 1 } })
  }
  await api(`/store/carts/${cart.id}/shipping-methods`, "store", { method: "POST", body: { option_id: store.seed.options.PA_DOREN } })
  const { payment_collection } = await api<{ payment_collection: { id: string } }>("/store/payment-collections", "store", {
    method: "POST",
    body: { cart_id: cart.id },
  })
  await api(`/store/payment-collections/${payment_collection.id}/payment-sessions`, "store", { method: "POST", body: { provider_id: "pp_system_default" } })
  const completed = await api<{ type: string; order: { id: string } }>(`/store/carts/${cart.id}/complete`, "store", { method: "POST" })
  expect(completed.type).toBe("order")
  const { order } = await api<{ order: { id: string; items: { id: string; title: string; product_title: string; quantity: number }[] } }>(
    `/admin/orders/${completed.order.id}?fields=id,*items`,
    "admin"
  )
  await api(`/admin/orders/${order.id}/fulfillments`, "admin", {
    method: "POST",
    body: { items: order.items.map((i) => ({ id: i.id, quantity: i.quantity })) },
  })
  return order
}

/** What the store asks the carrier with (`npm run demo` gives the plugin the sandbox's demo login). */
const CARRIER_LOGIN = { "x-portal-api-uid": DEMO_CREDENTIALS.apiUid, "x-portal-api-key": DEMO_CREDENTIALS.apiKey }

/** The carrier's tracking subscription on a consignment number, once the store has made it. */
async function carrierSubscriptionOn(consignment: string): Promise<{ id: string; configuration: { url: string } }> {
  const deadline = Date.now() + 60_000
  for (;;) {
    const res = await fetch(`${store.sandboxUrl}/event-cast/api/v1/webhooks`, { headers: CARRIER_LOGIN })
    const listed = res.ok ? ((await res.json()) as { id: string; trackingId: string; configuration: { url: string } }[]) : []
    const found = listed.find((subscription) => subscription.trackingId === consignment)
    if (found) return found
    if (Date.now() > deadline) throw new Error(`the store never subscribed ${consignment} at the carrier`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/**
 * A tracking event happens to a consignment at the carrier (the sandbox's control route): the
 * sandbox pushes it to the subscriptions that watch that number, as the carrier does. The test
 * never posts to the store's webhook itself.
 */
async function carrierEvent(consignment: string, status: string): Promise<{ subscription_id: string; outcome: string }[]> {
  const res = await fetch(`${store.sandboxUrl}/sandbox/events`, {
    method: "POST",
    headers: { ...CARRIER_LOGIN, "content-type": "application/json" },
    body: JSON.stringify({ status, shipment: consignment }),
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { attempts: { subscription_id: string; outcome: string }[] }).attempts
}

beforeAll(async () => {
  fs.mkdirSync(ARTIFACTS, { recursive: true })
  store = await startDemoStore()
  adminToken = (await api<{ token: string }>("/auth/user/emailpass", "store", { method: "POST", body: store.seed.admin })).token
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  })
  page = await browser.newPage({ viewport: { width: 1100, height: 1400 } })
  page.setDefaultTimeout(60_000)
}, 420_000)

afterAll(async () => {
  await browser?.close()
  await store?.stop()
})

describe("storefront return page (ReturnRequest) and the return's tracking on the order page", () => {
  it("a guest returns one of two items at the listed price, gets the QR code, the label and the drop-off points, and follows the return", async () => {
    const order = await placeAndShipOrder()
    const [lamp, poster] = order.items
    const guest = { "x-nordic-parcel-order-email": EMAIL }

    await page.goto(`${store.storefrontUrl}?order=${order.id}&email=${encodeURIComponent(EMAIL)}&return=1`)
    const returnPage = page.getByRole("region", { name: "Return items" })
    await returnPage.waitFor({ timeout: 150_000 })
    const items = returnPage.getByRole("group", { name: "What are you sending back?" })
    await items.getByRole("spinbutton").first().waitFor()
    expect(await items.getByRole("spinbutton").count()).toBe(2)
    const options = returnPage.getByRole("group", { name: "How do you send it back?" })
    await options.getByText("Choose what you return to see the options and prices.").waitFor()
    // Nothing chosen: nothing to confirm.
    expect(await returnPage.getByRole("button", { name: /Confirm the return/ }).isDisabled()).toBe(true)

    // One lamp goes back: the options are asked for that line alone.
    await items.getByRole("spinbutton", { name: `Quantity of ${lamp.product_title ?? lamp.title} to return` }).fill("1")
    const listed = await api<{ return_options: { shipping_option_id: string; name: string; amount: number; currency_code: string; qr_codes: boolean }[] }>(
      `/store/nordic-parcel/orders/${order.id}/return-options`,
      "store",
      { method: "POST", body: { items: [{ id: lamp.id, quantity: 1 }] }, headers: guest }
    )
    const option = listed.return_options.find((o) => o.shipping_option_id === store.seed.options["9300"])!
    expect(option).toBeDefined()
    expect(option.amount).toBeGreaterThan(0)
    const price = new Intl.NumberFormat("en-GB", { style: "currency", currency: option.currency_code.toUpperCase() }).format(option.amount)
    const row = options.locator(".option", { hasText: option.name })
    await row.getByText(price).waitFor()
    // The only option is chosen for the shopper; the button says what the return costs.
    await expect(row.getByRole("radio").isChecked()).resolves.toBe(true)
    const confirm = returnPage.getByRole("button", { name: `Confirm the return (${price})` })
    await confirm.waitFor()
    await page.screenshot({ path: path.join(ARTIFACTS, "storefront-return-options.png"), fullPage: true })

    // Confirming without a reason asks for one; with it, the return is made.
    await confirm.click()
    await returnPage.getByRole("alert").getByText("Choose a reason for the return.").waitFor()
    await returnPage.getByRole("combobox", { name: "Reason for the return" }).selectOption({ label: "Too small" })
    await confirm.click()
    await returnPage.getByText("Your return is booked.").waitFor({ timeout: 90_000 })

    // The QR code as an image, the label as the return's PDF.
    const qr = returnPage.getByRole("img", { name: "Return QR code" })
    await qr.waitFor()
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    const consignment = (await returnPage.locator("[data-consignment]").getAttribute("data-consignment"))!
    expect(consignment).toBeTruthy()
    const [download] = await Promise.all([page.waitForEvent("download"), returnPage.getByRole("button", { name: "Download the return label (PDF)" }).click()])
    expect(download.suggestedFilename()).toBe(`return-${consignment}.pdf`)
    expect(fs.readFileSync((await download.path())!).subarray(0, 5).toString("latin1")).toBe("%PDF-")

    // The drop-off points nearest the order's address, as the store's pickup-point route lists them.
    const { pickup_points } = await api<{ pickup_points: { id: string; name: string }[] }>(
      `/store/nordic-parcel/pickup-points?country_code=NO&postal_code=5003&street=Strandgaten&street_number=1&limit=3`,
      "store"
    )
    expect(pickup_points.length).toBeGreaterThan(0)
    const dropOff = returnPage.getByRole("region", { name: "Where to hand it in" })
    const shown = dropOff.getByRole("listitem")
    await shown.first().waitFor()
    expect(await shown.evaluateAll((rows) => rows.map((r) => r.getAttribute("data-point-id")))).toEqual(pickup_points.map((p) => p.id))
    expect(await shown.first().innerText()).toContain(pickup_points[0].name)
    await page.screenshot({ path: path.join(ARTIFACTS, "storefront-return-created.png"), fullPage: true })

    // The merchant's view: one return of the lamp, charged the listed price, the poster stays.
    const { order: after } = await api<{ order: { items: { id: string; detail: { return_requested_quantity: number } }[]; returns: { id: string }[] } }>(
      `/admin/orders/${order.id}?fields=id,*items,*items.detail,*returns`,
      "admin"
    )
    expect(after.returns).toHaveLength(1)
    expect(Number(after.items.find((i) => i.id === lamp.id)!.detail.return_requested_quantity)).toBe(1)
    expect(Number(after.items.find((i) => i.id === poster.id)!.detail.return_requested_quantity)).toBe(0)
    const { order_changes } = await api<{ order_changes: { change_type: string; actions: { action: string; amount: number | null }[] }[] }>(
      `/admin/orders/${order.id}/changes?change_type=return_request`,
      "admin"
    )
    const shipping = order_changes.flatMap((c) => c.actions).filter((a) => a.action === "SHIPPING_ADD")
    expect(shipping.map((a) => Number(a.amount))).toEqual([option.amount])

    // The order page: the return waits for the shopper, then follows the carrier's callbacks.
    await page.goto(`${store.storefrontUrl}?order=${order.id}&email=${encodeURIComponent(EMAIL)}`)
    const timeline = page.getByRole("region", { name: "Track your parcel" })
    const returned = timeline.locator(`article[data-kind=return]`)
    await returned.getByRole("heading", { name: /Your return: / }).waitFor()
    await returned.getByText("Booked with the carrier. Tracking starts when you hand in the parcel.").waitFor()
    // The store subscribed the return at the carrier (there is no customer-number subscription in
    // the demo), at its own hook: the carrier's events reach it through that subscription alone.
    const subscription = await carrierSubscriptionOn(consignment)
    expect(subscription.configuration.url).toMatch(/\/hooks\/nordic-parcel\/events$/)
    expect(await carrierEvent(consignment, "HANDED_IN")).toEqual([{ subscription_id: subscription.id, outcome: "delivered", status: expect.any(Number), payload: expect.anything() }])
    await returned.locator("li[data-status=HANDED_IN]").getByText("Handed in").waitFor({ timeout: 60_000 })
    expect((await carrierEvent(consignment, "DELIVERED")).map((a) => a.outcome)).toEqual(["delivered"])
    await returned.locator("li[data-status=DELIVERED]").getByText("Delivered to the store").waitFor({ timeout: 60_000 })
    expect(await returned.locator("li").first().getAttribute("data-status")).toBe("DELIVERED")
    await page.screenshot({ path: path.join(ARTIFACTS, "storefront-return-tracking.png"), fullPage: true })

    // In Swedish: the return page's texts and the return's tracking in the shopper's language.
    await page.goto(`${store.storefrontUrl}?order=${order.id}&email=${encodeURIComponent(EMAIL)}&locale=sv`)
    await page.getByRole("region", { name: "Spåra paketet" }).locator("article[data-kind=return] li[data-status=DELIVERED]").getByText("Levererat till butiken").waitFor()
  })

  it("a guest holding only the order id sees no options and cannot return", async () => {
    const order = await placeAndShipOrder()
    await page.goto(`${store.storefrontUrl}?order=${order.id}&return=1`)
    const returnPage = page.getByRole("region", { name: "Return items" })
    await returnPage.waitFor({ timeout: 60_000 })
    await returnPage.getByRole("spinbutton").first().fill("1")
    await returnPage.getByRole("group", { name: "How do you send it back?" }).getByRole("status").getByText("Something went wrong.").waitFor()
    expect(await returnPage.getByRole("radio").count()).toBe(0)
    expect(await returnPage.getByRole("button", { name: /Confirm the return/ }).isDisabled()).toBe(true)
  })
})
