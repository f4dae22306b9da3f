import http from "node:http"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { AxiosInstance } from "axios"
import type { Logger } from "@medusajs/framework/types"
import { eventually } from "../helpers/eventually"
import { responseOf } from "../helpers/http"
import { useSandbox } from "../helpers/sandbox"
import { storefront } from "../helpers/storefront"
import { seedNorwegianStore, type SeededStore } from "../helpers/store"
import { createAdminHeaders, createListedShippingOption } from "../helpers/admin"

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
    let adminHeaders: { headers: Record<string, string> }
    /** The process's warnings, watched from the start (the proxy notice is said once per process). */
    let proxyWarnings: jest.SpyInstance

    beforeAll(async () => {
      store = await seedNorwegianStore(getContainer(), [
        { code: "SERVICEPAKKE", requiresPickupPoint: true },
        { code: "PA_DOREN" },
        { code: "3584" },
      ])
      storeHeaders = { headers: { "x-publishable-api-key": store.publishableKey } }
      adminHeaders = await createAdminHeaders(api, getContainer())
      proxyWarnings = jest.spyOn(getContainer().resolve<Logger>(ContainerRegistrationKeys.LOGGER), "warn")
    })

    afterEach(() => sandbox().clearFaults())

    const lookups = () => sandbox().requests.filter((r) => r.path === SHIPPING_LOOKUP).length

    const { createCart, completeCart } = storefront(api, () => store)

    async function calculate(cartId: string, service: string, data?: Record<string, unknown>) {
      return calculateOption(cartId, store.options[service], data)
    }

    async function calculateOption(cartId: string, optionId: string, data?: Record<string, unknown>) {
      const res = await api.post(
        `/store/shipping-options/${optionId}/calculate`,
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

      it("prices a customer-list service a shipping option uses (no services entry) from the same single lookup", async () => {
        const { data: listed } = await api.get(`/admin/fulfillment-providers/${store.providerId}/options`, adminHeaders)
        const business = listed.fulfillment_options.find((o: { service_code: string }) => o.service_code === "BEDRIFTSPAKKE")
        // The customer number is listed as the carrier's customer list gives it, prefix and all: the
        // booking sends it so (only mailbox services take the bare main number).
        expect(business).toMatchObject({ customer_number: "PARCELS_NORWAY-00000000005", is_return: false })
        // The merchant creates the shipping option in the admin from the listed fulfillment option.
        const businessOptionId = await createListedShippingOption(api, adminHeaders, store, {
          name: "Business parcel",
          data: business,
          isReturn: false,
          type: { label: "Business", description: "Business parcel", code: "business" },
        })
        try {
          const cartId = await createCart("1337", [{ variant_id: store.variants.flat, quantity: 1 }])
          const before = lookups()
          const optionIds = [...Object.values(store.options), businessOptionId]
          const prices = await Promise.all(optionIds.map((id) => calculateOption(cartId, id)))
          expect(lookups() - before).toBe(1)
          const sent = sandbox().requests.filter((r) => r.path === SHIPPING_LOOKUP).at(-1)!.body as {
            consignments: { products: { id: string; customerNumber?: string }[] }[]
          }
          expect(sent.consignments.flatMap((c) => c.products)).toContainEqual({ id: "BEDRIFTSPAKKE", customerNumber: "PARCELS_NORWAY-00000000005" })
          const added = await api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: businessOptionId }, storeHeaders)
          expect(added.data.cart.shipping_methods[0].amount).toBe(prices.at(-1)!.amount)
          expect(lookups() - before).toBe(1)
          // (asks the sandbox itself, which is one more lookup in its log)
          expect(prices.at(-1)!.amount).toBe(await sandboxPrice("BEDRIFTSPAKKE"))
        } finally {
          await api.delete(`/admin/shipping-options/${businessOptionId}`, adminHeaders)
        }
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

      it("answers 503 with a readable message while the carrier fails, and [] only when the carrier says none", async () => {
        sandbox().fault("pickup", { kind: "status", status: 500 })
        const outage = await api.get(`/store/nordic-parcel/pickup-points?country_code=NO&postal_code=9600`, storeHeaders).catch(responseOf)
        expect(outage.status).toBe(503)
        expect(outage.data.message).toMatch(/Pickup points cannot be listed right now: the carrier is not answering.*Try again/)
        sandbox().clearFaults()
        // Not remembered as "no pickup points": the same search answers once the carrier is back.
        expect((await pickupPoints(api, "country_code=NO&postal_code=9600")).length).toBeGreaterThan(0)
        // A postal code the carrier serves no points for is an honest empty list.
        expect(await pickupPoints(api, "country_code=NO&postal_code=0001")).toEqual([])
      })

      it("autofills the city of a postal code and answers 404 for an unknown one", async () => {
        const { data } = await api.get(`/store/nordic-parcel/postal-codes/NO/5004`, storeHeaders)
        expect(data.postal_code).toEqual({ postal_code: "5004", city: expect.any(String), type: expect.any(String), cities: [data.postal_code.city] })
        const missing = await api.get(`/store/nordic-parcel/postal-codes/NO/0001`, storeHeaders).catch(responseOf)
        expect(missing.status).toBe(404)
        const invalid = await api.get(`/store/nordic-parcel/postal-codes/NO/12`, storeHeaders).catch(responseOf)
        expect(invalid.status).toBe(400)
        expect(invalid.data.message).toMatch(/postal_code must be 4 digits for NO/)
      })

      it("refuses an unknown or malformed pickup point naming the field, stores the chosen one's snapshot, and carries it into the order", async () => {
        const cartId = await createCart("5004", [{ variant_id: store.variants.boxed, quantity: 1 }])
        const addMethod = (data?: Record<string, unknown>) =>
          api
            .post(`/store/carts/${cartId}/shipping-methods`, { option_id: store.options.SERVICEPAKKE, ...(data ? { data } : {}) }, storeHeaders)
            .catch(responseOf)

        const unknown = await addMethod({ pickup_point_id: "999999999" })
        expect(unknown.status).toBe(400)
        expect(unknown.data.message).toMatch(/data\.pickup_point_id: "999999999" is not a pickup point/)
        for (const hostile of ["\ud800", "12\u0000", "x".repeat(65), 42]) {
          const refused = await addMethod({ pickup_point_id: hostile })
          expect(refused.status).toBe(400)
          expect(refused.data.message).toMatch(/data\.pickup_point_id/)
        }

        const [, point] = (await pickupPoints(api, "country_code=NO&postal_code=5004")).filter((p) => !p.is_locker)
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
          pickup_point_chosen_by: "shopper",
          pickup_point_area: { country_code: "NO", postal_code: "5004" },
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

      it("a slow carrier while the point follows a new address never holds the cart's lock: the shopper's next cart step goes through", async () => {
        const cartId = await createCart("0154", [{ variant_id: store.variants.boxed, quantity: 1 }])
        expect((await api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: store.options.SERVICEPAKKE }, storeHeaders)).status).toBe(200)
        const methodData = async () =>
          (await api.get(`/store/carts/${cartId}?fields=+shipping_methods.data`, storeHeaders)).data.cart.shipping_methods[0]?.data
        // The pickup-point lookup for the new address takes 4 s (Medusa's cart workflows wait 2 s for the lock).
        sandbox().fault("pickup", { kind: "latency", ms: 4000 })
        try {
          const moved = await api.post(
            `/store/carts/${cartId}`,
            { shipping_address: { country_code: "no", postal_code: "7010", city: "Trondheim", address_1: "Munkegata 1" } },
            storeHeaders
          )
          expect(moved.status).toBe(200)
          // Wait until the subscriber is inside its carrier call, then take the next checkout step.
          await eventually(() => sandbox().requests.some((r) => r.path.includes("/postalCode/7010") && r.status === 0) || undefined)
          const next = await api.post(`/store/carts/${cartId}`, { email: "kari.nordmann@example.com" }, storeHeaders).catch(responseOf)
          expect(next.status).toBe(200)
          // The point still follows once the carrier answers.
          const followed = await eventually(async () => {
            const data = await methodData()
            return data?.pickup_point_area?.postal_code === "7010" ? data : undefined
          }, { timeoutMs: 20_000 })
          expect(followed).toMatchObject({ pickup_point_chosen_by: "nearest" })
        } finally {
          sandbox().clearFaults()
        }
      })

      it("chooses the nearest point the parcel fits when none is sent, and follows the address to another area", async () => {
        // Five boxed lamps stack to 75 cm: one SERVICEPAKKE package that fits no locker (60 cm), so
        // the nearest point is the first manned one of the answer.
        const cartId = await createCart("0154", [{ variant_id: store.variants.boxed, quantity: 5 }])
        const added = await api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: store.options.SERVICEPAKKE }, storeHeaders)
        expect(added.status).toBe(200)
        const methodData = async () =>
          (await api.get(`/store/carts/${cartId}?fields=+shipping_methods.data`, storeHeaders)).data.cart.shipping_methods[0]?.data
        const all = await pickupPoints(api, "country_code=NO&postal_code=0154&street=Strandgaten&street_number=1&limit=20")
        const fitting = await pickupPoints(api, `country_code=NO&postal_code=0154&street=Strandgaten&street_number=1&limit=20&cart_id=${cartId}`)
        // The parcel fits no locker: "nearest suitable" is the first manned point of the carrier's answer.
        expect(fitting[0].id).toBe(all.find((p) => !p.is_locker)!.id)
        expect(await methodData()).toMatchObject({
          pickup_point_id: fitting[0].id,
          pickup_point: expect.objectContaining({ id: fitting[0].id, is_locker: false }),
          pickup_point_chosen_by: "nearest",
          pickup_point_area: { country_code: "NO", postal_code: "0154" },
        })

        // The shopper moves to Hammerfest: the point follows to the nearest one there.
        const moved = await api.post(
          `/store/carts/${cartId}`,
          { shipping_address: { country_code: "no", postal_code: "9600", city: "Hammerfest", address_1: "Storgata 2" } },
          storeHeaders
        )
        expect(moved.status).toBe(200)
        const there = await pickupPoints(api, `country_code=NO&postal_code=9600&street=Storgata&street_number=2&limit=20&cart_id=${cartId}`)
        const followed = await eventually(async () => {
          const data = await methodData()
          return data?.pickup_point_area?.postal_code === "9600" ? data : undefined
        })
        expect(followed).toMatchObject({ pickup_point_id: there[0].id, pickup_point_chosen_by: "nearest" })

        // The shopper may still choose another point there.
        const other = await api.post(
          `/store/carts/${cartId}/shipping-methods`,
          { option_id: store.options.SERVICEPAKKE, data: { pickup_point_id: there[1].id } },
          storeHeaders
        )
        expect(other.status).toBe(200)
        expect(await methodData()).toMatchObject({ pickup_point_id: there[1].id, pickup_point_chosen_by: "shopper" })
      })

      it("refuses a parcel locker the cart does not fit, naming the field", async () => {
        // Five boxed lamps stack to 75 cm: one SERVICEPAKKE package (up to 120 cm), too long for a locker (60 cm).
        const cartId = await createCart("0154", [{ variant_id: store.variants.boxed, quantity: 5 }])
        const locker = (await pickupPoints(api, "country_code=NO&postal_code=0154&limit=20")).find((p) => p.is_locker)!
        const res = await api
          .post(`/store/carts/${cartId}/shipping-methods`, { option_id: store.options.SERVICEPAKKE, data: { pickup_point_id: locker.id } }, storeHeaders)
          .catch(responseOf)
        expect(res.status).toBe(400)
        expect(res.data.message).toMatch(/data\.pickup_point_id: the parcel \(75×30×20 cm\) does not fit parcel locker/)
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

    describe("recovery, hostile input, limits and the delivery promise", () => {
      it("prices from the carrier again within 10 s once it answers again", async () => {
        sandbox().fault("shipping", { kind: "status", status: 500 })
        const cartId = await createCart("4050", [{ variant_id: store.variants.flat, quantity: 3 }])
        expect((await calculate(cartId, "PA_DOREN")).amount).toBe(149) // the fallback while it fails
        sandbox().clearFaults()
        const recovered = await eventually(
          async () => {
            const { amount } = await calculate(cartId, "PA_DOREN")
            return amount !== 149 ? amount : undefined
          },
          { timeoutMs: 10_000, intervalMs: 500 }
        )
        expect(recovered).toBe(await sandboxPrice("PA_DOREN"))
      })

      it("answers 400 naming the field for text the carrier or the database cannot take, on store and admin routes", async () => {
        const refusals: [string, Promise<{ status: number; data: { message: string } }>, RegExp][] = [
          ["pickup street with NUL", api.get(`/store/nordic-parcel/pickup-points?country_code=NO&postal_code=5004&street=Strand%00gaten`, storeHeaders).catch(responseOf), /street/],
          ["pickup cart_id with NUL", api.get(`/store/nordic-parcel/pickup-points?country_code=NO&postal_code=5004&cart_id=cart_%00`, storeHeaders).catch(responseOf), /cart_id/],
          ["postal code with NUL", api.get(`/store/nordic-parcel/postal-codes/NO/50%0004`, storeHeaders).catch(responseOf), /postal_code/],
          ["delivery options cart_id with NUL", api.get(`/store/nordic-parcel/delivery-options?cart_id=cart_%00x`, storeHeaders).catch(responseOf), /cart_id/],
          ["settings name with NUL", api.post(`/admin/nordic-parcel/settings`, { services: { PA_DOREN: { name: "Dør\u0000til dør" } } }, adminHeaders).catch(responseOf), /services.*PA_DOREN.*name/],
          ["settings name with a lone surrogate", api.post(`/admin/nordic-parcel/settings`, { services: { PA_DOREN: { name: "Dør \ud83d" } } }, adminHeaders).catch(responseOf), /services.*PA_DOREN.*name/],
          ["settings key with NUL", api.post(`/admin/nordic-parcel/settings`, { services: { "PA\u0000": { name: "x" } } }, adminHeaders).catch(responseOf), /services/],
          ["subscription customer number with a lone surrogate", api.post(`/admin/nordic-parcel/customer-subscriptions`, { customer_number: "5\udc00", event_groups: ["DELIVERED"] }, adminHeaders).catch(responseOf), /customer_number/],
          ["order id with NUL", api.get(`/admin/nordic-parcel/orders/order_%00`, adminHeaders).catch(responseOf), /id/],
        ]
        for (const [name, answer, field] of refusals) {
          const res = await answer
          expect({ name, status: res.status }).toEqual({ name, status: 400 })
          expect(res.data.message).toMatch(field)
        }
        // Nothing was stored: the admin's settings still hold the configured name.
        const { data } = await api.get(`/admin/nordic-parcel/settings`, adminHeaders)
        expect(data.settings.services?.PA_DOREN?.name).toBeUndefined()
      })

      it("moves the shipping date sent to the carrier by the cut-off time and lead time, and shows both", async () => {
        const cartId = await createCart("2000", [{ variant_id: store.variants.flat, quantity: 1 }])
        const plain = (await api.get(`/store/nordic-parcel/delivery-options?cart_id=${cartId}`, storeHeaders)).data
        const settings = await api.post(`/admin/nordic-parcel/settings`, { delivery: { cut_off_time: "00:00", lead_time_days: 2 } }, adminHeaders)
        expect(settings.data.effective.delivery).toEqual({ cut_off_time: "00:00", lead_time_days: 2 })
        try {
          const { data } = await api.get(`/store/nordic-parcel/delivery-options?cart_id=${cartId}`, storeHeaders)
          // Every moment is past a 00:00 cut-off: the next working day, then two more working days.
          const expected = workingDaysAfter(osloToday(), 3)
          expect(data.delivery_promise).toEqual({ cut_off_time: "00:00", lead_time_days: 2, shipping_date: expected })
          const sent = sandbox().requests.filter((r) => r.path === SHIPPING_LOOKUP).at(-1)!.body as {
            consignments: { shippingDate: { year: string; month: string; day: string } }[]
          }
          const { year, month, day } = sent.consignments[0].shippingDate
          expect(`${year}-${month}-${day}`).toBe(expected)
          const pickupOf = (answer: { delivery_options: { service_code: string; expected_delivery_date: string; shipping_date: string }[] }) =>
            answer.delivery_options.find((o) => o.service_code === "SERVICEPAKKE")!
          expect(pickupOf(data).shipping_date).toBe(expected)
          expect(pickupOf(data).expected_delivery_date > pickupOf(plain).expected_delivery_date).toBe(true)
          expect(pickupOf(data).expected_delivery_date > expected).toBe(true)
        } finally {
          await api.post(`/admin/nordic-parcel/settings`, { delivery: null }, adminHeaders)
        }
      })

      /** A GET from another machine: a connection from another loopback address (Linux routes all of 127/8 to itself). */
      function getFromAddress(localAddress: string, path: string, headers: Record<string, string> = {}): Promise<number> {
        const port = new URL((api as unknown as AxiosInstance).defaults.baseURL!).port
        return new Promise((resolve, reject) => {
          http
            .get({ host: "127.0.0.1", port, path, localAddress, headers: { ...storeHeaders.headers, ...headers } }, (res) => {
              res.resume()
              resolve(res.statusCode!)
            })
            .on("error", reject)
        })
      }

      it("limits each client of the public lookup routes by its connection: a forged X-Forwarded-For per request still meets 429, other shoppers unaffected", async () => {
        const forged = (i: number) => ({ headers: { ...storeHeaders.headers, "x-forwarded-for": `203.0.113.${i}` } })
        const carrierCalls = () => sandbox().requests.filter((r) => r.path.startsWith("/pickuppoint/api/pickuppoint")).length
        const before = carrierCalls()
        // A flood of distinct streets, each request claiming another client: each would be a carrier call.
        const answers = await Promise.all(
          Array.from({ length: 45 }, (_, i) =>
            api.get(`/store/nordic-parcel/pickup-points?country_code=NO&postal_code=0150&street=Flood${i}&street_number=1`, forged(i)).catch(responseOf)
          )
        )
        const served = answers.filter((a) => a.status === 200)
        const refused = answers.filter((a) => a.status === 429)
        expect(served.length + refused.length).toBe(45)
        expect(refused.length).toBeGreaterThan(0)
        expect(carrierCalls() - before).toBeLessThanOrEqual(served.length) // refused ones never reach the carrier
        expect(refused[0].headers["retry-after"]).toMatch(/^[1-9]\d*$/)
        expect(refused[0].data.message).toMatch(/Too many pickup-point lookups from this client; try again in \d+ s/)

        // Another shopper (another address) is served, even naming the flooding one; the postal-code route counts its own requests.
        expect(await getFromAddress("127.0.0.2", `/store/nordic-parcel/pickup-points?country_code=NO&postal_code=0150`, { "x-forwarded-for": "127.0.0.1" })).toBe(200)
        expect((await api.get(`/store/nordic-parcel/postal-codes/NO/0150`, storeHeaders)).status).toBe(200)

        // After Retry-After the flooding client is served again.
        await new Promise((resolve) => setTimeout(resolve, Number(refused[0].headers["retry-after"]) * 1000))
        expect((await api.get(`/store/nordic-parcel/pickup-points?country_code=NO&postal_code=0150`, storeHeaders)).status).toBe(200)
      })

      it("tells the operator, on the status page and once in the log, that shoppers behind a proxy share one bucket while X-Forwarded-For arrives and no proxy is trusted", async () => {
        const viaProxy = (i: number) => ({ headers: { ...storeHeaders.headers, "x-forwarded-for": `198.51.100.${i}` } })
        for (let i = 0; i < 3; i++) {
          await api.get(`/store/nordic-parcel/postal-codes/NO/0150`, viaProxy(i)).catch(responseOf)
        }
        const { data } = await api.get("/admin/nordic-parcel/status", adminHeaders)
        expect(data.client_address).toEqual({
          trusted_proxies: 0,
          header: null,
          forwarded_for_ignored: { requests: expect.any(Number), first_at: expect.any(String), last_at: expect.any(String) },
        })
        expect(data.client_address.forwarded_for_ignored.requests).toBeGreaterThanOrEqual(3)
        expect(data.setup_problems).toContainEqual({
          code: "shared_client_bucket",
          message: expect.stringMatching(/X-Forwarded-For.*every shopper behind it shares one rate-limit bucket/),
          fix: expect.stringContaining("clientAddress: { trustedProxies: 1 }"),
        })
        // Said once in this process's log, however many requests came that way (this file's earlier ones too).
        const said = proxyWarnings.mock.calls.filter(([line]) => /shares one rate-limit bucket/.test(String(line)))
        expect(said).toHaveLength(1)
        expect(String(said[0][0])).toContain("clientAddress")
      })
    })
  },
})

/** Today's date in Oslo (the carrier's and the shop's calendar), as YYYY-MM-DD. */
function osloToday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Oslo", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date())
}

/** The date `count` working days (Monday to Friday) after `date`. */
function workingDaysAfter(date: string, count: number): string {
  const day = new Date(`${date}T12:00:00Z`)
  for (let left = count; left > 0; ) {
    day.setUTCDate(day.getUTCDate() + 1)
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) left--
  }
  return day.toISOString().slice(0, 10)
}
