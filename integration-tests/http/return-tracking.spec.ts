import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { retryTrackingSubscriptions } from "../../src/jobs/retry-tracking-subscriptions"
import { NORDIC_PARCEL_MODULE } from "../../src/modules/nordic_parcel"
import type NordicParcelModuleService from "../../src/modules/nordic_parcel/service"
import type { OrderShipment } from "../../src/storefront/types"
import { createAdminHeaders } from "../helpers/admin"
import { useCallbackGateway } from "../helpers/callback-gateway"
import { eventually } from "../helpers/eventually"
import { useSandbox } from "../helpers/sandbox"
import { storefront } from "../helpers/storefront"
import { seedNorwegianStore, type SeededStore } from "../helpers/store"

jest.setTimeout(300 * 1000)

/**
 * A return is followed like the parcel, in a store with no customer-number subscription: every
 * return the plugin books (the shopper's, through the plugin's route or Medusa's POST
 * /store/returns; the merchant's, through Medusa's admin return flow) and the free return an
 * outgoing booking carries is subscribed at the carrier sandbox. The sandbox's own push of the
 * return's events (never a test posting to the hook) then shows on the shopper's shipments route
 * and in the admin order route, and the outgoing fulfilment stays as it was.
 */
useCallbackGateway()
const sandbox = useSandbox()

