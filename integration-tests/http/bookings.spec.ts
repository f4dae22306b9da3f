import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { NORDIC_PARCEL_MODULE } from "../../src/modules/nordic_parcel"
import type NordicParcelModuleService from "../../src/modules/nordic_parcel/service"
import { createAdminHeaders } from "../helpers/admin"
import { useCallbackGateway } from "../helpers/callback-gateway"
import { eventually } from "../helpers/eventually"
import { responseOf } from "../helpers/http"
import { useSandbox } from "../helpers/sandbox"
import { storefront } from "../helpers/storefront"
import { seedNorwegianStore, type SeededStore } from "../helpers/store"
import { completeInterruptedFulfillmentWorkflow } from "../../src/workflows/complete-interrupted-fulfillment"

jest.setTimeout(600 * 1000)

/**
 * One carrier booking per fulfillment Medusa keeps, as merchants fulfil: partial fulfilments,
 * double submits, fulfilments Medusa refuses after the plugin booked, cancellations.
 */
const SETTINGS = "/admin/nordic-parcel/settings"
const gateway = useCallbackGateway()
const sandbox = useSandbox()

type Fulfillment = {
  id: string
  data: Record<string, any>
  canceled_at: string | null
  shipped_at: string | null
}

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, getContainer }) => {
    let store: SeededStore
    let adminHeaders: { headers: Record<string, string> }
    const { headers, createCart, completeCart } = storefront(api, () => store)

    beforeAll(async () => {
      store = await seedNorwegianStore(getContainer(), [
        { code: "PA_DOREN" },
        { code: "SERVICEPAKKE", requiresPickupPoint: true },
        { code: "3584" },
        { code: "CURBSIDE" },
      ])
      adminHeaders = await createAdminHeaders(api, getContainer())
    })

    afterEach(async () => {
      sandbox().clearFaults()
      // Every setting back to its option (the module keeps settings in memory).
      await api.post(SETTINGS, { cod_account_number: null, customer_number: null, services: null }, adminHeaders)
    })

    const plugin = () => getContainer().resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)

    async function order(quantity: number, variant = store.variants.flat, service = "PA_DOREN", data?: Record<string, unknown>) {
      const cartId = await createCart("5004", [{ variant_id: variant, quantity }])
      await api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: store.options[service], ...(data ? { data } : {}) }, headers())
      return completeCart(cartId)
    }

    const lastBooking = () => sandbox().bookings.at(-1)!

    function fulfil(orderId: string, lineId: string, quantity: number) {
      return api.post(`/admin/orders/${orderId}/fulfillments`, { items: [{ id: lineId, quantity }] }, adminHeaders).catch(responseOf)
    }

    async function fulfillmentsOf(orderId: string): Promise<Fulfillment[]> {
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({
        entity: "order",
        fields: ["fulfillments.id", "fulfillments.data", "fulfillments.canceled_at", "fulfillments.shipped_at"],
        filters: { id: orderId },
      })
      return (data[0] as unknown as { fulfillments: Fulfillment[] }).fulfillments
    }
    const live = async (orderId: string) => (await fulfillmentsOf(orderId)).filter((f) => !f.canceled_at)

    it("books each of two partial fulfilments of one line (1 + 1) on its own, and cancelling one leaves the other intact", async () => {
      const placed = await order(2)
      const before = sandbox().bookings.length
      expect((await fulfil(placed.id, placed.items[0].id, 1)).status).toBe(200)
      expect((await fulfil(placed.id, placed.items[0].id, 1)).status).toBe(200)

      const [first, second] = await live(placed.id)
      expect(sandbox().bookings.length).toBe(before + 2)
      expect(first.data.consignment_number).not.toBe(second.data.consignment_number)
      expect(sandbox().bookings.slice(-2).map((b) => b.consignmentNumber).sort()).toEqual(
        [first.data.consignment_number, second.data.consignment_number].sort()
      )
      await eventually(() =>
        [first, second].every((f) => sandbox().trackingSubscriptions().some((s) => s.trackingId === f.data.consignment_number))
      )

      // Cancelling the second touches neither the first's booking nor its tracking subscription.
      await api.post(`/admin/orders/${placed.id}/fulfillments/${second.id}/cancel`, {}, adminHeaders)
      const [firstShipment] = await plugin().listShipments({ fulfillment_id: first.id })
      expect(firstShipment).toMatchObject({ status: "booked", consignment_number: first.data.consignment_number })
      const [secondShipment] = await plugin().listShipments({ consignment_number: second.data.consignment_number })
      expect(secondShipment.status).toBe("unused")
      expect(sandbox().trackingSubscriptions().some((s) => s.trackingId === first.data.consignment_number)).toBe(true)
      expect(sandbox().trackingSubscriptions().some((s) => s.trackingId === second.data.consignment_number)).toBe(false)

      // Fulfilling that unit again takes the unused booking over instead of booking it a second time.
      const booked = sandbox().bookings.length
      expect((await fulfil(placed.id, placed.items[0].id, 1)).status).toBe(200)
      expect(sandbox().bookings.length).toBe(booked)
      const again = (await live(placed.id)).find((f) => f.id !== first.id)!
      expect(again.data).toMatchObject({ consignment_number: second.data.consignment_number, fulfillment_id: again.id })
    })

    it("leaves one live fulfilment with an intact shipment when the same fulfil request arrives twice at once, and it ships on HANDED_IN", async () => {
      const placed = await order(1)
      const results = await Promise.all([fulfil(placed.id, placed.items[0].id, 1), fulfil(placed.id, placed.items[0].id, 1)])
      expect(results.map((r) => r.status).sort()).toEqual([200, 400])
      expect(results.find((r) => r.status === 400)!.data.message).toMatch(/already booked for other fulfilments/)

      const [kept, ...others] = await live(placed.id)
      expect(others).toEqual([])
      const consignment = kept.data.consignment_number
      // Every booking made for the order is held by the kept fulfilment or shown as unused.
      const shipments = await plugin().listShipments({ order_id: placed.id })
      expect(shipments.filter((s) => s.status === "booked")).toEqual([
        expect.objectContaining({ fulfillment_id: kept.id, consignment_number: consignment }),
      ])
      expect(shipments.every((s) => s.status === "booked" || s.status === "unused")).toBe(true)

      await eventually(() => sandbox().trackingSubscriptions().find((s) => s.trackingId === consignment))
      await sandbox().emitEvent({ status: "HANDED_IN", shipment: consignment })
      await eventually(async () => (await live(placed.id))[0].shipped_at)
    })

    it("keeps the booking of a fulfilment Medusa refuses after booking, and gives it to the next identical attempt", async () => {
      const placed = await order(1)
      const line = placed.items[0].id
      // Medusa's stock bookkeeping refuses the fulfilment after the provider has booked: the variant
      // is now inventory-managed but the order reserved no stock for it.
      const products = getContainer().resolve(Modules.PRODUCT)
      await products.updateProductVariants(store.variants.flat, { manage_inventory: true })
      const before = sandbox().bookings.length
      try {
        const refused = await fulfil(placed.id, line, 1)
        expect(refused.status).toBe(400)
        expect(refused.data.message).toMatch(/No stock reservation found/)
        expect(sandbox().bookings.length).toBe(before + 1)
        expect(await live(placed.id)).toEqual([])

        const unusedConsignment = sandbox().bookings.at(-1)!.consignmentNumber
        const [unused] = await plugin().listShipments({ consignment_number: unusedConsignment })
        expect(unused.status).toBe("unused")

        // The same request refused again: the booking is taken over and released again, never repeated.
        expect((await fulfil(placed.id, line, 1)).status).toBe(400)
        expect(sandbox().bookings.length).toBe(before + 1)

        // Once Medusa accepts the identical request, it gets that booking.
        await products.updateProductVariants(store.variants.flat, { manage_inventory: false })
        expect((await fulfil(placed.id, line, 1)).status).toBe(200)
        expect(sandbox().bookings.length).toBe(before + 1)
        const [kept] = await live(placed.id)
        expect(kept.data).toMatchObject({ consignment_number: unusedConsignment, fulfillment_id: kept.id })
        const [held] = await plugin().listShipments({ consignment_number: unusedConsignment })
        expect(held).toMatchObject({ status: "booked", fulfillment_id: kept.id })
      } finally {
        await products.updateProductVariants(store.variants.flat, { manage_inventory: false })
      }
    })

    it("refuses before booking a fulfilment of more units than are left to fulfil", async () => {
      const placed = await order(2)
      const line = placed.items[0].id
      expect((await fulfil(placed.id, line, 1)).status).toBe(200)
      const before = sandbox().bookings.length
      const refused = await fulfil(placed.id, line, 2)
      expect(refused.status).toBe(400)
      expect(refused.data.message).toMatch(/2 ordered and 1 already booked for other fulfilments, so 2 more cannot be fulfilled/)
      expect(sandbox().bookings.length).toBe(before)
      expect(await live(placed.id)).toHaveLength(1)
    })

    describe("several parcels", () => {
      it("prices two 30 kg items by PA_DOREN with one lookup of two packages, and books them as one consignment of two packages", async () => {
        const products = getContainer().resolve(Modules.PRODUCT)
        await products.updateProductVariants(store.variants.unmeasured, { weight: 30000, length: 80, width: 40, height: 30 })
        try {
          const cartId = await createCart("5004", [{ variant_id: store.variants.unmeasured, quantity: 2 }])
          const lookups = sandbox().requests.filter((r) => r.path.startsWith("/shippingguide")).length
          const { data: priced } = await api.post(`/store/shipping-options/${store.options.PA_DOREN}/calculate`, { cart_id: cartId }, headers())
          expect(priced.shipping_option.amount).toBeGreaterThan(0)
          const asked = sandbox().requests.filter((r) => r.path.startsWith("/shippingguide")).slice(lookups)
          expect(asked).toHaveLength(1)
          const consignment = (asked[0].body as { consignments: { products: { id: string }[]; packages: unknown[] }[] }).consignments.find(
            (c) => c.products.some((p) => p.id === "PA_DOREN")
          )!
          expect(consignment.packages).toEqual([
            expect.objectContaining({ id: 1, grossWeight: 30000 }),
            expect.objectContaining({ id: 2, grossWeight: 30000 }),
          ])

          await api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: store.options.PA_DOREN }, headers())
          const placed = await completeCart(cartId)
          expect((await fulfil(placed.id, placed.items[0].id, 2)).status).toBe(200)
          const booking = lastBooking()
          const [fulfilment] = await live(placed.id)
          expect((booking.request as { packages: unknown[] }).packages).toEqual([
            expect.objectContaining({ correlationId: `${fulfilment.id}-1`, weightInKg: 30, numberOfItems: 1 }),
            expect.objectContaining({ correlationId: `${fulfilment.id}-2`, weightInKg: 30, numberOfItems: 1 }),
          ])
          // One consignment, one label, every package number kept.
          expect(booking.packageNumbers).toHaveLength(2)
          expect(fulfilment.data).toMatchObject({ consignment_number: booking.consignmentNumber, package_numbers: booking.packageNumbers })
          const label = await api.get(`/admin/nordic-parcel/fulfillments/${fulfilment.id}/label`, { ...adminHeaders, responseType: "arraybuffer" })
          expect(Buffer.from(label.data).subarray(0, 4).toString()).toBe("%PDF")
        } finally {
          await products.updateProductVariants(store.variants.unmeasured, { weight: null, length: null, width: null, height: null })
        }
      })

      it("gives no price for a service an item is too big for, so the shopper cannot choose it", async () => {
        // The 150 cm bench exceeds a PA_DOREN package (120 x 60 x 60 cm).
        const cartId = await createCart("5004", [{ variant_id: store.variants.large, quantity: 1 }])
        const chosen = await api
          .post(`/store/carts/${cartId}/shipping-methods`, { option_id: store.options.PA_DOREN }, headers())
          .catch(responseOf)
        expect(chosen.status).toBe(400)
        expect(chosen.data.message).toMatch(/do not have a price/)
      })
    })

    describe("booking fields as the carrier's documents want them", () => {
      it("books cash on delivery with the order's total, its currency and the merchant's account", async () => {
        await api.post(
          SETTINGS,
          { cod_account_number: "15030012345", services: { SERVICEPAKKE: { additional_services: ["EVARSLING", "POSTOPPKRAV"] } } },
          adminHeaders
        )
        const placed = await order(1, store.variants.boxed, "SERVICEPAKKE", { pickup_point_id: "150041" })
        expect((await fulfil(placed.id, placed.items[0].id, 1)).status).toBe(200)
        const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
        const { data } = await query.graph({ entity: "order", fields: ["id", "total", "currency_code"], filters: { id: placed.id } })
        const total = Number((data[0] as { total: unknown }).total)
        expect(total).toBeGreaterThan(0)
        expect((lastBooking().request as { product: { additionalServices: unknown[] } }).product.additionalServices).toContainEqual({
          id: "POSTOPPKRAV",
          amount: total,
          currencyCode: "NOK",
          accountNumber: "15030012345",
        })
      })

      it.each([
        {
          rule: "cash on delivery needs the merchant's account number",
          settings: { services: { SERVICEPAKKE: { additional_services: ["POSTOPPKRAV"] } } },
          place: () => order(1, store.variants.boxed, "SERVICEPAKKE", { pickup_point_id: "150041" }),
          refused: /cod_account_number/,
        },
        {
          rule: "home delivery of large goods (CURBSIDE) needs every package's dimensions",
          settings: { services: { CURBSIDE: { fallback_price: 590, customer_number: "7" } } },
          // Checkout prices CURBSIDE only for measured goods; the merchant clears the product's
          // dimensions after the order was placed, so the booking meets the rule.
          place: async () => {
            const products = getContainer().resolve(Modules.PRODUCT)
            await products.updateProductVariants(store.variants.unmeasured, { weight: 8000, length: 60, width: 40, height: 40 })
            const placed = await order(1, store.variants.unmeasured, "CURBSIDE")
            await products.updateProductVariants(store.variants.unmeasured, { weight: null, length: null, width: null, height: null })
            return placed
          },
          refused: /CURBSIDE needs every package's weight and dimensions/,
        },
      ])("refuses before the carrier is called: $rule", async ({ settings, place, refused }) => {
        await api.post(SETTINGS, settings, adminHeaders)
        const placed = await place()
        const before = sandbox().bookings.length
        const answer = await fulfil(placed.id, placed.items[0].id, 1)
        expect(answer.status).toBe(400)
        expect(answer.data.message).toMatch(refused)
        expect(sandbox().bookings.length).toBe(before)
        expect(await live(placed.id)).toEqual([])
      })

      it.each([
        { service: "PA_DOREN", configured: "PARCELS_NORWAY-00000000005", sent: "PARCELS_NORWAY-00000000005" },
        { service: "3584", configured: "PARCELS_NORWAY-00000000005", sent: "5" },
      ])("sends $service the customer number $sent when $configured is configured", async ({ service, configured, sent }) => {
        await api.post(SETTINGS, { customer_number: configured }, adminHeaders)
        const placed = await order(1, store.variants.flat, service)
        expect((await fulfil(placed.id, placed.items[0].id, 1)).status).toBe(200)
        expect((lastBooking().request as { product: { customerNumber: string } }).product.customerNumber).toBe(sent)
      })
    })

    describe("when the carrier fails at booking", () => {
      it.each([
        { fault: { kind: "status" as const, status: 400, times: 1 }, status: 400, message: /The carrier refused the booking of order #\d+: .*BOOK-/ },
        { fault: { kind: "status" as const, status: 500, times: 1 }, status: 502, message: /did not confirm the booking.*may have been booked/ },
        { fault: { kind: "reset" as const, times: 5 }, status: 502, message: /booking/ },
        { fault: { kind: "status" as const, status: 429, times: 10 }, status: 429, message: /throttling bookings; order #\d+ was not booked/ },
      ])("answers $status for a carrier $fault.kind $fault.status, naming the carrier's error, with no fulfilment left", async ({ fault, status, message }) => {
        const placed = await order(1)
        sandbox().fault("booking", fault)
        const answer = await fulfil(placed.id, placed.items[0].id, 1)
        expect(answer.status).toBe(status)
        expect(answer.data.message).toMatch(message)
        expect(await live(placed.id)).toEqual([])
      })
    })
    describe("a fulfilment whose workflow is slow but alive", () => {
      it("is not completed a second time by the interrupted-bookings check, however old its booking: booked once, counted once, not cancelled", async () => {
        const placed = await order(1)
        const line = placed.items[0].id
        const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
        const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
        const bookingsBefore = sandbox().bookings.length
        // Medusa's workflow has booked and linked the fulfilment to the order, and waits to count its
        // items (a busy database): the tables of its last writes are held.
        const hold = await pg.transaction()
        let unfinished: { order_id: string; fulfillment_id: string }[] = []
        let fulfilment: { status: number; data: { message?: string } }
        try {
          await hold.raw("lock table order_change, reservation_item in exclusive mode")
          const fulfilling = fulfil(placed.id, line, 1)
          await eventually(
            async () => (await pg.raw(`select 1 from order_fulfillment where order_id = ? and deleted_at is null`, [placed.id])).rows.length > 0,
            { timeoutMs: 60_000, intervalMs: 20 }
          )
          // The minute's check, judging the booking ten minutes old (far past the booking's time
          // limit and the margin for the workflow's last steps), completes what it finds, as the job does.
          const outcome = await plugin().checkInterruptedBookings(query, { now: new Date(Date.now() + 10 * 60_000) })
          unfinished = outcome.unfinished
          const completing = Promise.allSettled(
            unfinished.map((b) => completeInterruptedFulfillmentWorkflow(getContainer()).run({ input: { order_id: b.order_id, fulfillment_id: b.fulfillment_id } }))
          )
          await new Promise((resolve) => setTimeout(resolve, 1000))
          await hold.rollback()
          fulfilment = await fulfilling
          await completing
        } finally {
          if (!hold.isCompleted()) await hold.rollback()
        }
        expect(unfinished.map((b) => b.order_id)).not.toContain(placed.id)
        expect({ status: fulfilment.status, message: fulfilment.data.message }).toEqual({ status: 200, message: undefined })
        const [kept, ...others] = await live(placed.id)
        expect(others).toEqual([])
        expect(sandbox().bookings.slice(bookingsBefore).map((b) => b.consignmentNumber)).toEqual([kept.data.consignment_number])
        const { data } = await query.graph({ entity: "order", fields: ["items.id", "items.detail.fulfilled_quantity"], filters: { id: placed.id } })
        const items = (data[0] as unknown as { items: { id: string; detail: { fulfilled_quantity: number } }[] }).items
        expect(Number(items.find((i) => i.id === line)!.detail.fulfilled_quantity)).toBe(1)
      })
    })
  },
})
