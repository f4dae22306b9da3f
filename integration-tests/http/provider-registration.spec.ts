import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { eventually } from "../helpers/eventually"
import { useSandbox } from "../helpers/sandbox"
import { storefront } from "../helpers/storefront"
import { seedNorwegianStore, type SeededStore } from "../helpers/store"
import { createAdminHeaders } from "../helpers/admin"

jest.setTimeout(120 * 1000)

/**
 * A store registers the provider under an id of its own choosing (`parcels`, not the README's
 * `nordic-parcel`): Medusa then stores it as `nordic-parcel_parcels`, and checkout, the
 * delivery-options route, booking and the bulk runner must all still recognise its options.
 */
const sandbox = useSandbox()
// Read by medusa-config, which the runner loads before it applies its `env` (this file's own process.env).
process.env.NP_PROVIDER_ID = "parcels"

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, getContainer }) => {
    let store: SeededStore
    let adminHeaders: { headers: Record<string, string> }
    const { headers, createCart, completeCart, placeOrder } = storefront(api, () => store)

    beforeAll(async () => {
      store = await seedNorwegianStore(getContainer(), [{ code: "PA_DOREN" }, { code: "3584" }])
      adminHeaders = await createAdminHeaders(api, getContainer())
    })

    afterEach(() => sandbox().clearFaults())

    it("prices and books with the provider registered as nordic-parcel_parcels", async () => {
      expect(store.providerId).toBe("nordic-parcel_parcels")
      const { data: listed } = await api.get(`/admin/fulfillment-providers/${store.providerId}/options`, adminHeaders)
      expect(listed.fulfillment_options.map((o: { service_code: string }) => o.service_code)).toEqual(expect.arrayContaining(["PA_DOREN", "3584"]))

      // The shopper sees a carrier price (not the fallback), and the delivery-options route lists both options.
      const cartId = await createCart("5004", [{ variant_id: store.variants.flat, quantity: 1 }])
      const { data: calculated } = await api.post(`/store/shipping-options/${store.options.PA_DOREN}/calculate`, { cart_id: cartId }, headers())
      expect(calculated.shipping_option.amount).toEqual(expect.any(Number))
      const { data: delivery } = await api.get(`/store/nordic-parcel/delivery-options?cart_id=${cartId}`, headers())
      const offered = delivery.delivery_options as { service_code: string; price_source: string; available: boolean }[]
      expect(offered.map((o) => o.service_code).sort()).toEqual(["3584", "PA_DOREN"])
      expect(offered.find((o) => o.service_code === "PA_DOREN")).toMatchObject({ available: true, price_source: "carrier" })

      // The order is booked at the carrier when the merchant fulfils it.
      await api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: store.options.PA_DOREN }, headers())
      const order = await completeCart(cartId)
      const bookingsBefore = sandbox().bookings.length
      const { status } = await api.post(`/admin/orders/${order.id}/fulfillments`, { items: [{ id: order.items[0].id, quantity: 1 }] }, adminHeaders)
      expect(status).toBe(200)
      expect(sandbox().bookings.length).toBe(bookingsBefore + 1)
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({ entity: "order", fields: ["fulfillments.provider_id", "fulfillments.data"], filters: { id: order.id } })
      const [fulfillment] = (data[0] as unknown as { fulfillments: { provider_id: string; data: { consignment_number?: string } }[] }).fulfillments
      expect(fulfillment.provider_id).toBe("nordic-parcel_parcels")
      expect(fulfillment.data.consignment_number).toBe(sandbox().bookings.at(-1)!.consignmentNumber)
    })

    it("books the store's carrier orders in a bulk run", async () => {
      const placed = await placeOrder("PA_DOREN", store.variants.flat)
      const { data: created } = await api.post("/admin/nordic-parcel/bulk-bookings", { order_ids: [placed.id] }, adminHeaders)
      const run = await eventually(
        async () => {
          const { data } = await api.get(`/admin/nordic-parcel/bulk-bookings/${created.bulk_booking.id}`, adminHeaders)
          return data.bulk_booking.status === "done" ? data.bulk_booking : undefined
        },
        { timeoutMs: 60_000, intervalMs: 250 }
      )
      expect(run.orders).toEqual([expect.objectContaining({ order_id: placed.id, status: "booked", consignment_number: expect.any(String) })])
    })
  },
})
