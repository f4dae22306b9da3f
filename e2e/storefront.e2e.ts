import fs from "node:fs"
import path from "node:path"
import { chromium, type Browser, type Page } from "playwright-core"
import { startDemoStore, type DemoStore } from "./demo-store"

/**
 * The storefront export as a shopper meets it: the demo's storefront test page (a checkout built
 * with js-sdk and medusa-plugin-nordic-parcel/storefront) in Chromium, against the demo store and
 * its carrier sandbox. The shopper types an address, sees the delivery dates, opens the picker,
 * picks the second-nearest pickup point with the keyboard and places the order; the order keeps
 * that point. Screenshots go to test-artifacts/.
 */
jest.setTimeout(180 * 1000)

const ARTIFACTS = path.resolve(__dirname, "..", "test-artifacts")
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"
const ADDRESS = { email: "kari@example.com", first_name: "Kari", last_name: "Nordmann", address_1: "Strandgaten 1", postal_code: "5003" }

let store: DemoStore
let browser: Browser
let page: Page
let adminToken: string
/** The order the first test places (at a pickup point), for the order page's test. */
let placedOrderId: string | null = null

async function api<T>(route: string, auth: "store" | "admin", init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${store.url}${route}`, {
    method: init.method ?? "GET",
    headers: {
      "content-type": "application/json",
      ...(auth === "store" ? { "x-publishable-api-key": store.seed.publishableKey } : { authorization: `Bearer ${adminToken}` }),
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  })
  const json = await res.json()
  if (!res.ok) throw new Error(`${route}: ${res.status} ${JSON.stringify(json)}`)
  return json as T
}

beforeAll(async () => {
  fs.mkdirSync(ARTIFACTS, { recursive: true })
  store = await startDemoStore()
  adminToken = (await api<{ token: string }>("/auth/user/emailpass", "store", { method: "POST", body: store.seed.admin })).token
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  })
  page = await browser.newPage({ viewport: { width: 1100, height: 1200 } })
  page.setDefaultTimeout(60_000)
}, 420_000)

afterAll(async () => {
  await browser?.close()
  await store?.stop()
})

describe("storefront test page (PickupPointPicker, DeliveryPromise, PostalCodeCity, TrackingTimeline, ReturnLabel)", () => {
  it("takes an order to the second-nearest pickup point, chosen with the keyboard, and the order keeps it", async () => {
    await page.goto(store.storefrontUrl)
    // The page starts by creating a cart: the first store request of a fresh store takes a while.
    await page.getByRole("heading", { name: "Checkout" }).waitFor({ timeout: 150_000 })

    // The address: the city fills itself in from the postal code.
    await page.getByRole("textbox", { name: "Email", exact: true }).fill(ADDRESS.email)
    await page.getByRole("textbox", { name: "First name", exact: true }).fill(ADDRESS.first_name)
    await page.getByRole("textbox", { name: "Last name", exact: true }).fill(ADDRESS.last_name)
    await page.getByRole("textbox", { name: "Address", exact: true }).fill(ADDRESS.address_1)
    await page.getByRole("textbox", { name: "Postal code", exact: true }).pressSequentially(ADDRESS.postal_code)
    await page.locator("output").getByText("BERGEN").waitFor()
    expect(await page.getByRole("textbox", { name: "City", exact: true }).inputValue()).toBe("BERGEN")
    await page.getByRole("button", { name: "Continue to delivery" }).click()

    // Every carrier option shows its expected delivery date, the one the store route gives.
    const options = page.getByRole("group", { name: "Shipping method" })
    await options.getByText("Expected delivery", { exact: false }).first().waitFor()
    const cartId = await page.evaluate(() => document.querySelector("[data-cart-id]")?.getAttribute("data-cart-id"))
    expect(cartId).toMatch(/^cart_/)
    const { delivery_options } = await api<{
      delivery_options: { name: string; available: boolean; expected_delivery_date: string | null; requires_pickup_point: boolean }[]
    }>(`/store/nordic-parcel/delivery-options?cart_id=${cartId}`, "store")
    const available = delivery_options.filter((o) => o.available)
    expect(available.length).toBeGreaterThanOrEqual(2)
    for (const option of delivery_options.filter((o) => !o.available)) {
      await options.locator("label", { hasText: option.name }).getByText("Not available for this address").waitFor()
    }
    for (const option of available) {
      expect(option.expected_delivery_date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      const day = new Date(`${option.expected_delivery_date}T00:00:00Z`)
      const shown = day.toLocaleDateString("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" })
      await options.locator("label", { hasText: option.name }).getByText(`Expected delivery ${shown}`).waitFor()
    }
    await page.screenshot({ path: path.join(ARTIFACTS, "storefront-delivery-dates.png"), fullPage: true })

    // The pickup-point option: the store puts the nearest point on it until the shopper chooses.
    const pickupOption = available.find((o) => o.requires_pickup_point)!
    await options.getByLabel(pickupOption.name).check()
    await page.getByTestId("stored-method").getByText(" at ", { exact: false }).waitFor()

    const { pickup_points } = await api<{ pickup_points: { id: string; name: string; distance_km?: number }[] }>(
      `/store/nordic-parcel/pickup-points?country_code=NO&postal_code=${ADDRESS.postal_code}&street=${encodeURIComponent("Strandgaten")}&street_number=1&cart_id=${cartId}&limit=10`,
      "store"
    )
    expect(pickup_points.length).toBeGreaterThanOrEqual(2)
    const [nearest, second] = pickup_points

    // Open the picker: its points, nearest first, with distance and a locker or staffed badge.
    await page.getByRole("button", { name: "Change pickup point" }).click()
    const picker = page.getByRole("group", { name: "Pickup point" })
    const radios = picker.getByRole("radio")
    await radios.first().waitFor()
    expect(await radios.count()).toBe(pickup_points.length)
    await expect(radios.first().isChecked()).resolves.toBe(true)
    expect(await radios.nth(0).getAttribute("value")).toBe(nearest.id)
    expect(await picker.locator("[data-selected=true]").innerText()).toMatch(/Selected/)
    const firstRow = await picker.locator(".point").first().innerText()
    expect(firstRow).toContain(nearest.name)
    expect(firstRow).toMatch(/(Parcel locker|Staffed counter)/)
    expect(firstRow).toMatch(/\d+( m|\.\d km)/)
    await page.screenshot({ path: path.join(ARTIFACTS, "storefront-picker-open.png"), fullPage: true })

    // The keyboard: focus the chosen point, arrow down to the next one.
    await radios.first().focus()
    await page.keyboard.press("ArrowDown")
    await expect(radios.nth(1).isChecked()).resolves.toBe(true)
    await page.getByTestId("stored-method").getByText(`at ${second.name}`).waitFor()
    expect(await picker.locator("[data-selected=true] input").getAttribute("value")).toBe(second.id)
    await page.screenshot({ path: path.join(ARTIFACTS, "storefront-second-point.png"), fullPage: true })

    await page.getByRole("button", { name: "Place order" }).click()
    const placed = page.getByTestId("order-placed")
    await placed.waitFor()
    const orderId = await placed.getAttribute("data-order-id")
    placedOrderId = orderId
    await page.screenshot({ path: path.join(ARTIFACTS, "storefront-order-placed.png"), fullPage: true })

    // The merchant's view: the order's shipping method holds the point the shopper picked.
    const { order } = await api<{ order: { shipping_methods: { data: Record<string, any> }[] } }>(
      `/admin/orders/${orderId}?fields=id,*shipping_methods,+shipping_methods.data`,
      "admin"
    )
    expect(order.shipping_methods).toHaveLength(1)
    expect(order.shipping_methods[0].data).toMatchObject({
      service_code: "SERVICEPAKKE",
      pickup_point_id: second.id,
      pickup_point: { id: second.id, name: second.name },
    })
  })

  it("speaks Norwegian when asked, with the same choices", async () => {
    await page.goto(`${store.storefrontUrl}?locale=nb`)
    await page.getByRole("textbox", { name: "Postal code", exact: true }).fill("5003")
    await page.locator("output").getByText("BERGEN").waitFor()
    await page.getByRole("textbox", { name: "Email", exact: true }).fill(ADDRESS.email)
    await page.getByRole("textbox", { name: "First name", exact: true }).fill(ADDRESS.first_name)
    await page.getByRole("textbox", { name: "Last name", exact: true }).fill(ADDRESS.last_name)
    await page.getByRole("textbox", { name: "Address", exact: true }).fill(ADDRESS.address_1)
    await page.getByRole("button", { name: "Continue to delivery" }).click()
    const options = page.getByRole("group", { name: "Shipping method" })
    await options.getByText("Forventet levert", { exact: false }).first().waitFor()
    await options.getByLabel("Pickup point (Servicepakke)").check()
    await page.getByRole("button", { name: "Bytt hentested" }).click()
    const picker = page.getByRole("group", { name: "Hentested" })
    await picker.getByRole("radio").first().waitFor()
    expect(await picker.innerText()).toMatch(/(Pakkeboks|Betjent utleveringssted)/)
    await page.screenshot({ path: path.join(ARTIFACTS, "storefront-picker-nb.png"), fullPage: true })
  })

  it("the order page shows the parcel's tracking as the carrier pushes it, and the return's QR code and label PDF", async () => {
    expect(placedOrderId).toMatch(/^order_/)
    const orderId = placedOrderId!
    type Order = { id: string; items: { id: string; quantity: number }[] }
    const { order } = await api<{ order: Order }>(`/admin/orders/${orderId}?fields=id,*items`, "admin")
    // The merchant books the parcel; the demo's carrier then pushes HANDED_IN … DELIVERED over a minute.
    await api(`/admin/orders/${orderId}/fulfillments`, "admin", {
      method: "POST",
      body: { items: order.items.map((i) => ({ id: i.id, quantity: i.quantity })) },
    })
    // The shopper returns it from the storefront with the carrier's return option (Medusa's store route).
    await api("/store/returns", "store", {
      method: "POST",
      body: { order_id: orderId, items: [{ id: order.items[0].id, quantity: 1 }], return_shipping: { option_id: store.seed.options["9300"] } },
    })

    // The store cannot be reached (the browser gets no answer, as with a STORE_CORS refusal): a message, then a retry.
    await page.route("**/store/nordic-parcel/orders/**", (route) => route.abort("failed"))
    await page.goto(`${store.storefrontUrl}?order=${orderId}&email=${encodeURIComponent(ADDRESS.email)}`)
    const timeline = page.getByRole("region", { name: "Track your parcel" })
    await timeline.getByRole("alert").getByText("The store cannot be reached. Check your connection and try again.").waitFor()
    await page.screenshot({ path: path.join(ARTIFACTS, "storefront-order-unreachable.png"), fullPage: true })
    await page.unroute("**/store/nordic-parcel/orders/**")
    await timeline.getByRole("button", { name: "Try again" }).click()

    const parcel = timeline.locator("article[data-kind=outbound]")
    await parcel.getByRole("heading", { name: /Your parcel: / }).waitFor()
    await parcel.locator("li[data-status=HANDED_IN]").getByText("Handed in").waitFor({ timeout: 90_000 })
    await parcel.locator("li[data-status=DELIVERED]").getByText("Delivered").waitFor({ timeout: 90_000 })
    // Newest first: the delivery is the latest step.
    expect(await parcel.locator("li").first().getAttribute("data-status")).toBe("DELIVERED")
    expect(await parcel.locator("li[data-latest=true]").getAttribute("aria-current")).toBe("step")
    expect(await parcel.getByRole("link", { name: "Follow it at the carrier" }).getAttribute("href")).toMatch(/^https?:\/\//)
    await timeline.locator("article[data-kind=return]").getByRole("heading", { name: /Your return: / }).waitFor()

    // The return: its QR code is shown as an image, the label downloads as the return's PDF.
    const returns = page.getByRole("region", { name: "Return", exact: true })
    const qr = returns.getByRole("img", { name: "Return QR code" })
    await qr.waitFor()
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    expect(await qr.getAttribute("src")).toMatch(/^blob:/)
    const [download] = await Promise.all([page.waitForEvent("download"), returns.getByRole("button", { name: "Download the return label (PDF)" }).click()])
    const consignment = await returns.locator("[data-consignment]").getAttribute("data-consignment")
    expect(download.suggestedFilename()).toBe(`return-${consignment}.pdf`)
    const pdf = fs.readFileSync((await download.path())!)
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-")
    await page.screenshot({ path: path.join(ARTIFACTS, "storefront-order-page.png"), fullPage: true })

    // The same page in Norwegian and Swedish: the carrier's events in the shopper's language.
    await page.goto(`${store.storefrontUrl}?order=${orderId}&email=${encodeURIComponent(ADDRESS.email)}&locale=nb`)
    await page.getByRole("region", { name: "Spor pakken" }).locator("li[data-status=DELIVERED]").getByText("Levert").waitFor()
    await page.getByRole("button", { name: "Last ned returetiketten (PDF)" }).waitFor()
    await page.goto(`${store.storefrontUrl}?order=${orderId}&email=${encodeURIComponent(ADDRESS.email)}&locale=sv`)
    await page.getByRole("region", { name: "Spåra paketet" }).locator("li[data-status=HANDED_IN]").getByText("Inlämnat").waitFor()
    await page.screenshot({ path: path.join(ARTIFACTS, "storefront-order-page-sv.png"), fullPage: true })
  })
})
