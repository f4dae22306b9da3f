import { setTimeout as sleep } from "node:timers/promises"
import { startSandbox, type Sandbox } from ".."
import { servicepakkeRequest } from "./booking-fixtures"
import { api, jsonOf, MINUTE, respondWith, startReceiver, type Api } from "./helpers"

const TRACKING = "/event-cast/api/v1/webhooks"
const CUSTOMER = "/event-cast/api/v1/customer/webhooks"
const START = new Date("2026-11-21T10:15:00Z")

describe("callbacks", () => {
  let sandbox: Sandbox
  let client: Api

  beforeAll(async () => {
    sandbox = await startSandbox({ startAt: START, callbackTimeoutMs: 300 })
    client = api(sandbox)
  })
  beforeEach(() => sandbox.reset())
  afterAll(() => sandbox.close())

  async function subscribe(url: string, trackingId = "70438100000000016", events = ["DELIVERED", "IN_TRANSIT"]) {
    const { status, body } = await jsonOf(
      client.post(TRACKING, {
        trackingId,
        configuration: { url, content_type: "application/json; charset=utf-8", headers: [{ key: "X-Shop-Secret", value: "s3cret" }] },
        event_groups: events,
      })
    )
    expect(status).toBe(201)
    return body
  }
  const minutesAfterStart = () => sandbox.callbacks.map((c) => (c.at.getTime() - START.getTime()) / MINUTE)

  it("posts the payload with the carrier headers and the subscription's own", async () => {
    const receiver = await startReceiver()
    try {
      const subscription = await subscribe(receiver.url)
      const [attempt] = await sandbox.emitEvent({ status: "IN_TRANSIT", shipment: "70438100000000016", package: "370438100000000017", id: "evt-1", created: new Date("2026-11-21T09:00:00Z") })

      expect(receiver.received).toHaveLength(1)
      const { headers, body } = receiver.received[0]
      expect(body).toEqual({
        status: "IN_TRANSIT",
        id: "evt-1",
        shipment: "70438100000000016",
        package: "370438100000000017",
        created: "2026-11-21T09:00:00+0000",
        pushed: "2026-11-21T10:15:00+0000",
      })
      expect(headers["content-type"]).toBe("application/json; charset=utf-8")
      expect(headers["x-carrier-application"]).toBe("event-cast")
      expect(headers["x-carrier-correlation"]).toMatch(/^[A-Za-z0-9]{8}$/)
      expect(headers["x-carrier-version"]).toBe("1.0.0")
      expect(headers["x-shop-secret"]).toBe("s3cret")
      expect(attempt).toMatchObject({ subscriptionId: subscription.id, url: receiver.url, attempt: 1, outcome: "delivered", status: 200, at: START })
      expect(sandbox.callbacks).toEqual([attempt])
    } finally {
      await receiver.close()
    }
  })

  it("retries a failed callback at +30 and +60 minutes until it is delivered", async () => {
    const receiver = await startReceiver((index, res) => respondWith(index < 2 ? 500 : 200)(index, res))
    try {
      await subscribe(receiver.url)
      const [first] = await sandbox.emitEvent({ status: "DELIVERED", shipment: "70438100000000016" })
      expect(first).toMatchObject({ outcome: "failed", status: 500 })

      await sandbox.clock.advance(5 * 60 * MINUTE)
      expect(receiver.received).toHaveLength(3)
      expect(minutesAfterStart()).toEqual([0, 30, 60])
      expect(sandbox.callbacks.map((c) => [c.attempt, c.outcome])).toEqual([[1, "failed"], [2, "failed"], [3, "delivered"]])
      expect(receiver.received.map((r) => r.body.pushed)).toEqual(["2026-11-21T10:15:00+0000", "2026-11-21T10:45:00+0000", "2026-11-21T11:15:00+0000"])
      expect(new Set(receiver.received.map((r) => r.body.id)).size).toBe(1)
    } finally {
      await receiver.close()
    }
  })

  it("gives up after the retry at +120 minutes", async () => {
    const receiver = await startReceiver(respondWith(503))
    try {
      await subscribe(receiver.url)
      await sandbox.emitEvent({ status: "DELIVERED", shipment: "70438100000000016" })
      await sandbox.clock.advance(119 * MINUTE)
      expect(minutesAfterStart()).toEqual([0, 30, 60])
      await sandbox.clock.advance(24 * 60 * MINUTE)
      expect(minutesAfterStart()).toEqual([0, 30, 60, 120])
      expect(sandbox.callbacks.every((c) => c.outcome === "failed")).toBe(true)
    } finally {
      await receiver.close()
    }
  })

  it("counts redirects, unreachable receivers and slow answers as failures", async () => {
    const redirecting = await startReceiver((_, res) => {
      res.writeHead(302, { location: "https://elsewhere.example/" })
      res.end()
    })
    const slow = await startReceiver((_, res) => setTimeout(() => res.end("late"), 1000))
    try {
      await subscribe(redirecting.url, "REDIRECTED")
      await subscribe("http://127.0.0.1:9/unreachable", "UNREACHABLE")
      await subscribe(slow.url, "SLOW")
      const attempts = await Promise.all(["REDIRECTED", "UNREACHABLE", "SLOW"].map((shipment) => sandbox.emitEvent({ status: "IN_TRANSIT", shipment })))
      const [[redirected], [unreachable], [timedOut]] = attempts
      expect(redirected).toMatchObject({ outcome: "failed", status: 302 })
      expect(unreachable).toMatchObject({ outcome: "failed", error: expect.stringContaining("ECONNREFUSED") })
      expect(timedOut).toMatchObject({ outcome: "failed", error: "timeout" })
    } finally {
      await Promise.all([redirecting.close(), slow.close()])
    }
  })

  it("pushes only subscribed events and ends tracking subscriptions on delivery", async () => {
    const receiver = await startReceiver()
    try {
      const subscription = await subscribe(receiver.url, "70438100000000016", ["DELIVERED"])
      expect(await sandbox.emitEvent({ status: "IN_TRANSIT", shipment: "70438100000000016" })).toEqual([])
      expect(await sandbox.emitEvent({ status: "DELIVERED", shipment: "70438100000000016" })).toHaveLength(1)
      expect((await client.get(`${TRACKING}/${subscription.id}`)).status).toBe(404)
      expect(await sandbox.emitEvent({ status: "DELIVERED", shipment: "70438100000000016" })).toEqual([])
    } finally {
      await receiver.close()
    }
  })

  it("reaches customer subscriptions through the booking's customer number", async () => {
    const receiver = await startReceiver()
    try {
      const { body: booking } = await jsonOf(client.post("/booking/api/booking", servicepakkeRequest()))
      const { confirmation } = booking.consignments[0]
      await client.post(CUSTOMER, {
        customerNumber: "5",
        eventSet: ["READY_FOR_PICKUP"],
        webhookConfiguration: { webhookUrl: receiver.url, contentType: "application/json", headers: [{ key: "X-Shop-Secret", value: "s3cret" }] },
      })
      await client.post(CUSTOMER, {
        customerNumber: "6",
        eventSet: ["READY_FOR_PICKUP"],
        webhookConfiguration: { webhookUrl: receiver.url, contentType: "application/json", headers: [] },
      })
      const packageNumber = confirmation.packages[0].packageNumber
      const attempts = await sandbox.emitEvent({ status: "READY_FOR_PICKUP", package: packageNumber })
      expect(attempts).toHaveLength(1)
      expect(receiver.received[0].body).toMatchObject({ status: "READY_FOR_PICKUP", shipment: confirmation.consignmentNumber, package: packageNumber })
      expect(receiver.received[0].headers["x-shop-secret"]).toBe("s3cret")
    } finally {
      await receiver.close()
    }
  })

  it("drops pending retries of a deleted subscription", async () => {
    const receiver = await startReceiver(respondWith(500))
    try {
      const subscription = await subscribe(receiver.url)
      await sandbox.emitEvent({ status: "IN_TRANSIT", shipment: "70438100000000016" })
      expect((await client.delete(`${TRACKING}/${subscription.id}`)).status).toBe(204)
      await sandbox.clock.advance(3 * 60 * MINUTE)
      expect(receiver.received).toHaveLength(1)
    } finally {
      await receiver.close()
    }
  })

  it("retries on the real clock with scaled intervals", async () => {
    const real = await startSandbox({ clock: "real", retryScale: 1 / 60_000 })
    const receiver = await startReceiver(respondWith(500))
    try {
      const { status } = await jsonOf(
        api(real).post(TRACKING, { trackingId: "TESTPACKAGEEDI", configuration: { url: receiver.url }, event_groups: ["DELIVERED"] })
      )
      expect(status).toBe(201)
      await real.emitEvent({ status: "DELIVERED", shipment: "TESTPACKAGEEDI" })
      // 30, 60 and 120 minutes scaled to 30, 60 and 120 ms.
      for (let waited = 0; real.callbacks.length < 4 && waited < 2000; waited += 20) await sleep(20)
      expect(real.callbacks.map((c) => c.attempt)).toEqual([1, 2, 3, 4])
      const offsets = real.callbacks.map((c) => c.at.getTime() - real.callbacks[0].at.getTime())
      expect(offsets[3]).toBeGreaterThanOrEqual(120)
    } finally {
      await Promise.all([receiver.close(), real.close()])
    }
  })
})
