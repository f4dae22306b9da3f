import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { AxiosInstance } from "axios"
import { responseOf } from "../helpers/http"
import { useSandbox } from "../helpers/sandbox"
import { storefront } from "../helpers/storefront"
import { seedNorwegianStore, type SeededStore } from "../helpers/store"

jest.setTimeout(120 * 1000)

/**
 * A storefront checkout over the store API, against a real Medusa app and the carrier sandbox:
 * calculated prices and delivery dates, pickup points, the shipping method data, the order —
 * and what happens when the carrier is down, failing, hanging or throttling.
 */
const sandbox = useSandbox()
const SHIPPING_LOOKUP = "/shippingguide/v2/products"

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, getContainer }) => {
    let store: SeededStore
    let storeHeaders: { headers: Record<string, string> }

    beforeAll(async () => {
      store = await seedNorwegianStore(getContainer(), [
        { code: "SERVICEPAKKE", requiresPickupPoint: true },
        { code: "PA_DOREN" },
        { code: "3584" },
      ])
      storeHeaders = { headers: { "x-publishable-api-key": store.publishableKey } }
    })

    afterEach(() => sandbox().clearFaults())

    const lookups = () => sandbox().requests.filter((r) => r.path === SHIPPING_LOOKUP).length

    const { createCart, completeCart } = storefront(api, () => store)

    async function calculate(cartId: string, service: string, data?: Record<string, unknown>) {
      const res = await api.post(
        `/store/shipping-options/${store.options[service]}/calculate`,
        { cart_id: cartId, ...(data ? { data } : {}) },
        storeHeaders
      )
      return res.data.shipping_option as { amount: number | null | undefined; is_tax_inclusive: boolean }
    }

    /** Asks the sandbox directly, with the lookup the plugin sent, what a service costs. */
    async function sandboxPrice(service: string): Promise<number> {
      const sent = [...sandbox().requests].reverse().find((r) => r.path === SHIPPING_LOOKUP)!
      const res = await fetch(`${sandbox().url}${SHIPPING_LOOKUP}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-portal-api-uid": sandbox().credentials.apiUid,
          "x-portal-api-key": sandbox().credentials.apiKey,
        },
        body: JSON.stringify(sent.body),
      })
      const body = await res.json()
      const product = body.consignments.flatMap((c: { products: unknown[] }) => c.products).find((p: { id: string }) => p.id === service)
      return Number(product.price.netPrice.priceWithAdditionalServices.amountWithVAT)
    }

    async function pickupPoints(api_: AxiosInstance, query: string) {
      const { data } = await api_.get(`/store/nordic-parcel/pickup-points?${query}`, storeHeaders)
      return data.pickup_points as { id: string; is_locker: boolean; name: string; distance_km?: number }[]
    }

    describe("prices and delivery dates", () => {
      it("lists the carrier options as calculated and prices each at the sandbox's agreement price", async () => {
        // A flat parcel, so that the mailbox parcel (3584) is offered too.
        const cartId = await createCart("5004", [{ variant_id: store.variants.flat, quantity: 1 }])
        const { data } = await api.get(`/store/shipping-options?cart_id=${cartId}`, storeHeaders)
        expect(data.shipping_options.map((o: { id: string }) => o.id).sort()).toEqual(Object.values(store.options).sort())
        expect(data.shipping_options.every((o: { price_type: string }) => o.price_type === "calculated")).toBe(true)

        for (const service of ["SERVICEPAKKE", "PA_DOREN", "3584"]) {
          const option = await calculate(cartId, service)
          expect(option.amount).toBeGreaterThan(0)
          expect(option.amount).toEqual(await sandboxPrice(service))
          expect(option.is_tax_inclusive).toBe(true)
        }
        // The lookup asked for all three services at once, from the warehouse to the shopper.
        const sent = sandbox().requests.filter((r) => r.path === SHIPPING_LOOKUP).at(-1)!.body as {
          consignments: { products: { id: string }[]; fromPostalCode: string; toPostalCode: string; packages: { grossWeight: number }[] }[]
        }
        expect(sent.consignments.flatMap((c) => c.products.map((p) => p.id))).toEqual(
          expect.arrayContaining(["3584", "PA_DOREN", "SERVICEPAKKE"])
        )
        expect(sent.consignments.every((c) => c.fromPostalCode === "0154" && c.toPostalCode === "5004")).toBe(true)
        expect(sent.consignments[0].packages[0].grossWeight).toBe(300)
      })

      it("shows every option with price, delivery date and texts from one carrier request", async () => {
        const cartId = await createCart("7010", [{ variant_id: store.variants.flat, quantity: 2 }])
        const before = lookups()
        const { data } = await api.get(`/store/nordic-parcel/delivery-options?cart_id=${cartId}`, storeHeaders)
        expect(lookups() - before).toBe(1)
        expect(data.delivery_options).toHaveLength(3)
        const pickup = data.delivery_options.find((o: { service_code: string }) => o.service_code === "SERVICEPAKKE")
        expect(pickup).toMatchObject({
          shipping_option_id: store.options.SERVICEPAKKE,
          requires_pickup_point: true,
          available: true,
          currency_code: "nok",
          price_source: "carrier",
          expected_delivery_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
          working_days: expect.any(Number),
          display: expect.objectContaining({ name: expect.any(String) }),
        })
        // The amount shown is the amount the cart gets.
        expect((await calculate(cartId, "SERVICEPAKKE")).amount).toBe(pickup.amount)
        expect(lookups() - before).toBe(1)
      })

      it("makes one carrier request for a whole checkout: 5 prices, a choice, 3 cart refreshes", async () => {
        const cartId = await createCart("0565", [{ variant_id: store.variants.boxed, quantity: 1 }])
        const before = lookups()
        await Promise.all(["SERVICEPAKKE", "PA_DOREN", "3584", "PA_DOREN", "3584"].map((s) => calculate(cartId, s)))
        await api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: store.options.PA_DOREN }, storeHeaders)
        for (const email of ["a@example.com", "b@example.com", "c@example.com"]) {
          await api.post(`/store/carts/${cartId}`, { email }, storeHeaders)
        }
        expect(lookups() - before).toBe(1)
      })

      it("asks again when the cart changes what the price depends on", async () => {
        const cartId = await createCart("0661", [{ variant_id: store.variants.flat, quantity: 1 }])
        const first = await calculate(cartId, "PA_DOREN")
        const before = lookups()
        await api.post(`/store/carts/${cartId}/line-items`, { variant_id: store.variants.boxed, quantity: 3 }, storeHeaders)
        const heavier = await calculate(cartId, "PA_DOREN")
        expect(lookups() - before).toBe(1)
        expect(heavier.amount).toBeGreaterThan(first.amount as number)
      })

      it("hides a service the parcel is too large for instead of failing", async () => {
        const cartId = await createCart("5015", [{ variant_id: store.variants.large, quantity: 1 }])
        const mailbox = await calculate(cartId, "3584")
        expect(mailbox.amount ?? null).toBeNull()
        const res = await api
          .post(`/store/carts/${cartId}/shipping-methods`, { option_id: store.options["3584"] }, storeHeaders)
          .catch(responseOf)
        expect(res.status).toBe(400)
      })
    })

    describe("pickup points", () => {
      it("lists points near the address, nearest first, and validates the query", async () => {
        const points = await pickupPoints(api, "country_code=no&postal_code=5004&limit=5")
        expect(points.length).toBeGreaterThan(0)
        expect(points.length).toBeLessThanOrEqual(5)
        const distances = points.map((p) => p.distance_km ?? 0)
        expect([...distances].sort((a, b) => a - b)).toEqual(distances)

        const bad = await api
          .get(`/store/nordic-parcel/pickup-points?country_code=DE&postal_code=10115`, storeHeaders)
          .catch(responseOf)
        expect(bad.status).toBe(400)
        expect(bad.data.message).toMatch(/country_code/)
        expect(bad.data.message).toMatch(/NO, DK, SE, FI/)
        const badCode = await api
          .get(`/store/nordic-parcel/pickup-points?country_code=SE&postal_code=123`, storeHeaders)
          .catch(responseOf)
        expect(badCode.status).toBe(400)
        expect(badCode.data.message).toMatch(/postal_code must be 5 digits for SE/)
      })

      it("leaves out lockers the cart does not fit", async () => {
        const all = await pickupPoints(api, "country_code=NO&postal_code=0154&limit=20")
        expect(all.some((p) => p.is_locker)).toBe(true)
        const cartId = await createCart("0154", [{ variant_id: store.variants.large, quantity: 1 }])
        const fitting = await pickupPoints(api, `country_code=NO&postal_code=0154&limit=20&cart_id=${cartId}`)
        expect(fitting.length).toBeGreaterThan(0)
        expect(fitting.some((p) => p.is_locker)).toBe(false)
      })

      it("does not remember a carrier outage as 'no pickup points'", async () => {
        sandbox().fault("pickup", { kind: "status", status: 500 })
        expect(await pickupPoints(api, "country_code=NO&postal_code=9600")).toEqual([])
        sandbox().clearFaults()
        expect((await pickupPoints(api, "country_code=NO&postal_code=9600")).length).toBeGreaterThan(0)
      })

      it("autofills the city of a postal code and answers 404 for an unknown one", async () => {
        const { data } = await api.get(`/store/nordic-parcel/postal-codes/NO/5004`, storeHeaders)
        expect(data.postal_code).toEqual({ postal_code: "5004", city: expect.any(String), type: expect.any(String) })
        const missing = await api.get(`/store/nordic-parcel/postal-codes/NO/0001`, storeHeaders).catch(responseOf)
        expect(missing.status).toBe(404)
        const invalid = await api.get(`/store/nordic-parcel/postal-codes/NO/12`, storeHeaders).catch(responseOf)
        expect(invalid.status).toBe(400)
        expect(invalid.data.message).toMatch(/postal_code must be 4 digits for NO/)
      })

      it("requires a known pickup point that fits, stores its snapshot, and carries it into the order", async () => {
        const cartId = await createCart("5004", [{ variant_id: store.variants.boxed, quantity: 1 }])
        const addMethod = (data?: Record<string, unknown>) =>
          api
            .post(`/store/carts/${cartId}/shipping-methods`, { option_id: store.options.SERVICEPAKKE, ...(data ? { data } : {}) }, storeHeaders)
            .catch(responseOf)

        const without = await addMethod()
        expect(without.status).toBe(400)
        expect(without.data.message).toMatch(/data\.pickup_point_id is required/)
        const unknown = await addMethod({ pickup_point_id: "999999999" })
        expect(unknown.status).toBe(400)
        expect(unknown.data.message).toMatch(/data\.pickup_point_id: "999999999" is not a pickup point/)

        const [point] = (await pickupPoints(api, "country_code=NO&postal_code=5004")).filter((p) => !p.is_locker)
        const chosen = await addMethod({ pickup_point_id: point.id })
        expect(chosen.status).toBe(200)
        const { data: cartData } = await api.get(`/store/carts/${cartId}?fields=+shipping_methods.data`, storeHeaders)
        const method = cartData.cart.shipping_methods[0]
        expect(method.data).toEqual({
          service_code: "SERVICEPAKKE",
          pickup_point_id: point.id,
          pickup_point: expect.objectContaining({
            id: point.id,
            name: point.name,
            address: expect.any(String),
            postal_code: expect.stringMatching(/^\d{4}$/),
            city: expect.any(String),
            country_code: "NO",
          }),
          delivery_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        })
        expect(method.amount).toBeGreaterThan(0)

        const order = await completeCart(cartId)
        const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
        const { data: [stored] } = await query.graph({
          entity: "order",
          fields: ["id", "shipping_methods.data", "shipping_methods.amount"],
          filters: { id: order.id },
        })
        expect(stored.shipping_methods[0].data).toEqual(method.data)
        expect(Number(stored.shipping_methods[0].amount)).toBe(method.amount)
      })

      it("refuses a parcel locker the cart does not fit, naming the field", async () => {
        const cartId = await createCart("0154", [{ variant_id: store.variants.large, quantity: 1 }])
        const locker = (await pickupPoints(api, "country_code=NO&postal_code=0154&limit=20")).find((p) => p.is_locker)!
        const res = await api
          .post(`/store/carts/${cartId}/shipping-methods`, { option_id: store.options.SERVICEPAKKE, data: { pickup_point_id: locker.id } }, storeHeaders)
          .catch(responseOf)
        expect(res.status).toBe(400)
        expect(res.data.message).toMatch(/data\.pickup_point_id: the parcel \(150×60×50 cm\) does not fit parcel locker/)
      })

      it("drops a stale pickup point when the shopper switches to home delivery", async () => {
        const cartId = await createCart("5004", [{ variant_id: store.variants.flat, quantity: 1 }])
        await api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: store.options.PA_DOREN, data: { pickup_point_id: "123" } }, storeHeaders)
        const { data } = await api.get(`/store/carts/${cartId}?fields=+shipping_methods.data`, storeHeaders)
        expect(data.cart.shipping_methods[0].data).toEqual({ service_code: "PA_DOREN", delivery_date: expect.any(String) })
      })
    })

    describe("when the carrier is not well", () => {
      it.each([
        ["down (connection reset)", { kind: "reset" as const }, "9600"],
        ["failing with 500", { kind: "status" as const, status: 500 }, "4050"],
        ["throttling with 429", { kind: "status" as const, status: 429, retryAfter: 1 }, "0951"],
        ["hanging past the checkout budget", { kind: "hang" as const }, "5003"],
      ])("is %s: fallback prices, hidden options, and the checkout still completes", async (_name, fault, postalCode) => {
        sandbox().fault("shipping", fault)
        const cartId = await createCart(postalCode, [{ variant_id: store.variants.boxed, quantity: 1 }])

        expect((await calculate(cartId, "PA_DOREN")).amount).toBe(149)
        expect((await calculate(cartId, "3584")).amount ?? null).toBeNull()

        const added = await api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: store.options.PA_DOREN }, storeHeaders)
        expect(added.status).toBe(200)
        // Cart updates keep working while the carrier is unwell.
        const updated = await api.post(`/store/carts/${cartId}`, { email: "still@works.no" }, storeHeaders)
        expect(updated.status).toBe(200)
        await api.post(`/store/carts/${cartId}/line-items`, { variant_id: store.variants.flat, quantity: 1 }, storeHeaders)

        const order = await completeCart(cartId)
        expect(order.shipping_methods[0].amount).toBe(149)
      })

      it("drops a method without a fallback when the carrier fails later, and the cart update succeeds", async () => {
        const cartId = await createCart("0150", [{ variant_id: store.variants.flat, quantity: 1 }])
        await api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: store.options["3584"] }, storeHeaders)
        sandbox().fault("shipping", { kind: "status", status: 503 })
        // A new address is a new quote; the carrier fails; the mailbox method has no fallback.
        const updated = await api.post(
          `/store/carts/${cartId}`,
          { shipping_address: { country_code: "no", postal_code: "9600", city: "Hammerfest", address_1: "Storgata 2" } },
          storeHeaders
        )
        expect(updated.status).toBe(200)
        const { data } = await api.get(`/store/carts/${cartId}`, storeHeaders)
        expect(data.cart.shipping_methods).toEqual([])
      })
    })
  },
})
