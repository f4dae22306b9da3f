import { createHmac } from "node:crypto"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { OrderShipment } from "../../src/storefront/types"
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
 * A store whose guests open their orders by signed link only (`orderAccess.guestProof: "token"`):
 * on a stock Medusa store `GET /store/orders/:id` tells the order's e-mail to whoever holds the
 * id, so there the e-mail proves nothing more than the id. The merchant's order e-mail carries a
 * link with a token the module signs (README "Who reads an order": the subscriber recipe); that
 * token opens the order, bound to the order and the e-mail it was sent to. Signed-in customers
 * read their own orders as before.
 */
const sandbox = useSandbox()
usePluginEnv({ NP_ORDER_ACCESS_GUEST_PROOF: "token" })
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
    const byEmail = (email: string) => ({ "x-nordic-parcel-order-email": email })
    const byToken = (token: string) => ({ "x-nordic-parcel-order-token": token })

    /** A guest's (or with `bearer`, a signed-in customer's) order with home delivery, fulfilled by the merchant. */
    async function fulfilledOrder(email = GUEST_EMAIL, bearer?: string) {
      const cartId = await createCart("5004", [{ variant_id: store.variants.flat, quantity: 1 }], email)
      if (bearer) await api.post(`/store/carts/${cartId}/customer`, {}, withHeaders({ authorization: `Bearer ${bearer}` }))
      await api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: store.options.PA_DOREN }, headers())
      const order = await completeCart(cartId)
      const fulfilled = await api.post(`/admin/orders/${order.id}/fulfillments`, { items: [{ id: order.items[0].id, quantity: 1 }] }, admin)
      expect(fulfilled.status).toBe(200)
      return order
    }

    beforeAll(async () => {
      store = await seedNorwegianStore(getContainer(), [{ code: "PA_DOREN" }])
      admin = await createAdminHeaders(api, getContainer())
    })

    it("a guest holding the order's id reads its e-mail from Medusa's own route, and that e-mail opens nothing here: 404, and the token route answers 403", async () => {
      const order = await fulfilledOrder()
      // Stock Medusa: the id alone gives the order, e-mail included.
      const medusa = await api.get(`/store/orders/${order.id}`, headers())
      expect(medusa.data.order.email).toBe(GUEST_EMAIL)

      const withEmail = await shipmentsOf(order.id, byEmail(medusa.data.order.email))
      expect(withEmail.status).toBe(404)
      expect(withEmail.data.message).toBe(`Order with id: ${order.id} was not found`)
      const exchange = await api.post(`/store/nordic-parcel/orders/${order.id}/access`, { email: GUEST_EMAIL }, headers()).catch(responseOf)
      expect(exchange.status).toBe(403)
      expect(exchange.data.message).toContain('orderAccess.guestProof is "token"')
      expect(exchange.data).not.toHaveProperty("access_token")
      const options = await api
        .post(`/store/nordic-parcel/orders/${order.id}/return-options`, { items: [{ id: order.items[0].id, quantity: 1 }] }, withHeaders(byEmail(GUEST_EMAIL)))
        .catch(responseOf)
      expect(options.status).toBe(404)
    })

    it("the token of the merchant's order e-mail opens the order; after the merchant changes the order's e-mail it opens nothing, and a new one for the new address does", async () => {
      const order = await fulfilledOrder()
      // What the subscriber of the README's recipe puts in the order e-mail's link.
      const { access_token, expires_at } = plugin().createOrderAccessToken({ id: order.id, email: GUEST_EMAIL })
      expect(Date.parse(expires_at)).toBeGreaterThan(Date.now() + 6 * 86_400_000)
      const opened = await shipmentsOf(order.id, byToken(access_token))
      expect(opened.status).toBe(200)
      expect((opened.data.shipments as OrderShipment[]).map((s) => s.kind)).toEqual(["outbound"])

      // The shopper wrote a wrong address; the merchant corrects it. The link sent to the old one is dead.
      const updated = await api.post(`/admin/orders/${order.id}`, { email: "guest.corrected@example.com" }, admin).catch(responseOf)
      expect(updated.status).toBe(200)
      expect((await shipmentsOf(order.id, byToken(access_token))).status).toBe(404)
      const renewed = plugin().createOrderAccessToken({ id: order.id, email: "guest.corrected@example.com" })
      expect((await shipmentsOf(order.id, byToken(renewed.access_token))).status).toBe(200)

      // The token is its order's only.
      const other = await fulfilledOrder()
      expect((await shipmentsOf(other.id, byToken(renewed.access_token))).status).toBe(404)
    })

    it("a token signed with the key earlier versions derived from the carrier API key (known to the carrier and its portal users) opens nothing", async () => {
      const order = await fulfilledOrder()
      const derived = createHmac("sha256", sandbox().credentials.apiKey).update("medusa-plugin-nordic-parcel order access v1").digest()
      const forged = signOrderAccessToken(derived, { id: order.id, email: GUEST_EMAIL }, new Date(Date.now() + 3600_000))
      expect((await shipmentsOf(order.id, byToken(forged))).status).toBe(404)
    })

    it("a signed-in customer reads their own order as before, with or without an e-mail header; another customer does not", async () => {
      const sign = async (email: string) => {
        const password = "kari-og-ola-passord-123"
        const registered = await api.post("/auth/customer/emailpass/register", { email, password })
        await api.post("/store/customers", { email, first_name: "Kari", last_name: "Nordmann" }, withHeaders({ authorization: `Bearer ${registered.data.token}` }))
        return (await api.post("/auth/customer/emailpass", { email, password })).data.token as string
      }
      const kari = await sign("kari.token@example.com")
      const ola = await sign("ola.token@example.com")
      const order = await fulfilledOrder("kari.token@example.com", kari)
      expect((await shipmentsOf(order.id, { authorization: `Bearer ${kari}` })).status).toBe(200)
      expect((await shipmentsOf(order.id, { authorization: `Bearer ${kari}`, ...byEmail("kari.token@example.com") })).status).toBe(200)
      expect((await shipmentsOf(order.id, { authorization: `Bearer ${ola}`, ...byEmail("kari.token@example.com") })).status).toBe(404)
    })
  },
})
