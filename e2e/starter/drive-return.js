#!/usr/bin/env node
/**
 * Drives dtc-starter with docs/storefront.md applied (e2e/starter/apply-guide.js) as a shopper
 * does, in Chromium: sign up, put two items in the cart, check out through the starter's own
 * address, delivery, payment and review steps; the merchant fulfils (admin API) and the demo's
 * carrier delivers; then the shopper opens the order from the account's order list and returns one
 * item on the guide's return page. It checks the price shown against the price charged, the QR
 * code, the label PDF, the drop-off points and the return's tracking on the order page.
 *
 * Run by e2e/starter/check-guide.sh (which starts the starter); alone:
 *   STARTER_URL=http://localhost:8034 STORE_URL=http://localhost:9341 PUBLISHABLE_KEY=pk_… \
 *     node e2e/starter/drive-return.js
 * Optional: ADMIN_EMAIL, ADMIN_PASSWORD (the demo's), WEBHOOK_SECRET (the demo's), CHROMIUM_PATH,
 * ARTIFACTS (screenshots; default test-artifacts/starter).
 */
const { randomUUID } = require("node:crypto")
const fs = require("node:fs")
const path = require("node:path")
const { chromium } = require("playwright-core")

const STARTER = process.env.STARTER_URL ?? "http://localhost:8034"
const STORE = process.env.STORE_URL ?? "http://localhost:9000"
const KEY = process.env.PUBLISHABLE_KEY
const ADMIN = { email: process.env.ADMIN_EMAIL ?? "admin@nordic-parcel.test", password: process.env.ADMIN_PASSWORD ?? "nordic-parcel-demo" }
const WEBHOOK_SECRET = process.env.WEBHOOK_SECRET ?? "demo-webhook-secret-0123456789"
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"
const ARTIFACTS = path.resolve(process.env.ARTIFACTS ?? path.join(__dirname, "../../test-artifacts/starter"))
const COUNTRY = "no"
const EMAIL = `kari.${Date.now()}@example.com`
const PASSWORD = "Returns-2026!"
const ADDRESS = { first: "Kari", last: "Nordmann", street: "Strandgaten 1", postal: "5003", city: "Bergen", phone: "+4790000000" }

