import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { useSandbox } from "../helpers/sandbox"
import { seedNorwegianStore, type SeededStore } from "../helpers/store"

jest.setTimeout(120 * 1000)

/**
 * Medusa's starter storefront (medusajs/dtc-starter, the successor of nextjs-starter-medusa),
 * replayed call for call against a real Medusa app and the carrier sandbox. The starter knows
 * nothing about this plugin: it lists the cart's shipping options, prices each calculated one
 * with `{ cart_id }` only, adds the chosen one with `{ option_id }` only, and completes. A
 * pickup-point service must work there: the order ends up with the nearest suitable point.
 */
const sandbox = useSandbox()
const SHIPPING_LOOKUP = "/shippingguide/v2/products"

/** What the starter's retrieveCart asks for (src/lib/data/cart.ts). */
const STARTER_CART_FIELDS =
  "*items, *region, *items.product, *items.variant, *items.thumbnail, *items.metadata, +items.total, *promotions, +shipping_methods.name"

type StoreShippingOption = { id: string; name: string; price_type: string; amount?: number | null; service_zone?: { fulfillment_set?: { type?: string } } }

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, getContainer }) => {
    let store: SeededStore
    let headers: { headers: Record<string, string> }

    beforeAll(async () => {
      store = await seedNorwegianStore(getContainer(), [
        { code: "SERVICEPAKKE", name: "Pickup point", requiresPickupPoint: true },
        { code: "PA_DOREN", name: "Home delivery" },
      ])
      headers = { headers: { "x-publishable-api-key": store.publishableKey } }
    })

    it("checks out with the pickup-point option sending option_id only, and the order holds the nearest pickup point", async () => {
      // addToCart → getOrSetCart: sdk.store.cart.create({ region_id }), then createLineItem.
      const { data: created } = await api.post(`/store/carts`, { region_id: store.regionId }, headers)
      const cartId = created.cart.id as string
      await api.post(`/store/carts/${cartId}/line-items`, { variant_id: store.variants.boxed, quantity: 1 }, headers)

      // setAddresses: the address form, billing same as shipping, and the e-mail.
      const address = {
        first_name: "Kari",
        last_name: "Nordmann",
        address_1: "Strandgaten 1",
        address_2: "",
        company: "",
        postal_code: "5004",
        city: "Bergen",
        country_code: "no",
        province: "",
        phone: "+4712345678",
      }
      await api.post(`/store/carts/${cartId}`, { shipping_address: address, billing_address: address, email: "kari@example.com" }, headers)

      // Checkout page: listCartShippingMethods(cart.id).
      const { data: listed } = await api.get(`/store/shipping-options`, { ...headers, params: { cart_id: cartId } })
      const shippingMethods = (listed.shipping_options as StoreShippingOption[]).filter(
        (option) => option.service_zone?.fulfillment_set?.type !== "pickup"
      )
      expect(shippingMethods.map((o) => o.id).sort()).toEqual(Object.values(store.options).sort())

      // Shipping step: calculatePriceForShippingOption(option.id, cart.id) for every calculated option, at once.
      const lookupsBefore = sandbox().requests.filter((r) => r.path === SHIPPING_LOOKUP).length
      const calculated = await Promise.allSettled(
        shippingMethods
          .filter((option) => option.price_type === "calculated")
          .map((option) => api.post(`/store/shipping-options/${option.id}/calculate`, { cart_id: cartId }, headers))
      )
      const prices = Object.fromEntries(
        calculated.flatMap((result) =>
          result.status === "fulfilled" ? [[result.value.data.shipping_option.id, result.value.data.shipping_option.amount]] : []
        )
      )
      // Every option is selectable (the starter disables an option without a numeric price) ...
      expect(Object.keys(prices).sort()).toEqual(Object.values(store.options).sort())
      expect(Object.values(prices).every((amount) => typeof amount === "number" && amount > 0)).toBe(true)
      // ... from one carrier lookup.
      expect(sandbox().requests.filter((r) => r.path === SHIPPING_LOOKUP).length - lookupsBefore).toBe(1)

      // The shopper picks "Pickup point": setShippingMethod sends { option_id } and nothing else.
      const chosen = await api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: store.options.SERVICEPAKKE }, headers)
      expect(chosen.status).toBe(200)

      // retrieveCart with the starter's fields shows the method with the calculated amount.
      const { data: shown } = await api.get(`/store/carts/${cartId}`, { ...headers, params: { fields: STARTER_CART_FIELDS } })
      expect(shown.cart.shipping_methods).toHaveLength(1)
      expect(shown.cart.shipping_methods[0]).toMatchObject({ shipping_option_id: store.options.SERVICEPAKKE, name: "Pickup point" })
      expect(shown.cart.shipping_methods[0].amount).toBe(prices[store.options.SERVICEPAKKE])

      // Payment step: initiatePaymentSession(cart, { provider_id }) = a payment collection and a session.
      const { data: collection } = await api.post(`/store/payment-collections`, { cart_id: cartId }, headers)
      await api.post(
        `/store/payment-collections/${collection.payment_collection.id}/payment-sessions`,
        { provider_id: "pp_system_default" },
        headers
      )

      // Review step: placeOrder → sdk.store.cart.complete(id).
      const { data: completed } = await api.post(`/store/carts/${cartId}/complete`, {}, headers)
      expect(completed.type).toBe("order")

      // The nearest point for the address that the parcel fits, as the plugin's own route lists it.
      const { data: near } = await api.get(`/store/nordic-parcel/pickup-points`, {
        ...headers,
        params: { country_code: "NO", postal_code: "5004", street: "Strandgaten", street_number: "1", cart_id: cartId },
      })
      const nearest = near.pickup_points[0]
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data: [order] } = await query.graph({
        entity: "order",
        fields: ["id", "shipping_methods.name", "shipping_methods.amount", "shipping_methods.data"],
        filters: { id: completed.order.id },
      })
      expect(order.shipping_methods).toHaveLength(1)
      expect(Number(order.shipping_methods[0].amount)).toBe(prices[store.options.SERVICEPAKKE])
      expect(order.shipping_methods[0].data).toMatchObject({
        service_code: "SERVICEPAKKE",
        pickup_point_id: nearest.id,
        pickup_point: {
          id: nearest.id,
          name: nearest.name,
          address: nearest.address,
          postal_code: nearest.postal_code,
          city: nearest.city,
          country_code: "NO",
          is_locker: nearest.is_locker,
        },
        pickup_point_chosen_by: "nearest",
        pickup_point_area: { country_code: "NO", postal_code: "5004" },
      })
    })
  },
})
