import fc from "fast-check"
import { medusaIntegrationTestRunner, TestEventUtils } from "@medusajs/test-utils"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { TRACKING_RECEIVED_EVENT } from "../../src/lib/tracking/events"
import { NORDIC_PARCEL_MODULE } from "../../src/modules/nordic_parcel"
import type NordicParcelModuleService from "../../src/modules/nordic_parcel/service"
import { createAdminHeaders } from "../helpers/admin"
import { useCallbackGateway } from "../helpers/callback-gateway"
import { eventually } from "../helpers/eventually"
import { responseOf } from "../helpers/http"
import { useSandbox } from "../helpers/sandbox"
import { storefront } from "../helpers/storefront"
import { seedNorwegianStore, type SeededStore } from "../helpers/store"

jest.setTimeout(120 * 1000)

/**
 * Tracking end to end: a booked consignment is subscribed at the carrier sandbox, the sandbox
 * pushes events to the store's public URL (a real HTTP gateway in front of Medusa), and the order's
 * fulfillment becomes shipped, then delivered.
 */
const gateway = useCallbackGateway()
const sandbox = useSandbox()
const SECRET = "sandbox-webhook-secret-0123456789"
const HOOK = "/hooks/nordic-parcel/events"

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

    afterEach(() => sandbox().clearFaults())

    /** Places and fulfils an order; returns the fulfillment id and its consignment number. */
    async function bookedFulfillment() {
      const order = await placeOrder("PA_DOREN", store.variants.flat)
      await api.post(`/admin/orders/${order.id}/fulfillments`, { items: order.items.map((i: { id: string }) => ({ id: i.id, quantity: 1 })) }, adminHeaders)
      const { data } = await query().graph({ entity: "order", fields: ["fulfillments.id", "fulfillments.data"], filters: { id: order.id } })
      const fulfillment = (data[0] as unknown as { fulfillments: { id: string; data: { consignment_number: string } }[] }).fulfillments[0]
      return { orderId: order.id as string, fulfillmentId: fulfillment.id, consignment: fulfillment.data.consignment_number }
    }

    const { placeOrder } = storefront(api, () => store)
    const query = () => getContainer().resolve(ContainerRegistrationKeys.QUERY)
    const plugin = () => getContainer().resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)

    async function fulfillmentState(id: string) {
      const { data } = await query().graph({ entity: "fulfillment", fields: ["id", "shipped_at", "delivered_at"], filters: { id } })
      return data[0] as unknown as { shipped_at: string | null; delivered_at: string | null }
    }

    function callback(overrides: Record<string, unknown> = {}) {
      return {
        status: "HANDED_IN",
        id: `evt-${Math.random().toString(36).slice(2)}`,
        shipment: "70438100000000999",
        package: "370438100000009999",
        created: "2026-11-21T10:15:00+0000",
        pushed: "2026-11-21T10:15:02+0000",
        ...overrides,
      }
    }

    const post = (body: unknown, headers: Record<string, string> = { "x-nordic-parcel-secret": SECRET }) =>
      api.post(HOOK, body, { headers }).catch(responseOf)

    it("subscribes a booked consignment, and the carrier's HANDED_IN then DELIVERED move the fulfillment", async () => {
      const { fulfillmentId, consignment } = await bookedFulfillment()
      const subscription = await eventually(() => sandbox().trackingSubscriptions().find((s) => s.trackingId === consignment))
      expect(subscription).toMatchObject({
        configuration: expect.objectContaining({ url: `${gateway().url}${HOOK}` }),
        event_groups: expect.arrayContaining(["HANDED_IN", "DELIVERED"]),
      })

      const handedIn = await sandbox().emitEvent({ status: "HANDED_IN", shipment: consignment })
      expect(handedIn.map((a) => a.outcome)).toEqual(["delivered"])
      await eventually(async () => (await fulfillmentState(fulfillmentId)).shipped_at)
      expect((await fulfillmentState(fulfillmentId)).delivered_at).toBeNull()

      await sandbox().emitEvent({ status: "DELIVERED", shipment: consignment })
      await eventually(async () => (await fulfillmentState(fulfillmentId)).delivered_at)
      await eventually(async () => (await plugin().listShipments({ fulfillment_id: fulfillmentId }))[0].status === "delivered")
      const events = await plugin().listTrackingEvents({ shipment_number: consignment })
      expect(events.map((e) => e.status).sort()).toEqual(["DELIVERED", "HANDED_IN"])
      expect(events.every((e) => e.fulfillment_id === fulfillmentId)).toBe(true)
    })

    it("applies a callback the store first answered with 500 once, when the carrier retries it", async () => {
      const { fulfillmentId, consignment } = await bookedFulfillment()
      await eventually(() => sandbox().trackingSubscriptions().find((s) => s.trackingId === consignment))
      gateway().failNext(1, 500)
      const [first] = await sandbox().emitEvent({ status: "IN_TRANSIT", shipment: consignment })
      expect(first.outcome).toBe("failed")
      expect(await plugin().listTrackingEvents({ shipment_number: consignment })).toEqual([])

      await sandbox().clock.advance(30 * 60 * 1000)
      const attempts = sandbox().callbacks.filter((c) => c.payload.id === first.payload.id)
      expect(attempts.map((a) => [a.attempt, a.outcome])).toEqual([[1, "failed"], [2, "delivered"]])
      await eventually(async () => (await fulfillmentState(fulfillmentId)).shipped_at)
      expect(await plugin().listTrackingEvents({ shipment_number: consignment })).toHaveLength(1)
    })

    it("acknowledges a duplicate with 200 and stores and announces it once", async () => {
      const eventBus = getContainer().resolve(Modules.EVENT_BUS)
      const announced: string[] = []
      eventBus.subscribe("nordic_parcel.tracking.received", async (event) => {
        announced.push((event.data as { event_id: string }).event_id)
      })
      const body = callback({ id: "evt-duplicate-1" })
      const first = await post(body)
      const second = await post(body)
      expect([first.status, second.status]).toEqual([200, 200])
      expect([first.data.duplicate, second.data.duplicate]).toEqual([false, true])
      expect(await plugin().listTrackingEvents({ event_id: "evt-duplicate-1" })).toHaveLength(1)
      await eventually(() => announced.includes("evt-duplicate-1") || undefined)
      expect(announced.filter((id) => id === "evt-duplicate-1")).toHaveLength(1)
    })

    it.each([
      ["no secret", {}],
      ["a wrong secret", { "x-nordic-parcel-secret": "not-the-secret" }],
      ["the secret with one character changed", { "x-nordic-parcel-secret": SECRET.slice(0, -1) + "X" }],
    ])("refuses a callback with %s (401) and stores nothing", async (_name, headers) => {
      const body = callback()
      const res = await post(body, headers)
      expect(res.status).toBe(401)
      expect(res.data.message).toMatch(/X-Nordic-Parcel-Secret/)
      expect(JSON.stringify(res.data)).not.toContain(SECRET)
      expect(await plugin().listTrackingEvents({ event_id: body.id })).toEqual([])
    })

    it.each([
      ["a missing status", { ...callback(), status: undefined }, /status/],
      ["a missing shipment number", { ...callback(), shipment: undefined }, /shipment/],
      ["a bad timestamp", callback({ created: "yesterday" }), /created: must be a timestamp/],
      ["a list instead of an object", [callback()], /JSON object/],
    ])("refuses a body with %s (400 naming the field)", async (_name, body, message) => {
      const res = await post(body)
      expect(res.status).toBe(400)
      expect(res.data.message).toMatch(message)
    })

    it("refuses an oversized body without storing it", async () => {
      const res = await post(callback({ padding: "x".repeat(64 * 1024) }))
      expect(res.status).toBe(413)
    })

    it("stores and announces unknown event names and events for consignments booked elsewhere", async () => {
      const unknownName = callback({ status: "DRONE_DELIVERY_SCHEDULED", shipment: "70438199999999999" })
      expect((await post(unknownName)).status).toBe(200)
      const [stored] = await plugin().listTrackingEvents({ event_id: unknownName.id })
      expect(stored).toMatchObject({ status: "DRONE_DELIVERY_SCHEDULED", shipment_number: "70438199999999999", fulfillment_id: null })
    })

    it("never moves a fulfillment back: DELIVERED before HANDED_IN, then repeats", async () => {
      const { fulfillmentId, consignment } = await bookedFulfillment()
      const eventBus = getContainer().resolve(Modules.EVENT_BUS)
      const firstApplied = TestEventUtils.waitSubscribersExecution(TRACKING_RECEIVED_EVENT, eventBus)
      expect((await post(callback({ status: "DELIVERED", shipment: consignment, created: "2026-11-22T12:00:00+0000" }))).status).toBe(200)
      await firstApplied
      const delivered = await fulfillmentState(fulfillmentId)
      expect(delivered.shipped_at).not.toBeNull()
      expect(delivered.delivered_at).not.toBeNull()

      const lateApplied = TestEventUtils.waitSubscribersExecution(TRACKING_RECEIVED_EVENT, eventBus, { triggerCount: 3 })
      for (const status of ["HANDED_IN", "IN_TRANSIT", "DELIVERED"]) {
        expect((await post(callback({ status, shipment: consignment, created: "2026-11-21T08:00:00+0000" }))).status).toBe(200)
      }
      await lateApplied
      expect(await fulfillmentState(fulfillmentId)).toEqual(delivered)
      const [shipment] = await plugin().listShipments({ fulfillment_id: fulfillmentId })
      expect(shipment.status).toBe("delivered")
      expect(new Date(shipment.last_event_at!).toISOString()).toBe("2026-11-22T12:00:00.000Z")
    })

    it("never answers 5xx or crashes, whatever the body and headers (property)", async () => {
      const rawBody = fc.oneof(
        fc.json(),
        fc.string(),
        fc.anything().map((value) => JSON.stringify(value) ?? "null"),
        fc.record({ status: fc.string(), id: fc.string(), shipment: fc.string(), created: fc.string() }).map((v) => JSON.stringify(v))
      )
      const headers = fc.record({
        "content-type": fc.constantFrom("application/json", "text/plain", "application/x-www-form-urlencoded", "application/octet-stream"),
        "x-nordic-parcel-secret": fc.oneof(fc.constant(SECRET), fc.string()),
      })
      await fc.assert(
        fc.asyncProperty(rawBody, headers, async (body, hdrs) => {
          const res = await api.post(HOOK, body, { headers: hdrs, transformRequest: [(data: unknown) => data] }).catch(responseOf)
          return res.status < 500
        }),
        { numRuns: 150 }
      )
      expect((await api.get("/health")).status).toBe(200)
    })

    it("ends the tracking subscription when the fulfillment is cancelled", async () => {
      const { orderId, fulfillmentId, consignment } = await bookedFulfillment()
      await eventually(() => sandbox().trackingSubscriptions().find((s) => s.trackingId === consignment))
      await api.post(`/admin/orders/${orderId}/fulfillments/${fulfillmentId}/cancel`, {}, adminHeaders)
      expect(sandbox().trackingSubscriptions().find((s) => s.trackingId === consignment)).toBeUndefined()
    })
  },
})
