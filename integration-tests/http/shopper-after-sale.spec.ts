import http from "node:http"
import type { AddressInfo } from "node:net"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createShippingOptionsWorkflow } from "@medusajs/medusa/core-flows"
import type { CreateReturnResult, OrderShipment, PickupPoint, ReturnOption } from "../../src/storefront/types"
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
 * (or a guest with the order's e-mail or an access token) lists the return options with their
 * prices under the merchant's return policy, returns an item through the plugin's route or
 * Medusa's own POST /store/returns (charged the listed price either way), which books the return
 * at the carrier sandbox; the plugin's store route then gives the return label PDF and QR code,
 * and the parcel's tracking events as the carrier pushes them. Anyone else gets 404 for all of it.
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

    /**
     * An order placed by `shopper` (signed in) or by a guest, with the carrier's home delivery,
     * fulfilled by the merchant: the boxed lamp, and with `withPoster` also the flat poster.
     */
    async function deliveredOrder(shopper?: Shopper, withPoster = false) {
      const lines = [{ variant_id: store.variants.boxed, quantity: 1 }, ...(withPoster ? [{ variant_id: store.variants.flat, quantity: 1 }] : [])]
      const cartId = await createCart("5004", lines, shopper ? undefined : GUEST_EMAIL)
      if (shopper) await api.post(`/store/carts/${cartId}/customer`, {}, as(shopper))
      await api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: store.options.PA_DOREN }, headers())
      const order = (await completeCart(cartId)) as Omit<Awaited<ReturnType<typeof completeCart>>, "items"> & { items: { id: string; variant_id: string }[] }
      const fulfilled = await api.post(`/admin/orders/${order.id}/fulfillments`, { items: order.items.map((item) => ({ id: item.id, quantity: 1 })) }, adminHeaders)
      expect(fulfilled.status).toBe(200)
      return order
    }

    const GUEST_EMAIL = "guest@example.com"
    /** A guest's second factor, as the kit sends it. */
    const byEmail = (email: string) => ({ "x-nordic-parcel-order-email": email })
    const byToken = (token: string) => ({ "x-nordic-parcel-order-token": token })
    const withHeaders = (shopper: Shopper | undefined, extra: Record<string, string> = {}) => ({ headers: { ...as(shopper).headers, ...extra } })

    const shipmentsOf = (orderId: string, shopper?: Shopper, extra?: Record<string, string>) =>
      api.get(`/store/nordic-parcel/orders/${orderId}/shipments`, withHeaders(shopper, extra)).catch(responseOf)
    const documentAt = (path: string, shopper?: Shopper, extra?: Record<string, string>) =>
      api.get(path, { ...withHeaders(shopper, extra), responseType: "arraybuffer" }).catch(responseOf)
    const returnOptionsOf = (orderId: string, items: { id: string; quantity: number }[], shopper?: Shopper, extra?: Record<string, string>) =>
      api.post(`/store/nordic-parcel/orders/${orderId}/return-options`, { items }, withHeaders(shopper, extra)).catch(responseOf)
    const setReturnPolicy = (policy: Record<string, unknown> | null) =>
      api.post("/admin/nordic-parcel/settings", { services: { "9300": policy } }, adminHeaders)
    /** The return shipping method Medusa stored for a return: what the shopper is charged. */
    async function chargedFor(returnId: string): Promise<number[]> {
      const { data } = await api.get(`/admin/returns/${returnId}?fields=id,*shipping_methods`, adminHeaders)
      return (data.return.shipping_methods as { amount: number }[]).map((method) => Number(method.amount))
    }
    /** The last shipping lookup the store sent for the return service, and the carrier's answer to it again. */
    async function lastReturnLookup() {
      const sent = [...sandbox().requests].reverse().find(
        (r) =>
          r.path === "/shippingguide/v2/products" &&
          (r.body as { consignments: { products: { id: string }[] }[] }).consignments.some((c) => c.products.some((p) => p.id === "9300"))
      )!
      const body = sent.body as { consignments: { fromPostalCode: string; toPostalCode: string; products: { id: string }[]; packages: { grossWeight: number }[] }[] }
      const consignment = body.consignments.find((c) => c.products.some((p) => p.id === "9300"))!
      const res = await fetch(`${sandbox().url}/shippingguide/v2/products`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-portal-api-uid": sandbox().credentials.apiUid, "x-portal-api-key": sandbox().credentials.apiKey },
        body: JSON.stringify(sent.body),
      })
      const answer = await res.json()
      const product = answer.consignments.flatMap((c: { products: unknown[] }) => c.products).find((p: { id: string }) => p.id === "9300")
      return {
        from: consignment.fromPostalCode,
        to: consignment.toPostalCode,
        grams: consignment.packages.reduce((sum, p) => sum + p.grossWeight, 0),
        amount: Number(product.price.netPrice.priceWithAdditionalServices.amountWithVAT),
        currency: product.price.netPrice.currencyCode as string,
      }
    }
    const returnBookings = () => sandbox().bookings.filter((b) => (b.request as { product?: { id?: string } }).product?.id === "9300")

    beforeAll(async () => {
      store = await seedNorwegianStore(getContainer(), [{ code: "PA_DOREN" }, { code: "SERVICEPAKKE" }, { code: "9300", isReturn: true }])
      adminHeaders = await createAdminHeaders(api, getContainer())
      kari = await signUp("kari@example.com", "Kari")
      ola = await signUp("ola@example.com", "Ola")
    })

    afterEach(() => sandbox().clearFaults())

    describe("the merchant's return policy", () => {
      afterEach(() => setReturnPolicy(null))

      it("a signed-in shopper lists the return options for 1 of 2 items: the carrier's price for that item to the warehouse; free gives 0; a fixed NOK amount gives that amount", async () => {
        const order = await deliveredOrder(kari, true)
        const poster = order.items.find((item) => item.variant_id === store.variants.flat)!

        const listed = await returnOptionsOf(order.id, [{ id: poster.id, quantity: 1 }], kari)
        expect(listed.status).toBe(200)
        const carrier = await lastReturnLookup()
        // From the shopper's address to the option's warehouse (Oslo), for the poster alone (0.3 kg, not the 1.5 kg order).
        expect(carrier).toMatchObject({ from: "5004", to: "0154", grams: 300, currency: "NOK" })
        expect(listed.data.return_options).toEqual([
          {
            shipping_option_id: store.options["9300"],
            name: expect.any(String),
            service_code: "9300",
            amount: carrier.amount,
            currency_code: "nok",
            is_tax_inclusive: true,
            price_source: "carrier",
            qr_codes: true,
          },
        ] satisfies ReturnOption[])
        // Both items weigh more, and cost what the carrier asks for both.
        const both = await returnOptionsOf(order.id, order.items.map((item) => ({ id: item.id, quantity: 1 })), kari)
        expect((await lastReturnLookup()).grams).toBe(1500)
        expect(both.data.return_options[0].amount).toBe((await lastReturnLookup()).amount)

        expect((await setReturnPolicy({ return_price: "free" })).status).toBe(200)
        const free = await returnOptionsOf(order.id, [{ id: poster.id, quantity: 1 }], kari)
        expect(free.data.return_options[0]).toMatchObject({ amount: 0, currency_code: "nok", price_source: "free" })

        expect((await setReturnPolicy({ return_price: "fixed", return_prices: { NOK: 49 } })).status).toBe(200)
        const fixed = await returnOptionsOf(order.id, [{ id: poster.id, quantity: 1 }], kari)
        expect(fixed.data.return_options[0]).toMatchObject({ amount: 49, currency_code: "nok", price_source: "fixed" })

        // A fixed price without an amount in the order's currency: no option rather than a made-up price.
        await setReturnPolicy({ return_price: "fixed", return_prices: { SEK: 59 } })
        expect((await returnOptionsOf(order.id, [{ id: poster.id, quantity: 1 }], kari)).data.return_options).toEqual([])
      })

      it("refuses items that are not the order's or more than can be returned, naming the field", async () => {
        const order = await deliveredOrder(kari)
        const other = await returnOptionsOf(order.id, [{ id: "ordli_NOT_ON_THIS_ORDER", quantity: 1 }], kari)
        expect(other.status).toBe(400)
        expect(other.data.message).toContain("items[0].id")
        const tooMany = await returnOptionsOf(order.id, [{ id: order.items[0].id, quantity: 2 }], kari)
        expect(tooMany.status).toBe(400)
        expect(tooMany.data.message).toContain("items[0].quantity: must be at most 1")
        const none = await returnOptionsOf(order.id, [], kari)
        expect(none.status).toBe(400)
        expect(none.data.message).toMatch(/items/)
      })

      it("a return created through the storefront is charged exactly the listed amount; another price is refused, on the plugin's route and on Medusa's POST /store/returns", async () => {
        await setReturnPolicy({ return_price: "fixed", return_prices: { NOK: 49 } })
        const order = await deliveredOrder(kari, true)
        const [lamp, poster] = order.items
        const [option] = (await returnOptionsOf(order.id, [{ id: lamp.id, quantity: 1 }], kari)).data.return_options as ReturnOption[]
        expect(option.amount).toBe(49)
        const before = returnBookings().length

        const cheaper = await api
          .post(
            `/store/nordic-parcel/orders/${order.id}/returns`,
            { items: [{ id: lamp.id, quantity: 1 }], return_shipping: { option_id: option.shipping_option_id, price: 0 } },
            as(kari)
          )
          .catch(responseOf)
        expect(cheaper.status).toBe(400)
        expect(cheaper.data.message).toContain("return_shipping.price: must be 49 NOK")
        expect(returnBookings().length).toBe(before)

        const created = await api.post(
          `/store/nordic-parcel/orders/${order.id}/returns`,
          { items: [{ id: lamp.id, quantity: 1, note: "Too bright" }], return_shipping: { option_id: option.shipping_option_id, price: 49 } },
          as(kari)
        )
        expect(created.status).toBe(200)
        const result = created.data as CreateReturnResult
        expect(result.return).toMatchObject({ order_id: order.id, shipping_amount: 49, currency_code: "nok", items: [{ item_id: lamp.id, quantity: 1 }] })
        expect(await chargedFor(result.return.id)).toEqual([49])
        expect(returnBookings().length).toBe(before + 1)
        expect(result.shipment).toMatchObject({ kind: "return", service_code: "9300", consignment_number: returnBookings().at(-1)!.consignmentNumber })
        expect(result.shipment!.return_label!.qr_code_paths).toHaveLength(1)
        // The same item cannot go back twice.
        const again = await api
          .post(`/store/nordic-parcel/orders/${order.id}/returns`, { items: [{ id: lamp.id, quantity: 1 }], return_shipping: { option_id: option.shipping_option_id } }, as(kari))
          .catch(responseOf)
        expect(again.status).toBe(400)
        expect(again.data.message).toContain("items[0].quantity")

        // Medusa's own route: a made-up price is refused, none is charged the listed one (Medusa alone would charge 0).
        const medusaBody = { order_id: order.id, items: [{ id: poster.id, quantity: 1 }], return_shipping: { option_id: option.shipping_option_id } }
        const madeUp = await api.post("/store/returns", { ...medusaBody, return_shipping: { ...medusaBody.return_shipping, price: 1 } }, as(kari)).catch(responseOf)
        expect(madeUp.status).toBe(400)
        expect(madeUp.data.message).toContain("return_shipping.price")
        const viaMedusa = await api.post("/store/returns", medusaBody, as(kari))
        expect(viaMedusa.status).toBe(200)
        expect(await chargedFor(viaMedusa.data.return.id)).toEqual([49])
      })

      it("another shopper cannot list or create returns of the order: 404", async () => {
        const order = await deliveredOrder(kari)
        expect((await returnOptionsOf(order.id, [{ id: order.items[0].id, quantity: 1 }], ola)).status).toBe(404)
        expect((await returnOptionsOf(order.id, [{ id: order.items[0].id, quantity: 1 }])).status).toBe(404)
        const created = await api
          .post(`/store/nordic-parcel/orders/${order.id}/returns`, { items: [{ id: order.items[0].id, quantity: 1 }], return_shipping: { option_id: store.options["9300"] } }, as(ola))
          .catch(responseOf)
        expect(created.status).toBe(404)
      })
    })

    describe("the store's return routes take only what the store offers, at the price the store shows", () => {
      afterEach(() => setReturnPolicy(null))

      /** A carrier return option of the merchant's making, in Norway's zone unless another zone is named. */
      async function returnOption(name: string, { inStore, flatNok, zoneId }: { inStore: boolean; flatNok?: number; zoneId?: string }) {
        const { result: [option] } = await createShippingOptionsWorkflow(getContainer()).run({
          input: [
            {
              name,
              ...(flatNok === undefined ? { price_type: "calculated" as const } : { price_type: "flat" as const, prices: [{ currency_code: "nok", amount: flatNok }] }),
              provider_id: store.providerId,
              service_zone_id: zoneId ?? store.serviceZoneId,
              shipping_profile_id: store.shippingProfileId,
              data: { id: "nordic-parcel-9300", name: "9300", service_code: "9300", requires_pickup_point: false, is_return: true },
              type: { label: name, description: name, code: name.toLowerCase().replace(/\W+/g, "_") },
              rules: [
                { attribute: "enabled_in_store", value: inStore ? "true" : "false", operator: "eq" as const },
                { attribute: "is_return", value: "true", operator: "eq" as const },
              ],
            },
          ],
        })
        return option.id as string
      }
      /** A zone of the Oslo warehouse that serves Sweden only (the order ships to Norway). */
      async function swedishZone(): Promise<string> {
        const container = getContainer()
        const fulfillment = container.resolve(Modules.FULFILLMENT)
        const set = await fulfillment.createFulfillmentSets({
          name: `Swedish returns ${Date.now()}`,
          type: "shipping",
          service_zones: [{ name: "Sweden", geo_zones: [{ type: "country", country_code: "se" }] }],
        })
        await container.resolve(ContainerRegistrationKeys.LINK).create({
          [Modules.STOCK_LOCATION]: { stock_location_id: store.stockLocationId },
          [Modules.FULFILLMENT]: { fulfillment_set_id: set.id },
        })
        return set.service_zones[0].id
      }
      const returnsOfOrder = async (orderId: string) => {
        const { data } = await getContainer()
          .resolve(ContainerRegistrationKeys.QUERY)
          .graph({ entity: "order", fields: ["id", "returns.id"], filters: { id: orderId } })
        return ((data[0] as unknown as { returns?: { id: string }[] }).returns ?? []).length
      }

      it("an admin-only return option (a free warranty return) and one for another country's address are never listed, and both routes refuse them with 400 naming return_shipping.option_id; nothing is booked or created", async () => {
        const warranty = await returnOption("Warranty return", { inStore: false, flatNok: 0 })
        const adminCalculated = await returnOption("Admin return", { inStore: false })
        const swedish = await returnOption("Return from Sweden", { inStore: true, zoneId: await swedishZone() })
        const order = await deliveredOrder(kari)
        const items = [{ id: order.items[0].id, quantity: 1 }]

        const listed = (await returnOptionsOf(order.id, items, kari)).data.return_options as ReturnOption[]
        expect(listed.map((o) => o.shipping_option_id)).toEqual([store.options["9300"]])
        const before = returnBookings().length
        for (const optionId of [warranty, adminCalculated, swedish]) {
          const viaPlugin = await api
            .post(`/store/nordic-parcel/orders/${order.id}/returns`, { items, return_shipping: { option_id: optionId } }, as(kari))
            .catch(responseOf)
          expect({ status: viaPlugin.status, message: viaPlugin.data.message }).toEqual({
            status: 400,
            message: expect.stringContaining(`return_shipping.option_id: ${optionId} is not a return option this store offers for this order`),
          })
          const viaMedusa = await api.post("/store/returns", { order_id: order.id, items, return_shipping: { option_id: optionId } }, as(kari)).catch(responseOf)
          expect({ status: viaMedusa.status, message: viaMedusa.data.message }).toEqual({
            status: 400,
            message: expect.stringContaining(`return_shipping.option_id: ${optionId} is not a return option this store offers for this order`),
          })
        }
        expect(returnBookings().length).toBe(before)
        expect(await returnsOfOrder(order.id)).toBe(0)
        // The merchant still books the warranty return from the admin, for free.
        const { data: begun } = await api.post(`/admin/returns`, { order_id: order.id, location_id: store.stockLocationId }, adminHeaders)
        await api.post(`/admin/returns/${begun.return.id}/request-items`, { items }, adminHeaders)
        await api.post(`/admin/returns/${begun.return.id}/shipping-method`, { shipping_option_id: warranty }, adminHeaders)
        expect((await api.post(`/admin/returns/${begun.return.id}/request`, {}, adminHeaders)).status).toBe(200)
        expect(returnBookings().length).toBe(before + 1)
        expect(await chargedFor(begun.return.id)).toEqual([0])
      })

      it("a flat-priced carrier return option is listed and charged its flat price on both routes, whatever the return policy computes", async () => {
        await setReturnPolicy({ return_price: "fixed", return_prices: { NOK: 49 } })
        const flat = await returnOption("Return for a flat 79", { inStore: true, flatNok: 79 })
        const order = await deliveredOrder(kari, true)
        const [lamp, poster] = order.items

        const listed = (await returnOptionsOf(order.id, [{ id: lamp.id, quantity: 1 }], kari)).data.return_options as ReturnOption[]
        expect(listed.find((o) => o.shipping_option_id === flat)).toMatchObject({ amount: 79, currency_code: "nok", price_source: "flat" })
        expect(listed.find((o) => o.shipping_option_id === store.options["9300"])).toMatchObject({ amount: 49, price_source: "fixed" })

        const cheaper = await api.post("/store/returns", { order_id: order.id, items: [{ id: lamp.id, quantity: 1 }], return_shipping: { option_id: flat, price: 49 } }, as(kari)).catch(responseOf)
        expect(cheaper.status).toBe(400)
        expect(cheaper.data.message).toContain("return_shipping.price: must be 79 NOK")
        const viaMedusa = await api.post("/store/returns", { order_id: order.id, items: [{ id: lamp.id, quantity: 1 }], return_shipping: { option_id: flat } }, as(kari))
        expect(await chargedFor(viaMedusa.data.return.id)).toEqual([79])
        const viaPlugin = await api.post(`/store/nordic-parcel/orders/${order.id}/returns`, { items: [{ id: poster.id, quantity: 1 }], return_shipping: { option_id: flat } }, as(kari))
        expect(viaPlugin.data.return).toMatchObject({ shipping_amount: 79 })
        expect(await chargedFor(viaPlugin.data.return.id)).toEqual([79])
      })

      it("Medusa's POST /store/returns takes no receive_now or location_id from a shopper on a carrier option: 400 naming the field, nothing created", async () => {
        const order = await deliveredOrder(kari)
        const body = { order_id: order.id, items: [{ id: order.items[0].id, quantity: 1 }], return_shipping: { option_id: store.options["9300"] } }
        const before = returnBookings().length
        const receiveNow = await api.post("/store/returns", { ...body, receive_now: true }, as(kari)).catch(responseOf)
        expect({ status: receiveNow.status, message: receiveNow.data.message }).toEqual({ status: 400, message: expect.stringContaining("receive_now") })
        const elsewhere = await api.post("/store/returns", { ...body, location_id: store.stockLocationId }, as(kari)).catch(responseOf)
        expect({ status: elsewhere.status, message: elsewhere.data.message }).toEqual({ status: 400, message: expect.stringContaining("location_id") })
        expect(returnBookings().length).toBe(before)
        expect(await returnsOfOrder(order.id)).toBe(0)
        // Without them the same return goes through.
        expect((await api.post("/store/returns", body, as(kari))).status).toBe(200)
      })

      it("an item the merchant has received back cannot be returned again: the listing and both routes refuse it, naming items[0].quantity", async () => {
        const order = await deliveredOrder(kari, true)
        const [lamp, poster] = order.items
        const created = await api.post(`/store/nordic-parcel/orders/${order.id}/returns`, { items: [{ id: lamp.id, quantity: 1 }], return_shipping: { option_id: store.options["9300"] } }, as(kari))
        const returnId = created.data.return.id as string
        // The merchant receives the parcel.
        expect((await api.post(`/admin/returns/${returnId}/receive`, {}, adminHeaders)).status).toBe(200)
        expect((await api.post(`/admin/returns/${returnId}/receive-items`, { items: [{ id: lamp.id, quantity: 1 }] }, adminHeaders)).status).toBe(200)
        expect((await api.post(`/admin/returns/${returnId}/receive/confirm`, {}, adminHeaders)).status).toBe(200)
        const before = returnBookings().length

        const listed = await returnOptionsOf(order.id, [{ id: lamp.id, quantity: 1 }], kari)
        expect({ status: listed.status, message: listed.data.message }).toEqual({ status: 400, message: expect.stringContaining("items[0].quantity: item") })
        const viaPlugin = await api.post(`/store/nordic-parcel/orders/${order.id}/returns`, { items: [{ id: lamp.id, quantity: 1 }], return_shipping: { option_id: store.options["9300"] } }, as(kari)).catch(responseOf)
        expect({ status: viaPlugin.status, message: viaPlugin.data.message }).toEqual({ status: 400, message: expect.stringContaining("items[0].quantity") })
        const viaMedusa = await api.post("/store/returns", { order_id: order.id, items: [{ id: lamp.id, quantity: 1 }], return_shipping: { option_id: store.options["9300"] } }, as(kari)).catch(responseOf)
        expect({ status: viaMedusa.status, message: viaMedusa.data.message }).toEqual({ status: 400, message: expect.stringContaining("items[0].quantity") })
        expect(returnBookings().length).toBe(before)
        // What was never returned still goes back.
        expect((await returnOptionsOf(order.id, [{ id: poster.id, quantity: 1 }], kari)).status).toBe(200)
      })
    })

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

    it("another customer's order answers 404 on every route, like an order that does not exist; so does a guest holding only the order's id", async () => {
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

      // Medusa's GET /store/orders/:id takes the order's id as the guest's credential; the plugin's
      // routes, which hand out the label with the shopper's address, do not.
      expect((await api.get(`/store/orders/${order.id}`, as()).catch(responseOf)).status).toBe(200)
      expect((await shipmentsOf(order.id)).status).toBe(404)
      expect((await documentAt(qr_code_paths[0])).status).toBe(404)

      // A signed-in customer cannot reach a guest's order either, nor another order's shipment through their own.
      const guestOrder = await deliveredOrder()
      expect((await shipmentsOf(guestOrder.id, undefined, byEmail(GUEST_EMAIL))).status).toBe(200)
      expect((await shipmentsOf(guestOrder.id, ola)).status).toBe(404)
      const guestShipment = ((await shipmentsOf(guestOrder.id, undefined, byEmail(GUEST_EMAIL))).data.shipments as OrderShipment[])[0]
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
        const returned = ((await shipmentsOf(order.id, undefined, byEmail(GUEST_EMAIL))).data.shipments as OrderShipment[]).find((s) => s.kind === "return")!
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
      /** A guest's document, with the order's e-mail as the second factor. */
      const guestDocument = (path: string) => documentAt(path, undefined, byEmail(GUEST_EMAIL))
      const page = `<html><script>document.cookie</script>${SECRET}</html>`

      it("a label link to another host is not fetched", async () => {
        const guest = await guestReturn()
        await nordicParcel().updateShipments({ id: guest.shipmentId, label_url: `${elsewhereUrl}/label.pdf` })
        expectRefused(await guestDocument(guest.labelPath), /not the carrier's label storage/)
        expect(elsewhereHits).toEqual([])
      })

      it("a redirect of the carrier's link to another host is not followed", async () => {
        const guest = await guestReturn()
        sandbox().fault("label", { kind: "answer", status: 302, headers: { location: `${elsewhereUrl}/latest/meta-data` }, times: 5 })
        expectRefused(await guestDocument(guest.qrPath), /redirected to http:\/\/127\.0\.0\.1/)
        expect(elsewhereHits).toEqual([])
      })

      it("a document larger than the label limit is refused", async () => {
        const guest = await guestReturn()
        // 6 MB, past the default labels.maxBytes of 5 MB.
        sandbox().fault("label", { kind: "answer", status: 200, headers: { "content-type": "application/pdf" }, body: Buffer.alloc(6 * 1024 * 1024, "%PDF-"), times: 1 })
        expectRefused(await guestDocument(guest.labelPath), /larger than/)
      })

      it("an HTML page where a label or QR code was expected is refused, and a QR code must be a PNG", async () => {
        const guest = await guestReturn()
        sandbox().fault("label", { kind: "answer", status: 200, headers: { "content-type": "application/pdf" }, body: page, times: 1 })
        expectRefused(await guestDocument(guest.labelPath), /not a PDF/)
        sandbox().fault("label", { kind: "answer", status: 200, headers: { "content-type": "image/png" }, body: page, times: 1 })
        expectRefused(await guestDocument(guest.qrPath), /not a PNG/)
        sandbox().fault("label", { kind: "answer", status: 200, headers: { "content-type": "image/png" }, body: "%PDF-1.4 not an image", times: 1 })
        expectRefused(await guestDocument(guest.qrPath), /not a PNG/)
      })

      it("the real documents are served with the type their bytes show, never sniffed, under a safe file name", async () => {
        const guest = await guestReturn()
        const label = await guestDocument(guest.labelPath)
        expect(label.status).toBe(200)
        expect(label.headers["content-type"]).toBe("application/pdf")
        expect(label.headers["x-content-type-options"]).toBe("nosniff")
        expect(label.headers["content-disposition"]).toMatch(/^inline; filename="return-[A-Za-z0-9]+\.pdf"$/)
        const qr = await guestDocument(guest.qrPath)
        expect(qr.headers["content-type"]).toBe("image/png")
        expect(qr.headers["x-content-type-options"]).toBe("nosniff")
        expect(qr.headers["content-disposition"]).toMatch(/^inline; filename="return-[A-Za-z0-9]+-1\.png"$/)
      })
    })

    it("a guest holding only the order's id gets 404 on the shipments and documents; with the order's e-mail, or the access token it buys, gets them", async () => {
      const order = await deliveredOrder()
      const returned = await api.post(
        `/store/nordic-parcel/orders/${order.id}/returns`,
        { items: [{ id: order.items[0].id, quantity: 1 }], return_shipping: { option_id: store.options["9300"] } },
        withHeaders(undefined, byEmail(GUEST_EMAIL))
      )
      expect(returned.status).toBe(200)
      const { label_path, qr_code_paths } = (returned.data as CreateReturnResult).shipment!.return_label!

      // Only the id: nothing, as for an order that does not exist.
      const bare = await shipmentsOf(order.id)
      expect(bare.status).toBe(404)
      expect(bare.data.message).toBe(`Order with id: ${order.id} was not found`)
      expect((await documentAt(label_path!)).status).toBe(404)
      expect((await documentAt(qr_code_paths[0])).status).toBe(404)
      expect((await returnOptionsOf(order.id, [{ id: order.items[0].id, quantity: 1 }])).status).toBe(404)
      // A wrong e-mail is no better; the right one in any case is.
      expect((await shipmentsOf(order.id, undefined, byEmail("kari@example.com"))).status).toBe(404)
      expect((await shipmentsOf(order.id, undefined, byEmail(" Guest@Example.com "))).status).toBe(200)
      expect((await documentAt(label_path!, undefined, byEmail(GUEST_EMAIL))).status).toBe(200)

      // The e-mail buys a signed token for the order page; a wrong e-mail gets 404, not a token.
      const refused = await api.post(`/store/nordic-parcel/orders/${order.id}/access`, { email: "someone@example.com" }, as()).catch(responseOf)
      expect(refused.status).toBe(404)
      const access = await api.post(`/store/nordic-parcel/orders/${order.id}/access`, { email: GUEST_EMAIL }, as())
      expect(access.status).toBe(200)
      expect(Date.parse(access.data.expires_at)).toBeGreaterThan(Date.now())
      const token = access.data.access_token as string
      expect(token).not.toContain(GUEST_EMAIL)
      const withToken = await shipmentsOf(order.id, undefined, byToken(token))
      expect(withToken.status).toBe(200)
      expect((withToken.data.shipments as OrderShipment[]).map((s) => s.kind)).toEqual(["outbound", "return"])
      expect((await documentAt(qr_code_paths[0], undefined, byToken(token))).status).toBe(200)

      // The token opens its own order only, and a tampered one opens nothing.
      const otherOrder = await deliveredOrder()
      expect((await shipmentsOf(otherOrder.id, undefined, byToken(token))).status).toBe(404)
      expect((await shipmentsOf(order.id, undefined, byToken(`${token.slice(0, -2)}AA`))).status).toBe(404)
      // The token is a header, never a query parameter (URLs leak through Referer and logs).
      expect((await api.get(`/store/nordic-parcel/orders/${order.id}/shipments?access_token=${token}`, as()).catch(responseOf)).status).toBe(404)
    })

    it("a pickup point whose postal address is a PO box shows its street address in the pickup-point route, the stored method and the order widget", async () => {
      const { data } = await api.get("/store/nordic-parcel/pickup-points?country_code=NO&postal_code=0150&type=manned&limit=10", headers())
      const points = data.pickup_points as PickupPoint[]
      const boxed = points.find((point) => point.postal_address?.address.startsWith("POSTBOKS"))!
      expect(boxed).toBeDefined()
      // The carrier's lookup by id gives the same point with its PO box as `address`.
      const [carrierPoint] = (
        await (
          await fetch(`${sandbox().url}/pickuppoint/api/pickuppoint/NO/id/${boxed.id}.json`, {
            headers: { "x-portal-api-uid": sandbox().credentials.apiUid, "x-portal-api-key": sandbox().credentials.apiKey },
          })
        ).json()
      ).pickupPoint
      expect(carrierPoint.address).toMatch(/^POSTBOKS \d+$/)
      expect(boxed).toMatchObject({
        address: carrierPoint.visitingAddress,
        postal_code: carrierPoint.visitingPostalCode,
        city: carrierPoint.visitingCity,
        postal_address: { address: carrierPoint.address, postal_code: carrierPoint.postalCode, city: carrierPoint.city },
      })
      expect(boxed.address).not.toMatch(/POSTBOKS/)

      const cartId = await createCart("0150", [{ variant_id: store.variants.flat, quantity: 1 }], GUEST_EMAIL)
      await api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: store.options.SERVICEPAKKE, data: { pickup_point_id: boxed.id } }, headers())
      const order = await completeCart(cartId)
      const { data: [stored] } = await getContainer()
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({ entity: "order", fields: ["id", "shipping_methods.data"], filters: { id: order.id } })
      const snapshot = (stored as unknown as { shipping_methods: { data: { pickup_point: PickupPoint } }[] }).shipping_methods[0].data.pickup_point
      expect(snapshot).toMatchObject({ id: boxed.id, address: carrierPoint.visitingAddress, postal_code: carrierPoint.visitingPostalCode })
      expect(snapshot.postal_address).toMatchObject({ address: carrierPoint.address })

      const widget = await api.get(`/admin/nordic-parcel/orders/${order.id}`, adminHeaders)
      expect(widget.data.shipping_methods[0].pickup_point).toMatchObject({
        id: boxed.id,
        address: carrierPoint.visitingAddress,
        visiting_address: expect.stringContaining(carrierPoint.visitingAddress),
      })
      expect(widget.data.shipping_methods[0].pickup_point.address).not.toMatch(/POSTBOKS/)
    })

    it("a postal code shared by two places gives both from the autofill route, and picks neither", async () => {
      const shared = await api.get("/store/nordic-parcel/postal-codes/NO/1480", headers())
      expect(shared.data.postal_code).toEqual({ postal_code: "1480", city: null, type: "NORMAL", cities: ["SLATTUM", "NITTEDAL"] })
      const single = await api.get("/store/nordic-parcel/postal-codes/NO/5004", headers())
      expect(single.data.postal_code).toEqual({ postal_code: "5004", city: "BERGEN", type: "NORMAL", cities: ["BERGEN"] })
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
