import fs from "node:fs"
import path from "node:path"
import type { Browser, Page } from "playwright-core"
import { DEMO_CREDENTIALS } from "../sandbox"
import { createCarrierClients, type CarrierClients } from "../src/lib/carrier"
import { adminPage, launchChromium, screenshotWhole } from "./admin-browser"
import { startDemoStore, type DemoStore } from "./demo-store"

/**
 * The admin as a merchant uses it, in a real browser (Debian's Chromium driven by playwright-core)
 * against a running demo store (npm run demo) with its carrier sandbox. Screenshots of the settings
 * page and of the order widget before booking and after delivery go to test-artifacts/.
 */
jest.setTimeout(240 * 1000)

const ARTIFACTS = path.resolve(__dirname, "..", "test-artifacts")

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

type Settings = { effective: Record<string, any> & { services: Record<string, Record<string, unknown>> } }
const settings = () => api<Settings>("GET", "/admin/nordic-parcel/settings", undefined, "admin")

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

type PickupPoint = { id: string; name: string; opening_hours?: string }

/** A shopper in Bergen orders with delivery to the nearest pickup point, as the storefront does it. */
async function pickupPointOrder(): Promise<{ orderId: string; itemIds: string[]; point: PickupPoint }> {
  const cartId = await cartIn("5004", store.seed.variants.boxed)
  const { pickup_points } = await api<{ pickup_points: PickupPoint[] }>(
    "GET",
    `/store/nordic-parcel/pickup-points?cart_id=${cartId}&service_code=SERVICEPAKKE&country_code=NO&postal_code=5004&limit=3`
  )
  const point = pickup_points[0]!
  await quote(cartId, "SERVICEPAKKE")
  await api("POST", `/store/carts/${cartId}/shipping-methods`, { option_id: store.seed.options.SERVICEPAKKE, data: { pickup_point_id: point.id } })
  const { payment_collection } = await api<{ payment_collection: { id: string } }>("POST", "/store/payment-collections", { cart_id: cartId })
  await api("POST", `/store/payment-collections/${payment_collection.id}/payment-sessions`, { provider_id: "pp_system_default" })
  const { order } = await api<{ order: { id: string; items: { id: string }[] } }>("POST", `/store/carts/${cartId}/complete`)
  return { orderId: order.id, itemIds: order.items.map((i) => i.id), point }
}

beforeAll(async () => {
  fs.mkdirSync(ARTIFACTS, { recursive: true })
  store = await startDemoStore()
  carrier = createCarrierClients({ baseUrl: store.sandboxUrl, ...DEMO_CREDENTIALS })
  adminToken = (await api<{ token: string }>("POST", "/auth/user/emailpass", store.seed.admin)).token
  browser = await launchChromium()
  page = await adminPage(browser, store)
}, 900_000)

afterAll(async () => {
  await browser?.close()
  await carrier?.close()
  await store?.stop()
})

