import type { AxiosInstance } from "axios"
import type { SeededStore } from "./store"

/**
 * What a storefront does over the store API (publishable key), for the suites: a cart for Kari
 * in Bergen (or another postal code), a shipping method, the system payment, an order.
 */
export function storefront(api: AxiosInstance, store: () => SeededStore) {
  const headers = () => ({ headers: { "x-publishable-api-key": store().publishableKey } })

  async function createCart(
    postalCode: string,
    items: { variant_id: string; quantity: number }[],
    email = "kari@example.com"
  ): Promise<string> {
    const { data } = await api.post(
      "/store/carts",
      {
        region_id: store().regionId,
        sales_channel_id: store().salesChannelId,
        email,
        shipping_address: {
          first_name: "Kari",
          last_name: "Nordmann",
          address_1: "Strandgaten 1",
          city: "Bergen",
          country_code: "no",
          postal_code: postalCode,
          phone: "+4712345678",
        },
      },
      headers()
    )
    for (const item of items) {
      await api.post(`/store/carts/${data.cart.id}/line-items`, item, headers())
    }
    return data.cart.id as string
  }

  async function completeCart(cartId: string) {
    const { data: pc } = await api.post(`/store/payment-collections`, { cart_id: cartId }, headers())
    await api.post(`/store/payment-collections/${pc.payment_collection.id}/payment-sessions`, { provider_id: "pp_system_default" }, headers())
    const { data } = await api.post(`/store/carts/${cartId}/complete`, {}, headers())
    if (data.type !== "order") {
      throw new Error(`the cart did not complete: ${JSON.stringify(data.error ?? data)}`)
    }
    return data.order as { id: string; display_id: number; items: { id: string }[]; shipping_methods: { amount: number }[] }
  }

  /** One item, one carrier service (with its method data, e.g. a pickup point), completed. */
  async function placeOrder(service: string, variantId: string, data?: Record<string, unknown>, postalCode = "5004") {
    const cartId = await createCart(postalCode, [{ variant_id: variantId, quantity: 1 }])
    await api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: store().options[service], ...(data ? { data } : {}) }, headers())
    return completeCart(cartId)
  }

  return { headers, createCart, completeCart, placeOrder }
}
