import { createHmac } from "node:crypto"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { NORDIC_PARCEL_MODULE } from "../../src/modules/nordic_parcel"
import type NordicParcelModuleService from "../../src/modules/nordic_parcel/service"
import { signOrderAccessToken } from "../../src/lib/shopper/order-access-token"
import { createAdminHeaders } from "../helpers/admin"
import { responseOf } from "../helpers/http"
import { usePluginEnv } from "../helpers/plugin-env"
import { useSandbox } from "../helpers/sandbox"
import { storefront } from "../helpers/storefront"
import { seedNorwegianStore, type SeededStore } from "../helpers/store"

jest.setTimeout(300 * 1000)

/**
 * A store without `orderAccess.secret` (one upgraded from a release that derived the token key
 * from the carrier API key, and never set one): no guest is let in, by e-mail or token, with a
 * 403 that says the store is not set up (the same whether the order exists or not), and the
 * status page names the fix. Signed-in customers read their own orders as before.
 */
const sandbox = useSandbox()
usePluginEnv({ NP_ORDER_ACCESS_SECRET: "none" })
const GUEST_EMAIL = "guest@example.com"

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, getContainer }) => {
    let store: SeededStore
    let admin: { headers: Record<string, string> }
    const { headers, createCart, completeCart } = storefront(api, () => store)
    const plugin = () => getContainer().resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
    const withHeaders = (extra: Record<string, string> = {}) => ({ headers: { ...headers().headers, ...extra } })
    const shipmentsOf = (orderId: string, extra?: Record<string, string>) =>
      api.get(`/store/nordic-parcel/orders/${orderId}/shipments`, withHeaders(extra)).catch(responseOf)

    async function fulfilledOrder(email = GUEST_EMAIL, bearer?: string) {
      const cartId = await createCart("5004", [{ variant_id: store.variants.flat, quantity: 1 }], email)
      if (bearer) await api.post(`/store/carts/${cartId}/customer`, {}, withHeaders({ authorization: `Bearer ${bearer}` }))
      await api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: store.options.PA_DOREN }, headers())
      const order = await completeCart(cartId)
      expect((await api.post(`/admin/orders/${order.id}/fulfillments`, { items: [{ id: order.items[0].id, quantity: 1 }] }, admin)).status).toBe(200)
      return order
    }

    beforeAll(async () => {
      store = await seedNorwegianStore(getContainer(), [{ code: "PA_DOREN" }])
      admin = await createAdminHeaders(api, getContainer())
    })

    it("refuses a guest's e-mail and token with 403 naming the missing secret, the same for an order that does not exist; the token route too", async () => {
      const order = await fulfilledOrder()
      const refusal = "Guest access to orders is not set up in this store (orderAccess.secret is missing): sign in to see the order"
      const withEmail = await shipmentsOf(order.id, { "x-nordic-parcel-order-email": GUEST_EMAIL })
      expect(withEmail.status).toBe(403)
      expect(withEmail.data.message).toBe(refusal)
      const missing = await shipmentsOf("order_01JDOESNOTEXIST00000000000", { "x-nordic-parcel-order-email": GUEST_EMAIL })
      expect([missing.status, missing.data.message]).toEqual([403, refusal])
      // The key earlier versions derived from the API key when no secret was set.
      const derived = createHmac("sha256", sandbox().credentials.apiKey).update("medusa-plugin-nordic-parcel order access v1").digest()
      const oldToken = signOrderAccessToken(derived, { id: order.id, email: GUEST_EMAIL }, new Date(Date.now() + 3600_000))
      expect((await shipmentsOf(order.id, { "x-nordic-parcel-order-token": oldToken })).status).toBe(403)
      const exchange = await api.post(`/store/nordic-parcel/orders/${order.id}/access`, { email: GUEST_EMAIL }, headers()).catch(responseOf)
      expect([exchange.status, exchange.data.message]).toEqual([403, refusal])
      // Nor can the merchant's e-mail subscriber sign a link.
      expect(() => plugin().createOrderAccessToken({ id: order.id, email: GUEST_EMAIL })).toThrow(/orderAccess\.secret/)
      // The id alone: the usual 404.
      expect((await shipmentsOf(order.id)).status).toBe(404)
    })

    it("the status page names the missing secret and its fix", async () => {
      const { data } = await api.get("/admin/nordic-parcel/status", admin)
      const problem = data.setup_problems.find((p: { code: string }) => p.code === "order_access_secret")
      expect(problem).toEqual({ code: "order_access_secret", message: expect.stringMatching(/guests/i), fix: expect.stringContaining("Set orderAccess.secret") })
      expect(problem.fix).toContain("at least 32 bytes")
    })

    it("a signed-in customer reads their own order as before", async () => {
      const email = "kari.nosecret@example.com"
      const password = "kari-og-ola-passord-123"
      const registered = await api.post("/auth/customer/emailpass/register", { email, password })
      await api.post("/store/customers", { email, first_name: "Kari", last_name: "Nordmann" }, withHeaders({ authorization: `Bearer ${registered.data.token}` }))
      const token = (await api.post("/auth/customer/emailpass", { email, password })).data.token as string
      const order = await fulfilledOrder(email, token)
      const own = await shipmentsOf(order.id, { authorization: `Bearer ${token}` })
      expect(own.status).toBe(200)
      expect(own.data.shipments).toHaveLength(1)
    })
  },
})
