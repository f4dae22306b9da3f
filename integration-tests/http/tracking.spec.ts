import http from "node:http"
import { gzipSync } from "node:zlib"
import type { AxiosInstance } from "axios"
import fc from "fast-check"
import { medusaIntegrationTestRunner, TestEventUtils } from "@medusajs/test-utils"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { retryTrackingSubscriptions } from "../../src/jobs/retry-tracking-subscriptions"
import { TRACKING_OUTBOX_DUE_EVENT, TRACKING_RECEIVED_EVENT } from "../../src/lib/events"
import { applyDueTrackingEvents } from "../../src/workers/tracking-outbox"
import { mapLimit } from "../../src/lib/concurrency/map-limit"
import { trackingSubscriptionFor } from "../../src/lib/tracking/subscription-request"
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
      store = await seedNorwegianStore(getContainer(), [{ code: "PA_DOREN" }, { code: "9300", isReturn: true }])
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

    /** The fulfillment's labels as Medusa's admin API shows them (the order page, e-mails, storefront read these). */
    async function adminLabels(orderId: string, fulfillmentId: string) {
      const { data } = await api.get(`/admin/orders/${orderId}?fields=fulfillments.id,fulfillments.labels.*`, adminHeaders)
      const fulfillment = data.order.fulfillments.find((f: { id: string }) => f.id === fulfillmentId)
      return fulfillment.labels.map(({ tracking_number, tracking_url, label_url }: Record<string, string>) => ({ tracking_number, tracking_url, label_url }))
    }

    it("subscribes a booked consignment, and the carrier's HANDED_IN then DELIVERED move the fulfillment, keeping its labels", async () => {
      const { orderId, fulfillmentId, consignment } = await bookedFulfillment()
      const booked = await adminLabels(orderId, fulfillmentId)
      expect(booked).toEqual([{ tracking_number: consignment, tracking_url: expect.stringMatching(/^https?:\/\//), label_url: expect.stringMatching(/^https?:\/\//) }])
      const subscription = await eventually(() => sandbox().trackingSubscriptions().find((s) => s.trackingId === consignment))
      expect(subscription).toMatchObject({
        configuration: expect.objectContaining({ url: `${gateway().url}${HOOK}` }),
        event_groups: expect.arrayContaining(["HANDED_IN", "DELIVERED"]),
      })

      const handedIn = await sandbox().emitEvent({ status: "HANDED_IN", shipment: consignment })
      expect(handedIn.map((a) => a.outcome)).toEqual(["delivered"])
      await eventually(async () => (await fulfillmentState(fulfillmentId)).shipped_at)
      expect((await fulfillmentState(fulfillmentId)).delivered_at).toBeNull()
      expect(await adminLabels(orderId, fulfillmentId)).toEqual(booked)

      await sandbox().emitEvent({ status: "DELIVERED", shipment: consignment })
      await eventually(async () => (await fulfillmentState(fulfillmentId)).delivered_at)
      expect(await adminLabels(orderId, fulfillmentId)).toEqual(booked)
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
    ])("refuses a callback with %s (401), stores nothing and counts it on the status page", async (_name, headers) => {
      const refusedBefore = (await api.get("/admin/nordic-parcel/status", adminHeaders)).data.webhook.refused_callbacks.count
      const body = callback()
      const res = await post(body, headers)
      expect(res.status).toBe(401)
      const refused = (await api.get("/admin/nordic-parcel/status", adminHeaders)).data.webhook.refused_callbacks
      expect(refused).toEqual({ count: refusedBefore + 1, last_at: expect.any(String) })
      expect((await api.get("/admin/nordic-parcel/tracking-health", adminHeaders)).data.refused_callbacks).toEqual(refused)
      expect(res.data.message).toMatch(/X-Nordic-Parcel-Secret/)
      expect(JSON.stringify(res.data)).not.toContain(SECRET)
      expect(await plugin().listTrackingEvents({ event_id: body.id })).toEqual([])
    })

    // The slightly-off payloads a carrier sends (carrier notes 42): each is answered 2xx and stored as an event.
    it.each([
      ["\"package\": null", { package: null }, { package_number: null }],
      ["a numeric id", { id: 987654321 }, { event_id: "987654321" }],
      ["a time without its offset (read as UTC)", { created: "2026-11-25T10:00:00" }, { occurred_at: new Date("2026-11-25T10:00:00Z") }],
      ["\"pushed\": null", { pushed: null }, { pushed_at: null }],
      ["all of them at once", { id: 987654322, package: null, created: "2026-11-25T10:00:00", pushed: null }, { event_id: "987654322", package_number: null, pushed_at: null }],
    ])("stores a callback with %s and applies it", async (_name, change, stored) => {
      const { fulfillmentId, consignment } = await bookedFulfillment()
      const body = { ...callback({ shipment: consignment }), ...change }
      const res = await post(body)
      expect(res.status).toBe(200)
      const [event] = await plugin().listTrackingEvents({ event_id: String(body.id) })
      expect(event).toMatchObject({ status: "HANDED_IN", shipment_number: consignment, fulfillment_id: fulfillmentId, ...stored })
      await eventually(async () => (await fulfillmentState(fulfillmentId)).shipped_at)
    })

    it.each([
      ["a missing status", { ...callback(), status: undefined }, /^status: is required/],
      ["a missing shipment number", { ...callback(), shipment: undefined }, /^shipment: is required/],
      ["a time that is not one", callback({ created: "yesterday" }), /^created: must be a timestamp/],
      ["a 17-digit shipment number sent as a number", callback({ shipment: 70438100000000999 }), /^shipment: is a number too large/],
      ["a list instead of an object", [callback()], /JSON object/],
    ])("keeps an authenticated callback with %s as a dead letter (202), listed in tracking-health with its reason", async (_name, body, reason) => {
      const res = await post(body)
      expect(res.status).toBe(202)
      expect(res.data.reason).toMatch(reason)
      const { data } = await api.get("/admin/nordic-parcel/tracking-health", adminHeaders)
      const letter = data.dead_letters.find((l: { id: string }) => l.id === res.data.dead_letter)
      expect(letter).toEqual({ id: res.data.dead_letter, received_at: expect.any(String), reason: expect.stringMatching(reason), body: JSON.stringify(body) })
      expect(data.dead_letter_count).toBeGreaterThanOrEqual(1)
      const status = await api.get("/admin/nordic-parcel/status", adminHeaders)
      expect(status.data.webhook.dead_letter_count).toBe(data.dead_letter_count)
    })

    it.each([
      ["text that is not JSON", "status=HANDED_IN", "text/plain"],
      ["a form", "status=HANDED_IN&id=1", "application/x-www-form-urlencoded"],
    ])("refuses a body that is not JSON (%s) with 400, and a wrong secret before reading it", async (_name, body, contentType) => {
      const send = (headers: Record<string, string>) =>
        api.post(HOOK, body, { headers: { "content-type": contentType, ...headers }, transformRequest: [(data: unknown) => data] }).catch(responseOf)
      const res = await send({ "x-nordic-parcel-secret": SECRET })
      expect(res.status).toBe(400)
      expect(res.data.message).toMatch(/must be JSON/)
      expect((await send({ "x-nordic-parcel-secret": "wrong" })).status).toBe(401)
    })

    it("reads a JSON body the carrier sent as text/plain", async () => {
      const body = callback()
      const res = await api
        .post(HOOK, JSON.stringify(body), { headers: { "content-type": "text/plain", "x-nordic-parcel-secret": SECRET }, transformRequest: [(data: unknown) => data] })
        .catch(responseOf)
      expect(res.status).toBe(200)
      expect(await plugin().listTrackingEvents({ event_id: body.id })).toHaveLength(1)
    })

    it("refuses an oversized body without storing it", async () => {
      const res = await post(callback({ padding: "x".repeat(64 * 1024) }))
      expect(res.status).toBe(413)
    })

    it("counts a compressed body by its size after decompression: gzip that inflates to 100 kB is refused and not stored", async () => {
      const body = callback({ padding: "x".repeat(100 * 1000) })
      const compressed = gzipSync(JSON.stringify(body))
      expect(compressed.length).toBeLessThan(1024)
      const res = await api
        .post(HOOK, compressed, {
          headers: { "content-type": "application/json", "content-encoding": "gzip", "x-nordic-parcel-secret": SECRET },
          transformRequest: [(data: unknown) => data],
        })
        .catch(responseOf)
      expect(res.status).toBe(413)
      expect(await plugin().listTrackingEvents({ event_id: body.id })).toHaveLength(0)
      const [, deadLetters] = await plugin().listAndCountTrackingDeadLetters({ body: { $like: `%${body.id}%` } } as never)
      expect(deadLetters).toBe(0)

      // A small callback sent compressed is read and stored as any other.
      const small = callback()
      const accepted = await api
        .post(HOOK, gzipSync(JSON.stringify(small)), {
          headers: { "content-type": "application/json", "content-encoding": "gzip", "x-nordic-parcel-secret": SECRET },
          transformRequest: [(data: unknown) => data],
        })
        .catch(responseOf)
      expect(accepted.status).toBe(200)
      expect(await plugin().listTrackingEvents({ event_id: small.id })).toHaveLength(1)
    })

    it("counts a chunked body without Content-Length by what arrived: 50 kB is refused and not stored", async () => {
      const body = callback({ padding: "y".repeat(50 * 1000) })
      const text = JSON.stringify(body)
      const port = new URL((api as unknown as AxiosInstance).defaults.baseURL!).port
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.request(
          { host: "127.0.0.1", port, path: HOOK, method: "POST", headers: { "content-type": "application/json", "transfer-encoding": "chunked", "x-nordic-parcel-secret": SECRET } },
          (res) => {
            res.resume()
            resolve(res.statusCode!)
          }
        )
        req.on("error", reject)
        // In pieces, as a streaming client sends them: no Content-Length anywhere.
        for (let at = 0; at < text.length; at += 4096) req.write(text.slice(at, at + 4096))
        req.end()
      })
      expect(status).toBe(413)
      expect(await plugin().listTrackingEvents({ event_id: body.id })).toHaveLength(0)
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

    /** Posts a callback and waits until the tracking subscriber has handled it. */
    async function postAndApply(body: Record<string, unknown>) {
      const handled = TestEventUtils.waitSubscribersExecution(TRACKING_RECEIVED_EVENT, getContainer().resolve(Modules.EVENT_BUS))
      const res = await post(body)
      expect(res.status).toBe(200)
      await handled
    }

    const storedEvent = async (eventId: string) => (await plugin().listTrackingEvents({ event_id: eventId }))[0]
    const inTenMinutes = () => new Date(Date.now() + 10 * 60_000)
    const pg = () => getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)

    it("keeps a return fulfilment's labels through its carrier events", async () => {
      const order = await placeOrder("PA_DOREN", store.variants.flat)
      await api.post(`/admin/orders/${order.id}/fulfillments`, { items: [{ id: order.items[0].id, quantity: 1 }] }, adminHeaders)
      const { data: begun } = await api.post(`/admin/returns`, { order_id: order.id, location_id: store.stockLocationId }, adminHeaders)
      const returnId = begun.return.id
      await api.post(`/admin/returns/${returnId}/request-items`, { items: [{ id: order.items[0].id, quantity: 1 }] }, adminHeaders)
      await api.post(`/admin/returns/${returnId}/shipping-method`, { shipping_option_id: store.options["9300"] }, adminHeaders)
      await api.post(`/admin/returns/${returnId}/request`, {}, adminHeaders)
      const labelsOfReturn = async () => {
        const { data } = await api.get(`/admin/returns/${returnId}?fields=id,fulfillments.id,fulfillments.data,fulfillments.labels.*`, adminHeaders)
        const fulfillment = data.return.fulfillments.find((f: { data: { kind?: string } }) => f.data?.kind === "return")
        return { id: fulfillment.id as string, consignment: fulfillment.data.consignment_number as string, labels: fulfillment.labels.map(({ tracking_number, label_url }: Record<string, string>) => ({ tracking_number, label_url })) }
      }
      const before = await labelsOfReturn()
      expect(before.labels).toEqual([{ tracking_number: before.consignment, label_url: expect.stringMatching(/^https?:\/\//) }])

      for (const status of ["HANDED_IN", "DELIVERED"]) {
        await postAndApply(callback({ status, shipment: before.consignment }))
      }
      expect((await plugin().listTrackingEvents({ shipment_number: before.consignment })).every((e) => e.applied_at !== null)).toBe(true)
      expect(await labelsOfReturn()).toEqual(before)
    })

    it("an event whose apply the database refuses stays stored, is listed in the admin with why, and the job applies it once the database accepts", async () => {
      const { orderId, fulfillmentId, consignment } = await bookedFulfillment()
      const booked = await adminLabels(orderId, fulfillmentId)
      await pg().raw(`
        create or replace function np_test_refuse_shipping() returns trigger language plpgsql as $$
        begin raise exception 'the database refuses to mark fulfillment % shipped', new.id; end $$`)
      await pg().raw(`create trigger np_test_refuse_shipping before update of shipped_at on fulfillment
                      for each row when (new.id = '${fulfillmentId}') execute function np_test_refuse_shipping()`)
      const handedIn = callback({ status: "HANDED_IN", shipment: consignment })
      try {
        await postAndApply(handedIn)
        expect(await storedEvent(handedIn.id)).toMatchObject({
          applied_at: null,
          apply_attempts: 1,
          apply_error: expect.stringContaining("the database refuses to mark fulfillment"),
          next_apply_at: expect.any(Date),
        })
        expect((await fulfillmentState(fulfillmentId)).shipped_at).toBeNull()
        const { data: health } = await api.get("/admin/nordic-parcel/tracking-health", adminHeaders)
        expect(health.unapplied_events).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ event_id: handedIn.id, status: "HANDED_IN", order_id: orderId, attempts: 1, last_error: expect.stringContaining("refuses") }),
          ])
        )

        // Still refused: the job records a second attempt and backs off further.
        const first = (await storedEvent(handedIn.id)).next_apply_at!
        await applyDueTrackingEvents(getContainer(), { now: inTenMinutes() })
        const again = await storedEvent(handedIn.id)
        expect(again.apply_attempts).toBe(2)
        expect(new Date(again.next_apply_at!).getTime()).toBeGreaterThan(new Date(first).getTime())
      } finally {
        await pg().raw(`drop trigger if exists np_test_refuse_shipping on fulfillment`)
      }

      // Not due yet: the back-off is kept.
      await applyDueTrackingEvents(getContainer())
      expect((await storedEvent(handedIn.id)).applied_at).toBeNull()

      const run = await applyDueTrackingEvents(getContainer(), { now: inTenMinutes() })
      expect(run.applied).toBeGreaterThanOrEqual(1)
      expect((await storedEvent(handedIn.id)).applied_at).not.toBeNull()
      expect((await fulfillmentState(fulfillmentId)).shipped_at).not.toBeNull()
      expect(await adminLabels(orderId, fulfillmentId)).toEqual(booked)
      const { data: health } = await api.get("/admin/nordic-parcel/tracking-health", adminHeaders)
      expect(health.unapplied_events.map((e: { event_id: string }) => e.event_id)).not.toContain(handedIn.id)

      // Applying again changes nothing.
      const shippedAt = (await fulfillmentState(fulfillmentId)).shipped_at
      await applyDueTrackingEvents(getContainer(), { now: inTenMinutes() })
      expect((await fulfillmentState(fulfillmentId)).shipped_at).toEqual(shippedAt)
    })

    it("an event stored by a process that stopped before announcing it: the carrier's retry is acknowledged, and the job and start-up apply it", async () => {
      const { fulfillmentId, consignment } = await bookedFulfillment()
      // What the route does before it announces the event; the process then stops.
      const delivered = callback({ status: "DELIVERED", shipment: consignment })
      await plugin().recordTrackingEvent({
        event_id: delivered.id,
        status: delivered.status,
        shipment_number: consignment,
        occurred_at: new Date("2026-11-21T10:15:00Z"),
        raw: delivered,
      })
      const retry = await post(delivered)
      expect(retry.status).toBe(200)
      expect(retry.data.duplicate).toBe(true)
      expect((await storedEvent(delivered.id)).applied_at).toBeNull()
      const { data: health } = await api.get("/admin/nordic-parcel/tracking-health", adminHeaders)
      expect(health.unapplied_events).toEqual(expect.arrayContaining([expect.objectContaining({ event_id: delivered.id, attempts: 0, last_error: null })]))

      // Start-up: the module announces that stored events may wait, and they are applied.
      const eventBus = getContainer().resolve(Modules.EVENT_BUS)
      const applied = TestEventUtils.waitSubscribersExecution(TRACKING_OUTBOX_DUE_EVENT, eventBus)
      await eventBus.emit({ name: TRACKING_OUTBOX_DUE_EVENT, data: {} })
      await applied
      expect((await storedEvent(delivered.id)).applied_at).not.toBeNull()
      expect(await fulfillmentState(fulfillmentId)).toMatchObject({ shipped_at: expect.any(Date), delivered_at: expect.any(Date) })
      expect(await plugin().listTrackingEvents({ event_id: delivered.id })).toHaveLength(1)
    })

    it("the job applies an event stored but not announced once its grace period has passed", async () => {
      const { fulfillmentId, consignment } = await bookedFulfillment()
      const handedIn = callback({ status: "HANDED_IN", shipment: consignment })
      await plugin().recordTrackingEvent({ event_id: handedIn.id, status: "HANDED_IN", shipment_number: consignment, occurred_at: new Date(), raw: handedIn })
      // Fresh: left to the subscriber.
      await applyDueTrackingEvents(getContainer())
      expect((await storedEvent(handedIn.id)).applied_at).toBeNull()
      await applyDueTrackingEvents(getContainer(), { now: inTenMinutes() })
      expect((await storedEvent(handedIn.id)).applied_at).not.toBeNull()
      expect((await fulfillmentState(fulfillmentId)).shipped_at).not.toBeNull()
    })

    it("keeps what the database cannot hold as dead letters naming the field, while valid callbacks sent with them are stored", async () => {
      const poison: [Record<string, unknown> | string, RegExp][] = [
        [callback({ status: "HANDED\u0000IN" }), /^status: must not contain the NUL/],
        [callback({ note: { text: "a\u0000b" } }), /^note\.text: must not contain the NUL/],
        [callback({ id: `evt-\uD800-${Math.random()}` }), /^id: must not contain an unpaired UTF-16 surrogate/],
        [callback({ shipment: "\uDFFF70438100000000999" }), /^shipment: must not contain an unpaired/],
        [callback({ created: "0000-06-01T10:00:00+0000" }), /^created: must be between the years 0001 and 9999/],
        // As deep as the 16 kB body limit allows, written as text (deeper than JSON.stringify nests here).
        [JSON.stringify(callback()).replace(/}$/, `,"nested":${'{"a":'.repeat(2500)}true${"}".repeat(2500)}}`), /^nested(\.a)+: must not nest objects or arrays more than 32 levels deep/],
      ]
      const valid = Array.from({ length: 60 }, () => callback({ shipment: "70438199999999990" }))
      const bodies = [...valid.map((body) => ({ body, expect: 200 as const })), ...poison.flatMap(([body, message]) => [1, 2, 3].map(() => ({ body, expect: message })))]
      bodies.sort(() => Math.random() - 0.5)
      const send = (body: unknown) =>
        api.post(HOOK, typeof body === "string" ? body : JSON.stringify(body), { headers: { "content-type": "application/json", "x-nordic-parcel-secret": SECRET }, transformRequest: [(data: unknown) => data] }).catch(responseOf)
      const answers = await Promise.all(bodies.map(async (entry) => ({ entry, res: await send(entry.body) })))
      const letters: string[] = []
      for (const { entry, res } of answers) {
        if (entry.expect === 200) {
          expect(res.status).toBe(200)
        } else {
          expect(res.status).toBe(202)
          expect(res.data.reason).toMatch(entry.expect)
          letters.push(res.data.dead_letter)
        }
      }
      const stored = await plugin().listTrackingEvents({ event_id: valid.map((body) => body.id) })
      expect(stored).toHaveLength(valid.length)
      const kept = await plugin().listTrackingDeadLetters({ id: letters })
      expect(kept).toHaveLength(poison.length * 3)
      for (const [body] of poison) {
        const id = typeof body === "string" ? JSON.parse(body).id : body.id
        expect(await plugin().listTrackingEvents({ event_id: String(id) })).toEqual([])
      }
      expect((await api.get("/health")).status).toBe(200)
    })

    it("a row the database refuses inside a burst fails only its own callback; the others answer 200 and are stored", async () => {
      // The database refuses these rows whatever the route checks (a constraint it cannot know of).
      await pg().raw(`alter table nordic_parcel_tracking_event add constraint np_test_refuse check (event_id not like 'refused-%') not valid`)
      const ok = Array.from({ length: 80 }, () => callback({ shipment: "70438199999999991" }))
      const refused = Array.from({ length: 8 }, (_, i) => callback({ id: `refused-${i}-${Math.random()}`, shipment: "70438199999999991" }))
      let answers: { id: string; status: number }[]
      try {
        const bodies = [...ok, ...refused].sort(() => Math.random() - 0.5)
        answers = await Promise.all(bodies.map(async (body) => ({ id: body.id, status: (await post(body)).status })))
      } finally {
        await pg().raw(`alter table nordic_parcel_tracking_event drop constraint np_test_refuse`)
      }
      const statusOf = new Map(answers.map((a) => [a.id, a.status]))
      expect(ok.map((body) => statusOf.get(body.id))).toEqual(ok.map(() => 200))
      expect(refused.map((body) => statusOf.get(body.id))).toEqual(refused.map(() => 500))
      expect(await plugin().listTrackingEvents({ event_id: ok.map((body) => body.id) })).toHaveLength(ok.length)
      // The carrier's retry of a refused callback is stored once the database accepts it.
      expect((await post(refused[0])).status).toBe(200)
      expect(await plugin().listTrackingEvents({ event_id: refused[0].id })).toHaveLength(1)
    })

    it("a burst the carrier pushes (1,500 events, 50 in flight, each also sent twice) is stored at the first attempt: no 503, no retry", async () => {
      // A consignment the merchant's other system booked and subscribed to this store's hook.
      const trackingId = "70438199999990001"
      const request = trackingSubscriptionFor(trackingId, plugin().getOptions().webhooks)!
      await plugin().carrier().events.createTrackingSubscription({ ...request, event_groups: ["IN_TRANSIT"] })
      const run = `burst-${Date.now()}`
      const ids = Array.from({ length: 1_500 }, (_, i) => `${run}-${i}`)
      // Some events come twice (a retry whose first answer was lost): the repeat is acknowledged too.
      const pushes = [...ids, ...ids.filter((_, i) => i % 5 === 0)]
      const firstAttempts = (await mapLimit(pushes, 50, (id) => sandbox().emitEvent({ status: "IN_TRANSIT", shipment: trackingId, id }))).flat()
      expect(firstAttempts).toHaveLength(pushes.length)
      const refused = firstAttempts.filter((a) => a.outcome !== "delivered")
      expect({ refused: refused.length, statuses: [...new Set(refused.map((a) => a.status))] }).toEqual({ refused: 0, statuses: [] })
      // Nothing is left for the carrier's retry schedule (+30, +60, +120 minutes) to send.
      await sandbox().clock.advance(3 * 60 * 60 * 1000)
      expect(sandbox().callbacks.filter((c) => c.payload.id.startsWith(run) && c.attempt > 1)).toEqual([])
      const [, stored] = await plugin().listAndCountTrackingEvents({ shipment_number: trackingId, event_id: ids })
      expect(stored).toBe(ids.length)
    }, 300_000)

    it("retries a tracking subscription that failed at booking until it is made, and gives up once the shipment is delivered", async () => {
      // The event service is down while two orders are booked.
      sandbox().fault("events", { kind: "status", status: 503 })
      const first = await bookedFulfillment()
      const second = await bookedFulfillment()
      const pending = async (consignment: string) =>
        (await plugin().listSubscriptions({ kind: "tracking", tracking_id: consignment, status: "pending" }))[0]
      // Each booking notes its subscription as pending at once; the booking's own attempt then fails.
      const failedOnce = async (consignment: string) => {
        const row = await pending(consignment)
        return row?.attempts ? row : undefined
      }
      for (const { consignment } of [first, second]) {
        expect(await eventually(() => failedOnce(consignment))).toMatchObject({ attempts: 1, last_error: expect.stringContaining("503"), carrier_id: null })
      }
      const { data: health } = await api.get("/admin/nordic-parcel/tracking-health", adminHeaders)
      expect(health.unsubscribed_shipments.map((s: { consignment_number: string }) => s.consignment_number)).toEqual(
        expect.arrayContaining([first.consignment, second.consignment])
      )
      expect(health.unsubscribed_shipments[0]).toEqual(expect.objectContaining({ attempts: 1, last_error: expect.stringContaining("503"), next_attempt_at: expect.any(String) }))

      // Still down: the next attempt fails and backs off further.
      const failing = await retryTrackingSubscriptions(getContainer(), { now: inTenMinutes() })
      expect(failing.failed.map((f) => f.tracking_id)).toEqual(expect.arrayContaining([first.consignment, second.consignment]))
      expect((await pending(first.consignment)).attempts).toBe(2)

      // The second parcel is delivered meanwhile (its events came through a customer subscription).
      sandbox().clearFaults()
      await postAndApply(callback({ status: "DELIVERED", shipment: second.consignment }))
      const later = new Date(Date.now() + 60 * 60_000)
      const outcome = await retryTrackingSubscriptions(getContainer(), { now: later })
      expect(outcome.made).toEqual([first.consignment])
      expect(outcome.ended).toEqual([second.consignment])
      expect(sandbox().trackingSubscriptions().map((s) => s.trackingId)).toEqual(expect.arrayContaining([first.consignment]))
      expect(sandbox().trackingSubscriptions().map((s) => s.trackingId)).not.toContain(second.consignment)
      expect(await plugin().listSubscriptions({ kind: "tracking", tracking_id: first.consignment })).toEqual([
        expect.objectContaining({ status: "active", carrier_id: expect.any(String) }),
      ])
      expect(await pending(second.consignment)).toBeUndefined()
      const { data: after } = await api.get("/admin/nordic-parcel/tracking-health", adminHeaders)
      expect(after.unsubscribed_shipments.map((s: { consignment_number: string }) => s.consignment_number)).not.toEqual(
        expect.arrayContaining([first.consignment])
      )
      // Nothing left to retry.
      expect(await retryTrackingSubscriptions(getContainer(), { now: later })).toEqual({ made: [], ended: [], failed: [] })
    })

    it("ends the tracking subscription when the fulfillment is cancelled", async () => {
      const { orderId, fulfillmentId, consignment } = await bookedFulfillment()
      await eventually(() => sandbox().trackingSubscriptions().find((s) => s.trackingId === consignment))
      await api.post(`/admin/orders/${orderId}/fulfillments/${fulfillmentId}/cancel`, {}, adminHeaders)
      expect(sandbox().trackingSubscriptions().find((s) => s.trackingId === consignment)).toBeUndefined()
    })
  },
})
