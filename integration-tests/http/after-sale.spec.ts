import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createProductsWorkflow } from "@medusajs/medusa/core-flows"
import { createAdminHeaders, createListedShippingOption } from "../helpers/admin"
import { eventually } from "../helpers/eventually"
import { responseOf } from "../helpers/http"
import { useSandbox } from "../helpers/sandbox"
import { storefront } from "../helpers/storefront"
import { seedNorwegianStore, type SeededStore } from "../helpers/store"

jest.setTimeout(600 * 1000)

/**
 * After the sale, as the merchant works in the admin (Medusa's own admin API): returns and
 * exchanges priced for the goods that travel, return services booked with QR codes, and a pickup
 * point changed before the order is booked. Each test reads what the carrier sandbox received.
 */
const sandbox = useSandbox()
const SHIPPING_LOOKUP = "/shippingguide/v2/products"
const SETTINGS = "/admin/nordic-parcel/settings"

type LookupBody = {
  consignments: {
    products: { id: string }[]
    packages: { grossWeight: number }[]
    fromPostalCode: string
    toPostalCode: string
  }[]
}
type ShippingMethod = { id: string; shipping_option_id: string; amount: number }

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, getContainer }) => {
    let store: SeededStore
    let adminHeaders: { headers: Record<string, string> }
    /** A pair of wool socks (400 g) and a wood stove (30 kg), the goods of the exchange. */
    let socks: string
    let stove: string

    beforeAll(async () => {
      store = await seedNorwegianStore(getContainer(), [
        { code: "SERVICEPAKKE", requiresPickupPoint: true },
        { code: "PA_DOREN" },
        { code: "9300", isReturn: true },
      ])
      const { result } = await createProductsWorkflow(getContainer()).run({
        input: {
          products: [
            goods("Wool socks", "socks", { weight: 400, length: 25, width: 15, height: 4 }, 199),
            goods("Wood stove", "stove", { weight: 30000, length: 60, width: 50, height: 50 }, 8990),
          ],
        },
      })
      socks = result.find((p) => p.handle === "socks")!.variants[0].id
      stove = result.find((p) => p.handle === "stove")!.variants[0].id
      adminHeaders = await createAdminHeaders(api, getContainer())
    })

    afterEach(() => sandbox().clearFaults())

    function goods(title: string, handle: string, measures: Record<string, number>, price: number) {
      return {
        title,
        handle,
        status: "published" as const,
        shipping_profile_id: store.shippingProfileId,
        sales_channels: [{ id: store.salesChannelId }],
        options: [{ title: "Default", values: ["Default"] }],
        variants: [
          { title: "Default", options: { Default: "Default" }, manage_inventory: false, prices: [{ amount: price, currency_code: "nok" }], ...measures },
        ],
      }
    }

    const shop = storefront(api, () => store)

    async function order(service: string, items: { variant_id: string; quantity: number }[], data?: Record<string, unknown>, postalCode = "5004") {
      const cartId = await shop.createCart(postalCode, items)
      await api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: store.options[service], ...(data ? { data } : {}) }, shop.headers())
      return shop.completeCart(cartId)
    }

    async function fulfil(placed: { id: string; items: { id: string }[] }) {
      const { data } = await api.get(`/admin/orders/${placed.id}?fields=id,*items`, adminHeaders)
      const items = (data.order.items as { id: string; quantity: number }[]).map((i) => ({ id: i.id, quantity: i.quantity }))
      const res = await api.post(`/admin/orders/${placed.id}/fulfillments`, { items }, adminHeaders).catch(responseOf)
      expect({ status: res.status, message: res.data.message }).toEqual({ status: 200, message: undefined })
    }

    const lookups = () => sandbox().requests.filter((r) => r.path === SHIPPING_LOOKUP)

    /** The lookups one admin step sent, and the step's answer. */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Medusa's admin answers, read as the dashboard does
    async function lookupsOf(step: () => Promise<{ data: any }>): Promise<{ answer: { data: any }; sent: LookupBody[] }> {
      const before = lookups().length
      const answer = await step()
      return { answer, sent: lookups().slice(before).map((r) => r.body as LookupBody) }
    }

    /** What the sandbox charges, with VAT, for a service in the lookup the plugin sent. */
    async function sandboxPrice(body: LookupBody, service: string): Promise<number> {
      const res = await fetch(`${sandbox().url}${SHIPPING_LOOKUP}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-portal-api-uid": sandbox().credentials.apiUid,
          "x-portal-api-key": sandbox().credentials.apiKey,
        },
        body: JSON.stringify(body),
      })
      const answer = await res.json()
      const product = answer.consignments.flatMap((c: { products: unknown[] }) => c.products).find((p: { id: string }) => p.id === service)
      return Number(product.price.netPrice.priceWithAdditionalServices.amountWithVAT)
    }

    /** Every consignment of the lookup: its route and the weight of its packages. */
    function described(body: LookupBody) {
      return body.consignments.map((c) => ({
        from: c.fromPostalCode,
        to: c.toPostalCode,
        grams: c.packages.reduce((sum, p) => sum + p.grossWeight, 0),
      }))
    }

    describe("order flows are priced for what travels", () => {
      it("an exchange of 400 g socks for a 30 kg stove: the outbound is priced for the stove, the return for the socks, one lookup each", async () => {
        const placed = await order("PA_DOREN", [{ variant_id: socks, quantity: 1 }])
        await fulfil(placed)
        const originalMethod = placed.shipping_methods[0] as unknown as ShippingMethod

        const { data: begun } = await api.post(`/admin/exchanges`, { order_id: placed.id }, adminHeaders)
        const exchangeId = begun.exchange.id as string
        await api.post(`/admin/exchanges/${exchangeId}/inbound/items`, { items: [{ id: placed.items[0].id, quantity: 1 }] }, adminHeaders)
        await api.post(`/admin/exchanges/${exchangeId}/outbound/items`, { items: [{ variant_id: stove, quantity: 1 }] }, adminHeaders)

        const outbound = await lookupsOf(() =>
          api.post(`/admin/exchanges/${exchangeId}/outbound/shipping-method`, { shipping_option_id: store.options.PA_DOREN }, adminHeaders)
        )
        // One carrier lookup, and it describes the stove going from the warehouse to the customer.
        expect(outbound.sent).toHaveLength(1)
        expect(described(outbound.sent[0])).toContainEqual({ from: "0154", to: "5004", grams: 30000 })
        expect(described(outbound.sent[0]).every((c) => c.grams === 30000)).toBe(true)
        const methods = outbound.answer.data.order_preview.shipping_methods as ShippingMethod[]
        const outboundMethod = methods.find((m) => m.id !== originalMethod.id && m.shipping_option_id === store.options.PA_DOREN)!
        expect(outboundMethod.amount).toBe(await sandboxPrice(outbound.sent[0], "PA_DOREN"))
        expect(outboundMethod.amount).toBeGreaterThan(originalMethod.amount)

        const inbound = await lookupsOf(() =>
          api.post(`/admin/exchanges/${exchangeId}/inbound/shipping-method`, { shipping_option_id: store.options["9300"] }, adminHeaders)
        )
        expect(inbound.sent).toHaveLength(1)
        expect(described(inbound.sent[0])).toEqual([{ from: "5004", to: "0154", grams: 400 }])
        const returnMethod = (inbound.answer.data.order_preview.shipping_methods as ShippingMethod[]).find(
          (m) => m.shipping_option_id === store.options["9300"]
        )!
        expect(returnMethod.amount).toBe(await sandboxPrice(inbound.sent[0], "9300"))

        // A second stove: Medusa prices the outbound again, now for both stoves (two packages of 30 kg).
        const again = await lookupsOf(() =>
          api.post(`/admin/exchanges/${exchangeId}/outbound/items`, { items: [{ variant_id: stove, quantity: 1 }] }, adminHeaders)
        )
        const outboundLookup = again.sent.find((body) => body.consignments[0].fromPostalCode === "0154")!
        expect(described(outboundLookup).every((c) => c.grams === 60000)).toBe(true)
        const repriced = (again.answer.data.order_preview.shipping_methods as ShippingMethod[]).find((m) => m.id === outboundMethod.id)!
        expect(repriced.amount).toBe(await sandboxPrice(outboundLookup, "PA_DOREN"))
      })

      it("a claim's replacement is priced for what is sent out (a 30 kg stove for a broken 1.2 kg lamp)", async () => {
        // Another town than the exchange's, so the cache cannot serve the stove's quote.
        const placed = await order("PA_DOREN", [{ variant_id: store.variants.boxed, quantity: 1 }], undefined, "0661")
        await fulfil(placed)
        const originalMethod = placed.shipping_methods[0] as unknown as ShippingMethod
        const { data: begun } = await api.post(`/admin/claims`, { order_id: placed.id, type: "replace" }, adminHeaders)
        const claimId = begun.claim.id as string
        await api.post(`/admin/claims/${claimId}/inbound/items`, { items: [{ id: placed.items[0].id, quantity: 1 }] }, adminHeaders)
        await api.post(`/admin/claims/${claimId}/outbound/items`, { items: [{ variant_id: stove, quantity: 1 }] }, adminHeaders)
        const outbound = await lookupsOf(() =>
          api.post(`/admin/claims/${claimId}/outbound/shipping-method`, { shipping_option_id: store.options.PA_DOREN }, adminHeaders)
        )
        expect(outbound.sent).toHaveLength(1)
        expect(described(outbound.sent[0]).every((c) => c.from === "0154" && c.to === "0661" && c.grams === 30000)).toBe(true)
        const method = (outbound.answer.data.order_preview.shipping_methods as ShippingMethod[]).find(
          (m) => m.id !== originalMethod.id && m.shipping_option_id === store.options.PA_DOREN
        )!
        expect(method.amount).toBe(await sandboxPrice(outbound.sent[0], "PA_DOREN"))
      })

      it("a partial return is priced for the item that goes back, from the customer to the warehouse", async () => {
        const placed = await order("PA_DOREN", [
          { variant_id: store.variants.boxed, quantity: 2 },
          { variant_id: store.variants.flat, quantity: 1 },
        ])
        await fulfil(placed)
        const { data: full } = await api.get(`/admin/orders/${placed.id}?fields=items.id,items.variant_id`, adminHeaders)
        const lamp = (full.order.items as { id: string; variant_id: string }[]).find((i) => i.variant_id === store.variants.boxed)!

        const { data: begun } = await api.post(`/admin/returns`, { order_id: placed.id, location_id: store.stockLocationId }, adminHeaders)
        const returnId = begun.return.id as string
        await api.post(`/admin/returns/${returnId}/request-items`, { items: [{ id: lamp.id, quantity: 1 }] }, adminHeaders)
        const priced = await lookupsOf(() =>
          api.post(`/admin/returns/${returnId}/shipping-method`, { shipping_option_id: store.options["9300"] }, adminHeaders)
        )
        // One lamp of 1.2 kg goes back, not the whole order (2.7 kg).
        expect(priced.sent).toHaveLength(1)
        expect(described(priced.sent[0])).toEqual([{ from: "5004", to: "0154", grams: 1200 }])
        const method = (priced.answer.data.order_preview.shipping_methods as ShippingMethod[]).find(
          (m) => m.shipping_option_id === store.options["9300"]
        )!
        expect(method.amount).toBe(await sandboxPrice(priced.sent[0], "9300"))
      })
    })

    describe("return services carry QR codes", () => {
      async function returnWith(optionId: string) {
        const placed = await order("PA_DOREN", [{ variant_id: store.variants.flat, quantity: 1 }])
        await fulfil(placed)
        const { data: begun } = await api.post(`/admin/returns`, { order_id: placed.id, location_id: store.stockLocationId }, adminHeaders)
        const returnId = begun.return.id as string
        await api.post(`/admin/returns/${returnId}/request-items`, { items: [{ id: placed.items[0].id, quantity: 1 }] }, adminHeaders)
        await api.post(`/admin/returns/${returnId}/shipping-method`, { shipping_option_id: optionId }, adminHeaders)
        expect((await api.post(`/admin/returns/${returnId}/request`, {}, adminHeaders)).status).toBe(200)
        const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
        const { data } = await query.graph({ entity: "return", fields: ["id", "fulfillments.id", "fulfillments.data"], filters: { id: returnId } })
        const fulfillment = (data[0] as unknown as { fulfillments: { id: string; data: Record<string, unknown> }[] }).fulfillments[0]
        return { booking: sandbox().bookings.at(-1)!, fulfillment }
      }

      it("a return service from the customer list is booked with QR codes by default, and the setting turns them off", async () => {
        // The merchant makes a return option from the customer list's SERVICEPAKKE_RETURSERVICE (no services entry).
        const { data: listed } = await api.get(`/admin/fulfillment-providers/${store.providerId}/options`, adminHeaders)
        const listedReturn = listed.fulfillment_options.find((o: { service_code: string }) => o.service_code === "SERVICEPAKKE_RETURSERVICE")
        expect(listedReturn).toMatchObject({ is_return: true, customer_number: expect.any(String) })
        const optionId = await createListedShippingOption(api, adminHeaders, store, {
          name: "Return at a pickup point",
          data: listedReturn,
          isReturn: true,
          type: { label: "Return", description: "Return at a pickup point", code: "return-pickup" },
        })

        const withQr = await returnWith(optionId)
        expect(withQr.booking.request).toMatchObject({ product: { id: "SERVICEPAKKE_RETURSERVICE" }, generateQrCodes: true })
        // Kept on the return's fulfillment (data.qr_codes), one PNG link per package, for the shopper's return label.
        expect(withQr.fulfillment.data).toMatchObject({
          kind: "return",
          service_code: "SERVICEPAKKE_RETURSERVICE",
          qr_codes: [expect.stringMatching(/^http/)],
        })

        await api.post(SETTINGS, { return_qr_codes: false }, adminHeaders)
        try {
          const withoutQr = await returnWith(optionId)
          expect(withoutQr.booking.request).toMatchObject({ product: { id: "SERVICEPAKKE_RETURSERVICE" } })
          expect(withoutQr.booking.request).not.toHaveProperty("generateQrCodes")
          expect(withoutQr.fulfillment.data).not.toHaveProperty("qr_codes")
        } finally {
          await api.post(SETTINGS, { return_qr_codes: null }, adminHeaders)
        }
      })
    })

    describe("the merchant changes the pickup point before booking", () => {
      const methodData = async (orderId: string) => {
        const { data } = await api.get(`/admin/orders/${orderId}?fields=shipping_methods.id,shipping_methods.data`, adminHeaders)
        return data.order.shipping_methods[0].data as Record<string, unknown>
      }

      it("searches points near the order's address, checks the choice at the carrier, and the booking sends it", async () => {
        const placed = await order("SERVICEPAKKE", [{ variant_id: store.variants.boxed, quantity: 1 }], { pickup_point_id: "150041" })
        const { data: near } = await api.get(`/admin/nordic-parcel/orders/${placed.id}/pickup-points`, adminHeaders)
        const points = near.pickup_points as { id: string; postal_code: string }[]
        expect(points.map((p) => p.id)).toEqual(expect.arrayContaining(["150041", "150043"]))

        // Refused at the carrier: 400 naming the field; the shopper's point stays.
        const unknown = await api.post(`/admin/nordic-parcel/orders/${placed.id}/pickup-point`, { pickup_point_id: "999999999" }, adminHeaders).catch(responseOf)
        expect(unknown.status).toBe(400)
        expect(unknown.data.message).toMatch(/pickup_point_id: "999999999" is not a pickup point/)
        const missing = await api.post(`/admin/nordic-parcel/orders/${placed.id}/pickup-point`, {}, adminHeaders).catch(responseOf)
        expect(missing.status).toBe(400)
        expect(missing.data.message).toMatch(/pickup_point_id.* is required/)
        // The carrier down: 503, nothing changed.
        sandbox().fault("pickup", { kind: "status", status: 503 })
        const down = await api.post(`/admin/nordic-parcel/orders/${placed.id}/pickup-point`, { pickup_point_id: "150043" }, adminHeaders).catch(responseOf)
        expect(down.status).toBe(503)
        sandbox().clearFaults()
        expect(await methodData(placed.id)).toMatchObject({ pickup_point_id: "150041", pickup_point_chosen_by: "shopper" })

        // A double click: both answer the same, the point is stored once.
        const [first, second] = await Promise.all(
          [1, 2].map(() => api.post(`/admin/nordic-parcel/orders/${placed.id}/pickup-point`, { pickup_point_id: "150043" }, adminHeaders))
        )
        expect(first.data.shipping_method.data).toMatchObject({ pickup_point_id: "150043", pickup_point_chosen_by: "merchant" })
        expect(second.status).toBe(200)
        expect(await methodData(placed.id)).toMatchObject({
          service_code: "SERVICEPAKKE",
          pickup_point_id: "150043",
          pickup_point: expect.objectContaining({ id: "150043" }),
          pickup_point_chosen_by: "merchant",
        })
        const { data: view } = await api.get(`/admin/nordic-parcel/orders/${placed.id}`, adminHeaders)
        expect(view.shipping_methods[0].pickup_point).toMatchObject({ id: "150043" })

        await fulfil(placed)
        expect(sandbox().bookings.at(-1)!.request).toMatchObject({
          product: { id: "SERVICEPAKKE" },
          parties: { pickupPoint: { id: "150043", countryCode: "NO" } },
        })

        // Booked: the carrier cannot move the parcel, so the change is refused and says why.
        const late = await api.post(`/admin/nordic-parcel/orders/${placed.id}/pickup-point`, { pickup_point_id: "150041" }, adminHeaders).catch(responseOf)
        expect(late.status).toBe(409)
        expect(late.data.message).toMatch(/already booked .*consignment .*cancel the fulfilment first/)
        expect(await methodData(placed.id)).toMatchObject({ pickup_point_id: "150043" })
      })

      it("a change while a booking of the order waits to be written: refused (409), or the booking sends the new point; never 200 with the old point booked", async () => {
        const placed = await order("SERVICEPAKKE", [{ variant_id: store.variants.boxed, quantity: 1 }], { pickup_point_id: "150041" })
        const { data } = await api.get(`/admin/orders/${placed.id}?fields=id,*items`, adminHeaders)
        const items = (data.order.items as { id: string; quantity: number }[]).map((i) => ({ id: i.id, quantity: i.quantity }))
        const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
        const lockWaiters = async () =>
          Number((await pg.raw(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`)).rows[0].n)
        const bookingsBefore = sandbox().bookings.length
        // The booking has read the order's method and waits before its attempt is written (a busy
        // database; a bulk run queued at the rate limit waits the same way): the ledger's table is held.
        const hold = await pg.transaction()
        let change: { status: number; data: { message?: string } }
        let fulfilment: { status: number; data: { message?: string } }
        try {
          await hold.raw("lock table nordic_parcel_shipment in share mode")
          const fulfilling = api.post(`/admin/orders/${placed.id}/fulfillments`, { items }, adminHeaders).catch(responseOf)
          await eventually(async () => (await lockWaiters()) >= 1, { timeoutMs: 30_000 })
          let settled = false
          const changing = api
            .post(`/admin/nordic-parcel/orders/${placed.id}/pickup-point`, { pickup_point_id: "150043" }, adminHeaders)
            .catch(responseOf)
            .finally(() => (settled = true))
          // The change answers, or waits for the booking's turn.
          await eventually(async () => settled || (await lockWaiters()) >= 2, { timeoutMs: 30_000 })
          await hold.rollback()
          ;[change, fulfilment] = await Promise.all([changing, fulfilling])
        } finally {
          if (!hold.isCompleted()) await hold.rollback()
        }
        expect([200, 409]).toContain(change.status)
        if (fulfilment.status !== 200) {
          // The booking saw the point change under it and sent nothing; the merchant fulfils again.
          expect(fulfilment.data.message).toMatch(/pickup point .*changed/)
          await fulfil(placed)
        }
        const booked = sandbox().bookings.slice(bookingsBefore).map((b) => (b.request as { parties: { pickupPoint?: { id: string } } }).parties.pickupPoint?.id)
        expect(booked).toHaveLength(1)
        // What the merchant was told is what the carrier got.
        expect({ booked: booked[0], shown: (await methodData(placed.id)).pickup_point_id }).toEqual({
          booked: change.status === 200 ? "150043" : "150041",
          shown: change.status === 200 ? "150043" : "150041",
        })
      })

      it("refuses an order that goes to the door", async () => {
        const placed = await order("PA_DOREN", [{ variant_id: store.variants.flat, quantity: 1 }])
        const res = await api.post(`/admin/nordic-parcel/orders/${placed.id}/pickup-point`, { pickup_point_id: "150043" }, adminHeaders).catch(responseOf)
        expect(res.status).toBe(400)
        expect(res.data.message).toMatch(/no shipping method that delivers to a pickup point/)
      })
    })
  },
})
