import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createShippingOptionsWorkflow } from "@medusajs/medusa/core-flows"
import type { MedusaContainer } from "@medusajs/framework/types"
import { roundPrice } from "../../src/lib/pricing/rounding"
import { createAdminHeaders } from "../helpers/admin"
import { responseOf } from "../helpers/http"
import { useSandbox } from "../helpers/sandbox"
import { storefront } from "../helpers/storefront"
import { NORDIC_SANDBOX_USERS, seedNordicStore, type NordicStore } from "../helpers/nordic-store"

jest.setTimeout(180 * 1000)

/**
 * Each country's rules and one service never spoiling the others, on the Nordic store (regions in
 * NOK, SEK and DKK; warehouses in Oslo and Gothenburg, each on its own customer number), where the
 * merchant sets a NOK → DKK rate, ships PICKUP_PARCEL from Oslo to Denmark and has a cargo
 * service beside the parcels in Norway.
 * - Denmark: a PICKUP_PARCEL without a chosen point goes to the door; with the merchant's
 *   "nearest pickup point when none is chosen" the booking asks the carrier for the nearest point.
 * - A cargo service the cart has no dimensions for is left out of the lookup; the others keep
 *   their carrier prices.
 * - A deleted shipping option's service is out of the lookup within the 5 s docs/merchant.md promises (Checkout behaviour).
 * Every claim is checked on what the carrier sandbox received.
 */
const sandbox = useSandbox({ users: NORDIC_SANDBOX_USERS })
/** What the merchant sets for a krone: a DKK cart's carrier price (NOK from Oslo) is converted by it. */
const DKK_RATE = 0.65
const SHIPPING_LOOKUP = "/shippingguide/v2/products"

