import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { NORDIC_PARCEL_MODULE } from "../../src/modules/nordic_parcel"
import type NordicParcelModuleService from "../../src/modules/nordic_parcel/service"
import { createAdminHeaders } from "../helpers/admin"
import { useCallbackGateway } from "../helpers/callback-gateway"
import { eventually } from "../helpers/eventually"
import { useSandbox } from "../helpers/sandbox"
import { storefront } from "../helpers/storefront"
import { seedNorwegianStore, type SeededStore } from "../helpers/store"

jest.setTimeout(180 * 1000)

/**
 * The webhook-to-delivered flow on Medusa's Redis event bus, Redis workflow engine, Redis locking
 * and Redis caching, as a production store runs them. Needs REDIS_URL; CI sets it.
 */
if (!process.env.REDIS_URL) {
  describe("tracking on Medusa's Redis modules", () => {
    it.todo("runs only with REDIS_URL set (e.g. REDIS_URL=redis://127.0.0.1:6379 npm test); CI sets it")
  })
} else {
  beforeAll(() => {
    process.env.NP_REDIS_MODULES = "true"
  })
  afterAll(() => {
    delete process.env.NP_REDIS_MODULES
  })
  const gateway = useCallbackGateway()
  const sandbox = useSandbox()

  medusaIntegrationTestRunner({
    inApp: true,
    env: {},
    testSuite: ({ api, getContainer }) => {
      let store: SeededStore
      let adminHeaders: { headers: Record<string, string> }

      beforeAll(async () => {
        store = await seedNorwegianStore(getContainer(), [{ code: "PA_DOREN" }])
        adminHeaders = await createAdminHeaders(api, getContainer())
      })

      it("runs on the Redis modules", () => {
        const container = getContainer()
        expect(container.resolve("event_bus").constructor.name).toBe("RedisEventBusService")
        expect(container.resolve("workflows").constructor.name).toMatch(/WorkflowsModuleService/)
        expect(process.env.NP_REDIS_MODULES).toBe("true")
      })

      it("books, is subscribed, and the carrier's events mark the fulfillment shipped then delivered, once each", async () => {
        const order = await storefront(api, () => store).placeOrder("PA_DOREN", store.variants.flat)
        await api.post(`/admin/orders/${order.id}/fulfillments`, { items: order.items.map((i: { id: string }) => ({ id: i.id, quantity: 1 })) }, adminHeaders)

        const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
        const state = async () => {
          const { data } = await query.graph({
            entity: "order",
            fields: ["fulfillments.id", "fulfillments.data", "fulfillments.shipped_at", "fulfillments.delivered_at"],
            filters: { id: order.id },
          })
          return (data[0] as unknown as { fulfillments: { id: string; data: { consignment_number: string }; shipped_at: string | null; delivered_at: string | null }[] }).fulfillments[0]
        }
        const consignment = (await state()).data.consignment_number
        // The subscription is made by a subscriber, which the Redis event bus runs from its queue.
        await eventually(() => sandbox().trackingSubscriptions().find((s) => s.trackingId === consignment))

        const [handedIn] = await sandbox().emitEvent({ status: "HANDED_IN", shipment: consignment })
        expect(handedIn.outcome).toBe("delivered")
        await eventually(async () => (await state()).shipped_at)

        await sandbox().emitEvent({ status: "DELIVERED", shipment: consignment })
        // The carrier sending the same event twice is applied once.
        await fetch(`${gateway().url}/hooks/nordic-parcel/events`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-nordic-parcel-secret": "sandbox-webhook-secret-0123456789" },
          body: JSON.stringify(sandbox().callbacks.at(-1)!.payload),
        })
        await eventually(async () => (await state()).delivered_at)
        const plugin = getContainer().resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
        await eventually(async () => (await plugin.listShipments({ consignment_number: consignment }))[0].status === "delivered")
        const events = await plugin.listTrackingEvents({ shipment_number: consignment })
        expect(events.map((e) => e.status).sort()).toEqual(["DELIVERED", "HANDED_IN"])
      })
    },
  })
}
