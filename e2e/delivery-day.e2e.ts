import fs from "node:fs"
import path from "node:path"
import type { Browser, Page } from "playwright-core"
import { adminPage, launchChromium } from "./admin-browser"
import { startDemoStore, type DemoStore } from "./demo-store"

/**
 * The delivery day, from the shopper's choice to the carrier: on the demo's storefront test page
 * (the kit's DeliveryPromise and DeliveryDayPicker) the shopper chooses home delivery, sees the
 * carrier's days with their hours, picks a later day with the keyboard and places the order; the
 * merchant books it from the admin's fulfilment form; the carrier's booking asks for that day and
 * the order widget shows it. Screenshots go to test-artifacts/.
 */
jest.setTimeout(300 * 1000)

const ARTIFACTS = path.resolve(__dirname, "..", "test-artifacts")
const ADDRESS = { email: "ola@example.com", first_name: "Ola", last_name: "Nordmann", address_1: "Strandgaten 1", postal_code: "5003" }
const HOME_DELIVERY = "Home delivery (På døren)"

type DeliveryOption = {
  shipping_option_id: string
  name: string
  service_code: string
  expected_delivery_date: string | null
  expected_delivery_window: { from: string; to: string } | null
  takes_delivery_date: boolean
  delivery_dates: { date: string; window?: { from: string; to: string } }[]
}

let store: DemoStore
let browser: Browser
let page: Page
let admin: Page
let adminToken: string

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

/** "Friday 27 November", as the kit writes a day in English (a calendar day, in UTC). */
const longDay = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" })

/** What the demo's carrier logged for each consignment it booked (demo/run.ts). */
const bookedLines = () => fs.readFileSync(store.logFile, "utf8").split("\n").filter((line) => line.startsWith("[sandbox] booked "))

beforeAll(async () => {
  fs.mkdirSync(ARTIFACTS, { recursive: true })
  store = await startDemoStore()
  adminToken = (await api<{ token: string }>("/auth/user/emailpass", "store", { method: "POST", body: store.seed.admin })).token
  browser = await launchChromium()
  page = await browser.newPage({ viewport: { width: 1100, height: 1300 } })
  page.setDefaultTimeout(60_000)
  // The admin's first visit compiles it (minutes on a loaded machine): signed in before the test.
  admin = await adminPage(browser, store)
}, 900_000)

afterAll(async () => {
  await browser?.close()
  await store?.stop()
})