describe("Settings → Nordic Parcel", () => {
  const card = (code: string) => page.getByTestId(`nordic-parcel-service-${code}`)
  const setting = (id: string) => page.getByTestId(`setting-${id}`)

  beforeEach(async () => {
    await page.goto(`${store.url}/app/settings/nordic-parcel`)
    await page.getByTestId("nordic-parcel-settings").waitFor()
    await card("PA_DOREN").getByTestId("used-by").getByText(/Used by|No shipping option/).waitFor()
  })

  it("explains itself: services by name with the code second and the shipping options that use them, help per section, events by label", async () => {
    await page.getByText("Credentials accepted").waitFor()
    expect(await page.getByTestId("nordic-parcel-setup-banner").count()).toBe(0) // the demo is set up completely

    // Names first, codes second: the carrier's display name of each service (the sandbox's, in
    // Norwegian) with its description, and of the customer numbers' services.
    expect(await card("PA_DOREN").locator("p").first().innerText()).toBe("På Døren · PA_DOREN")
    expect(await card("PA_DOREN").getByTestId("service-description").innerText()).toContain("døren")
    expect(await card("3584").locator("p").first().innerText()).toBe("Pakke i postkassen · 3584")
    await page.getByTestId("nordic-parcel-connection").getByText("Klimanøytral Servicepakke · SERVICEPAKKE", { exact: false }).waitFor()

    // Which shipping options sell each service, linked to where they are edited.
    const link = card("SERVICEPAKKE").getByTestId("used-by").getByRole("link", { name: "Pickup point (Servicepakke)" })
    expect(await link.getAttribute("href")).toBe(`/app/settings/locations/${store.seed.stockLocationId}`)

    // One line of help per section.
    for (const section of ["connection", "services", "general", "packaging", "customs", "tracking", "customer-subscriptions", "tracking-subscriptions", "errors"]) {
      const help = page.getByTestId(`nordic-parcel-${section}`).getByTestId("section-help")
      expect((await help.innerText()).length).toBeGreaterThan(20)
    }

    // Event groups: a label and a one-line description each, no raw codes.
    const deviation = page.getByTestId("event-group-DEVIATION")
    expect(await deviation.innerText()).toMatch(/^Problem\s+Something went wrong/)
    expect(await page.getByTestId("nordic-parcel-tracking").getByText("TRANSPORT_TO_RECIPIENT").count()).toBe(0)

    await screenshotWhole(page, path.join(ARTIFACTS, "settings-page.png"))
  })

  it("warns about an offered service no shipping option uses, and about a shipping option whose service is switched off", async () => {
    // 5600 is configured and offered, but the demo has no shipping option for it.
    await card("5600").getByTestId("warning-unused").waitFor()
    expect(await card("PA_DOREN").getByTestId("warning-unused").count()).toBe(0)

    await setting("services.3584.offered").getByRole("switch").click()
    await card("3584").getByRole("button", { name: "Save" }).click()
    const warning = card("3584").getByTestId("warning-switched-off")
    await warning.waitFor()
    expect(await warning.innerText()).toContain("Mailbox parcel (Pakke i postkassen)")
    expect((await settings()).effective.services["3584"]!.offered).toBe(false)

    await setting("services.3584.offered").getByRole("switch").click()
    await card("3584").getByRole("button", { name: "Save" }).click()
    await warning.waitFor({ state: "detached" })
  })

  it("changes a service's fallback price and markup, and the next quote changes", async () => {
    const cartId = await cartIn("5004", store.seed.variants.flat)
    const before = await quote(cartId, "PA_DOREN")
    await setting("services.PA_DOREN.fallback_price").locator("input").fill("123")
    await setting("services.PA_DOREN.markup").locator("input").fill("p50p")
    await card("PA_DOREN").getByRole("button", { name: "Save" }).click()
    await page.getByText("På Døren (PA_DOREN) saved").waitFor()

    const after = await quote(cartId, "PA_DOREN")
    expect(after).toBeCloseTo(before * 1.5, 1)
    expect((await settings()).effective.services.PA_DOREN).toMatchObject({ fallback_price: 123, markup: "p50p" })
  })

  it("edits every kind of setting: VAT, additional services, free return with QR codes, customs, packaging, tracking events", async () => {
    await setting("prices_include_vat").getByRole("switch").click()
    await page.getByTestId("nordic-parcel-general").getByRole("button", { name: "Save" }).click()
    await page.getByText("Agreement and prices saved").waitFor()

    await setting("services.3584.additional_services").locator("input").fill("1081, EVARSLING")
    await card("3584").getByRole("button", { name: "Save" }).click()
    await page.getByText("Pakke i postkassen (3584) saved").waitFor()

    await setting("services.PA_DOREN.return_service").getByRole("combobox").click()
    await page.getByRole("option", { name: "Free return pickup point parcel · SERVICEPAKKE_RETUR" }).click()
    await setting("services.PA_DOREN.qr_codes").getByRole("switch").click()
    await card("PA_DOREN").getByRole("button", { name: "Save" }).click()
    await page.getByText("På Døren (PA_DOREN) saved").waitFor()

    await setting("customs.ioss_number").locator("input").fill("IM1234567890")
    await setting("customs.nature_of_transaction").getByRole("combobox").click()
    await page.getByRole("option", { name: "Gift" }).click()
    await page.getByTestId("nordic-parcel-customs").getByRole("button", { name: "Save" }).click()
    await page.getByText("Customs saved").waitFor()

    await setting("packaging.packaging_weight").locator("input").fill("250")
    await page.getByTestId("nordic-parcel-packaging").getByRole("button", { name: "Save" }).click()
    await page.getByText("Packaging saved").waitFor()

    await page.getByTestId("event-group-DEVIATION").getByRole("checkbox").click()
    await page.getByTestId("nordic-parcel-tracking").getByRole("button", { name: "Save" }).click()
    await page.getByText("Tracking saved").waitFor()

    const { effective } = await settings()
    expect(effective.prices_include_vat).toBe(false)
    expect(effective.services["3584"]!.additional_services).toEqual(["1081", "EVARSLING"])
    expect(effective.services.PA_DOREN).toMatchObject({ return_service: "SERVICEPAKKE_RETUR", qr_codes: true })
    expect(effective.customs).toMatchObject({ ioss_number: "IM1234567890", nature_of_transaction: "GIFT" })
    expect(effective.packaging.packaging_weight).toBe(250)
    expect(effective.tracking.event_groups).toContain("DEVIATION")

    // Back to the configured values (null returns a setting to medusa-config's), for the tests after.
    await api("POST", "/admin/nordic-parcel/settings", {
      prices_include_vat: null,
      customs: null,
      packaging: null,
      tracking: null,
      services: { "3584": { additional_services: null }, PA_DOREN: { return_service: null, qr_codes: null } },
    }, "admin")
  })

  it("shows the server's refusal at the field it names, and saves nothing", async () => {
    await setting("customs.ioss_number").locator("input").fill("IM1")
    await page.getByTestId("nordic-parcel-customs").getByRole("button", { name: "Save" }).click()
    const error = page.getByTestId("error-customs.ioss_number")
    await error.waitFor()
    expect(await error.innerText()).toContain("must be IM followed by 10 digits")
    expect((await settings()).effective.customs.ioss_number).toBeNull()

    await setting("services.PA_DOREN.markup").locator("input").fill("ten percent")
    await card("PA_DOREN").getByRole("button", { name: "Save" }).click()
    expect(await page.getByTestId("error-services.PA_DOREN.markup").innerText()).toContain("priceAdjustments syntax")
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
    expect(await row.innerText()).toContain("Handed in, Delivered")
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
  it("shows the shopper's choice before booking, then follows the fulfilment and the carrier's events without a reload", async () => {
    const { orderId, itemIds, point } = await pickupPointOrder()
    await page.goto(`${store.url}/app/orders/${orderId}`)
    const widget = page.getByTestId("nordic-parcel-widget")
    const planned = widget.getByTestId("nordic-parcel-planned")
    await planned.waitFor()
    expect(await planned.innerText()).toContain("Klimanøytral Servicepakke · SERVICEPAKKE")
    const pickup = await planned.getByTestId("nordic-parcel-pickup-point").innerText()
    expect(pickup).toContain(point.name)
    expect(pickup).toContain("5004")
    expect(pickup).toContain(`Opening hours: ${point.opening_hours}`)
    expect(await planned.getByTestId("nordic-parcel-delivery-date").innerText()).toMatch(/^Expected delivery: \w+day, /)
    await planned.getByText("Not booked yet").waitFor()
    await widget.screenshot({ path: path.join(ARTIFACTS, "widget-before-booking.png") })

    // Fulfilled elsewhere (another admin, the API): the open page follows without a reload.
    await api("POST", `/admin/orders/${orderId}/fulfillments`, { items: itemIds.map((id) => ({ id, quantity: 1 })) }, "admin")
    const shipment = widget.getByTestId("nordic-parcel-shipment")
    await shipment.waitFor({ timeout: 30_000 })
    expect(await shipment.getByTestId("nordic-parcel-label").getAttribute("href")).toMatch(/^\/admin\/nordic-parcel\/fulfillments\/[^/]+\/label$/)

    // The demo's carrier pushes handed in, in transit, ready for pickup and delivered over a minute.
    const timeline = widget.getByTestId("nordic-parcel-timeline")
    await timeline.getByText("Handed in").waitFor({ timeout: 90_000 })
    await timeline.getByText("Delivered").waitFor({ timeout: 120_000 })
    expect(await widget.getByTestId("nordic-parcel-status").innerText()).toBe("Delivered")
    await timeline.getByText("Ready for pickup").waitFor()
    await widget.screenshot({ path: path.join(ARTIFACTS, "widget-after-delivery.png") })
  })

  it("speaks Norwegian to a Norwegian browser", async () => {
    const { orderId, point } = await pickupPointOrder()
    const norwegian = await adminPage(browser, store, "nb-NO")
    try {
      await norwegian.goto(`${store.url}/app/orders/${orderId}`)
      const planned = norwegian.getByTestId("nordic-parcel-widget").getByTestId("nordic-parcel-planned")
      await planned.waitFor()
      const text = await planned.innerText()
      expect(text).toContain("Valgt tjeneste")
      expect(text).toContain(`Hentested: ${point.name}`)
      expect(text).toContain("Åpningstider")
      expect(text).toMatch(/Forventet levering: \w+dag/)
      expect(text).toContain("Ikke booket ennå")
    } finally {
      await norwegian.context().close()
    }
  })
})
