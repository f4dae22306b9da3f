import fs from "node:fs"
import path from "node:path"
import { PDFDocument } from "pdf-lib"
import type { Browser, Page } from "playwright-core"
import { carrierToday, nextWorkingDay } from "../src/lib/pickup-order/pickup-date"
import { adminPage, launchChromium, screenshotWhole } from "./admin-browser"
import { startDemoStore, type DemoStore } from "./demo-store"

/**
 * Bulk booking in the admin, in a real browser against a running demo store: the merchant opens
 * Nordic Parcel bookings from the orders list, selects three new orders, books them, watches the
 * run reach done with a consignment number per order, and downloads one PDF of the three labels;
 * then orders the van for them and sees its window. Screenshots go to test-artifacts/.
 */
jest.setTimeout(300 * 1000)

const ARTIFACTS = path.resolve(__dirname, "..", "test-artifacts")

let store: DemoStore
let browser: Browser
let page: Page

async function storeApi<T>(method: string, route: string, body?: unknown): Promise<T> {
  const res = await fetch(`${store.url}${route}`, {
    method,
    headers: { "content-type": "application/json", "x-publishable-api-key": store.seed.publishableKey },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  const json = await res.json()
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(json)}`)
  return json as T
}

/** A shopper in Bergen orders with home delivery. */
async function homeDeliveryOrder(n: number): Promise<string> {
  const { cart } = await storeApi<{ cart: { id: string } }>("POST", "/store/carts", {
    region_id: store.seed.regionId,
    sales_channel_id: store.seed.salesChannelId,
    email: `bulk-e2e-${n}@example.com`,
    shipping_address: { first_name: "Kari", last_name: `Bulk ${n}`, address_1: "Strandgaten 1", city: "Bergen", country_code: "no", postal_code: "5004", phone: "+4712345678" },
  })
  await storeApi("POST", `/store/carts/${cart.id}/line-items`, { variant_id: store.seed.variants.boxed, quantity: 1 })
  await storeApi("POST", `/store/carts/${cart.id}/shipping-methods`, { option_id: store.seed.options.PA_DOREN })
  const { payment_collection } = await storeApi<{ payment_collection: { id: string } }>("POST", "/store/payment-collections", { cart_id: cart.id })
  await storeApi("POST", `/store/payment-collections/${payment_collection.id}/payment-sessions`, { provider_id: "pp_system_default" })
  const { order } = await storeApi<{ order: { id: string } }>("POST", `/store/carts/${cart.id}/complete`)
  return order.id
}

beforeAll(async () => {
  fs.mkdirSync(ARTIFACTS, { recursive: true })
  store = await startDemoStore()
  browser = await launchChromium()
  page = await adminPage(browser, store)
}, 900_000)

afterAll(async () => {
  await browser?.close()
  await store?.stop()
})

it("books the selected orders from the bookings page, shows the run's progress to done and gives one PDF of their labels", async () => {
  const orderIds = [await homeDeliveryOrder(1), await homeDeliveryOrder(2), await homeDeliveryOrder(3)]

  // From the orders list to the bookings page.
  await page.goto(`${store.url}/app/orders`)
  await page.getByTestId("nordic-parcel-order-list-widget").waitFor()
  await page.getByTestId("nordic-parcel-open-bookings").click()
  await page.getByTestId("nordic-parcel-bookings").waitFor()

  for (const id of orderIds) {
    const row = page.locator(`[data-testid="nordic-parcel-order-row"][data-order-id="${id}"]`)
    await row.getByRole("checkbox").click()
  }
  await screenshotWhole(page, path.join(ARTIFACTS, "bulk-booking-selected.png"))
  await page.getByTestId("nordic-parcel-book-selected").click()

  const run = page.getByTestId("nordic-parcel-run")
  await run.waitFor()
  await page.locator('[data-testid="nordic-parcel-run"][data-status="done"]').waitFor({ timeout: 120_000 })
  expect(await page.getByTestId("nordic-parcel-run-progress").innerText()).toBe("3 of 3 orders: 3 booked, 0 refused, 0 failed, 0 skipped")
  const outcomes = page.getByTestId("nordic-parcel-run-order")
  expect(await outcomes.count()).toBe(3)
  for (const text of await outcomes.allInnerTexts()) expect(text).toMatch(/booked\s+\d{6,}/)
  // The booked orders left the list of orders to book.
  for (const id of orderIds) {
    await page.locator(`[data-testid="nordic-parcel-order-row"][data-order-id="${id}"]`).waitFor({ state: "detached" })
  }
  await screenshotWhole(page, path.join(ARTIFACTS, "bulk-booking-done.png"))

  // The PDF link, fetched with the admin's browser session: three labels, one page each.
  const href = await page.getByTestId("nordic-parcel-run-labels").getAttribute("href")
  const pdf = await page.context().request.get(new URL(href!, store.url).toString())
  expect(pdf.status()).toBe(200)
  expect(pdf.headers()["content-type"]).toMatch(/application\/pdf/)
  const body = await pdf.body()
  fs.writeFileSync(path.join(ARTIFACTS, "bulk-booking-labels.pdf"), body)
  expect((await PDFDocument.load(body)).getPageCount()).toBe(3)

  // Then the van for these parcels: Order pickup, filled in from the warehouse and the bookings.
  await page.getByTestId("nordic-parcel-order-pickup-button").click()
  const drawer = page.getByTestId("nordic-parcel-order-pickup")
  await drawer.getByTestId("nordic-parcel-pickup-sent-as").waitFor()
  expect(await drawer.getByTestId("nordic-parcel-pickup-sent-as").innerText()).toMatch(/\+47\d{8}/)
  // Never the day the test happens to run: the next working day.
  await drawer.locator("#pickup-date").fill(nextWorkingDay(carrierToday(new Date())))
  await page.waitForFunction(() => Number((document.querySelector("#pickup-packages") as HTMLInputElement | null)?.value) >= 3)
  await screenshotWhole(page, path.join(ARTIFACTS, "pickup-order-drawer.png"))
  await page.getByTestId("nordic-parcel-order-pickup-save").click()
  const window = drawer.getByTestId("nordic-parcel-pickup-window")
  await window.waitFor({ timeout: 60_000 })
  expect(await window.innerText()).toMatch(/\d{2}:\d{2}–\d{2}:\d{2}/)
  expect(await drawer.getByTestId("nordic-parcel-pickup-receipt").getAttribute("href")).toMatch(/^https?:\/\/.+\/booking\/pickup-orders\/\d+$/)
  await screenshotWhole(page, path.join(ARTIFACTS, "pickup-order-confirmed.png"))
  await page.keyboard.press("Escape")
  // The page shows the next pickup with its window.
  await page.getByTestId("nordic-parcel-next-pickup").filter({ hasText: /\d{2}:\d{2}–\d{2}:\d{2}/ }).waitFor()
})
