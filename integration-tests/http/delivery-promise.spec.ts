import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { AxiosResponse } from "axios"
import { createAdminHeaders } from "../helpers/admin"
import { responseOf } from "../helpers/http"
import { NORDIC_SANDBOX_USERS, seedNordicStore, type NordicStore } from "../helpers/nordic-store"
import { useSandbox } from "../helpers/sandbox"
import { storefront } from "../helpers/storefront"

jest.setTimeout(180 * 1000)

/**
 * The delivery promise, exact: the shopper picks the day among those the carrier offers (with the
 * hours), the booking asks the carrier for that day, pickup points carry their arrival window, and
 * a warehouse that posts at a post office is quoted with the surcharge. A real Medusa app, the
 * carrier sandbox over HTTP, one boot.
 */
const sandbox = useSandbox({ users: NORDIC_SANDBOX_USERS })
const SHIPPING_LOOKUP = "/shippingguide/v2/products"
const answerOf = (request: Promise<AxiosResponse>) => request.catch(responseOf)

type DeliveryOption = {
  shipping_option_id: string
  service_code: string
  available: boolean
  amount: number | null
  expected_delivery_date: string | null
  expected_delivery_window: { from: string; to: string } | null
  takes_delivery_date: boolean
  delivery_dates: { date: string; window?: { from: string; to: string } }[]
}

