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
/**
 * The settings page's height with every section a summary: 4,171 px measured for the demo store
 * (4,574 px with the currencies' and warehouses' fields inline, about 7,500 px with every field
 * inline), with room for a longer line of text.
 */
const HEIGHT_LIMIT = 4400

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
  /** Each section is a summary; its fields open in a drawer (Edit), saved there. */
  const serviceDrawer = (code: string) => page.getByTestId(`nordic-parcel-service-drawer-${code}`)
  const groupDrawer = (key: string) => page.getByTestId(`nordic-parcel-${key}-drawer`)
  async function editService(code: string) {
    await card(code).getByRole("button", { name: "Edit" }).click()
    await serviceDrawer(code).waitFor()
  }
  async function editGroup(key: string) {
    await page.getByTestId(`nordic-parcel-${key}`).getByRole("button", { name: "Edit" }).click()
    await groupDrawer(key).waitFor()
  }
  async function saveService(code: string) {
    await serviceDrawer(code).getByRole("button", { name: "Save" }).click()
  }
  async function saveGroup(key: string) {
    await groupDrawer(key).getByRole("button", { name: "Save" }).click()
  }

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

    // Each section is a short summary: the page stays short as services are added.
    expect(await card("PA_DOREN").getByTestId("service-summary").innerText()).toMatch(/door delivery · Price: Agreement price · Fallback price: 149/)
    expect(await page.getByTestId("nordic-parcel-tracking").getByText("TRANSPORT_TO_RECIPIENT").count()).toBe(0)
    expect(await page.getByTestId("setting-services.PA_DOREN.markup").count()).toBe(0) // fields only in the drawer
    // Currencies and warehouses too: a summary each, their fields only in a drawer.
    expect(await page.getByTestId("setting-currencies.NOK.rounding").count()).toBe(0)
    expect(await page.getByTestId(`setting-locations.${store.seed.stockLocationId}.sender_name`).count()).toBe(0)
    const height = await screenshotWhole(page, path.join(ARTIFACTS, "settings-page.png"))
    console.log(`settings page: ${height} px tall`)
    // Below what the currencies' and warehouses' inline fields took (see HEIGHT_LIMIT).
    expect(height).toBeLessThan(HEIGHT_LIMIT)

    // Event groups: a label and a one-line description each, no raw codes (in the tracking drawer).
    await editGroup("tracking")
    const deviation = page.getByTestId("event-group-DEVIATION")
    expect(await deviation.innerText()).toMatch(/^Deviation\W+A deviation in the carrier's handling; a delay is probable\./)
    expect(await groupDrawer("tracking").getByText("TRANSPORT_TO_RECIPIENT").count()).toBe(0)
    await screenshotWhole(page, path.join(ARTIFACTS, "settings-drawer.png"))
  })

  it("adds and edits a currency and edits a warehouse in their drawers: the summary shows it, and it is kept after a reload", async () => {
    const currencies = page.getByTestId("nordic-parcel-currencies")
    const currencyDrawer = (code: string) => page.getByTestId(`nordic-parcel-currency-drawer-${code}`)
    const currencyRow = (code: string, key: string) => page.getByTestId(`summary-currency-${code}`).getByTestId(`summary-${key}`)
    try {
      // SEK, for a Swedish region planned: added with its rate and rounding.
      await currencies.getByRole("button", { name: "Add currency" }).click()
      await currencyDrawer("new").waitFor()
      await setting("currencies.new.code").locator("input").fill("sek")
      await setting("currencies.SEK.exchange_rate").locator("input").fill("0.95")
      await setting("currencies.SEK.rounding").getByRole("combobox").click()
      await page.getByRole("option", { name: "Up to an amount ending in 9" }).click()
      await currencyDrawer("new").getByRole("button", { name: "Save" }).click()
      await page.getByText("SEK added").waitFor()
      await currencyDrawer("new").waitFor({ state: "detached" })
      expect(await currencyRow("SEK", "exchange_rate").innerText()).toContain("1 NOK = 0.95 SEK")
      // The services' prices in SEK: PA_DOREN's fallback is in NOK only, so SEK has none.
      expect(await currencyRow("SEK", "fallback_prices").innerText()).toMatch(/none for .*PA_DOREN/)

      // Edited in its drawer: the summary follows at once.
      await page.getByTestId("nordic-parcel-currency-SEK").getByRole("button", { name: "Edit" }).click()
      await currencyDrawer("SEK").waitFor()
      await setting("currencies.SEK.exchange_rate").locator("input").fill("0.9")
      // A service's price in SEK, from the same drawer: PA_DOREN's markup and fallback for SEK carts.
      await setting("currencies.SEK.services.PA_DOREN.markups").locator("input").fill("p25")
      await setting("currencies.SEK.services.PA_DOREN.fallback_prices").locator("input").fill("139")
      await currencyDrawer("SEK").getByRole("button", { name: "Save" }).click()
      await page.getByText("SEK saved").waitFor()
      await currencyDrawer("SEK").waitFor({ state: "detached" })
      await currencyRow("SEK", "exchange_rate").getByText("1 NOK = 0.9 SEK").waitFor()
      expect(await currencyRow("SEK", "markups").innerText()).toContain("PA_DOREN p25")
      expect(await currencyRow("SEK", "fallback_prices").innerText()).toContain("PA_DOREN 139")

      // The Oslo warehouse's sender and contact.
      const oslo = store.seed.stockLocationId
      const locationRow = (key: string) => page.getByTestId(`summary-location-${oslo}`).getByTestId(`summary-${key}`)
      expect(await locationRow("sender").innerText()).toContain("(from the location)")
      await page.getByTestId(`nordic-parcel-location-${oslo}`).getByRole("button", { name: "Edit" }).click()
      await page.getByTestId(`nordic-parcel-location-drawer-${oslo}`).waitFor()
      await setting(`locations.${oslo}.sender_name`).locator("input").fill("Nordisk Hage AS")
      await setting(`locations.${oslo}.contact_name`).locator("input").fill("Ola Lager")
      await page.getByTestId(`nordic-parcel-location-drawer-${oslo}`).getByRole("button", { name: "Save" }).click()
      await page.getByText("saved; its next quotes and bookings use it").waitFor()
      await locationRow("sender").getByText("Nordisk Hage AS").waitFor()
      expect(await locationRow("sender").innerText()).not.toContain("(from the location)")
      expect(await locationRow("contact").innerText()).toContain("Ola Lager")

      // Kept: after a reload the summaries show what was saved, and so does the server.
      await page.reload()
      await page.getByTestId("nordic-parcel-settings").waitFor()
      await currencyRow("SEK", "exchange_rate").getByText("1 NOK = 0.9 SEK").waitFor()
      expect(await currencyRow("SEK", "rounding").innerText()).toContain("Up to an amount ending in 9")
      await locationRow("sender").getByText("Nordisk Hage AS").waitFor()
      const { effective } = await settings()
      expect(effective.currencies.SEK).toEqual({ exchange_rate: 0.9, rounding: "up_to_9" })
      expect(effective.services.PA_DOREN).toMatchObject({ markups: { SEK: "p25" }, fallback_prices: { SEK: 139 } })
      expect(await currencyRow("SEK", "markups").innerText()).toContain("PA_DOREN p25")
      expect(effective.locations[oslo]).toMatchObject({ sender_name: "Nordisk Hage AS", contact_name: "Ola Lager" })
      await screenshotWhole(page, path.join(ARTIFACTS, "settings-currencies-warehouses.png"))
    } finally {
      await api("POST", "/admin/nordic-parcel/settings", {
        currencies: { SEK: null },
        locations: { [store.seed.stockLocationId]: null },
        services: { PA_DOREN: { markups: null, fallback_prices: null } },
      }, "admin")
    }
  })

  it("names the missing DKK rate under DKK when a Danish region's shipping option cannot be priced, and the notice goes once the rate is set in DKK's drawer", async () => {
    const COPENHAGEN = { first_name: "Mette", last_name: "Hansen", address_1: "Nørrebrogade 10", city: "København N", country_code: "dk", postal_code: "2200", phone: "+4520123456" }
    const created: { regionId?: string; setId?: string; zoneId?: string; optionId?: string; productId?: string } = {}
    const dkk = page.getByTestId("nordic-parcel-currency-DKK")
    try {
      // The merchant starts selling to Denmark in DKK, as in Medusa's admin: a region, a zone of the
      // Oslo warehouse for Denmark, and BUSINESS_PARCEL there (from the customer list, number 6),
      // with the provider and shipping profile of the demo's options. No DKK rate, no DKK fallback.
      const { shipping_option: seeded } = await api<{ shipping_option: { provider_id: string; shipping_profile_id: string } }>(
        "GET", `/admin/shipping-options/${store.seed.options.PA_DOREN}?fields=provider_id,shipping_profile_id`, undefined, "admin")
      const { region } = await api<{ region: { id: string } }>("POST", "/admin/regions", {
        name: "Denmark", currency_code: "dkk", countries: ["dk"], payment_providers: ["pp_system_default"],
      }, "admin")
      created.regionId = region.id
      const { stock_location } = await api<{ stock_location: { fulfillment_sets: { id: string; type: string }[] } }>(
        "GET", `/admin/stock-locations/${store.seed.stockLocationId}?fields=*fulfillment_sets`, undefined, "admin")
      created.setId = stock_location.fulfillment_sets.find((set) => set.type === "shipping")!.id
      const { fulfillment_set } = await api<{ fulfillment_set: { service_zones: { id: string; name: string }[] } }>(
        "POST", `/admin/fulfillment-sets/${created.setId}/service-zones`, { name: "Denmark", geo_zones: [{ type: "country", country_code: "dk" }] }, "admin")
      created.zoneId = fulfillment_set.service_zones.find((zone) => zone.name === "Denmark")!.id
      const { shipping_option } = await api<{ shipping_option: { id: string } }>("POST", "/admin/shipping-options", {
        name: "Business parcel to Denmark",
        service_zone_id: created.zoneId,
        shipping_profile_id: seeded.shipping_profile_id,
        provider_id: seeded.provider_id,
        price_type: "calculated",
        prices: [],
        data: { id: "nordic-parcel-BUSINESS_PARCEL", name: "BUSINESS_PARCEL", service_code: "BUSINESS_PARCEL", requires_pickup_point: false, is_return: false },
        type: { label: "BUSINESS_PARCEL", description: "Business parcel", code: "business_parcel" },
        rules: [
          { attribute: "enabled_in_store", value: "true", operator: "eq" },
          { attribute: "is_return", value: "false", operator: "eq" },
        ],
      }, "admin")
      created.optionId = shipping_option.id
      // The demo's products are priced in NOK only: a DKK cart needs one priced in DKK.
      const { product } = await api<{ product: { id: string; variants: { id: string }[] } }>("POST", "/admin/products", {
        title: "Stoneware mug",
        status: "published",
        shipping_profile_id: seeded.shipping_profile_id,
        sales_channels: [{ id: store.seed.salesChannelId }],
        options: [{ title: "Default", values: ["Default"] }],
        variants: [{
          title: "Default", sku: "MUG-DK", options: { Default: "Default" }, manage_inventory: false,
          weight: 400, length: 12, width: 12, height: 10, prices: [{ amount: 129, currency_code: "dkk" }],
        }],
      }, "admin")
      created.productId = product.id

      // The shopper side: a DKK cart to Copenhagen gets no price for the option (the carrier prices
      // from Oslo in NOK), so Medusa does not offer it, and the delivery options say why.
      const { cart } = await api<{ cart: { id: string } }>("POST", "/store/carts", {
        region_id: region.id, sales_channel_id: store.seed.salesChannelId, email: "mette@example.com", shipping_address: COPENHAGEN,
      })
      await api("POST", `/store/carts/${cart.id}/line-items`, { variant_id: product.variants[0]!.id, quantity: 1 })
      const calculate = () => api<{ shipping_option: { amount?: number | null } }>("POST", `/store/shipping-options/${shipping_option.id}/calculate`, { cart_id: cart.id })
      const deliveryOption = async () =>
        (await api<{ delivery_options: { shipping_option_id: string; available: boolean; amount: number | null; unavailable_reason: string | null }[] }>(
          "GET", `/store/nordic-parcel/delivery-options?cart_id=${cart.id}`)).delivery_options.find((o) => o.shipping_option_id === shipping_option.id)
      expect((await calculate()).shipping_option.amount ?? null).toBeNull()
      expect(await deliveryOption()).toMatchObject({ available: false, amount: null, unavailable_reason: expect.stringContaining("no exchange rate for DKK") })

      // The settings page: DKK has a card of its own, though it has no settings (a region's
      // currency), and it names what is missing: the DKK rate, and the option it hides, with the
      // rate or a fallback in DKK as the way out.
      await page.reload()
      await page.getByTestId("nordic-parcel-settings").waitFor()
      // The card's own notice comes with the settings, the option's with the status route's answer:
      // both are read once the second is there.
      await dkk.getByTestId("currency-missing").nth(1).waitFor()
      const missing = await dkk.getByTestId("currency-missing").allInnerTexts()
      expect(missing).toEqual([
        "No exchange rate: carrier prices in other currencies are not converted into DKK.",
        "Business parcel to Denmark from Oslo warehouse cannot be priced in Denmark: no exchange rate for DKK (to convert NOK to DKK), " +
          "and no fallback price in DKK: set the exchange rate of DKK or a fallback price in DKK.",
      ])
      await dkk.getByText("2 to fix").waitFor()
      expect(await dkk.getByTestId("summary-exchange_rate").innerText()).toContain("–")
      expect(await dkk.getByTestId("summary-fallback_prices").innerText()).toMatch(/none for .*BUSINESS_PARCEL/)
      expect(await page.getByTestId("nordic-parcel-unpriceable").innerText()).toContain("1 shipping option cannot be priced in a region's currency and is hidden there at checkout")
      await screenshotWhole(page, path.join(ARTIFACTS, "settings-unpriceable-dkk.png"))

      // Add currency points to that card rather than adding DKK twice.
      await page.getByTestId("nordic-parcel-currencies").getByRole("button", { name: "Add currency" }).click()
      await page.getByTestId("nordic-parcel-currency-drawer-new").waitFor()
      await setting("currencies.new.code").locator("input").fill("dkk")
      await setting("currencies.new.code").getByText("DKK is listed already: edit it there.").waitFor()
      expect(await page.getByTestId("nordic-parcel-currency-drawer-new").getByRole("button", { name: "Save" }).isDisabled()).toBe(true)
      await page.keyboard.press("Escape")
      await page.getByTestId("nordic-parcel-currency-drawer-new").waitFor({ state: "detached" })

      // The DKK rate, set in DKK's drawer: the notices go without a reload, and the cart is priced.
      await dkk.getByRole("button", { name: "Edit" }).click()
      await page.getByTestId("nordic-parcel-currency-drawer-DKK").waitFor()
      await setting("currencies.DKK.exchange_rate").locator("input").fill("0.65")
      await page.getByTestId("nordic-parcel-currency-drawer-DKK").getByRole("button", { name: "Save" }).click()
      await page.getByText("DKK saved").waitFor()
      await dkk.getByTestId("summary-exchange_rate").getByText("1 NOK = 0.65 DKK").waitFor()
      await page.getByTestId("nordic-parcel-unpriceable").waitFor({ state: "detached" })
      await dkk.getByTestId("currency-missing").first().waitFor({ state: "detached" })
      expect(await dkk.getByText("to fix").count()).toBe(0)
      expect((await api<{ unpriceable_options: unknown[] }>("GET", "/admin/nordic-parcel/status", undefined, "admin")).unpriceable_options).toEqual([])
      expect((await calculate()).shipping_option.amount).toBeGreaterThan(0)
      expect(await deliveryOption()).toMatchObject({ available: true, unavailable_reason: null })
    } finally {
      // Gone again, so the page and the store are as the seed left them for the tests after.
      await api("POST", "/admin/nordic-parcel/settings", { currencies: { DKK: null } }, "admin")
      if (created.optionId) await api("DELETE", `/admin/shipping-options/${created.optionId}`, undefined, "admin")
      if (created.zoneId) await api("DELETE", `/admin/fulfillment-sets/${created.setId}/service-zones/${created.zoneId}`, undefined, "admin")
      if (created.regionId) await api("DELETE", `/admin/regions/${created.regionId}`, undefined, "admin")
      if (created.productId) await api("DELETE", `/admin/products/${created.productId}`, undefined, "admin")
    }
  })

  it("warns about an offered service no shipping option uses, and about a shipping option whose service is switched off", async () => {
    // 5600 is configured and offered, but the demo has no shipping option for it.
    await card("5600").getByTestId("warning-unused").waitFor()
    expect(await card("PA_DOREN").getByTestId("warning-unused").count()).toBe(0)

    await editService("3584")
    await setting("services.3584.offered").getByRole("switch").click()
    await saveService("3584")
    await serviceDrawer("3584").waitFor({ state: "detached" })
    const warning = card("3584").getByTestId("warning-switched-off")
    await warning.waitFor()
    expect(await warning.innerText()).toContain("Mailbox parcel (Pakke i postkassen)")
    expect((await settings()).effective.services["3584"]!.offered).toBe(false)

    await editService("3584")
    await setting("services.3584.offered").getByRole("switch").click()
    await saveService("3584")
    await warning.waitFor({ state: "detached" })
  })

  it("changes a service's fallback price and markup, and the next quote changes", async () => {
    const cartId = await cartIn("5004", store.seed.variants.flat)
    const before = await quote(cartId, "PA_DOREN")
    await editService("PA_DOREN")
    await setting("services.PA_DOREN.fallback_price").locator("input").fill("123")
    await setting("services.PA_DOREN.markup").locator("input").fill("p50p")
    await saveService("PA_DOREN")
    await page.getByText("På Døren (PA_DOREN) saved").waitFor()

    const after = await quote(cartId, "PA_DOREN")
    expect(after).toBeCloseTo(before * 1.5, 1)
    expect((await settings()).effective.services.PA_DOREN).toMatchObject({ fallback_price: 123, markup: "p50p" })
  })

  it("edits every kind of setting: VAT, additional services, free return with QR codes, customs, packaging, tracking events", async () => {
    await editGroup("general")
    await setting("prices_include_vat").getByRole("switch").click()
    await saveGroup("general")
    await page.getByText("Agreement and prices saved").waitFor()

    await editService("3584")
    await setting("services.3584.additional_services").locator("input").fill("1081, EVARSLING")
    await saveService("3584")
    await page.getByText("Pakke i postkassen (3584) saved").waitFor()

    await editService("PA_DOREN")
    await setting("services.PA_DOREN.return_service").getByRole("combobox").click()
    await page.getByRole("option", { name: "Free return pickup point parcel · SERVICEPAKKE_RETUR" }).click()
    await setting("services.PA_DOREN.qr_codes").getByRole("switch").click()
    await saveService("PA_DOREN")
    await page.getByText("På Døren (PA_DOREN) saved").waitFor()

    await editGroup("customs")
    await setting("customs.ioss_number").locator("input").fill("IM1234567890")
    await setting("customs.nature_of_transaction").getByRole("combobox").click()
    await page.getByRole("option", { name: "Gift" }).click()
    await saveGroup("customs")
    await page.getByText("Customs saved").waitFor()

    await editGroup("packaging")
    await setting("packaging.packaging_weight").locator("input").fill("250")
    await saveGroup("packaging")
    await page.getByText("Packaging saved").waitFor()

    await editGroup("tracking")
    await page.getByTestId("event-group-DEVIATION").getByRole("checkbox").click()
    await saveGroup("tracking")
    await page.getByText("Tracking saved").waitFor()
    // The summaries show what was saved, in words.
    expect(await page.getByTestId("summary-customs").getByTestId("summary-nature_of_transaction").innerText()).toContain("Gift")

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
    await editGroup("customs")
    await setting("customs.ioss_number").locator("input").fill("IM1")
    await saveGroup("customs")
    const error = page.getByTestId("error-customs.ioss_number")
    await error.waitFor()
    expect(await error.innerText()).toContain("must be IM followed by 10 digits")
    expect((await settings()).effective.customs.ioss_number).toBeNull()
    // The VOEC number as the booking takes it: 7 digits, not starting with 0.
    await setting("customs.vat_on_ecommerce").locator("input").fill("0123456")
    await saveGroup("customs")
    await page.getByTestId("error-customs.vat_on_ecommerce").getByText("must be 7 digits, the first not 0", { exact: false }).waitFor()
    await page.keyboard.press("Escape")
    await groupDrawer("customs").waitFor({ state: "detached" })

    await editService("PA_DOREN")
    await setting("services.PA_DOREN.markup").locator("input").fill("ten percent")
    await saveService("PA_DOREN")
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
    // The event is shown once stored; the fulfilment is marked delivered when the outbox applies it.
    await widget.getByTestId("nordic-parcel-status").filter({ hasText: /^Delivered$/ }).waitFor({ timeout: 60_000 })
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