const started = Date.now()
const say = (line) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`)
const plain = (text) => text.replace(/\s+/g, " ").trim()
const nok = (amount) => plain(new Intl.NumberFormat("nb-NO", { style: "currency", currency: "NOK", currencyDisplay: "narrowSymbol" }).format(amount))
function check(ok, what) {
  if (!ok) throw new Error(`check failed: ${what}`)
  say(`ok: ${what}`)
}
/** A failed check that lets the run go on to show what follows; the run still fails at the end. */
const failed = []
function checkAndGoOn(ok, what) {
  if (ok) return say(`ok: ${what}`)
  failed.push(what)
  say(`FAILED (going on): ${what}`)
}

let adminToken
async function api(route, init = {}) {
  const res = await fetch(`${STORE}${route}`, {
    method: init.method ?? "GET",
    headers: {
      "content-type": "application/json",
      ...(init.admin ? { authorization: `Bearer ${adminToken}` } : { "x-publishable-api-key": KEY }),
      ...init.headers,
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  })
  const json = await res.json().catch(() => ({}))
  if (!res.ok) throw new Error(`${route}: ${res.status} ${JSON.stringify(json)}`)
  return json
}

async function main() {
  if (!KEY) throw new Error("PUBLISHABLE_KEY is required")
  fs.mkdirSync(ARTIFACTS, { recursive: true })
  adminToken = (await api("/auth/user/emailpass", { method: "POST", body: ADMIN })).token
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  })
  const page = await browser.newPage({ viewport: { width: 1280, height: 1400 }, acceptDownloads: true })
  page.setDefaultTimeout(90_000)
  // A link clicked before the page has hydrated can be lost (the click lands before React
  // handles it): click again if the next page did not come.
  const clickThrough = async (link, arrived) => {
    for (let attempt = 1; ; attempt++) {
      await link.click()
      try {
        return await arrived.waitFor({ timeout: 20_000 })
      } catch (error) {
        if (attempt === 3) throw error
        say(`(the link did not navigate; clicking again)`)
      }
    }
  }
  const shot = (name) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true })
  try {
    // 1. Sign up.
    await page.goto(`${STARTER}/${COUNTRY}/account`)
    await page.getByTestId("login-page").getByTestId("register-button").click()
    const register = page.getByTestId("register-page")
    await register.getByTestId("first-name-input").fill(ADDRESS.first)
    await register.getByTestId("last-name-input").fill(ADDRESS.last)
    await register.getByTestId("email-input").fill(EMAIL)
    await register.getByTestId("phone-input").fill(ADDRESS.phone)
    await register.getByTestId("password-input").fill(PASSWORD)
    await register.getByTestId("register-button").click()
    await page.getByTestId("welcome-message").waitFor()
    say(`signed up as ${EMAIL}`)

    // 2. Two items in the cart, from their product pages.
    for (const [index, handle] of ["lamp", "poster"].entries()) {
      await page.goto(`${STARTER}/${COUNTRY}/products/${handle}`)
      // The product's own button (the page has a second one for small screens).
      const add = page.getByTestId("product-container").getByTestId("add-product-button")
      await add.waitFor()
      await page.waitForFunction(() => document.querySelector('[data-testid="product-container"] [data-testid="add-product-button"]')?.disabled === false)
      await add.click()
      // The header's cart count says the item is in the cart.
      await page.getByText(`Cart (${index + 1})`, { exact: true }).first().waitFor()
      say(`added ${handle} to the cart`)
    }

    // 3. Checkout: address (the postal code fills in the city), delivery, payment, review.
    await page.goto(`${STARTER}/${COUNTRY}/checkout?step=address`)
    await page.getByTestId("shipping-first-name-input").fill(ADDRESS.first)
    await page.getByTestId("shipping-last-name-input").fill(ADDRESS.last)
    await page.getByTestId("shipping-address-input").fill(ADDRESS.street)
    await page.getByTestId("shipping-country-select").selectOption(COUNTRY)
    await page.getByTestId("shipping-postal-code-input").fill(ADDRESS.postal)
    await page.waitForFunction(() => (document.querySelector('[data-testid="shipping-city-input"]')?.value ?? "") !== "", null, { timeout: 30_000 })
    say(`postal code ${ADDRESS.postal}: city filled in as "${await page.getByTestId("shipping-city-input").inputValue()}"`)
    await page.getByTestId("shipping-phone-input").fill(ADDRESS.phone)
    const email = page.getByTestId("shipping-email-input")
    if (!(await email.inputValue())) await email.fill(EMAIL)
    await page.getByTestId("submit-address-button").click()

    await page.waitForURL(/step=delivery/)
    const home = page.getByTestId("delivery-option-radio").filter({ hasText: "På døren" })
    await home.waitFor()
    await home.click()
    await page.waitForFunction(() => !document.querySelector('[data-testid="submit-delivery-option-button"]')?.hasAttribute("disabled"))
    const shownDelivery = plain(await home.innerText())
    say(`delivery option shown: "${shownDelivery}"`)
    await shot("1-delivery")
    await page.getByTestId("submit-delivery-option-button").click()

    await page.waitForURL(/step=payment/)
    await page.getByText("Manual Payment").first().click()
    await page.getByTestId("submit-payment-button").click()
    await page.waitForURL(/step=review/)
    await page.getByTestId("submit-order-button").click()
    await page.waitForURL(/\/order\/[^/]+\/confirmed/, { timeout: 120_000 })
    const orderId = /\/order\/([^/]+)\/confirmed/.exec(page.url())[1]
    await shot("2-confirmed")
    say(`order placed through the starter's checkout: ${orderId} (confirmation page shown, which reads the order)`)

    // 4. The merchant fulfils; the demo's carrier hands in and delivers the parcel.
    const { order } = await api(`/admin/orders/${orderId}?fields=id,display_id,*items,*shipping_methods`, { admin: true })
    check(order.items.length === 2, "the order holds the two items")
    const deliveryCharged = order.shipping_methods.map((m) => Number(m.amount))
    check(deliveryCharged.length === 1 && shownDelivery.includes(`NOK ${deliveryCharged[0].toFixed(2)}`), `delivery price shown (${shownDelivery}) = charged (NOK ${deliveryCharged[0]?.toFixed(2)})`)
    await api(`/admin/orders/${orderId}/fulfillments`, { method: "POST", admin: true, body: { items: order.items.map((i) => ({ id: i.id, quantity: i.quantity })) } })
    say("merchant fulfilled both items (booked with the carrier)")
    let status
    for (const deadline = Date.now() + 180_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 3000))) {
      status = (await api(`/admin/orders/${orderId}?fields=id,fulfillment_status`, { admin: true })).order.fulfillment_status
      if (status === "delivered") break
    }
    check(status === "delivered", `the store says the order is delivered (fulfillment_status ${status})`)

    // 5. From the account's order list to the order, then "Return items".
    await page.goto(`${STARTER}/${COUNTRY}/account/orders`)
    const card = page.getByTestId("order-card").filter({ has: page.getByTestId("order-display-id").getByText(String(order.display_id), { exact: true }) })
    await clickThrough(card.getByTestId("order-details-link"), page.getByTestId("order-details-container"))
    check(page.url().endsWith(`/account/orders/details/${orderId}`), `the order opened from the account's list (${page.url()})`)
    const orderStatus = plain(await page.getByTestId("order-status").first().innerText())
    say(`order page status: "${orderStatus}"`)
    checkAndGoOn(!/not fulfilled/i.test(orderStatus), "the order page no longer says Not fulfilled")
    await shot("3-order-page")
    await clickThrough(page.getByTestId("return-items-link"), page.getByRole("heading", { name: /^Return items of order/ }))
    check(page.url().endsWith(`/account/orders/details/${orderId}/return`), `"Return items" opened the return page (${page.url()})`)

    // 6. The return: one lamp, a reason, the option with its price, confirm.
    const returnable = page.getByRole("spinbutton")
    await returnable.first().waitFor({ timeout: 60_000 }).catch(async (error) => {
      await shot("4-return-page-failed")
      throw new Error(`the return page lists nothing to return: "${plain(await page.locator("main").innerText()).slice(0, 300)}" (${error.message})`)
    })
    check((await returnable.count()) === 2, "the return page lists both items")
    const lamp = order.items.find((i) => /lamp/i.test(`${i.product_title} ${i.title}`))
    await page.getByRole("spinbutton", { name: `Antall ${lamp.title} som returneres`, exact: true }).fill("1")
    const reason = page.getByRole("combobox", { name: "Årsak til returen" })
    if (await reason.count()) await reason.selectOption({ index: 1 })
    const confirm = page.getByRole("button", { name: /^Bekreft returen/ })
    await confirm.waitFor()
    await page.waitForFunction(() => [...document.querySelectorAll("button")].some((b) => /^Bekreft returen/.test(b.textContent ?? "") && !b.disabled))
    const optionRow = page.locator("[data-selected=true]").filter({ has: page.getByRole("radio") })
    const shownOption = plain(await optionRow.innerText())
    const shownConfirm = plain(await confirm.innerText())
    say(`return option shown: "${shownOption}"; button: "${shownConfirm}"`)
    const listed = (
      await api(`/store/nordic-parcel/orders/${orderId}/return-options`, {
        method: "POST",
        body: { items: [{ id: lamp.id, quantity: 1 }] },
        headers: { "x-nordic-parcel-order-email": EMAIL },
      })
    ).return_options
    check(listed.length > 0 && shownConfirm.includes(nok(listed[0].amount)), `the price shown (${shownConfirm}) is the price the store lists (${nok(listed[0].amount)})`)
    await shot("4-return-options")
    await confirm.click()
    await page.getByText("Returen din er booket.").waitFor({ timeout: 120_000 })

    // 7. What the shopper gets: QR code, label PDF, drop-off points.
    const qr = page.locator("[data-consignment] img").first()
    await qr.waitFor()
    check(await qr.evaluate((img) => img.complete && img.naturalWidth > 0), "the QR code image is shown")
    const consignment = await page.locator("[data-consignment]").first().getAttribute("data-consignment")
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: /PDF/ }).first().click()])
    const pdf = fs.readFileSync(await download.path())
    check(pdf.subarray(0, 5).toString("latin1") === "%PDF-", `the label downloads as a PDF (${download.suggestedFilename()}, ${pdf.length} bytes)`)
    const points = page.getByRole("region", { name: "Hvor du leverer den" }).getByRole("listitem")
    await points.first().waitFor()
    check((await points.count()) === 3, "three drop-off points are shown")
    await shot("5-return-booked")

    // 8. The price charged: the return's shipping in the order's return request.
    const { order_changes } = await api(`/admin/orders/${orderId}/changes?change_type=return_request`, { admin: true })
    const charged = order_changes.flatMap((c) => c.actions).filter((a) => a.action === "SHIPPING_ADD").map((a) => Number(a.amount))
    check(charged.length === 1 && shownConfirm.includes(nok(charged[0])), `price shown ${shownConfirm} = price charged ${nok(charged[0] ?? NaN)}`)

    // 9. The order page follows the return: booked, then handed in.
    await page.goto(`${STARTER}/${COUNTRY}/account/orders/details/${orderId}`)
    const returned = page.locator("article[data-kind=return]")
    await returned.waitFor()
    say(`order page, the return: "${plain(await returned.innerText()).slice(0, 160)}"`)
    // The carrier's HANDED_IN for the return's consignment, as its callback reaches the store.
    const res = await fetch(`${STORE}/hooks/nordic-parcel/events`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-nordic-parcel-secret": WEBHOOK_SECRET },
      body: JSON.stringify({ status: "HANDED_IN", id: randomUUID(), shipment: consignment, package: "", created: `${new Date().toISOString().slice(0, 19)}+0000` }),
    })
    check(res.status < 300, `HANDED_IN for return consignment ${consignment} taken by the store (${res.status})`)
    for (let attempt = 0; attempt < 20; attempt++) {
      await page.reload()
      if (await returned.locator("li[data-status=HANDED_IN]").getByText("Levert inn").count()) break
      await new Promise((r) => setTimeout(r, 3000))
    }
    check((await returned.locator("li[data-status=HANDED_IN]").getByText("Levert inn").count()) === 1, 'the order page shows the return "Levert inn"')
    await shot("6-return-handed-in")
    if (failed.length) throw new Error(`check failed: ${failed.join("; ")}`)
    say("PASS: the guide's return page after a real checkout")
  } catch (error) {
    await shot("failed").catch(() => {})
    throw error
  } finally {
    await browser.close()
  }
}

main().catch((error) => {
  console.error(`FAIL: ${error.message}`)
  process.exit(1)
})