const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay()
/** A working day `days` calendar days or more from today (never a weekend). */
function workingDayFromToday(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000)
  while ([0, 6].includes(date.getUTCDay())) date.setUTCDate(date.getUTCDate() + 1)
  return date.toISOString().slice(0, 10)
}

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, getContainer }) => {
    let store: NordicStore
    let storeHeaders: { headers: Record<string, string> }
    let adminHeaders: { headers: Record<string, string> }

    beforeAll(async () => {
      store = await seedNordicStore(getContainer(), [{ code: "SERVICEPAKKE", requiresPickupPoint: true }, { code: "PA_DOREN" }])
      storeHeaders = { headers: { "x-publishable-api-key": store.publishableKey } }
      adminHeaders = await createAdminHeaders(api, getContainer())
      // The merchant offers four later days for PA_DOREN; Gothenburg books on its own agreement.
      const saved = await api.post(
        "/admin/nordic-parcel/settings",
        {
          services: { PA_DOREN: { alternative_delivery_dates: 4 } },
          currencies: { SEK: { exchange_rate: 0.95, rounding: "up_to_9" } },
          locations: { [store.gothenburgId]: { customer_number: "8" } },
        },
        adminHeaders
      )
      expect(saved.status).toBe(200)
    })

    afterEach(() => sandbox().clearFaults())

    const { createCart, completeCart } = storefront(api, () => store)
    const lookups = () => sandbox().requests.filter((r) => r.path === SHIPPING_LOOKUP)

    async function deliveryOptions(cartId: string): Promise<DeliveryOption[]> {
      const { data } = await api.get(`/store/nordic-parcel/delivery-options?cart_id=${cartId}`, storeHeaders)
      return data.delivery_options
    }
    const optionOf = (options: DeliveryOption[], code: string) => options.find((o) => o.service_code === code)!

    const addMethod = (cartId: string, optionId: string, data?: Record<string, unknown>) =>
      answerOf(api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: optionId, ...(data ? { data } : {}) }, storeHeaders))

    async function methodsOf(cartId: string) {
      const { data } = await api.get(`/store/carts/${cartId}?fields=+shipping_methods.data`, storeHeaders)
      return data.cart.shipping_methods as { shipping_option_id: string; data: Record<string, unknown> }[]
    }

    const fulfil = (order: { id: string; items: { id: string }[] }) =>
      answerOf(api.post(`/admin/orders/${order.id}/fulfillments`, { items: order.items.map((i) => ({ id: i.id, quantity: 1 })) }, adminHeaders))

    async function plannedOf(orderId: string) {
      const { data } = await api.get(`/admin/nordic-parcel/orders/${orderId}`, adminHeaders)
      return data.shipping_methods[0] as Record<string, unknown>
    }

    /** A PA_DOREN order to Bergen for the day at `index` of the offered days. */
    async function orderForDay(postalCode: string, index: number) {
      const cartId = await createCart(postalCode, [{ variant_id: store.variants.boxed, quantity: 1 }])
      const days = optionOf(await deliveryOptions(cartId), "PA_DOREN").delivery_dates
      const day = days[index].date
      expect((await addMethod(cartId, store.options.PA_DOREN, { delivery_date: day })).status).toBe(200)
      return { order: await completeCart(cartId), day, days }
    }

    describe("the shopper chooses the delivery day", () => {
      it("a PA_DOREN cart lists the expected date and the configured four alternatives with their hours, from the price's one carrier request", async () => {
        const cartId = await createCart("5004", [{ variant_id: store.variants.boxed, quantity: 1 }])
        const before = lookups().length
        const options = await deliveryOptions(cartId)
        expect(lookups().length - before).toBe(1)
        expect(lookups().at(-1)!.body).toMatchObject({ numberOfAlternativeDeliveryDates: 4 })

        const doren = optionOf(options, "PA_DOREN")
        expect(doren).toMatchObject({ available: true, takes_delivery_date: true, expected_delivery_window: { from: "17:00", to: "21:00" } })
        expect(doren.delivery_dates).toHaveLength(5)
        expect(doren.delivery_dates[0].date).toBe(doren.expected_delivery_date)
        expect(doren.delivery_dates.every((d) => d.window?.from === "17:00" && d.window?.to === "21:00")).toBe(true)
        const dates = doren.delivery_dates.map((d) => d.date)
        expect([...dates].sort()).toEqual(dates)
        expect(new Set(dates).size).toBe(5)
        expect(dates.every((d) => ![0, 6].includes(weekday(d)))).toBe(true)

        // SERVICEPAKKE takes no requested day and the carrier gives it no hours.
        expect(optionOf(options, "SERVICEPAKKE")).toMatchObject({ takes_delivery_date: false, delivery_dates: [], expected_delivery_window: null })
      })

      it("choosing the third alternative stores it on the cart's shipping method; twice is the same choice; other days get 400 naming data.delivery_date", async () => {
        const cartId = await createCart("7010", [{ variant_id: store.variants.boxed, quantity: 1 }])
        const days = optionOf(await deliveryOptions(cartId), "PA_DOREN").delivery_dates
        const third = days[3].date
        const before = lookups().length

        for (let i = 0; i < 2; i++) {
          expect((await addMethod(cartId, store.options.PA_DOREN, { delivery_date: third })).status).toBe(200)
        }
        const methods = await methodsOf(cartId)
        expect(methods).toHaveLength(1)
        expect(methods[0].data).toMatchObject({ service_code: "PA_DOREN", delivery_date: third, delivery_date_chosen_by: "shopper" })
        // Checked against the cached quote: no carrier request for the choice.
        expect(lookups().length).toBe(before)

        const notOffered = workingDayFromToday(40)
        for (const [day, rule] of [
          [notOffered, `${notOffered} is not one of the days the carrier offers for this cart`],
          ["27.11.2026", "must be a date as yyyy-MM-dd"],
          [20261127, "must be a date as yyyy-MM-dd"],
        ] as const) {
          const res = await addMethod(cartId, store.options.PA_DOREN, { delivery_date: day })
          expect(res.status).toBe(400)
          expect(res.data.message).toContain(`data.delivery_date: ${rule}`)
        }
        const refused = await addMethod(cartId, store.options.SERVICEPAKKE, { delivery_date: third })
        expect(refused.status).toBe(400)
        expect(refused.data.message).toMatch(/data\.delivery_date: SERVICEPAKKE does not take a requested delivery day/)
        // The refused attempts left the shopper's choice as it was.
        expect((await methodsOf(cartId))[0].data).toMatchObject({ delivery_date: third })
      })

      it("the booking the sandbox receives carries the chosen day, and the admin order route shows it", async () => {
        const { order, day } = await orderForDay("4050", 3)
        expect(await plannedOf(order.id)).toMatchObject({
          service_code: "PA_DOREN",
          requested_delivery_date: day,
          delivery_date_chosen_by: "shopper",
          takes_delivery_date: true,
          requested_delivery_date_problem: null,
        })
        const booked = await fulfil(order)
        expect(booked.status).toBe(200)
        expect(sandbox().bookings.at(-1)!.request).toMatchObject({ customerSpecifiedDeliveryDateTime: `${day}T12:00:00` })
      })

      it("an order without a chosen day is booked without one", async () => {
        const cartId = await createCart("0951", [{ variant_id: store.variants.boxed, quantity: 1 }])
        expect((await addMethod(cartId, store.options.PA_DOREN)).status).toBe(200)
        const order = await completeCart(cartId)
        expect(await plannedOf(order.id)).toMatchObject({ requested_delivery_date: null })
        expect((await fulfil(order)).status).toBe(200)
        expect(sandbox().bookings.at(-1)!.request).not.toHaveProperty("customerSpecifiedDeliveryDateTime")
      })

      it("a cart whose address changes after the day was chosen loses a day the carrier no longer offers there: the shopper chooses again", async () => {
        // Bergen is two working days from Oslo, Hammerfest three: the day expected for Bergen is not offered in Hammerfest.
        const cartId = await createCart("5003", [{ variant_id: store.variants.boxed, quantity: 1 }])
        const bergen = optionOf(await deliveryOptions(cartId), "PA_DOREN").delivery_dates
        expect((await addMethod(cartId, store.options.PA_DOREN, { delivery_date: bergen[0].date })).status).toBe(200)

        const moved = await answerOf(
          api.post(`/store/carts/${cartId}`, { shipping_address: { country_code: "no", postal_code: "9600", city: "Hammerfest", address_1: "Storgata 2" } }, storeHeaders)
        )
        expect(moved.status).toBe(200)
        const hammerfest = optionOf(await deliveryOptions(cartId), "PA_DOREN").delivery_dates.map((d) => d.date)
        expect(hammerfest).not.toContain(bergen[0].date)
        expect(await methodsOf(cartId)).toEqual([])

        // A day still offered after the change stays chosen.
        expect((await addMethod(cartId, store.options.PA_DOREN, { delivery_date: hammerfest[1] })).status).toBe(200)
        await api.post(`/store/carts/${cartId}`, { email: "still@chosen.no" }, storeHeaders)
        expect((await methodsOf(cartId))[0].data).toMatchObject({ delivery_date: hammerfest[1], delivery_date_chosen_by: "shopper" })
      })
    })

    describe("another currency and country", () => {
      it("a Swedish cart's business parcel takes no day: none listed, and a day sent is refused with 400 naming the field", async () => {
        const { data } = await api.post(
          "/store/carts",
          {
            region_id: store.regions.sweden,
            sales_channel_id: store.salesChannelId,
            email: "sven@example.com",
            shipping_address: { first_name: "Sven", last_name: "Svensson", address_1: "Drottninggatan 5", city: "Stockholm", country_code: "se", postal_code: "11122", phone: "+46701234567" },
          },
          storeHeaders
        )
        await api.post(`/store/carts/${data.cart.id}/line-items`, { variant_id: store.mug, quantity: 1 }, storeHeaders)
        const options = await deliveryOptions(data.cart.id)
        expect(options.length).toBeGreaterThan(0)
        for (const option of options) expect(option).toMatchObject({ takes_delivery_date: false, delivery_dates: [] })
        const sek = options.find((o) => o.shipping_option_id === store.gothenburg)!
        expect(sek.available).toBe(true)

        const res = await addMethod(data.cart.id, store.gothenburg, { delivery_date: workingDayFromToday(5) })
        expect(res.status).toBe(400)
        expect(res.data.message).toMatch(/data\.delivery_date: BUSINESS_PARCEL does not take a requested delivery day/)
        expect((await addMethod(data.cart.id, store.gothenburg)).status).toBe(200)
      })
    })

    describe("when the carrier is down at listing time", () => {
      it("options are still listed at the fallback price with the expected day unknown and no days to choose; a day sent is refused in words; the checkout goes on without one", async () => {
        sandbox().fault("shipping", { kind: "status", status: 503 })
        const cartId = await createCart("9008", [{ variant_id: store.variants.boxed, quantity: 1 }])
        const doren = optionOf(await deliveryOptions(cartId), "PA_DOREN")
        // PA_DOREN's fallback price (149) is in the test store's options.
        expect(doren).toMatchObject({ available: true, amount: 149, takes_delivery_date: true, delivery_dates: [], expected_delivery_date: null, expected_delivery_window: null })

        const res = await addMethod(cartId, store.options.PA_DOREN, { delivery_date: workingDayFromToday(5) })
        expect(res.status).toBe(400)
        expect(res.data.message).toMatch(/data\.delivery_date: the carrier's delivery days for this cart are not known right now/)
        expect((await addMethod(cartId, store.options.PA_DOREN)).status).toBe(200)
        expect((await answerOf(api.post(`/store/carts/${cartId}`, { email: "still@works.no" }, storeHeaders))).status).toBe(200)
        const order = await completeCart(cartId)
        expect(order.shipping_methods[0].amount).toBe(149)
      })
    })

    describe("pickup-point arrival times", () => {
      it("a SERVICEPAKKE listing carries each point's arrival window from one carrier request, cached like a quote", async () => {
        const cartId = await createCart("5004", [{ variant_id: store.variants.flat, quantity: 1 }])
        const before = lookups().length
        const { data } = await api.get(`/store/nordic-parcel/pickup-points?country_code=NO&postal_code=5004&limit=5&cart_id=${cartId}`, storeHeaders)
        const points = data.pickup_points as { id: string; estimated_arrival: { date: string; from: string; to: string } | null }[]
        expect(points.length).toBeGreaterThan(1)
        expect(lookups().length - before).toBe(1)
        const sent = lookups().at(-1)!.body as { withEstimatedDeliveryTime: boolean; consignments: { pickupPoints: { id: string }[] }[] }
        expect(sent.withEstimatedDeliveryTime).toBe(true)
        expect(sent.consignments[0].pickupPoints).toEqual(points.map((p) => ({ id: p.id })))
        for (const point of points) {
          expect(point.estimated_arrival).toEqual({ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), from: expect.stringMatching(/^\d{2}:\d{2}$/), to: expect.stringMatching(/^\d{2}:\d{2}$/) })
        }

        await api.get(`/store/nordic-parcel/pickup-points?country_code=NO&postal_code=5004&limit=5&cart_id=${cartId}`, storeHeaders)
        expect(lookups().length - before).toBe(1)
      })

      it("a carrier that cannot estimate gives null windows, never a failed listing", async () => {
        const cartId = await createCart("4050", [{ variant_id: store.variants.flat, quantity: 2 }])
        sandbox().fault("shipping", { kind: "status", status: 500 })
        const res = await answerOf(api.get(`/store/nordic-parcel/pickup-points?country_code=NO&postal_code=4050&limit=3&cart_id=${cartId}`, storeHeaders))
        expect(res.status).toBe(200)
        expect(res.data.pickup_points.length).toBeGreaterThan(0)
        expect(res.data.pickup_points.every((p: { estimated_arrival: unknown }) => p.estimated_arrival === null)).toBe(true)
      })
    })

    describe("post-office posting", () => {
      it("a warehouse set to post-office posting is quoted with the surcharge; setting it on another warehouse changes nothing here", async () => {
        const cartId = await createCart("7010", [{ variant_id: store.variants.flat, quantity: 1 }])
        const plain = await deliveryOptions(cartId)
        try {
          await api.post("/admin/nordic-parcel/settings", { locations: { [store.gothenburgId]: { posting_at_post_office: true } } }, adminHeaders)
          const before = lookups().length
          expect(await deliveryOptions(cartId)).toEqual(plain)
          // Oslo's request is unchanged, so its cached quote still serves.
          expect(lookups().length).toBe(before)

          await api.post("/admin/nordic-parcel/settings", { locations: { [store.stockLocationId]: { posting_at_post_office: true } } }, adminHeaders)
          const posted = await deliveryOptions(cartId)
          expect(lookups().at(-1)!.body).toMatchObject({ postingAtPostOffice: true })
          expect(optionOf(posted, "SERVICEPAKKE").amount!).toBeGreaterThan(optionOf(plain, "SERVICEPAKKE").amount!)
          // PA_DOREN carries no surcharge.
          expect(optionOf(posted, "PA_DOREN").amount).toBe(optionOf(plain, "PA_DOREN").amount)
        } finally {
          await api.post(
            "/admin/nordic-parcel/settings",
            { locations: { [store.gothenburgId]: { posting_at_post_office: null }, [store.stockLocationId]: { posting_at_post_office: null } } },
            adminHeaders
          )
        }
      })
    })

    describe("a day that can no longer be met when the merchant books", () => {
      it("is refused in words naming the day, never booked on another day; the merchant chooses another day and the booking carries it", async () => {
        const { order, day } = await orderForDay("5004", 1)
        const bookingsBefore = sandbox().bookings.length
        // Three weeks pass at the carrier before the merchant fulfils.
        await sandbox().clock.advance(21 * 86_400_000)
        try {
          const refused = await fulfil(order)
          expect(refused.status).toBe(400)
          const weekdayName = new Date(`${day}T12:00:00Z`).toLocaleDateString("en-GB", { weekday: "long", timeZone: "UTC" })
          expect(refused.data.message).toMatch(new RegExp(`cannot deliver Order #${order.display_id} on the requested day, ${weekdayName} `, "i"))
          expect(refused.data.message).toMatch(/nothing was booked and no other day was chosen/)
          expect(sandbox().bookings.length).toBe(bookingsBefore)
          expect(await plannedOf(order.id)).toMatchObject({ requested_delivery_date: day })

          // The merchant's day: refused for a weekend, naming the field; accepted for a working day the carrier can reach.
          const saturday = (() => {
            const d = new Date(Date.now() + 30 * 86_400_000)
            while (d.getUTCDay() !== 6) d.setUTCDate(d.getUTCDate() + 1)
            return d.toISOString().slice(0, 10)
          })()
          const weekend = await answerOf(api.post(`/admin/nordic-parcel/orders/${order.id}/delivery-date`, { delivery_date: saturday }, adminHeaders))
          expect(weekend.status).toBe(400)
          expect(weekend.data.message).toMatch(/delivery_date: .* is not a working day/)
          const newDay = workingDayFromToday(30)
          const changed = await answerOf(api.post(`/admin/nordic-parcel/orders/${order.id}/delivery-date`, { delivery_date: newDay }, adminHeaders))
          expect(changed.status).toBe(200)
          expect(await plannedOf(order.id)).toMatchObject({ requested_delivery_date: newDay, delivery_date_chosen_by: "merchant" })

          const booked = await fulfil(order)
          expect(booked.status).toBe(200)
          expect(sandbox().bookings.length).toBe(bookingsBefore + 1)
          expect(sandbox().bookings.at(-1)!.request).toMatchObject({ customerSpecifiedDeliveryDateTime: `${newDay}T12:00:00` })

          // Booked: the day can no longer change.
          const late = await answerOf(api.post(`/admin/nordic-parcel/orders/${order.id}/delivery-date`, { delivery_date: workingDayFromToday(35) }, adminHeaders))
          expect(late.status).toBe(409)
          expect(late.data.message).toMatch(/requested delivery day can no longer be changed/)
        } finally {
          sandbox().reset()
        }
      })
    })
  },
})