type LookupBody = { consignments: { products: { id: string }[] }[] }

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, getContainer }) => {
    let store: NordicStore
    let adminHeaders: { headers: Record<string, string> }
    let denmarkRegionId: string
    const options: Record<string, string> = {}

    beforeAll(async () => {
      const container = getContainer()
      store = await seedNordicStore(container, [{ code: "PA_DOREN" }, { code: "3570" }])
      adminHeaders = await createAdminHeaders(api, container)
      denmarkRegionId = store.regions.denmark
      // Options as the admin makes them from the customer list (customer numbers 6 and 7):
      // PICKUP_PARCEL in Oslo's zone for Sweden and Denmark, the cargo service in Norway.
      Object.assign(
        options,
        await createOptions(container, store.nordicZoneId, [{ code: "PICKUP_PARCEL", customerNumber: "PARCELS_NORWAY-00000000006" }]),
        await createOptions(container, store.serviceZoneId, [{ code: "5100", customerNumber: "CARGO-00000000007" }])
      )
      // The merchant's rate for DKK carts, and Gothenburg's own agreement.
      const saved = await api.post(
        "/admin/nordic-parcel/settings",
        {
          currencies: { DKK: { exchange_rate: DKK_RATE, rounding: "whole" } },
          locations: { [store.gothenburgId]: { customer_number: "8", sender_name: "Nordisk Hage AB" } },
        },
        adminHeaders
      )
      expect(saved.status).toBe(200)
    })

    async function createOptions(container: MedusaContainer, serviceZoneId: string, services: { code: string; customerNumber: string }[]) {
      const { result } = await createShippingOptionsWorkflow(container).run({
        input: services.map(({ code, customerNumber }) => ({
          name: `Carrier ${code}`,
          price_type: "calculated" as const,
          provider_id: store.providerId,
          service_zone_id: serviceZoneId,
          shipping_profile_id: store.shippingProfileId,
          data: { id: `nordic-parcel-${code}`, name: code, service_code: code, requires_pickup_point: code === "PICKUP_PARCEL", is_return: false, customer_number: customerNumber },
          type: { label: code, description: `Carrier service ${code}`, code: code.toLowerCase() },
          rules: [
            { attribute: "enabled_in_store", value: "true", operator: "eq" as const },
            { attribute: "is_return", value: "false", operator: "eq" as const },
          ],
        })),
      })
      return Object.fromEntries(result.map((o) => [(o.data as { service_code: string }).service_code, o.id]))
    }

    const storeHeaders = () => ({ headers: { "x-publishable-api-key": store.publishableKey } })
    const { createCart, completeCart } = storefront(api, () => store)
    const lookupsSince = (count: number) =>
      sandbox().requests.filter((r) => r.path === SHIPPING_LOOKUP).slice(count).map((r) => r.body as LookupBody)
    const lookupCount = () => sandbox().requests.filter((r) => r.path === SHIPPING_LOOKUP).length
    const servicesAsked = (body: LookupBody) => body.consignments.flatMap((c) => c.products.map((p) => p.id))

    async function danishCart(postalCode: string) {
      const { data } = await api.post(
        "/store/carts",
        {
          region_id: denmarkRegionId,
          sales_channel_id: store.salesChannelId,
          email: "mette@example.dk",
          shipping_address: {
            first_name: "Mette",
            last_name: "Hansen",
            address_1: "Nørregade 7",
            city: "København Ø",
            country_code: "dk",
            postal_code: postalCode,
            phone: "+4522334455",
          },
        },
        storeHeaders()
      )
      // The mug has a DKK price (the Norwegian products are sold in NOK only).
      await api.post(`/store/carts/${data.cart.id}/line-items`, { variant_id: store.mug, quantity: 1 }, storeHeaders())
      return data.cart.id as string
    }

    /** The shopper checks out PICKUP_PARCEL to Denmark (with or without a point); the merchant fulfils. */
    async function orderAndBookToDenmark(postalCode: string, data?: Record<string, unknown>) {
      const cartId = await danishCart(postalCode)
      const { data: withMethod } = await api.post(
        `/store/carts/${cartId}/shipping-methods?fields=*shipping_methods`,
        { option_id: options.PICKUP_PARCEL, ...(data ? { data } : {}) },
        storeHeaders()
      )
      const order = await completeCart(cartId)
      const before = sandbox().bookings.length
      const fulfilled = await api.post(
        `/admin/orders/${order.id}/fulfillments`,
        { location_id: store.stockLocationId, items: order.items.map((i) => ({ id: i.id, quantity: 1 })) },
        adminHeaders
      )
      expect(fulfilled.status).toBe(200)
      expect(sandbox().bookings.length).toBe(before + 1)
      const request = sandbox().bookings.at(-1)!.request as {
        product: { id: string; services?: { deliveryOption?: string } }
        parties: { pickupPoint?: { id: string; countryCode: string }; recipient: { countryCode: string } }
      }
      return { methodData: withMethod.cart.shipping_methods[0].data as Record<string, unknown>, request }
    }

    describe("Denmark (booking rule 3)", () => {
      it("offers PICKUP_PARCEL to Denmark with an optional pickup point, priced in DKK at the merchant's rate", async () => {
        const cartId = await danishCart("2100")
        const { data } = await api.get(`/store/nordic-parcel/delivery-options?cart_id=${cartId}`, storeHeaders())
        const pickupParcel = data.delivery_options.find((o: { service_code: string }) => o.service_code === "PICKUP_PARCEL")
        expect(pickupParcel).toMatchObject({
          requires_pickup_point: false,
          offers_pickup_point: true,
          available: true,
          price_source: "carrier",
          currency_code: "dkk",
          carrier_price: { currency_code: "nok", exchange_rate: DKK_RATE },
        })
        expect(pickupParcel.amount).toBe(roundPrice(pickupParcel.carrier_price.amount * DKK_RATE, "whole"))
      })

      it("sends a PICKUP_PARCEL without a chosen point to the door", async () => {
        const { methodData, request } = await orderAndBookToDenmark("2100")
        // Checkout picked no point for the shopper: in Denmark that means the door.
        expect(methodData.pickup_point).toBeUndefined()
        expect(request.product.id).toBe("PICKUP_PARCEL")
        expect(request.parties.recipient.countryCode).toBe("DK")
        expect(request.parties.pickupPoint).toBeUndefined()
        expect(request.product.services?.deliveryOption).toBeUndefined()
      })

      it("sends it to the point the shopper chose", async () => {
        const { data } = await api.get("/store/nordic-parcel/pickup-points?country_code=dk&postal_code=2100", storeHeaders())
        const chosen = data.pickup_points[0] as { id: string }
        const { methodData, request } = await orderAndBookToDenmark("2100", { pickup_point_id: chosen.id })
        expect(methodData.pickup_point).toMatchObject({ id: chosen.id, country_code: "DK" })
        expect(request.parties.pickupPoint).toEqual({ id: chosen.id, countryCode: "DK" })
        expect(request.product.services?.deliveryOption).toBeUndefined()
      })

      it("with 'nearest pickup point when none is chosen' on, asks the carrier for the nearest point", async () => {
        const saved = await api.post(
          "/admin/nordic-parcel/settings",
          { services: { PICKUP_PARCEL: { nearest_pickup_point_when_none_chosen: true } } },
          adminHeaders
        )
        expect(saved.status).toBe(200)
        expect(saved.data.effective.services.PICKUP_PARCEL.nearest_pickup_point_when_none_chosen).toBe(true)
        try {
          const { request } = await orderAndBookToDenmark("2200")
          expect(request.parties.pickupPoint).toBeUndefined()
          expect(request.product.services).toEqual({ deliveryOption: "PICKUP_POINT" })
        } finally {
          await api.post("/admin/nordic-parcel/settings", { services: { PICKUP_PARCEL: null } }, adminHeaders)
        }
      })

      it("finds pickup points and fills in the city for Swedish, Danish and Finnish addresses", async () => {
        for (const [country, postalCode, city] of [
          ["se", "11122", "STOCKHOLM"],
          ["dk", "2100", "KØBENHAVN Ø"],
          ["fi", "00100", "HELSINKI"],
        ]) {
          const points = await api.get(`/store/nordic-parcel/pickup-points?country_code=${country}&postal_code=${postalCode}`, storeHeaders())
          expect(points.data.pickup_points.length).toBeGreaterThan(0)
          expect(points.data.pickup_points.every((p: { country_code: string }) => p.country_code === country.toUpperCase())).toBe(true)
          const place = await api.get(`/store/nordic-parcel/postal-codes/${country}/${postalCode}`, storeHeaders())
          expect(place.data.postal_code).toMatchObject({ city })
        }
      })
    })

    describe("mailbox parcel 3570: a label-printer label, kept as the carrier gives it", () => {
      it("serves the 3570 label as a download with its own type, and the bulk PDF skips it by name", async () => {
        const { placeOrder } = storefront(api, () => store)
        const fulfil = async (service: string) => {
          const order = await placeOrder(service, store.variants.flat)
          await api.post(`/admin/orders/${order.id}/fulfillments`, { items: order.items.map((i) => ({ id: i.id, quantity: 1 })) }, adminHeaders)
          const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
          const { data } = await query.graph({ entity: "order", fields: ["fulfillments.id"], filters: { id: order.id } })
          const fulfillmentId = (data[0] as unknown as { fulfillments: { id: string }[] }).fulfillments[0].id
          return { fulfillmentId, consignment: sandbox().bookings.at(-1)!.consignmentNumber }
        }
        const mailbox = await fulfil("3570")
        const door = await fulfil("PA_DOREN")

        const label = await api.get(`/admin/nordic-parcel/fulfillments/${mailbox.fulfillmentId}/label`, { ...adminHeaders, responseType: "arraybuffer" })
        expect(label.headers["content-type"]).toMatch(/^application\/x-zpl/)
        expect(label.headers["content-disposition"]).toBe(`attachment; filename="${mailbox.consignment}.zpl"`)
        expect(Buffer.from(label.data).toString("latin1")).toMatch(/^\^XA[\s\S]*\^RFW,H/)

        const both = await api.get(`/admin/nordic-parcel/labels?fulfillment_ids=${mailbox.fulfillmentId},${door.fulfillmentId}`, {
          ...adminHeaders,
          responseType: "arraybuffer",
        })
        expect(both.headers["content-type"]).toMatch(/^application\/pdf/)
        expect(Buffer.from(both.data).subarray(0, 5).toString("latin1")).toBe("%PDF-")
        expect(both.headers["x-nordic-parcel-skipped-labels"]).toBe(`${mailbox.fulfillmentId} ${mailbox.consignment} application/x-zpl`)

        const onlyMailbox = await api.get(`/admin/nordic-parcel/labels?fulfillment_ids=${mailbox.fulfillmentId}`, adminHeaders).catch(responseOf)
        expect(onlyMailbox.status).toBe(404)
        expect(onlyMailbox.data.message).toContain(`${mailbox.fulfillmentId} ${mailbox.consignment} application/x-zpl`)
      })
    })

    describe("a service the cart cannot meet does not spoil the others", () => {
      it("leaves a cargo service out of the lookup for a cart without dimensions; home delivery keeps its carrier price", async () => {
        const before = lookupCount()
        const cartId = await createCart("5004", [{ variant_id: store.variants.unmeasured, quantity: 1 }])
        const { data } = await api.get(`/store/nordic-parcel/delivery-options?cart_id=${cartId}`, storeHeaders())
        const byCode = Object.fromEntries(data.delivery_options.map((o: { service_code: string }) => [o.service_code, o]))
        expect(byCode.PA_DOREN).toMatchObject({ available: true, price_source: "carrier", amount: expect.any(Number) })
        expect(byCode["5100"]).toMatchObject({ available: false, amount: null })
        const asked = lookupsSince(before)
        expect(asked).toHaveLength(1)
        expect(servicesAsked(asked[0])).toContain("PA_DOREN")
        expect(servicesAsked(asked[0])).not.toContain("5100")
        // The cart itself: the cargo option has no price, home delivery has the carrier's.
        const cargo = await api.post(`/store/shipping-options/${options["5100"]}/calculate`, { cart_id: cartId }, storeHeaders()).catch(responseOf)
        expect(cargo.data.shipping_option?.amount ?? null).toBeNull()
        const door = await api.post(`/store/shipping-options/${store.options.PA_DOREN}/calculate`, { cart_id: cartId }, storeHeaders())
        expect(door.data.shipping_option.amount).toBe(byCode.PA_DOREN.amount)
      })

      it("asks for the cargo service when the cart has dimensions", async () => {
        const before = lookupCount()
        const cartId = await createCart("0565", [{ variant_id: store.variants.boxed, quantity: 1 }])
        const { data } = await api.get(`/store/nordic-parcel/delivery-options?cart_id=${cartId}`, storeHeaders())
        const available = data.delivery_options.filter((o: { available: boolean }) => o.available).map((o: { service_code: string }) => o.service_code)
        // (The lamp does not fit a mailbox parcel, so 3570 is not offered for it.)
        expect(available.sort()).toEqual(["5100", "PA_DOREN"])
        expect(servicesAsked(lookupsSince(before)[0]).sort()).toEqual(expect.arrayContaining(["5100", "PA_DOREN"]))
      })

      it("drops a deleted shipping option's service from the lookup within 5 s", async () => {
        const cart = (postalCode: string) => createCart(postalCode, [{ variant_id: store.variants.boxed, quantity: 1 }])
        const before = lookupCount()
        const first = await cart("7010")
        await api.post(`/store/shipping-options/${store.options.PA_DOREN}/calculate`, { cart_id: first }, storeHeaders())
        expect(servicesAsked(lookupsSince(before).at(-1)!)).toContain("5100")

        const deleted = await api.delete(`/admin/shipping-options/${options["5100"]}`, adminHeaders)
        expect(deleted.status).toBe(200)
        await new Promise((resolve) => setTimeout(resolve, 6_000))

        const afterDelete = lookupCount()
        const next = await cart("9008")
        const priced = await api.post(`/store/shipping-options/${store.options.PA_DOREN}/calculate`, { cart_id: next }, storeHeaders())
        expect(priced.data.shipping_option.amount).toBeGreaterThan(0)
        const asked = lookupsSince(afterDelete)
        expect(asked).toHaveLength(1)
        expect(servicesAsked(asked[0])).toContain("PA_DOREN")
        expect(servicesAsked(asked[0])).not.toContain("5100")
      })
    })
  },
})