type AdminEvent = { status: string; shipment_number: string }
type AdminShipmentView = {
  kind: "outbound" | "return"
  status: string
  consignment_number: string
  tracking_events: AdminEvent[]
  return_shipment: { consignment_number: string } | null
  return_tracking_events?: AdminEvent[]
}

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, getContainer }) => {
    let store: SeededStore
    let adminHeaders: { headers: Record<string, string> }
    const EMAIL = "kari@example.com"
    const { headers, placeOrder } = storefront(api, () => store)
    const shopper = () => ({ headers: { ...headers().headers, "x-nordic-parcel-order-email": EMAIL } })
    const plugin = () => getContainer().resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
    const query = () => getContainer().resolve(ContainerRegistrationKeys.QUERY)

    beforeAll(async () => {
      store = await seedNorwegianStore(getContainer(), [{ code: "PA_DOREN" }, { code: "5600" }, { code: "9300", isReturn: true }])
      adminHeaders = await createAdminHeaders(api, getContainer())
    })

    afterEach(() => sandbox().clearFaults())

    const subscribed = (number: string) => sandbox().trackingSubscriptions().find((s) => s.trackingId === number)

    /**
     * An order fulfilled by the merchant, whose parcel the carrier has (HANDED_IN, pushed through
     * its subscription): the outgoing fulfilment is shipped, not delivered.
     */
    async function shippedOrder(service = "PA_DOREN") {
      const order = await placeOrder(service, store.variants.boxed)
      const fulfilled = await api.post(`/admin/orders/${order.id}/fulfillments`, { items: order.items.map((i) => ({ id: i.id, quantity: 1 })) }, adminHeaders)
      expect(fulfilled.status).toBe(200)
      const { data } = await query().graph({ entity: "order", fields: ["fulfillments.id", "fulfillments.data"], filters: { id: order.id } })
      const fulfillment = (data[0] as unknown as { fulfillments: { id: string; data: { consignment_number: string; return?: { consignment_number: string } } }[] }).fulfillments[0]
      const consignment = fulfillment.data.consignment_number
      await eventually(() => subscribed(consignment))
      await carrierPushes("HANDED_IN", consignment)
      const shipped = await eventually(async () => {
        const state = await outboundState(fulfillment.id)
        return state.shipped_at ? state : undefined
      })
      expect(shipped.delivered_at).toBeNull()
      return { order, fulfillmentId: fulfillment.id, consignment, carriedReturn: fulfillment.data.return?.consignment_number, shipped }
    }

    /**
     * The carrier pushes an event to the subscriptions that watch the number, and only to them
     * (there is no customer subscription): exactly one, on that number. A callback the store did
     * not answer in time (a loaded machine) is sent again by the carrier 30 minutes later.
     */
    async function carrierPushes(status: string, shipment: string) {
      // Read before: a DELIVERED ends the subscription on its number.
      const subscription = subscribed(shipment)?.id
      expect(subscription).toEqual(expect.any(String))
      const attempts = await sandbox().emitEvent({ status, shipment })
      expect(attempts.map((a) => ({ shipment: a.payload.shipment, subscription: a.subscriptionId }))).toEqual([{ shipment, subscription }])
      if (attempts[0].outcome !== "delivered") await sandbox().clock.advance(30 * 60 * 1000)
      expect(sandbox().callbacks.some((c) => c.payload.id === attempts[0].payload.id && c.outcome === "delivered")).toBe(true)
    }

    async function outboundState(fulfillmentId: string) {
      const { data } = await query().graph({ entity: "fulfillment", fields: ["id", "shipped_at", "delivered_at"], filters: { id: fulfillmentId } })
      const row = data[0] as unknown as { shipped_at: string | Date | null; delivered_at: string | Date | null }
      return { shipped_at: row.shipped_at ? new Date(row.shipped_at).toISOString() : null, delivered_at: row.delivered_at }
    }

    const shopperShipments = async (orderId: string) =>
      (await api.get(`/store/nordic-parcel/orders/${orderId}/shipments`, shopper())).data.shipments as OrderShipment[]
    const adminShipments = async (orderId: string) =>
      (await api.get(`/admin/nordic-parcel/orders/${orderId}`, adminHeaders)).data.shipments as AdminShipmentView[]

    /**
     * The carrier's HANDED_IN then DELIVERED for a return, pushed by the sandbox to the
     * subscriptions that watch it: exactly one, the return's own (there is no customer subscription).
     */
    async function carrierFollowsReturn(returnConsignment: string) {
      expect(sandbox().customerSubscriptions()).toEqual([])
      await eventually(() => subscribed(returnConsignment))
      for (const status of ["HANDED_IN", "DELIVERED"]) {
        await carrierPushes(status, returnConsignment)
        await sandbox().clock.advance(60 * 60 * 1000)
      }
    }

    /** The outgoing fulfilment and its shipment are where they were: shipped, never delivered by the return. */
    async function expectOutboundUnchanged(placed: Awaited<ReturnType<typeof shippedOrder>>) {
      expect(await outboundState(placed.fulfillmentId)).toEqual(placed.shipped)
      const [outbound] = await plugin().listShipments({ fulfillment_id: placed.fulfillmentId })
      expect(outbound.status).toBe("shipped")
    }

    it("a shopper's return through the plugin's store route is subscribed; the carrier's HANDED_IN and DELIVERED for it show to the shopper and the merchant; the parcel stays shipped", async () => {
      const placed = await shippedOrder()
      const created = await api.post(
        `/store/nordic-parcel/orders/${placed.order.id}/returns`,
        { items: [{ id: placed.order.items[0].id, quantity: 1 }], return_shipping: { option_id: store.options["9300"] } },
        shopper()
      )
      expect(created.status).toBe(200)
      const returnConsignment = created.data.shipment.consignment_number as string

      await carrierFollowsReturn(returnConsignment)

      // Stored, then applied: the return's own status follows its events (the parcel's does not).
      const shown = await eventually(async () => {
        const returned = (await shopperShipments(placed.order.id)).find((s) => s.kind === "return")
        return returned?.tracking_events.length === 2 && returned.status === "delivered" ? returned : undefined
      })
      expect(shown).toMatchObject({ consignment_number: returnConsignment, status: "delivered" })
      expect(shown.tracking_events.map((e) => e.status)).toEqual(["HANDED_IN", "DELIVERED"])
      const outbound = (await shopperShipments(placed.order.id)).find((s) => s.kind === "outbound")!
      expect(outbound).toMatchObject({ status: "shipped", tracking_events: [expect.objectContaining({ status: "HANDED_IN" })] })

      const inAdmin = (await adminShipments(placed.order.id)).find((s) => s.kind === "return")!
      expect(inAdmin.tracking_events.map((e) => e.status)).toEqual(["HANDED_IN", "DELIVERED"])
      await expectOutboundUnchanged(placed)
    })

    it("a shopper's return through Medusa's POST /store/returns is subscribed too", async () => {
      const placed = await shippedOrder()
      const created = await api.post(
        "/store/returns",
        { order_id: placed.order.id, items: [{ id: placed.order.items[0].id, quantity: 1 }], return_shipping: { option_id: store.options["9300"] } },
        shopper()
      )
      expect(created.status).toBe(200)
      const returned = await eventually(async () => (await shopperShipments(placed.order.id)).find((s) => s.kind === "return"))
      await carrierFollowsReturn(returned.consignment_number)
      await eventually(async () => (await shopperShipments(placed.order.id)).find((s) => s.kind === "return" && s.tracking_events.length === 2))
      await expectOutboundUnchanged(placed)
    })

    it("a return the merchant creates in the admin is subscribed; its events show in the admin order route and to the shopper; the parcel stays shipped", async () => {
      const placed = await shippedOrder()
      const { data: begun } = await api.post(`/admin/returns`, { order_id: placed.order.id, location_id: store.stockLocationId }, adminHeaders)
      const returnId = begun.return.id
      await api.post(`/admin/returns/${returnId}/request-items`, { items: [{ id: placed.order.items[0].id, quantity: 1 }] }, adminHeaders)
      await api.post(`/admin/returns/${returnId}/shipping-method`, { shipping_option_id: store.options["9300"] }, adminHeaders)
      expect((await api.post(`/admin/returns/${returnId}/request`, {}, adminHeaders)).status).toBe(200)
      const returned = (await adminShipments(placed.order.id)).find((s) => s.kind === "return")!
      expect(returned.consignment_number).toEqual(expect.any(String))

      await carrierFollowsReturn(returned.consignment_number)

      const inAdmin = await eventually(async () => {
        const found = (await adminShipments(placed.order.id)).find((s) => s.kind === "return")
        return found?.tracking_events.length === 2 ? found : undefined
      })
      expect(inAdmin.tracking_events.map((e) => e.status)).toEqual(["HANDED_IN", "DELIVERED"])
      const toShopper = (await shopperShipments(placed.order.id)).find((s) => s.kind === "return")!
      expect(toShopper.tracking_events.map((e) => e.status)).toEqual(["HANDED_IN", "DELIVERED"])
      await expectOutboundUnchanged(placed)
    })

    it("the free return an outgoing booking carries is subscribed; its events show as the return's, to the shopper and in the admin, and never deliver the parcel", async () => {
      const placed = await shippedOrder("5600")
      const carried = placed.carriedReturn!
      expect(carried).toEqual(sandbox().bookings.at(-1)!.returnConsignmentNumber)

      await carrierFollowsReturn(carried)

      const shown = await eventually(async () => {
        const returned = (await shopperShipments(placed.order.id)).find((s) => s.kind === "return")
        return returned?.tracking_events.length === 2 ? returned : undefined
      })
      expect(shown).toMatchObject({ consignment_number: carried, status: "delivered" })
      expect(shown.tracking_events.map((e) => e.status)).toEqual(["HANDED_IN", "DELIVERED"])
      const outbound = (await shopperShipments(placed.order.id)).find((s) => s.kind === "outbound")!
      expect(outbound.status).toBe("shipped")
      expect(outbound.tracking_events.map((e) => e.status)).toEqual(["HANDED_IN"])

      const [inAdmin] = await adminShipments(placed.order.id)
      expect(inAdmin).toMatchObject({ kind: "outbound", status: "shipped", return_shipment: { consignment_number: carried } })
      expect(inAdmin.tracking_events.map((e) => e.status)).toEqual(["HANDED_IN"])
      expect(inAdmin.return_tracking_events?.map((e) => e.status)).toEqual(["HANDED_IN", "DELIVERED"])
      const fulfillment = (await api.get(`/admin/nordic-parcel/fulfillments/${placed.fulfillmentId}`, adminHeaders)).data
      expect(fulfillment.return_tracking_events.map((e: AdminEvent) => e.status)).toEqual(["HANDED_IN", "DELIVERED"])
      await expectOutboundUnchanged(placed)
    })

    it("a return booked while the carrier's event service is down is kept pending and subscribed by the retry job once it is back; its events then arrive", async () => {
      const placed = await shippedOrder()
      sandbox().fault("events", { kind: "status", status: 503 })
      const created = await api.post(
        `/store/nordic-parcel/orders/${placed.order.id}/returns`,
        { items: [{ id: placed.order.items[0].id, quantity: 1 }], return_shipping: { option_id: store.options["9300"] } },
        shopper()
      )
      expect(created.status).toBe(200)
      const returnConsignment = created.data.shipment.consignment_number as string
      const pending = await eventually(async () => {
        const [row] = await plugin().listSubscriptions({ kind: "tracking", tracking_id: returnConsignment, status: "pending" })
        return row?.attempts ? row : undefined
      })
      expect(pending).toMatchObject({ attempts: 1, last_error: expect.stringContaining("503"), carrier_id: null })
      expect(subscribed(returnConsignment)).toBeUndefined()

      sandbox().clearFaults()
      const outcome = await retryTrackingSubscriptions(getContainer(), { now: new Date(Date.now() + 60 * 60_000) })
      expect(outcome.made).toContain(returnConsignment)
      expect(await plugin().listSubscriptions({ kind: "tracking", tracking_id: returnConsignment })).toEqual([
        expect.objectContaining({ status: "active", carrier_id: subscribed(returnConsignment)!.id }),
      ])
      await carrierFollowsReturn(returnConsignment)
      await eventually(async () => (await shopperShipments(placed.order.id)).find((s) => s.kind === "return" && s.tracking_events.length === 2))
      await expectOutboundUnchanged(placed)
    })

    it("a booking whose process stopped right after the ledger's commit, before any subscription request, is subscribed by the retry job once its grace has passed: the parcel and the return it carries", async () => {
      // What a killed process leaves: the booking reserved and recorded, and nothing after it (no
      // Medusa workflow finished, so no subscriber ran).
      const own = "70438109990000011"
      const carried = "70438109990000028"
      const attempt = await plugin().reserveBooking({
        fulfillment_id: "ful_stopped_after_commit",
        booking_key: "stopped-after-commit",
        order_id: null,
        kind: "outbound",
        service_code: "5600",
        customer_number: "5",
        test: true,
        pickup_point: null,
        items: [],
        location_id: store.stockLocationId,
      })
      await plugin().recordBooking(attempt.id, {
        consignment_number: own,
        package_numbers: ["370438109990000013"],
        label_url: null,
        tracking_url: null,
        return_shipment: { service_code: "9300", consignment_number: carried, label_url: null, qr_codes: [] },
        booked_at: new Date(),
        fulfillment_result: {},
      })
      expect([subscribed(own), subscribed(carried)]).toEqual([undefined, undefined])

      // The booking's own trigger may still come: the job leaves the fresh booking alone…
      expect(await retryTrackingSubscriptions(getContainer(), { now: new Date() })).toEqual({ made: [], ended: [], failed: [] })
      // …and makes both once the grace has passed (the job runs every 5 minutes).
      const outcome = await retryTrackingSubscriptions(getContainer(), { now: new Date(Date.now() + 5 * 60_000) })
      expect(outcome.made.sort()).toEqual([own, carried].sort())
      expect(subscribed(own)).toBeDefined()
      expect(subscribed(carried)).toBeDefined()
      expect((await plugin().listSubscriptions({ kind: "tracking", tracking_id: [own, carried] })).map((s) => s.status)).toEqual(["active", "active"])
    })
  },
})
