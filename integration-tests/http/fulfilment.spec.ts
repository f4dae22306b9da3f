import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createOrderWorkflow } from "@medusajs/medusa/core-flows"
import { createAdminHeaders } from "../helpers/admin"
import { responseOf } from "../helpers/http"
import { useSandbox } from "../helpers/sandbox"
import { storefront } from "../helpers/storefront"
import { seedNorwegianStore, type SeededStore } from "../helpers/store"
import { NORDIC_PARCEL_MODULE } from "../../src/modules/nordic_parcel"
import type NordicParcelModuleService from "../../src/modules/nordic_parcel/service"

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

    type ShipmentView = {
      id: string
      fulfillment_id: string
      kind: string
      status: string
      unconfirmed: boolean
      carrier_reference: string
      consignment_number: string | null
      last_error: { message: string; superseded_by?: string } | null
    }
    const shipmentsOf = async (orderId: string): Promise<ShipmentView[]> =>
      (await api.get(`/admin/nordic-parcel/orders/${orderId}`, adminHeaders)).data.shipments
    /** The carrier's bookings made by any attempt of the order (the request's reference is the attempt's fulfilment). */
    const carrierBookingsOf = async (orderId: string) => {
      const references = new Set((await shipmentsOf(orderId)).map((s) => s.fulfillment_id))
      return sandbox().bookings.filter((b) => references.has((b.request as { correlationId: string }).correlationId))
    }
    /** What the merchant is shown as needing action: the status page and the bookings page. */
    async function shownUnconfirmed(orderId: string, shipmentId: string) {
      const status = (await api.get("/admin/nordic-parcel/status", adminHeaders)).data
      const page = (await api.get("/admin/nordic-parcel/unfulfilled-orders", adminHeaders)).data
      return {
        statusPage: status.unconfirmed_bookings.bookings.some((b: { id: string }) => b.id === shipmentId),
        bookingsPage: page.orders.find((o: { id: string }) => o.id === orderId)?.unconfirmed_booking?.id === shipmentId,
      }
    }

    /** The order booked once and shown booked; the unconfirmed attempt settled as replaced, naming its reference. */
    async function expectBookedReplacing(orderId: string, attempt: ShipmentView) {
      const fulfillments = (await fulfillmentsOf(orderId)).filter((f) => !(f as { canceled_at?: unknown }).canceled_at)
      expect(fulfillments).toHaveLength(1)
      const shipments = await shipmentsOf(orderId)
      expect(shipments.filter((s) => s.status === "booked").map((s) => [s.fulfillment_id, s.consignment_number])).toEqual([
        [fulfillments[0].id, fulfillments[0].data.consignment_number],
      ])
      const replaced = shipments.find((s) => s.id === attempt.id)!
      expect(replaced).toMatchObject({ status: "failed", unconfirmed: false, last_error: { superseded_by: fulfillments[0].id } })
      expect(replaced.last_error!.message).toContain(`reference ${attempt.carrier_reference}`)
      expect(replaced.last_error!.message).toContain(`consignment ${fulfillments[0].data.consignment_number}`)
      expect(await shownUnconfirmed(orderId, attempt.id)).toEqual({ statusPage: false, bookingsPage: false })
      return fulfillments[0]
    }

    it("a booking the carrier never confirmed (5xx) leaves no fulfilment, is shown unconfirmed, and fulfilling again books it once", async () => {
      const order = await placeOrder("PA_DOREN", store.variants.flat)
      sandbox().fault("booking", { kind: "status", status: 500, times: 1 })
      const failed = await fulfil(order).catch(responseOf)
      expect(failed.status).toBeGreaterThanOrEqual(400)
      expect(failed.data.message).toMatch(/may have been booked/)
      expect(await fulfillmentsOf(order.id)).toEqual([])
      const [attempt] = await shipmentsOf(order.id)
      expect(attempt).toMatchObject({ status: "booking", unconfirmed: true, consignment_number: null })
      expect(await shownUnconfirmed(order.id, attempt.id)).toEqual({ statusPage: true, bookingsPage: true })

      // Medusa's ordinary "Create fulfillment", no flag: booked anew, once.
      expect((await fulfil(order)).status).toBe(200)
      await expectBookedReplacing(order.id, attempt)
      expect(await carrierBookingsOf(order.id)).toHaveLength(1)
      // Settled: neither "Book again" nor another fulfilment books it again.
      const again = await api.post(`/admin/nordic-parcel/shipments/${attempt.id}/rebook`, {}, adminHeaders).catch(responseOf)
      expect(again.status).toBe(400)
      expect(again.data.message).toMatch(/only a booking the carrier never confirmed/)
      expect((await fulfil(order).catch(responseOf)).status).toBe(400)
      expect(await carrierBookingsOf(order.id)).toHaveLength(1)
    })

    it("when the carrier made the consignment but its answer never arrived, fulfilling again books anew and names the lost one's reference", async () => {
      // The carrier answers after the booking's time limit (5 s): it booked, the plugin never heard.
      const order = await placeOrder("PA_DOREN", store.variants.flat)
      sandbox().fault("booking", { kind: "latency", ms: 6500, times: 1 })
      const failed = await fulfil(order).catch(responseOf)
      expect(failed.data.message).toMatch(/may have been booked/)
      const [attempt] = await shipmentsOf(order.id)
      expect(attempt.unconfirmed).toBe(true)
      const lost = await (async () => {
        for (let i = 0; i < 40 && !sandbox().bookings.some((b) => (b.request as { correlationId: string }).correlationId === attempt.carrier_reference); i++) {
          await new Promise((resolve) => setTimeout(resolve, 250))
        }
        return sandbox().bookings.find((b) => (b.request as { correlationId: string }).correlationId === attempt.carrier_reference)
      })()
      expect(lost).toBeDefined()

      // The carrier cannot be searched for it (carrier notes 45): the new booking is the order's,
      // and the replaced attempt tells the merchant which parcel at the carrier to leave unused.
      expect((await fulfil(order)).status).toBe(200)
      const fulfillment = await expectBookedReplacing(order.id, attempt)
      expect((await carrierBookingsOf(order.id)).map((b) => b.consignmentNumber).sort()).toEqual(
        [lost!.consignmentNumber, fulfillment.data.consignment_number].sort()
      )
      expect(fulfillment.data.consignment_number).not.toBe(lost!.consignmentNumber)
    })

    it("\"Book again\" books an unconfirmed outgoing parcel once", async () => {
      const order = await placeOrder("PA_DOREN", store.variants.flat)
      sandbox().fault("booking", { kind: "status", status: 500, times: 1 })
      await fulfil(order).catch(responseOf)
      const [attempt] = await shipmentsOf(order.id)
      const rebooked = await api.post(`/admin/nordic-parcel/shipments/${attempt.id}/rebook`, {}, adminHeaders)
      expect(rebooked.data.fulfillment.data).toMatchObject({ consignment_number: lastBooking().consignmentNumber })
      await expectBookedReplacing(order.id, attempt)
      expect(await carrierBookingsOf(order.id)).toHaveLength(1)
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
      expect(Buffer.from(label.data).subarray(0, 5).toString()).toBe("%PDF-")
      // A download, never shown inline on the admin's origin, and never sniffed as something else.
      expect(label.headers["content-disposition"]).toBe(`attachment; filename="${fulfillment.data.consignment_number}.pdf"`)
      expect(label.headers["x-content-type-options"]).toBe("nosniff")
    })

    it("serves a label only when it is a PDF from the carrier's label storage", async () => {
      const order = await placeOrder("PA_DOREN", store.variants.flat)
      await fulfil(order)
      const [fulfillment] = await fulfillmentsOf(order.id)
      const nordicParcel = getContainer().resolve(NORDIC_PARCEL_MODULE) as NordicParcelModuleService
      const [shipment] = await nordicParcel.listShipments({ fulfillment_id: fulfillment.id })
      const labelRoute = `/admin/nordic-parcel/fulfillments/${fulfillment.id}/label`
      const carrierRequests = () => sandbox().requests.length

      // The carrier's host answers an HTML page (its tracking page) where a label was expected: refused.
      await nordicParcel.updateShipments({ id: shipment.id, label_url: `${sandbox().url}/tracking/${shipment.consignment_number}` })
      const html = await api.get(labelRoute, adminHeaders).catch(responseOf)
      expect(html.status).toBeGreaterThanOrEqual(502)
      expect(html.data.message).toMatch(/not a PDF/)
      expect(html.headers["content-type"]).not.toMatch(/text\/html/)

      // A link to another host (here an internal address) is not fetched at all.
      const before = carrierRequests()
      await nordicParcel.updateShipments({ id: shipment.id, label_url: "http://169.254.169.254/latest/meta-data" })
      const elsewhere = await api.get(labelRoute, adminHeaders).catch(responseOf)
      expect(elsewhere.status).toBeGreaterThanOrEqual(502)
      expect(elsewhere.data.message).toMatch(/not the carrier's label storage/)
      expect(carrierRequests()).toBe(before)
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

    it("a return whose booking the carrier never confirmed is booked by \"Book again\", or by confirming the return again", async () => {
      /** A booked order and its return request for the one item, not yet confirmed. */
      async function requestedReturn() {
        const order = await placeOrder("PA_DOREN", store.variants.boxed)
        await fulfil(order)
        const { data: begun } = await api.post(`/admin/returns`, { order_id: order.id, location_id: store.stockLocationId }, adminHeaders)
        const returnId = begun.return.id as string
        await api.post(`/admin/returns/${returnId}/request-items`, { items: [{ id: order.items[0].id, quantity: 1 }] }, adminHeaders)
        await api.post(`/admin/returns/${returnId}/shipping-method`, { shipping_option_id: store.options["9300"] }, adminHeaders)
        return { order, returnId, confirm: () => api.post(`/admin/returns/${returnId}/request`, {}, adminHeaders) }
      }
      const returnShipments = async (orderId: string) => (await shipmentsOf(orderId)).filter((s) => s.kind === "return")
      async function unconfirmedReturn() {
        const requested = await requestedReturn()
        sandbox().fault("booking", { kind: "status", status: 500, times: 1 })
        const failed = await requested.confirm().catch(responseOf)
        expect(failed.data.message).toMatch(/may have been booked/)
        const [attempt] = await returnShipments(requested.order.id)
        expect(attempt).toMatchObject({ status: "booking", unconfirmed: true })
        return { ...requested, attempt }
      }
      async function expectReturnBookedReplacing(orderId: string, returnId: string, attempt: ShipmentView) {
        const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
        const { data } = await query.graph({ entity: "return", fields: ["id", "fulfillments.id", "fulfillments.data"], filters: { id: returnId } })
        const [returnFulfillment] = (data[0] as unknown as { fulfillments: Fulfillment[] }).fulfillments
        expect(returnFulfillment.data).toMatchObject({ kind: "return", service_code: "9300", consignment_number: expect.any(String) })
        const shipments = await returnShipments(orderId)
        expect(shipments.find((s) => s.status === "booked")?.fulfillment_id).toBe(returnFulfillment.id)
        expect(shipments.find((s) => s.id === attempt.id)).toMatchObject({ status: "failed", unconfirmed: false, last_error: { superseded_by: returnFulfillment.id } })
        const references = new Set(shipments.map((s) => s.fulfillment_id))
        expect(sandbox().bookings.filter((b) => references.has((b.request as { correlationId: string }).correlationId))).toHaveLength(1)
      }

      const first = await unconfirmedReturn()
      const rebooked = await api.post(`/admin/nordic-parcel/shipments/${first.attempt.id}/rebook`, {}, adminHeaders)
      expect(rebooked.data.fulfillment.data).toMatchObject({ kind: "return", consignment_number: lastBooking().consignmentNumber })
      await expectReturnBookedReplacing(first.order.id, first.returnId, first.attempt)

      const second = await unconfirmedReturn()
      expect((await second.confirm()).status).toBe(200)
      await expectReturnBookedReplacing(second.order.id, second.returnId, second.attempt)
    })
  },
})
