import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createOrderWorkflow } from "@medusajs/medusa/core-flows"
import { createAdminHeaders } from "../helpers/admin"
import { responseOf } from "../helpers/http"
import { useSandbox } from "../helpers/sandbox"
import { storefront } from "../helpers/storefront"
import { seedNorwegianStore, type SeededStore } from "../helpers/store"

jest.setTimeout(120 * 1000)

/**
 * The merchant fulfils orders in the admin (POST /admin/orders/:id/fulfillments) and the plugin
 * books them at the carrier sandbox: each test asserts the booking request the sandbox received
 * and what Medusa stored on the fulfillment.
 */
const sandbox = useSandbox()

type Fulfillment = {
  id: string
  data: Record<string, any>
  labels: { tracking_number: string; tracking_url: string; label_url: string }[]
}

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, getContainer }) => {
    let store: SeededStore
    let adminHeaders: { headers: Record<string, string> }

    beforeAll(async () => {
      store = await seedNorwegianStore(getContainer(), [
        { code: "SERVICEPAKKE", requiresPickupPoint: true },
        { code: "PA_DOREN" },
        { code: "3584" },
        { code: "5600" },
        { code: "BUSINESS_PARCEL" },
        { code: "9300", isReturn: true },
      ])
      adminHeaders = await createAdminHeaders(api, getContainer())
    })

    afterEach(() => sandbox().clearFaults())

    const { placeOrder } = storefront(api, () => store)

    async function fulfil(order: { id: string; items: { id: string }[] }, additional_data?: Record<string, unknown>) {
      return api.post(
        `/admin/orders/${order.id}/fulfillments`,
        { items: order.items.map((i) => ({ id: i.id, quantity: 1 })), ...(additional_data ? { additional_data } : {}) },
        adminHeaders
      )
    }

    async function fulfillmentsOf(orderId: string): Promise<Fulfillment[]> {
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({
        entity: "order",
        fields: ["id", "fulfillments.id", "fulfillments.data", "fulfillments.labels.*", "fulfillments.canceled_at"],
        filters: { id: orderId },
      })
      return (data[0] as unknown as { fulfillments: Fulfillment[] }).fulfillments
    }

    const lastBooking = () => sandbox().bookings.at(-1)!

    it("books home delivery: sender is the Oslo warehouse, recipient the customer, with e-mail notification", async () => {
      const order = await placeOrder("PA_DOREN", store.variants.boxed)
      expect((await fulfil(order)).status).toBe(200)

      const [fulfillment] = await fulfillmentsOf(order.id)
      const booking = lastBooking()
      expect(booking.test).toBe(true)
      expect(booking.request).toMatchObject({
        correlationId: fulfillment.id,
        purchaseOrder: { purchaseOrderNumber: String(order.display_id) },
        product: {
          id: "PA_DOREN",
          customerNumber: "5",
          additionalServices: [{ id: "EVARSLING", email: "kari@example.com", mobile: "+4712345678" }],
        },
        parties: {
          sender: {
            name: "Oslo warehouse",
            addressLine: "Karl Johans gate 1",
            postalCode: "0154",
            city: "Oslo",
            countryCode: "NO",
            contact: expect.objectContaining({ phoneNumber: "+4791234567" }),
          },
          recipient: {
            name: "Kari Nordmann",
            addressLine: "Strandgaten 1",
            postalCode: "5004",
            city: "Bergen",
            countryCode: "NO",
            contact: expect.objectContaining({ email: "kari@example.com", phoneNumber: "+4712345678" }),
          },
        },
        packages: [
          expect.objectContaining({
            correlationId: `${fulfillment.id}-1`,
            weightInKg: 1.2,
            dimensions: { lengthInCm: 30, widthInCm: 20, heightInCm: 15 },
          }),
        ],
      })
      // Medusa merges the shipping method's data (delivery_date) under the provider's.
      expect(fulfillment.data).toMatchObject({
        service_code: "PA_DOREN",
        kind: "outbound",
        consignment_number: booking.consignmentNumber,
        package_numbers: booking.packageNumbers,
        label_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/booking\/labels\//),
        tracking_url: expect.stringMatching(/^http/),
        test: true,
        booked_at: expect.any(String),
      })
      expect(fulfillment.labels).toEqual([
        expect.objectContaining({
          tracking_number: booking.consignmentNumber,
          label_url: fulfillment.data.label_url,
          tracking_url: fulfillment.data.tracking_url,
        }),
      ])
      // The label URL opens without a carrier login and is a PDF.
      const pdf = await fetch(fulfillment.data.label_url)
      expect(pdf.status).toBe(200)
      expect(pdf.headers.get("content-type")).toMatch(/application\/pdf/)
      expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 4).toString()).toBe("%PDF")
    })

    it("books a pickup-point parcel to the chosen point, checked again at the carrier", async () => {
      const order = await placeOrder("SERVICEPAKKE", store.variants.flat, { pickup_point_id: "150041" })
      // Before booking, the order widget shows what the shopper chose.
      const { data: planned } = await api.get(`/admin/nordic-parcel/orders/${order.id}`, adminHeaders)
      expect(planned.shipments).toEqual([])
      expect(planned.shipping_methods).toEqual([
        expect.objectContaining({
          service_code: "SERVICEPAKKE",
          // The carrier's display name (learned from the checkout's quote).
          service_name: "Klimanøytral Servicepakke",
          pickup_point: expect.objectContaining({ id: "150041", name: expect.any(String), postal_code: expect.any(String) }),
        }),
      ])
      const lookupsBefore = sandbox().requests.filter((r) => r.path.includes("/id/150041")).length
      expect((await fulfil(order)).status).toBe(200)
      expect(sandbox().requests.filter((r) => r.path.includes("/id/150041")).length).toBe(lookupsBefore + 1)
      expect(lastBooking().request).toMatchObject({
        product: { id: "SERVICEPAKKE" },
        parties: { pickupPoint: { id: "150041", countryCode: "NO" } },
      })
      const [fulfillment] = await fulfillmentsOf(order.id)
      expect(fulfillment.data.pickup_point).toMatchObject({ id: "150041", country_code: "NO" })
    })

    it("books a mailbox parcel (3584) with bag on door and exactly one package", async () => {
      const order = await placeOrder("3584", store.variants.flat)
      expect((await fulfil(order)).status).toBe(200)
      const booking = lastBooking()
      expect(booking.request).toMatchObject({ product: { id: "3584", customerNumber: "5", additionalServices: [{ id: "1081" }] } })
      expect((booking.request as { packages: unknown[] }).packages).toHaveLength(1)
      expect(booking.packageNumbers[0]).toMatch(/^[A-Z]{2}\d{9}NO$/)
    })

    it("books a free return with QR codes together with the parcel, and keeps both labels", async () => {
      const order = await placeOrder("5600", store.variants.boxed)
      expect((await fulfil(order)).status).toBe(200)
      const booking = lastBooking()
      expect(booking.request).toMatchObject({ product: { id: "5600" }, returnProduct: { id: "9300" }, generateQrCodes: true })
      const [fulfillment] = await fulfillmentsOf(order.id)
      expect(fulfillment.data.return).toEqual({
        service_code: "9300",
        consignment_number: booking.returnConsignmentNumber,
        label_url: expect.stringMatching(/^http/),
        qr_codes: [expect.stringMatching(/^http/)],
      })
      expect(fulfillment.labels.map((l) => l.tracking_number)).toEqual([booking.consignmentNumber, booking.returnConsignmentNumber])
    })

    it("books an export to Sweden with one customs line per item", async () => {
      const container = getContainer()
      const { result: order } = await createOrderWorkflow(container).run({
        input: {
          region_id: store.regionId,
          sales_channel_id: store.salesChannelId,
          email: "sven@example.se",
          currency_code: "nok",
          shipping_address: {
            first_name: "Sven",
            last_name: "Svensson",
            address_1: "Drottninggatan 5",
            city: "Göteborg",
            country_code: "se",
            postal_code: "41101",
            phone: "+46701234567",
          },
          items: [
            { variant_id: store.variants.boxed, quantity: 2, title: "Boxed lamp", unit_price: 249 },
            { variant_id: store.variants.flat, quantity: 1, title: "Flat poster", unit_price: 249 },
          ],
          shipping_methods: [
            { name: "Business parcel", amount: 249, shipping_option_id: store.options.BUSINESS_PARCEL, data: { service_code: "BUSINESS_PARCEL" } },
          ],
        },
      })
      const res = await api.post(
        `/admin/orders/${order.id}/fulfillments`,
        { items: order.items!.map((i) => ({ id: i.id, quantity: Number(i.quantity) })) },
        adminHeaders
      )
      expect(res.status).toBe(200)
      expect(lastBooking().request).toMatchObject({
        product: {
          id: "BUSINESS_PARCEL",
          customerNumber: "6",
          ediCustomsDeclarations: {
            natureOfTransaction: "SALE_OF_GOODS",
            ediCustomsDeclaration: expect.arrayContaining([
              {
                quantity: 2,
                goodsDescription: "Boxed lamp",
                customsArticleNumber: "94052000",
                itemNetWeightInKg: 2.4,
                tarriffLineAmount: 498,
                currency: "NOK",
                countryOfOrigin: "SE",
              },
              expect.objectContaining({ quantity: 1, customsArticleNumber: "49119100", countryOfOrigin: "NO" }),
            ]),
          },
        },
        parties: { recipient: { countryCode: "SE", postalCode: "41101", city: "Göteborg" } },
      })
    })

    it("refuses a booking the carrier refuses, with its code, and leaves no fulfillment behind", async () => {
      const order = await placeOrder("PA_DOREN", store.variants.flat)
      sandbox().fault("booking", { kind: "status", status: 500, times: 1 })
      const failed = await fulfil(order).catch(responseOf)
      expect(failed.status).toBeGreaterThanOrEqual(400)
      expect(failed.data.message).toMatch(/may have been booked/)
      expect(await fulfillmentsOf(order.id)).toEqual([])

      // Not re-sent blindly after an unconfirmed attempt…
      const blind = await fulfil(order).catch(responseOf)
      expect(blind.status).toBe(400)
      expect(blind.data.message).toMatch(/never confirmed by the carrier/)
      // …but booked again when the merchant confirms ("Book again" in the order widget).
      const { data } = await api.get(`/admin/nordic-parcel/orders/${order.id}`, adminHeaders)
      const unconfirmed = data.shipments.find((s: { status: string }) => s.status === "booking")
      expect(unconfirmed.last_error.message).toMatch(/may have been booked/)
      const before = sandbox().bookings.length
      const rebooked = await api.post(`/admin/nordic-parcel/shipments/${unconfirmed.id}/rebook`, {}, adminHeaders)
      expect(rebooked.data.fulfillment.data).toMatchObject({ consignment_number: lastBooking().consignmentNumber })
      expect(sandbox().bookings.length).toBe(before + 1)
      expect(await fulfillmentsOf(order.id)).toHaveLength(1)
      // A booking that exists is not booked again.
      const [booked] = (await api.get(`/admin/nordic-parcel/orders/${order.id}`, adminHeaders)).data.shipments.filter(
        (s: { status: string }) => s.status === "booked"
      )
      const again = await api.post(`/admin/nordic-parcel/shipments/${booked.id}/rebook`, {}, adminHeaders).catch(responseOf)
      expect(again.status).toBe(400)
      expect(again.data.message).toMatch(/only an outgoing booking the carrier never confirmed/)
    })

    it("passes the carrier's refusal on readably and keeps nothing half-written", async () => {
      const order = await placeOrder("PA_DOREN", store.variants.flat)
      sandbox().fault("booking", { kind: "status", status: 400, times: 1 })
      const refused = await fulfil(order).catch(responseOf)
      expect(refused.status).toBe(400)
      expect(refused.data.message).toMatch(/The carrier refused the booking of order #\d+/)
      expect(await fulfillmentsOf(order.id)).toEqual([])
      // A refusal booked nothing, so the next attempt goes straight through.
      expect((await fulfil(order)).status).toBe(200)
    })

    it("books once when the merchant double-clicks", async () => {
      const order = await placeOrder("PA_DOREN", store.variants.flat)
      const before = sandbox().bookings.length
      const results = await Promise.all([fulfil(order).catch(responseOf), fulfil(order).catch(responseOf)])
      expect(results.some((r) => r.status === 200)).toBe(true)
      expect(sandbox().bookings.length).toBe(before + 1)
    })

    it("announces the booking on the event bus and serves the label PDF to the admin", async () => {
      const eventBus = getContainer().resolve(Modules.EVENT_BUS)
      const announced: Record<string, unknown>[] = []
      const seen = new Promise<void>((resolve) => {
        eventBus.subscribe("nordic_parcel.shipment.booked", async (event) => {
          announced.push(event.data as Record<string, unknown>)
          resolve()
        })
      })
      const order = await placeOrder("PA_DOREN", store.variants.boxed)
      await fulfil(order)
      await seen
      const [fulfillment] = await fulfillmentsOf(order.id)
      expect(announced).toContainEqual({
        fulfillment_id: fulfillment.id,
        order_id: order.id,
        consignment_number: fulfillment.data.consignment_number,
        test: true,
      })

      const { data } = await api.get(`/admin/nordic-parcel/fulfillments/${fulfillment.id}`, adminHeaders)
      expect(data.shipment).toMatchObject({ status: "booked", service_code: "PA_DOREN", consignment_number: fulfillment.data.consignment_number })
      expect(data.shipment).not.toHaveProperty("booking_key")
      const { data: ofOrder } = await api.get(`/admin/nordic-parcel/orders/${order.id}`, adminHeaders)
      expect(ofOrder.shipments).toEqual([
        expect.objectContaining({
          fulfillment_id: fulfillment.id,
          status: "booked",
          consignment_number: fulfillment.data.consignment_number,
          label_download_url: `/admin/nordic-parcel/fulfillments/${fulfillment.id}/label`,
          tracking_events: [],
        }),
      ])
      expect(ofOrder.shipments[0]).not.toHaveProperty("fulfillment_result")
      const label = await api.get(`/admin/nordic-parcel/fulfillments/${fulfillment.id}/label`, { ...adminHeaders, responseType: "arraybuffer" })
      expect(label.headers["content-type"]).toMatch(/application\/pdf/)
      expect(Buffer.from(label.data).subarray(0, 4).toString()).toBe("%PDF")
    })

    it("cancelling leaves the booking unused (the carrier booking stands) and the next identical fulfilment takes it over", async () => {
      const order = await placeOrder("PA_DOREN", store.variants.flat)
      await fulfil(order)
      const [fulfillment] = await fulfillmentsOf(order.id)
      await api.post(`/admin/orders/${order.id}/fulfillments/${fulfillment.id}/cancel`, {}, adminHeaders)
      const { data } = await api.get(`/admin/nordic-parcel/fulfillments/${fulfillment.id}`, adminHeaders)
      expect(data.shipment.status).toBe("unused")

      const before = sandbox().bookings.length
      expect((await fulfil(order)).status).toBe(200)
      expect(sandbox().bookings.length).toBe(before)
      const again = (await fulfillmentsOf(order.id)).find((f) => f.id !== fulfillment.id)!
      expect(again.data.consignment_number).toBe(fulfillment.data.consignment_number)
    })

    it("books a return from the customer to the warehouse, with QR codes", async () => {
      const order = await placeOrder("PA_DOREN", store.variants.boxed)
      await fulfil(order)
      const { data: begun } = await api.post(`/admin/returns`, { order_id: order.id, location_id: store.stockLocationId }, adminHeaders)
      const returnId = begun.return.id
      await api.post(`/admin/returns/${returnId}/request-items`, { items: [{ id: order.items[0].id, quantity: 1 }] }, adminHeaders)
      await api.post(`/admin/returns/${returnId}/shipping-method`, { shipping_option_id: store.options["9300"] }, adminHeaders)
      const confirmed = await api.post(`/admin/returns/${returnId}/request`, {}, adminHeaders)
      expect(confirmed.status).toBe(200)

      const booking = lastBooking()
      expect(booking.request).toMatchObject({
        product: { id: "9300", customerNumber: "5" },
        generateQrCodes: true,
        parties: {
          sender: { name: "Kari Nordmann", postalCode: "5004", city: "Bergen", countryCode: "NO" },
          recipient: { addressLine: "Karl Johans gate 1", postalCode: "0154", city: "Oslo", countryCode: "NO" },
        },
      })
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({ entity: "return", fields: ["id", "fulfillments.data", "fulfillments.labels.*"], filters: { id: returnId } })
      const returnFulfillment = (data[0] as unknown as { fulfillments: Fulfillment[] }).fulfillments[0]
      expect(returnFulfillment.data).toMatchObject({
        service_code: "9300",
        kind: "return",
        consignment_number: booking.consignmentNumber,
        qr_codes: [expect.stringMatching(/^http/)],
      })
      expect(returnFulfillment.labels[0]).toMatchObject({ tracking_number: booking.consignmentNumber })
    })
  },
})
