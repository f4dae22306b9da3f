import type { CallbackPayload } from "../../sandbox"
import { eventually } from "../helpers/eventually"
import {
  BERGEN,
  BOOKING_PATH,
  CARRIER_BOOKINGS_PER_SECOND,
  HOOK,
  LOOKUP_PATH,
  TROMSO,
  TwoInstances,
  mapLimit,
  maxInWindow,
  type AdminShipment,
  type Booked,
  type Instance,
} from "../helpers/two-instances"

/**
 * Several instances: two `medusa start` processes on one PostgreSQL database with Medusa's Redis
 * event bus, workflow engine, locking and caching, behind a round-robin gateway that is the
 * store's public URL (the carrier's callbacks are spread over both), as a store runs in production.
 * The carrier sandbox runs in this process behind a pass-through hop (carrier-burst-gate.ts). The
 * instances share the carrier's booking rate limit through Redis, so a burst over both meets no 429.
 * Needs REDIS_URL; CI sets it. Each run works in a Redis database of its own (an empty one it
 * claims among 1–15, flushed at the end) and a PostgreSQL database of its own (dropped at the end).
 * Medusa's output goes to .cache/instances/; the run's duration, memory and figures are printed.
 */


jest.setTimeout(240 * 1000)

if (!process.env.REDIS_URL) {
  describe("several instances on Medusa's Redis modules", () => {
    it.todo("needs REDIS_URL (two Medusa processes on one database share Redis), e.g. REDIS_URL=redis://127.0.0.1:6379 npm test; CI sets it")
  })
} else {
  describe("several instances on Medusa's Redis modules", () => {
    const redisUrl = process.env.REDIS_URL!
    let stack: TwoInstances
    let a: Instance
    let b: Instance

    beforeAll(async () => {
      stack = new TwoInstances(redisUrl)
      await stack.start()
      ;[a, b] = stack.instances
    }, 420 * 1000)

    afterAll(async () => {
      await stack?.stop()
    }, 120 * 1000)

    it("applies each carrier callback once, whichever instance receives it", async () => {
      const sandbox = stack.sandbox
      // Orders placed and fulfilled through either instance.
      const booked = await Promise.all(
        [0, 1, 2, 3].map(async (i) => {
          const order = await stack.placeOrder(i % 2 ? b : a, BERGEN, [{ variant: stack.store.variants.flat, quantity: 1 }])
          return stack.fulfil(i % 2 ? a : b, order)
        })
      )
      const consignments = booked.map((f) => f.consignment)
      // The subscription is made by a subscriber, run from the Redis event bus by either instance.
      await eventually(() => consignments.every((c) => sandbox.trackingSubscriptions().some((s) => s.trackingId === c)), { timeoutMs: 30_000 })
      const gatewayBefore = stack.gateway.seen.length

      // The carrier pushes HANDED_IN for all, then DELIVERED for all, through the round-robin gateway.
      const handedIn = (await Promise.all(consignments.map((shipment) => sandbox.emitEvent({ status: "HANDED_IN", shipment })))).flat()
      expect(handedIn.map((attempt) => attempt.outcome)).toEqual(consignments.map(() => "delivered"))
      for (const f of booked) {
        await eventually(async () => (await stack.orderState(a, f.orderId)).fulfillments[0].shipped_at, { timeoutMs: 30_000 })
      }
      const delivered = (await Promise.all(consignments.map((shipment) => sandbox.emitEvent({ status: "DELIVERED", shipment })))).flat()
      expect(delivered.map((attempt) => attempt.outcome)).toEqual(consignments.map(() => "delivered"))
      for (const f of booked) {
        await eventually(async () => (await stack.orderState(b, f.orderId)).fulfillments[0].delivered_at, { timeoutMs: 30_000 })
      }
      const callbacks = stack.gateway.seen.slice(gatewayBefore).filter((s) => s.path === HOOK)
      expect(callbacks).toHaveLength(2 * consignments.length)
      expect(callbacks.every((s) => s.status === 200)).toBe(true)
      // Both instances took callbacks.
      expect(new Set(callbacks.map((s) => s.instance))).toEqual(new Set([0, 1]))
      const settled = await Promise.all(booked.map((f) => stack.orderState(a, f.orderId)))

      // The carrier repeats every callback, to both instances at once: each is acknowledged as a duplicate.
      const sent = [...handedIn, ...delivered].map((attempt) => attempt.payload)
      const repeats = await Promise.all(sent.flatMap((payload) => [a, b].map((instance) => stack.postCallback(instance, payload))))
      expect(repeats.map((r) => [r.status, r.body.duplicate])).toEqual(repeats.map(() => [200, true]))

      // A new event reaching both instances at the same moment (the carrier retried while the
      // first delivery was still being answered) is stored by one and a duplicate for the other.
      // It is older than DELIVERED, so it changes nothing on the order.
      const first = sent[0]
      const late: CallbackPayload = { ...first, id: `${first.id}-in-transit`, status: "IN_TRANSIT" }
      const race = await Promise.all([a, b].map((instance) => stack.postCallback(instance, late)))
      expect(race.map((r) => r.status)).toEqual([200, 200])
      expect(race.map((r) => r.body.duplicate).sort()).toEqual([false, true])

      // Every distinct event is stored exactly once, on the right fulfillment.
      const expected = [...sent, late].map((p) => p.id).sort()
      const rows = await eventually(async () => {
        const stored = await stack.trackingEvents(consignments)
        return stored.length >= expected.length ? stored : undefined
      })
      expect(rows.map((r) => r.event_id).sort()).toEqual(expected)
      for (const f of booked) {
        const own = rows.filter((r) => r.shipment_number === f.consignment)
        expect(own.every((r) => r.fulfillment_id === f.fulfillmentId)).toBe(true)
      }

      // Each fulfillment ended shipped, then delivered, once: the late and repeated events moved
      // nothing, and no item was shipped or delivered twice.
      await new Promise((resolve) => setTimeout(resolve, 1_500)) // the late event's subscriber has run by now
      for (const [index, f] of booked.entries()) {
        const state = await stack.orderState(index % 2 ? a : b, f.orderId)
        const [fulfillment] = state.fulfillments
        expect(fulfillment).toEqual(settled[index].fulfillments[0])
        expect(new Date(fulfillment.shipped_at!).getTime()).toBeLessThanOrEqual(new Date(fulfillment.delivered_at!).getTime())
        expect(state.items.map((item) => [item.detail.quantity, item.detail.shipped_quantity, item.detail.delivered_quantity])).toEqual([[1, 1, 1]])
        // The plugin's view of the order (admin route), from the other instance.
        const { shipments } = await stack.admin<{ shipments: AdminShipment[] }>(index % 2 ? b : a, "GET", `/admin/nordic-parcel/orders/${f.orderId}`)
        expect(shipments).toHaveLength(1)
        expect(shipments[0]).toMatchObject({ consignment_number: f.consignment, status: "delivered" })
        expect(shipments[0].tracking_events.map((e) => e.status).sort()).toEqual(
          index === 0 ? ["DELIVERED", "HANDED_IN", "IN_TRANSIT"] : ["DELIVERED", "HANDED_IN"]
        )
      }
      stack.figures.callbacks = { viaGateway: callbacks.length, perInstance: [0, 1].map((i) => callbacks.filter((s) => s.instance === i).length), repeated: repeats.length }
    })

    it("counts callbacks refused for their secret on either instance, and both status pages show them all", async () => {
      type Status = { webhook: { refused_callbacks: { count: number; last_at: string | null } } }
      const refusedOn = async (instance: Instance) =>
        (await stack.admin<Status>(instance, "GET", "/admin/nordic-parcel/status")).webhook.refused_callbacks
      const refuse = (instance: Instance, n: number) =>
        fetch(`${instance.url}${HOOK}`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-nordic-parcel-secret": "never-the-secret-0123456789" },
          body: JSON.stringify({ status: "IN_TRANSIT", id: `refused-${instance.name}-${n}`, shipment: "70438199999999997", created: new Date().toISOString() }),
        }).then((res) => res.status)
      const before = (await refusedOn(a)).count
      expect([await refuse(a, 1), await refuse(b, 1), await refuse(b, 2)]).toEqual([401, 401, 401])
      // Each instance adds its refusals to the database within a second.
      const onA = await eventually(async () => {
        const refused = await refusedOn(a)
        return refused.count === before + 3 ? refused : undefined
      }, { timeoutMs: 15_000, intervalMs: 300 })
      expect(onA.last_at).toEqual(expect.any(String))
      expect(await refusedOn(b)).toEqual(onA)
    })

    it("serves a quote cached by one instance from the other without asking the carrier again", async () => {
      const sandbox = stack.sandbox
      // A quote is kept per cart state and hour: do not straddle the hour.
      const msToHour = 3_600_000 - (Date.now() % 3_600_000)
      if (msToHour < 30_000) await new Promise((resolve) => setTimeout(resolve, msToHour + 1_000))

      // A cart state no test has priced before: Tromsø, two boxed lamps.
      const cartId = await stack.createCart(a, TROMSO, [{ variant: stack.store.variants.boxed, quantity: 2 }])
      const lookups = () => sandbox.requests.filter((r) => r.path === LOOKUP_PATH).length
      const before = lookups()
      const quoteKeys = () => stack.redis!.keys("*nordic-parcel:quote:*")
      const keysBefore = await quoteKeys()
      const option = stack.store.options.PA_DOREN

      const onA = await stack.storeApi<{ shipping_option: { amount: number } }>(a, "POST", `/store/shipping-options/${option}/calculate`, { cart_id: cartId })
      expect(lookups()).toBe(before + 1)
      // The quote went to Medusa's caching module (Redis), not only to instance A's memory.
      const written = (await quoteKeys()).filter((key) => !keysBefore.includes(key))
      expect(written).toHaveLength(1)

      const onB = await stack.storeApi<{ shipping_option: { amount: number } }>(b, "POST", `/store/shipping-options/${option}/calculate`, { cart_id: cartId })
      expect(onB.shipping_option.amount).toBe(onA.shipping_option.amount)
      expect(typeof onA.shipping_option.amount).toBe("number")
      // The plugin's own store route on B reads the same shared quote, for every service of the cart.
      const { delivery_options } = await stack.storeApi<{ delivery_options: { service_code: string; amount: number; price_source: string }[] }>(
        b,
        "GET",
        `/store/nordic-parcel/delivery-options?cart_id=${cartId}`
      )
      expect(delivery_options.find((o) => o.service_code === "PA_DOREN")?.amount).toBe(onA.shipping_option.amount)
      expect(lookups()).toBe(before + 1)
      expect((await quoteKeys()).filter((key) => !keysBefore.includes(key))).toEqual(written)
      stack.figures.quotes = { carrierLookups: lookups() - before, redisKey: written[0] }
    })

    it("books 30 fulfilments at once, half on each instance, sharing the carrier's rate limit: no 429, each exactly once", async () => {
      const sandbox = stack.sandbox
      const count = 30
      const orderStart = Date.now()
      const orders = await mapLimit([...Array(count).keys()], 4, (i) =>
        stack.placeOrder(i % 2 ? b : a, BERGEN, [{ variant: stack.store.variants.flat, quantity: 1 }])
      )
      const ordersMs = Date.now() - orderStart

      const requestsBefore = sandbox.requests.length
      const bookingsBefore = sandbox.bookings.length
      // Both instances book at once, more than the carrier takes in a second: each alone would
      // keep 18 per second, together they would send up to 36. The limit they share through Redis
      // keeps the carrier's count under 18 in every second.
      const burstStart = Date.now()
      const results = await Promise.allSettled(orders.map((order, i) => stack.fulfil(i % 2 ? b : a, order)))
      const burstMs = Date.now() - burstStart

      const failures = results.flatMap((r, i) => (r.status === "rejected" ? [`order ${i}: ${(r.reason as Error).message}`] : []))
      expect(failures).toEqual([])
      const booked = results.map((r) => (r as PromiseFulfilledResult<Booked>).value)
      expect(booked.every((f) => /^\d+$/.test(f.consignment))).toBe(true)

      // Exactly one booking at the carrier per fulfilment.
      const carrierBookings = sandbox.bookings.slice(bookingsBefore)
      expect(carrierBookings).toHaveLength(count)
      expect(carrierBookings.map((x) => x.consignmentNumber).sort()).toEqual(booked.map((f) => f.consignment).sort())

      // The carrier never throttled: one attempt per booking, none answered 429.
      const attempts = sandbox.requests.slice(requestsBefore).filter((r) => r.method === "POST" && r.path === BOOKING_PATH)
      const throttled = attempts.filter((r) => r.status === 429).length
      const peak = maxInWindow(attempts.map((r) => r.at.getTime()), 1_000)
      expect(throttled).toBe(0)
      expect(attempts).toHaveLength(count)
      expect(attempts.filter((r) => r.status !== 200)).toEqual([])
      expect(peak).toBeLessThanOrEqual(CARRIER_BOOKINGS_PER_SECOND)
      stack.figures.bookings = { fulfilments: count, ordersPlacedMs: ordersMs, burstMs, carrierAttempts: attempts.length, throttled429: throttled, peakPerSecond: peak }
    })
  })
}
