import http from "node:http"
import type { AddressInfo } from "node:net"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { OrderShipment } from "../../src/storefront/types"
import { createAdminHeaders } from "../helpers/admin"
import { useCallbackGateway } from "../helpers/callback-gateway"
import { eventually } from "../helpers/eventually"
import { responseOf } from "../helpers/http"
import { useSandbox } from "../helpers/sandbox"
import { storefront } from "../helpers/storefront"
import { seedNorwegianStore, type SeededStore } from "../helpers/store"
import { NORDIC_PARCEL_MODULE } from "../../src/modules/nordic_parcel"
import type NordicParcelModuleService from "../../src/modules/nordic_parcel/service"

jest.setTimeout(600 * 1000)

/**
 * The shopper after the sale, over the store API as a storefront calls it: a signed-in customer
 * (or a guest holding the order's id) returns an item with Medusa's own POST /store/returns and the
 * carrier's return option, which books the return at the carrier sandbox; the plugin's store route
 * then gives the return label PDF and QR code, and the parcel's tracking events as the carrier
 * pushes them. Another shopper gets 404 for all of it.
 */
useCallbackGateway()
const sandbox = useSandbox()

type Shopper = { token: string; customerId: string }

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, getContainer }) => {
    let store: SeededStore
    let adminHeaders: { headers: Record<string, string> }
    let kari: Shopper
    let ola: Shopper

    const { headers, createCart, completeCart } = storefront(api, () => store)
    const as = (shopper?: Shopper) => ({
      headers: { ...headers().headers, ...(shopper ? { authorization: `Bearer ${shopper.token}` } : {}) },
    })

    /** Medusa's own sign-up: register the identity, create the customer, log in again for a token that names the customer. */
    async function signUp(email: string, first_name: string): Promise<Shopper> {
      const password = "kari-og-ola-passord-123"
      const registered = await api.post("/auth/customer/emailpass/register", { email, password })
      const { data } = await api.post(
        "/store/customers",
        { email, first_name, last_name: "Nordmann" },
        { headers: { ...headers().headers, authorization: `Bearer ${registered.data.token}` } }
      )
      const login = await api.post("/auth/customer/emailpass", { email, password })
      return { token: login.data.token, customerId: data.customer.id }
    }

    /** An order placed by `shopper` (signed in) or by a guest, with the carrier's home delivery, fulfilled by the merchant. */
    async function deliveredOrder(shopper?: Shopper) {
      const cartId = await createCart("5004", [{ variant_id: store.variants.boxed, quantity: 1 }], shopper ? undefined : "guest@example.com")
      if (shopper) await api.post(`/store/carts/${cartId}/customer`, {}, as(shopper))
      await api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: store.options.PA_DOREN }, headers())
      const order = await completeCart(cartId)
      const fulfilled = await api.post(`/admin/orders/${order.id}/fulfillments`, { items: [{ id: order.items[0].id, quantity: 1 }] }, adminHeaders)
      expect(fulfilled.status).toBe(200)
      return order
    }

    const shipmentsOf = (orderId: string, shopper?: Shopper) =>
      api.get(`/store/nordic-parcel/orders/${orderId}/shipments`, as(shopper)).catch(responseOf)
    const documentAt = (path: string, shopper?: Shopper) =>
      api.get(path, { ...as(shopper), responseType: "arraybuffer" }).catch(responseOf)
    const returnBookings = () => sandbox().bookings.filter((b) => (b.request as { product?: { id?: string } }).product?.id === "9300")

    beforeAll(async () => {
      store = await seedNorwegianStore(getContainer(), [{ code: "PA_DOREN" }, { code: "9300", isReturn: true }])
      adminHeaders = await createAdminHeaders(api, getContainer())
      kari = await signUp("kari@example.com", "Kari")
      ola = await signUp("ola@example.com", "Ola")
    })

    afterEach(() => sandbox().clearFaults())

    it("a signed-in shopper returns an item with POST /store/returns: the carrier books it, and the store route gives its label PDF and QR code", async () => {
      const order = await deliveredOrder(kari)
      const before = returnBookings().length

      const created = await api.post(
        "/store/returns",
        { order_id: order.id, items: [{ id: order.items[0].id, quantity: 1 }], return_shipping: { option_id: store.options["9300"] } },
        as(kari)
      )
      expect(created.status).toBe(200)
      expect(returnBookings().length).toBe(before + 1)
      const booking = returnBookings().at(-1)!
      expect(booking.request).toMatchObject({
        product: { id: "9300" },
        generateQrCodes: true,
        parties: { sender: { name: "Kari Nordmann", postalCode: "5004" }, recipient: { postalCode: "0154", city: "Oslo" } },
      })
      // Medusa links the booked fulfillment to the shopper's return.
      const { data: returns } = await getContainer()
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({ entity: "return", fields: ["id", "fulfillments.data"], filters: { id: created.data.return.id } })
      expect((returns[0] as unknown as { fulfillments: { data: { consignment_number: string } }[] }).fulfillments[0].data.consignment_number).toBe(
        booking.consignmentNumber
      )

      const answer = await shipmentsOf(order.id, kari)
      expect(answer.status).toBe(200)
      const shipments = answer.data.shipments as OrderShipment[]
      expect(shipments.map((s) => s.kind)).toEqual(["outbound", "return"])
      const returned = shipments[1]
      expect(returned).toMatchObject({ service_code: "9300", consignment_number: booking.consignmentNumber, status: "booked" })
      expect(returned.return_label).toEqual({
        consignment_number: booking.consignmentNumber,
        label_path: `/store/nordic-parcel/orders/${order.id}/shipments/${returned.id}/return-label`,
        qr_code_paths: [`/store/nordic-parcel/orders/${order.id}/shipments/${returned.id}/return-qr-codes/0`],
      })
      // The carrier's links carry their own access tokens: they stay in the store.
      expect(JSON.stringify(answer.data)).not.toMatch(/auth-token/)

      const label = await documentAt(returned.return_label!.label_path!, kari)
      expect(label.status).toBe(200)
      expect(label.headers["content-type"]).toMatch(/^application\/pdf/)
      expect(Buffer.from(label.data).subarray(0, 5).toString("latin1")).toBe("%PDF-")
      const qr = await documentAt(returned.return_label!.qr_code_paths[0], kari)
      expect(qr.status).toBe(200)
      expect(qr.headers["content-type"]).toMatch(/^image\/png/)
      expect(Buffer.from(qr.data).subarray(1, 4).toString("latin1")).toBe("PNG")
      expect(qr.headers["cache-control"]).toMatch(/private/)

      // The carrier cannot hand out the document: the shopper gets the error handler's 503, no credentials.
      sandbox().fault("label", { kind: "status", status: 503, times: 10 })
      const down = await documentAt(returned.return_label!.label_path!, kari)
      expect(down.status).toBe(503)
      expect(Buffer.from(down.data).toString("utf8")).not.toContain(sandbox().credentials.apiKey)
      sandbox().clearFaults()

      // No such QR code, and no label for the outgoing parcel that was booked without a return.
      expect((await documentAt(`/store/nordic-parcel/orders/${order.id}/shipments/${returned.id}/return-qr-codes/1`, kari)).status).toBe(404)
      expect((await documentAt(`/store/nordic-parcel/orders/${order.id}/shipments/${shipments[0].id}/return-label`, kari)).status).toBe(404)
    })

    it("another customer's order answers 404 on every route, like an order that does not exist; a guest holding the order's id reads it, as on Medusa's order route", async () => {
      const order = await deliveredOrder(kari)
      await api.post(
        "/store/returns",
        { order_id: order.id, items: [{ id: order.items[0].id, quantity: 1 }], return_shipping: { option_id: store.options["9300"] } },
        as(kari)
      )
      const own = (await shipmentsOf(order.id, kari)).data.shipments as OrderShipment[]
      const { label_path, qr_code_paths } = own[1].return_label!

      const foreign = await shipmentsOf(order.id, ola)
      expect(foreign.status).toBe(404)
      expect(foreign.data.message).toBe(`Order with id: ${order.id} was not found`)
      expect((await shipmentsOf("order_01JDOESNOTEXIST00000000000", ola)).data.message).toBe("Order with id: order_01JDOESNOTEXIST00000000000 was not found")
      expect((await documentAt(label_path!, ola)).status).toBe(404)
      expect((await documentAt(qr_code_paths[0], ola)).status).toBe(404)

      // Medusa's GET /store/orders/:id takes the order's id as the guest's credential; so does the plugin.
      expect((await api.get(`/store/orders/${order.id}`, as()).catch(responseOf)).status).toBe(200)
      expect((await shipmentsOf(order.id)).status).toBe(200)
      expect((await documentAt(qr_code_paths[0])).status).toBe(200)

      // A signed-in customer cannot reach a guest's order either, nor another order's shipment through their own.
      const guestOrder = await deliveredOrder()
      expect((await shipmentsOf(guestOrder.id)).status).toBe(200)
      expect((await shipmentsOf(guestOrder.id, ola)).status).toBe(404)
      const guestShipment = ((await shipmentsOf(guestOrder.id)).data.shipments as OrderShipment[])[0]
      expect((await documentAt(`/store/nordic-parcel/orders/${order.id}/shipments/${guestShipment.id}/return-label`, kari)).status).toBe(404)

      // Without the store's publishable key, nothing (as every /store route).
      const keyless = await api.get(`/store/nordic-parcel/orders/${order.id}/shipments`).catch(responseOf)
      expect(keyless.status).toBe(400)
    })

    it("a return the carrier turns away (throttled: nothing booked) leaves no return behind and answers 429; the shopper's retry books it once", async () => {
      const order = await deliveredOrder(kari)
      const before = returnBookings().length
      const body = { order_id: order.id, items: [{ id: order.items[0].id, quantity: 1 }], return_shipping: { option_id: store.options["9300"] } }

      sandbox().fault("booking", { kind: "status", status: 429, times: 10 })
      const failed = await api.post("/store/returns", body, as(kari)).catch(responseOf)
      expect(failed.status).toBe(429)
      expect(failed.data.message).toMatch(/was not booked, try again/)
      expect(JSON.stringify(failed.data)).not.toContain(sandbox().credentials.apiKey)
      sandbox().clearFaults()
      const { data: orders } = await getContainer()
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({ entity: "order", fields: ["id", "returns.id", "returns.status"], filters: { id: order.id } })
      expect((orders[0] as unknown as { returns: unknown[] }).returns).toEqual([])

      const retried = await api.post("/store/returns", body, as(kari))
      expect(retried.status).toBe(200)
      expect(returnBookings().length).toBe(before + 1)
      const shipments = (await shipmentsOf(order.id, kari)).data.shipments as OrderShipment[]
      expect(shipments.filter((s) => s.kind === "return")).toHaveLength(1)
    })

    describe("a hostile or broken carrier document is refused, never passed on", () => {
      /** A host that is not the carrier's label storage (an internal service, say): it counts every request it gets. */
      let elsewhere: http.Server
      let elsewhereUrl: string
      const elsewhereHits: string[] = []
      const SECRET = "internal-metadata-secret"
      beforeAll(async () => {
        elsewhere = http.createServer((req, res) => {
          elsewhereHits.push(req.url ?? "")
          res.writeHead(200, { "content-type": "application/pdf" }).end(`%PDF-1.4 ${SECRET}`)
        })
        await new Promise<void>((resolve) => elsewhere.listen(0, "127.0.0.1", resolve))
        elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`
      })
      afterAll(async () => {
        await new Promise((resolve) => elsewhere.close(resolve))
      })

      const nordicParcel = () => getContainer().resolve(NORDIC_PARCEL_MODULE) as NordicParcelModuleService
      /**
       * A guest's booked return: its shipment and the two store paths of its documents. Made in
       * each test: the runner puts the database back as it was after the suite's set-up.
       */
      async function guestReturn() {
        const order = await deliveredOrder()
        await api.post(
          "/store/returns",
          { order_id: order.id, items: [{ id: order.items[0].id, quantity: 1 }], return_shipping: { option_id: store.options["9300"] } },
          as()
        )
        const returned = ((await shipmentsOf(order.id)).data.shipments as OrderShipment[]).find((s) => s.kind === "return")!
        return { shipmentId: returned.id, labelPath: returned.return_label!.label_path!, qrPath: returned.return_label!.qr_code_paths[0] }
      }
      /** Refused as the carrier's failure (5xx, as the admin's label route), with nothing of what was fetched in the answer. */
      function expectRefused(answer: { status: number; headers: Record<string, unknown>; data: ArrayBuffer }, message: RegExp) {
        const body = Buffer.from(answer.data).toString("utf8")
        expect({ failed: answer.status >= 502, type: answer.headers["content-type"] }).toEqual({ failed: true, type: expect.stringMatching(/^application\/json/) })
        expect(JSON.parse(body).message).toMatch(message)
        expect(body).not.toContain(SECRET)
        expect(body).not.toMatch(/<html|<script/i)
      }
      const page = `<html><script>document.cookie</script>${SECRET}</html>`

      it("a label link to another host is not fetched", async () => {
        const guest = await guestReturn()
        await nordicParcel().updateShipments({ id: guest.shipmentId, label_url: `${elsewhereUrl}/label.pdf` })
        expectRefused(await documentAt(guest.labelPath), /not the carrier's label storage/)
        expect(elsewhereHits).toEqual([])
      })

      it("a redirect of the carrier's link to another host is not followed", async () => {
        const guest = await guestReturn()
        sandbox().fault("label", { kind: "answer", status: 302, headers: { location: `${elsewhereUrl}/latest/meta-data` }, times: 5 })
        expectRefused(await documentAt(guest.qrPath), /redirected to http:\/\/127\.0\.0\.1/)
        expect(elsewhereHits).toEqual([])
      })

      it("a document larger than the label limit is refused", async () => {
        const guest = await guestReturn()
        // 6 MB, past the default labels.maxBytes of 5 MB.
        sandbox().fault("label", { kind: "answer", status: 200, headers: { "content-type": "application/pdf" }, body: Buffer.alloc(6 * 1024 * 1024, "%PDF-"), times: 1 })
        expectRefused(await documentAt(guest.labelPath), /larger than/)
      })

      it("an HTML page where a label or QR code was expected is refused, and a QR code must be a PNG", async () => {
        const guest = await guestReturn()
        sandbox().fault("label", { kind: "answer", status: 200, headers: { "content-type": "application/pdf" }, body: page, times: 1 })
        expectRefused(await documentAt(guest.labelPath), /not a PDF/)
        sandbox().fault("label", { kind: "answer", status: 200, headers: { "content-type": "image/png" }, body: page, times: 1 })
        expectRefused(await documentAt(guest.qrPath), /not a PNG/)
        sandbox().fault("label", { kind: "answer", status: 200, headers: { "content-type": "image/png" }, body: "%PDF-1.4 not an image", times: 1 })
        expectRefused(await documentAt(guest.qrPath), /not a PNG/)
      })

      it("the real documents are served with the type their bytes show, never sniffed, under a safe file name", async () => {
        const guest = await guestReturn()
        const label = await documentAt(guest.labelPath)
        expect(label.status).toBe(200)
        expect(label.headers["content-type"]).toBe("application/pdf")
        expect(label.headers["x-content-type-options"]).toBe("nosniff")
        expect(label.headers["content-disposition"]).toMatch(/^inline; filename="return-[A-Za-z0-9]+\.pdf"$/)
        const qr = await documentAt(guest.qrPath)
        expect(qr.headers["content-type"]).toBe("image/png")
        expect(qr.headers["x-content-type-options"]).toBe("nosniff")
        expect(qr.headers["content-disposition"]).toMatch(/^inline; filename="return-[A-Za-z0-9]+-1\.png"$/)
      })
    })

    it("the parcel's timeline shows HANDED_IN then DELIVERED as the carrier pushes them", async () => {
      const order = await deliveredOrder(kari)
      const [outbound] = (await shipmentsOf(order.id, kari)).data.shipments as OrderShipment[]
      expect(outbound).toMatchObject({ kind: "outbound", status: "booked", tracking_events: [] })
      expect(outbound.tracking_url).toMatch(/^https?:\/\//)
      await eventually(() => sandbox().trackingSubscriptions().find((s) => s.trackingId === outbound.consignment_number))

      await sandbox().emitEvent({ status: "HANDED_IN", shipment: outbound.consignment_number })
      sandbox().clock.advance(26 * 60 * 60 * 1000)
      await sandbox().emitEvent({ status: "DELIVERED", shipment: outbound.consignment_number })
      const delivered = await eventually(async () => {
        const [shipment] = (await shipmentsOf(order.id, kari)).data.shipments as OrderShipment[]
        return shipment.status === "delivered" && shipment.tracking_events.length === 2 ? shipment : undefined
      })
      expect(delivered.tracking_events.map((e) => e.status)).toEqual(["HANDED_IN", "DELIVERED"])
      expect(delivered.tracking_events.every((e) => !Number.isNaN(Date.parse(e.occurred_at)))).toBe(true)
      // Nothing of the carrier's raw payload or the booking ledger reaches the shopper.
      expect(Object.keys(delivered.tracking_events[0]).sort()).toEqual(["occurred_at", "package_number", "status"])
      expect(delivered).not.toHaveProperty("booking_key")
      expect(delivered).not.toHaveProperty("label_url")
    })
  },
})
