import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createAdminHeaders } from "../helpers/admin"
import { responseOf } from "../helpers/http"
import { useSandbox } from "../helpers/sandbox"
import { storefront } from "../helpers/storefront"
import { seedNorwegianStore, type SeededStore } from "../helpers/store"

jest.setTimeout(120 * 1000)

/**
 * The merchant runs the integration from the admin: settings saved through
 * /admin/nordic-parcel/settings apply to the next quote, option list and booking without a
 * restart, bad values are refused naming the field, and no answer carries a credential.
 * The status and customers routes are checked against the carrier sandbox.
 */
const sandbox = useSandbox()
const SHIPPING_LOOKUP = "/shippingguide/v2/products"
const SETTINGS = "/admin/nordic-parcel/settings"
/** medusa-config.ts: the webhook secret of the test configuration. */
const WEBHOOK_SECRET = process.env.NP_WEBHOOK_SECRET || "sandbox-webhook-secret-0123456789"

/** Every setting back to its option: the settings row is restored with the database between tests, the module's memory is not. */
const RESET = { test_mode: null, customer_number: null, prices_include_vat: null, services: null, packaging: null, customs: null, tracking: null, delivery: null, currencies: null, default_currency: null }

type LookupBody = { consignments: { products: { id: string }[]; additionalServices?: string[] }[] }

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, getContainer }) => {
    let store: SeededStore
    let storeHeaders: { headers: Record<string, string> }
    let adminHeaders: { headers: Record<string, string> }

    beforeAll(async () => {
      store = await seedNorwegianStore(getContainer(), [
        { code: "SERVICEPAKKE", requiresPickupPoint: true },
        { code: "PA_DOREN" },
        { code: "3584" },
      ])
      storeHeaders = { headers: { "x-publishable-api-key": store.publishableKey } }
      adminHeaders = await createAdminHeaders(api, getContainer())
    })

    afterEach(async () => {
      sandbox().clearFaults()
      await api.post(SETTINGS, RESET, adminHeaders)
    })

    const lookups = () => sandbox().requests.filter((r) => r.path === SHIPPING_LOOKUP)
    const saveSettings = (body: unknown) => api.post(SETTINGS, body, adminHeaders)

    const shop = storefront(api, () => store)
    const createCart = (postalCode: string, variantId = store.variants.flat) =>
      shop.createCart(postalCode, [{ variant_id: variantId, quantity: 1 }])

    async function calculate(cartId: string, service: string) {
      const res = await api.post(`/store/shipping-options/${store.options[service]}/calculate`, { cart_id: cartId }, storeHeaders)
      return (res.data.shipping_option.amount ?? null) as number | null
    }

    async function deliveryOptions(cartId: string) {
      const { data } = await api.get(`/store/nordic-parcel/delivery-options?cart_id=${cartId}`, storeHeaders)
      return data.delivery_options as { service_code: string; amount: number | null; price_source: string | null }[]
    }

    async function fulfillmentOptions() {
      const { data } = await api.get("/admin/fulfillment-providers/nordic-parcel_nordic-parcel/options", adminHeaders)
      return data.fulfillment_options as { service_code: string; name: string }[]
    }

    async function placeOrderAndFulfil(service: string) {
      const order = await shop.placeOrder(service, store.variants.boxed)
      const res = await api.post(
        `/admin/orders/${order.id}/fulfillments`,
        { items: order.items.map((i) => ({ id: i.id, quantity: 1 })) },
        adminHeaders
      )
      expect(res.status).toBe(200)
      return sandbox().bookings.at(-1)!
    }

    describe("GET /admin/nordic-parcel/settings", () => {
      it("starts with no settings: the options of medusa-config are the defaults and in force, credentials only as flags", async () => {
        const { data } = await api.get(SETTINGS, adminHeaders)
        expect(data.settings).toEqual({})
        expect(data.version).toBe(0)
        expect(data.defaults).toMatchObject({
          test_mode: true,
          customer_number: "5",
          services: {
            PA_DOREN: expect.objectContaining({ offered: true, fallback_price: 149, additional_services: ["EVARSLING"] }),
            "9300": expect.objectContaining({ is_return: true, qr_codes: true }),
          },
          packaging: expect.objectContaining({ weight_unit: "g" }),
          tracking: expect.objectContaining({ event_groups: expect.arrayContaining(["DELIVERED"]) }),
        })
        expect(data.effective).toEqual(data.defaults)
        expect(data.credentials).toEqual({ api_uid_set: true, api_key_set: true, webhook_secret_set: true })
      })
    })

    describe("prices", () => {
      it("applies a new markup to the next quote of the same cart, from the cached carrier answer", async () => {
        const cartId = await createCart("0250")
        const carrierPrice = (await calculate(cartId, "PA_DOREN"))!
        const shown = (await deliveryOptions(cartId)).find((o) => o.service_code === "PA_DOREN")
        expect(shown).toMatchObject({ price_source: "carrier", amount: carrierPrice })
        const asked = lookups().length

        const saved = await saveSettings({ services: { PA_DOREN: { markup: "p50p" } } })
        expect(saved.data.settings).toEqual({ services: { PA_DOREN: { markup: "p50p" } } })
        expect(saved.data.effective.services.PA_DOREN.markup).toBe("p50p")

        // The markup is applied to the carrier's price without VAT, VAT on top: 1.5 × the price.
        const marked = (await calculate(cartId, "PA_DOREN"))!
        expect(marked).toBeCloseTo(carrierPrice * 1.5, 1)
        expect((await deliveryOptions(cartId)).find((o) => o.service_code === "PA_DOREN")?.amount).toBe(marked)
        // Markups are the plugin's own arithmetic: the cached answer is reused, never stale.
        expect(lookups().length).toBe(asked)

        await saveSettings({ services: { PA_DOREN: { markup: null } } })
        expect(await calculate(cartId, "PA_DOREN")).toBe(carrierPrice)
      })

      it("applies a new fallback price to the next quote while the carrier is failing", async () => {
        sandbox().fault("shipping", { kind: "status", status: 500 })
        const cartId = await createCart("6002")
        expect(await calculate(cartId, "PA_DOREN")).toBe(149)

        await saveSettings({ services: { PA_DOREN: { fallback_price: 199 } } })
        expect(await calculate(cartId, "PA_DOREN")).toBe(199)
        // A service that had none gets one.
        expect(await calculate(cartId, "3584")).toBeNull()
        await saveSettings({ services: { "3584": { fallback_price: 59 } } })
        expect(await calculate(cartId, "3584")).toBe(59)
      })

      it("asks the carrier again when a setting changes what it is asked (additional services)", async () => {
        const cartId = await createCart("3015")
        await calculate(cartId, "PA_DOREN")
        const asked = lookups().length

        await saveSettings({ services: { PA_DOREN: { additional_services: ["SIMPLE_DELIVERY"] } } })
        expect(await calculate(cartId, "PA_DOREN")).toBeGreaterThan(0)
        expect(lookups().length).toBe(asked + 1)
        const consignments = (lookups().at(-1)!.body as LookupBody).consignments
        const home = consignments.find((c) => c.products.some((p) => p.id === "PA_DOREN"))!
        expect(home.additionalServices).toEqual(["SIMPLE_DELIVERY"])
      })
    })

    describe("services", () => {
      it("switches a service off everywhere (admin options, delivery options, checkout, the carrier request) and on again", async () => {
        expect((await fulfillmentOptions()).map((o) => o.service_code)).toContain("3584")
        await saveSettings({ services: { "3584": { offered: false } } })

        // Not listed again from the customer list either.
        expect((await fulfillmentOptions()).map((o) => o.service_code)).not.toContain("3584")
        const cartId = await createCart("2000")
        const codes = (await deliveryOptions(cartId)).map((o) => o.service_code)
        expect(codes).toEqual(expect.arrayContaining(["SERVICEPAKKE", "PA_DOREN"]))
        expect(codes).not.toContain("3584")
        expect(await calculate(cartId, "3584")).toBeNull()
        const asked = (lookups().at(-1)!.body as LookupBody).consignments.flatMap((c) => c.products.map((p) => p.id))
        expect(asked).not.toContain("3584")
        const refused = await api
          .post(`/store/carts/${cartId}/shipping-methods`, { option_id: store.options["3584"] }, storeHeaders)
          .catch(responseOf)
        expect(refused.status).toBe(400)

        await saveSettings({ services: { "3584": { offered: null } } })
        expect((await fulfillmentOptions()).map((o) => o.service_code)).toContain("3584")
        expect((await deliveryOptions(cartId)).map((o) => o.service_code)).toContain("3584")
      })

      it("shows the merchant's name for a service to shoppers", async () => {
        await saveSettings({ services: { PA_DOREN: { name: "Home delivery in the evening" } } })
        const { data } = await api.get(`/store/nordic-parcel/delivery-options?cart_id=${await createCart("4006")}`, storeHeaders)
        const home = data.delivery_options.find((o: { service_code: string }) => o.service_code === "PA_DOREN")
        expect(home.display.name).toBe("Home delivery in the evening")
        expect((await fulfillmentOptions()).find((o) => o.service_code === "PA_DOREN")?.name).toBe("Home delivery in the evening · PA_DOREN")
      })

      it("offers a service added in the admin, under the merchant's name, once", async () => {
        await saveSettings({ services: { EKSPRESS09: { name: "Express before nine", fallback_price: 299 } } })
        const options = await fulfillmentOptions()
        expect(options.filter((o) => o.service_code === "EKSPRESS09")).toEqual([
          expect.objectContaining({ id: "nordic-parcel-EKSPRESS09", name: "Express before nine · EKSPRESS09", is_return: false }),
        ])
      })
    })

    describe("bookings", () => {
      it("books with the test mode in force: the next booking's testIndicator follows the setting", async () => {
        await saveSettings({ test_mode: false })
        expect((await placeOrderAndFulfil("PA_DOREN")).test).toBe(false)

        await saveSettings({ test_mode: true })
        expect((await placeOrderAndFulfil("PA_DOREN")).test).toBe(true)
      })

      it("books with the additional services in force", async () => {
        await saveSettings({ services: { PA_DOREN: { additional_services: [] } } })
        const booking = await placeOrderAndFulfil("PA_DOREN")
        expect((booking.request as { product: { additionalServices?: unknown[] } }).product.additionalServices ?? []).toEqual([])
      })
    })

    describe("validation and secrets", () => {
      it.each([
        ["a markup outside the carrier's syntax", { services: { PA_DOREN: { markup: "+10%" } } }, /services\[PA_DOREN\]\.markup: must be in the carrier's priceAdjustments syntax/],
        ["a negative fallback price", { services: { PA_DOREN: { fallback_price: -5 } } }, /services\[PA_DOREN\]\.fallback_price/],
        ["an unknown event group", { tracking: { event_groups: ["EVERYTHING"] } }, /tracking\.event_groups\[0\]/],
        ["an unknown weight unit", { packaging: { weight_unit: "stone" } }, /packaging\.weight_unit/],
        ["an unknown setting", { services: { PA_DOREN: { colour: "red" } } }, /services\[PA_DOREN\]\.colour: is not a known setting/],
        ["the API key", { api_key: "another-key" }, /api_key: is set in medusa-config/],
        ["the webhook secret", { webhooks: { secret: "another-secret-0123456789" } }, /webhooks: is set in medusa-config/],
        ["an exchange rate that would price shipping at nothing", { currencies: { SEK: { exchange_rate: 1e-9 } } }, /currencies\[SEK\]\.exchange_rate: must be between 0\.0001 and 10000/],
        ["an exchange rate far above any currency's", { currencies: { SEK: { exchange_rate: 1e9 } } }, /currencies\[SEK\]\.exchange_rate: must be between 0\.0001 and 10000/],
      ])("refuses %s with 400 naming the field, and keeps the settings", async (_name, body, message) => {
        await saveSettings({ services: { PA_DOREN: { markup: "p10p" } } })
        const before = (await api.get(SETTINGS, adminHeaders)).data

        const res = await saveSettings(body).catch(responseOf)
        expect(res.status).toBe(400)
        expect(res.data.type).toBe("invalid_data")
        expect(res.data.message).toMatch(message)

        const after = (await api.get(SETTINGS, adminHeaders)).data
        expect(after.settings).toEqual(before.settings)
        expect(after.version).toBe(before.version)
      })

      it("refuses to change the default currency while exchange rates are set against it, naming them, and accepts it with the rates given anew", async () => {
        await saveSettings({ currencies: { EUR: { exchange_rate: 0.085 } } })
        const before = (await api.get(SETTINGS, adminHeaders)).data

        const refused = await saveSettings({ default_currency: "SEK" }).catch(responseOf)
        expect(refused.status).toBe(400)
        expect(refused.data.message).toMatch(/default_currency: .*NOK to SEK.*currencies\[EUR\]\.exchange_rate/)
        const kept = (await api.get(SETTINGS, adminHeaders)).data
        expect(kept.version).toBe(before.version)
        expect(kept.effective.default_currency).toBe("NOK")

        const accepted = await saveSettings({ default_currency: "SEK", currencies: { EUR: { exchange_rate: 0.089 } } })
        expect(accepted.status).toBe(200)
        expect(accepted.data.settings).toMatchObject({ default_currency: "SEK", currencies: { EUR: { exchange_rate: 0.089 } } })
      })

      it("records who saved, and no answer of the admin routes carries the API key or the webhook secret", async () => {
        const saved = await saveSettings({ test_mode: false, tracking: { event_groups: ["DELIVERED"] } })
        expect(saved.data).toMatchObject({ version: 1, updated_by: expect.stringMatching(/^user_/), updated_at: expect.any(String) })
        const answers = [
          saved.data,
          (await api.get(SETTINGS, adminHeaders)).data,
          (await api.get("/admin/nordic-parcel/status", adminHeaders)).data,
          (await api.get("/admin/nordic-parcel/customers", adminHeaders)).data,
          (await saveSettings({ api_key: sandbox().credentials.apiKey }).catch(responseOf)).data,
        ]
        for (const answer of answers) {
          const json = JSON.stringify(answer)
          expect(json).not.toContain(sandbox().credentials.apiKey)
          expect(json).not.toContain(WEBHOOK_SECRET)
        }
      })
    })

    describe("GET /admin/nordic-parcel/status and /customers", () => {
      it("says the credentials work, with test mode, webhook, customer numbers and their services", async () => {
        await saveSettings({ test_mode: false })
        const { data } = await api.get("/admin/nordic-parcel/status", adminHeaders)
        expect(data).toMatchObject({
          credentials: { valid: true, error: null, api_uid_set: true, api_key_set: true, webhook_secret_set: true },
          test_mode: false,
          base_url: sandbox().url,
          default_customer_number: "5",
          unavailable_customer_numbers: [],
          webhook: { secret_set: true, header_name: "X-Nordic-Parcel-Secret", event_groups: expect.arrayContaining(["DELIVERED"]) },
          settings: { version: 1, updated_by: expect.stringMatching(/^user_/) },
        })
        // The test app declares the fulfillment module's dependencies and its credentials work.
        const problems = data.setup_problems.map((p: { code: string }) => p.code)
        expect(problems).not.toContain("fulfillment_dependencies")
        expect(problems).not.toContain("credentials_refused")
        const five = data.customer_numbers.find((c: { customer_number: string }) => c.customer_number === "5")
        expect(five).toMatchObject({ listed_as: "PARCELS_NORWAY-00000000005", default: true, services: expect.arrayContaining(["PA_DOREN"]) })

        const customers = await api.get("/admin/nordic-parcel/customers", adminHeaders)
        expect(customers.data.customers).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ customer_number: "5", services: expect.arrayContaining(["PA_DOREN", "SERVICEPAKKE"]) }),
            expect.objectContaining({ customer_number: "6" }),
          ])
        )
      })

      it("says refused credentials are invalid and lists the latest carrier failures, checkout's included", async () => {
        sandbox().fault("shipping", { kind: "status", status: 503 })
        await calculate(await createCart("8006"), "PA_DOREN")
        sandbox().fault("customers", { kind: "status", status: 401 })

        const { data } = await api.get("/admin/nordic-parcel/status", adminHeaders)
        expect(data.credentials).toMatchObject({ valid: false, error: expect.objectContaining({ kind: "authentication" }) })
        expect(data.setup_problems).toContainEqual(
          expect.objectContaining({ code: "credentials_refused", fix: expect.stringContaining("apiKey") })
        )
        expect(data.carrier_errors[0]).toMatchObject({
          at: expect.any(String),
          operation: "booking.customers",
          kind: "authentication",
          status: 401,
          message: expect.any(String),
        })
        expect(data.carrier_errors[0]).toHaveProperty("code")
        expect(data.carrier_errors).toEqual(
          expect.arrayContaining([expect.objectContaining({ operation: "shipping.products", kind: "server", status: 503 })])
        )
        expect(data.carrier_errors.length).toBeLessThanOrEqual(20)

        const customers = await api.get("/admin/nordic-parcel/customers", adminHeaders).catch(responseOf)
        expect(customers.status).toBe(502)
      })
    })
  },
})