describe("the shopper's delivery day (DeliveryDayPicker), booked with the carrier", () => {
  it("the shopper picks a later day with the keyboard, the merchant books the order, the widget and the carrier's booking carry that day", async () => {
    await page.goto(store.storefrontUrl)
    await page.getByRole("heading", { name: "Checkout" }).waitFor({ timeout: 150_000 })
    await page.getByRole("textbox", { name: "Email", exact: true }).fill(ADDRESS.email)
    await page.getByRole("textbox", { name: "First name", exact: true }).fill(ADDRESS.first_name)
    await page.getByRole("textbox", { name: "Last name", exact: true }).fill(ADDRESS.last_name)
    await page.getByRole("textbox", { name: "Address", exact: true }).fill(ADDRESS.address_1)
    await page.getByRole("textbox", { name: "Postal code", exact: true }).pressSequentially(ADDRESS.postal_code)
    await page.locator("output").getByText("BERGEN").waitFor()
    await page.getByRole("button", { name: "Continue to delivery" }).click()

    const options = page.getByRole("group", { name: "Shipping method" })
    await options.getByText("Expected delivery", { exact: false }).first().waitFor()
    const cartId = await page.evaluate(() => document.querySelector("[data-cart-id]")?.getAttribute("data-cart-id"))
    const { delivery_options } = await api<{ delivery_options: DeliveryOption[] }>(`/store/nordic-parcel/delivery-options?cart_id=${cartId}`, "store")
    const door = delivery_options.find((o) => o.service_code === "PA_DOREN")!
    expect(door.takes_delivery_date).toBe(true)
    expect(door.delivery_dates.length).toBeGreaterThanOrEqual(3)
    expect(door.delivery_dates[0].date).toBe(door.expected_delivery_date)

    // The option's promise: the expected day, with the carrier's hours where it gives them.
    const promise = options.locator("label", { hasText: HOME_DELIVERY }).locator(".option-date")
    const expectedText = `Expected delivery ${longDay(door.expected_delivery_date!)}`
    expect(await promise.innerText()).toBe(
      door.expected_delivery_window ? `${expectedText} between ${door.expected_delivery_window.from} and ${door.expected_delivery_window.to}` : expectedText
    )

    // Home delivery: the day choice appears, the expected day first and chosen until the shopper picks.
    await options.getByLabel(HOME_DELIVERY).check()
    const days = page.getByRole("group", { name: "Delivery day" })
    const radios = days.getByRole("radio")
    await radios.first().waitFor()
    expect(await radios.count()).toBe(door.delivery_dates.length)
    await expect(radios.first().isChecked()).resolves.toBe(true)
    for (const [i, day] of door.delivery_dates.entries()) {
      const label = `${longDay(day.date)}${day.window ? `, between ${day.window.from} and ${day.window.to}` : ""}${i === 0 ? " (earliest)" : ""}`
      expect((await days.locator(".day").nth(i).innerText()).trim()).toBe(label)
    }
    await page.screenshot({ path: path.join(ARTIFACTS, "delivery-day-choice.png"), fullPage: true })

    // The keyboard: arrow down twice, to the third day (the second alternative).
    const chosen = door.delivery_dates[2].date
    await radios.first().focus()
    await page.keyboard.press("ArrowDown")
    await page.getByTestId("stored-method").getByText(`delivery on ${door.delivery_dates[1].date}`).waitFor()
    await page.keyboard.press("ArrowDown")
    await page.getByTestId("stored-method").getByText(`delivery on ${chosen}`).waitFor()
    await expect(radios.nth(2).isChecked()).resolves.toBe(true)

    await page.getByRole("button", { name: "Place order" }).click()
    const placed = page.getByTestId("order-placed")
    await placed.waitFor()
    const orderId = (await placed.getAttribute("data-order-id"))!
    await page.screenshot({ path: path.join(ARTIFACTS, "delivery-day-order-placed.png"), fullPage: true })

    // The order keeps the day the shopper picked.
    const { order } = await api<{ order: { shipping_methods: { data: Record<string, unknown> }[] } }>(
      `/admin/orders/${orderId}?fields=id,*shipping_methods,+shipping_methods.data`,
      "admin"
    )
    expect(order.shipping_methods[0].data).toMatchObject({ service_code: "PA_DOREN", delivery_date: chosen })
    // The widget's route names it on the order's planned shipment.
    const widgetRoute = await api<unknown>(`/admin/nordic-parcel/orders/${orderId}`, "admin")
    expect(JSON.stringify(widgetRoute)).toContain(`"requested_delivery_date":"${chosen}"`)

    // The merchant: the order widget shows the requested day ("Friday, December 4, 2026" in en-US)…
    await admin.goto(`${store.url}/app/orders/${orderId}`)
    const widget = admin.getByTestId("nordic-parcel-widget")
    const fullDay = new Date(`${chosen}T00:00:00Z`).toLocaleDateString("en-US", { dateStyle: "full", timeZone: "UTC" })
    const requested = widget.getByTestId("nordic-parcel-requested-delivery-date")
    await requested.getByText(`Requested delivery day: ${fullDay}`).waitFor()
    await widget.getByText("Not booked yet").waitFor()
    await widget.screenshot({ path: path.join(ARTIFACTS, "delivery-day-widget-before-booking.png") })

    // …then books it with Medusa's fulfilment form.
    // As the order page's "Fulfill items" opens it (items that ship). The form fills in the
    // order's shipping option and its warehouse once both have loaded;
    // submitted before that, it only says that no shipping option is chosen.
    const optionLoaded = admin.waitForResponse((r) => /\/admin\/shipping-options\/so_/.test(r.url()) && r.ok())
    const optionsListed = admin.waitForResponse((r) => /\/admin\/shipping-options\?/.test(r.url()) && r.url().includes("stock_location_id") && r.ok())
    await admin.goto(`${store.url}/app/orders/${orderId}/fulfillment?requires_shipping=true`)
    await Promise.all([optionLoaded, optionsListed])
    const create = admin.getByRole("button", { name: /^Create Fulfil?lment$/ })
    await create.waitFor()
    await admin.waitForTimeout(1000)
    await create.click()
    try {
      await admin.waitForURL((url) => !url.pathname.endsWith("/fulfillment"), { timeout: 60_000 })
    } catch (error) {
      await admin.screenshot({ path: path.join(ARTIFACTS, "delivery-day-fulfilment-form.png") })
      throw new Error(`the fulfilment form stayed open: ${(await admin.locator("body").innerText()).slice(0, 1500)}`)
    }
    await widget.getByTestId("nordic-parcel-shipment").waitFor({ timeout: 60_000 })

    // The carrier received the booking with the shopper's day, never another.
    const booked = bookedLines().filter((line) => line.includes("(PA_DOREN)"))
    expect(booked).toHaveLength(1)
    expect(booked[0]).toContain(`requested delivery ${chosen}T`)

    // The booked order's widget still names that day.
    await requested.getByText(`Requested delivery day: ${fullDay}`).waitFor()
    await widget.screenshot({ path: path.join(ARTIFACTS, "delivery-day-widget-booked.png") })
  })
})
