import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { startSandbox, type Sandbox } from "../../../../sandbox"
import type { CarrierClients, TrackingConfiguration } from ".."
import { carrierErrorOf, clientsFor, requestsTo } from "./support"

let sandbox: Sandbox
let carrier: CarrierClients
/** The shop's callback endpoint: answers 200, or 500 on paths containing "broken". */
let receiver: Server
let receiverUrl: string

beforeAll(async () => {
  // Real clock: the concurrency tests read arrival times from the request log.
  sandbox = await startSandbox({ clock: "real" })
  carrier = clientsFor(sandbox)
  receiver = createServer((request, response) => {
    request.resume()
    response.statusCode = request.url?.includes("broken") ? 500 : 200
    response.end()
  })
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
})
afterAll(async () => {
  await carrier.close()
  await sandbox.close()
  await new Promise((resolve) => receiver.close(resolve))
})
beforeEach(() => sandbox.reset())

const TRACKING = "/event-cast/api/v1/webhooks"
const BATCH = "/event-cast/batch/api/v1/webhooks"
const CUSTOMER = "/event-cast/api/v1/customer/webhooks"

const configuration = (path = "/hooks/nordic-parcel/events"): TrackingConfiguration => ({
  url: `${receiverUrl}${path}`,
  content_type: "application/json",
  headers: [{ key: "x-nordic-parcel-secret", value: "s3cret" }],
})

const subscribe = (trackingId = "TESTPACKAGEDELIVERED", path?: string) =>
  carrier.events.createTrackingSubscription({
    trackingId,
    configuration: configuration(path),
    event_groups: ["DELIVERED", "READY_FOR_PICKUP"],
  })

describe("tracking subscriptions", () => {
  it("creates one with the spec's wire names", async () => {
    const subscription = await subscribe()
    expect(subscription).toMatchObject({
      id: expect.any(String),
      trackingId: "TESTPACKAGEDELIVERED",
      event_groups: ["DELIVERED", "READY_FOR_PICKUP"],
      configuration: { url: `${receiverUrl}/hooks/nordic-parcel/events`, headers: [{ key: "x-nordic-parcel-secret" }] },
      created: expect.any(String),
      expiry: expect.any(String),
    })
    const [received] = requestsTo(sandbox, TRACKING, "POST")
    expect(received.body).toEqual({
      trackingId: "TESTPACKAGEDELIVERED",
      configuration: configuration(),
      event_groups: ["DELIVERED", "READY_FOR_PICKUP"],
    })
    expect(sandbox.trackingSubscriptions()).toHaveLength(1)
  })

  it("409 for an identical subscription is a conflict the caller can accept", async () => {
    await subscribe()
    const error = await carrierErrorOf(subscribe())
    expect(error).toMatchObject({ service: "events", kind: "conflict", status: 409, retryable: false })
    expect(error.message).toContain("subscription already exists")
  })

  it("400 carries the carrier's reason and request id", async () => {
    const error = await carrierErrorOf(subscribe("NOT-A-NUMBER"))
    expect(error).toMatchObject({ kind: "validation", status: 400, uniqueId: expect.any(String) })
    expect(error.message).toBe("Carrier events.createTrackingSubscription failed (400): Invalid tracking number")
  })

  it("401 with bad credentials", async () => {
    const intruder = clientsFor(sandbox, { apiKey: "not-the-key" })
    try {
      const error = await carrierErrorOf(intruder.events.listTrackingSubscriptions())
      expect(error).toMatchObject({ kind: "authentication", status: 401 })
      expect(error.message).toContain("Missing authentication headers")
    } finally {
      await intruder.close()
    }
  })

  it("refuses wildcards and over-long configurations before sending", async () => {
    const wildcard = await carrierErrorOf(
      carrier.events.createTrackingSubscription({ trackingId: "TESTPACKAGEEDI", configuration: configuration(), event_groups: ["*"] })
    )
    expect(wildcard).toMatchObject({ kind: "validation", field: "event_groups[0]", status: undefined })
    const longUrl = await carrierErrorOf(subscribe("TESTPACKAGEEDI", `/${"x".repeat(250)}`))
    expect(longUrl.field).toBe("configuration.url")
    expect(sandbox.requests).toHaveLength(0)
  })

  it("batch: 250 tracking numbers go out as 100, 100 and 50, and all are created", async () => {
    const trackingIds = Array.from({ length: 250 }, (_, index) => `3704${String(index).padStart(14, "0")}`)
    const result = await carrier.events.createTrackingSubscriptions({
      trackingIds,
      configuration: configuration(),
      event_groups: ["DELIVERED"],
    })
    expect(result.failed).toEqual([])
    expect(result.created.map((subscription) => subscription.trackingId).sort()).toEqual([...trackingIds].sort())
    const sizes = requestsTo(sandbox, BATCH).map((request) => (request.body as { trackingIds: string[] }).trackingIds.length)
    expect(sizes.sort((a, b) => b - a)).toEqual([100, 100, 50])
    expect(sandbox.trackingSubscriptions()).toHaveLength(250)
  })

  it("batch: a refused batch is reported with its ids while the others are created", async () => {
    const trackingIds = Array.from({ length: 150 }, (_, index) => `3704${String(index).padStart(14, "0")}`)
    await subscribe(trackingIds[120])
    const result = await carrier.events.createTrackingSubscriptions({
      trackingIds,
      configuration: configuration(),
      event_groups: ["DELIVERED", "READY_FOR_PICKUP"],
    })
    expect(result.created).toHaveLength(100)
    expect(result.failed).toHaveLength(1)
    expect(result.failed[0].trackingIds).toEqual(trackingIds.slice(100))
    expect(result.failed[0].error.kind).toBe("conflict")
  })

  it("batch: no tracking numbers, no request", async () => {
    await expect(
      carrier.events.createTrackingSubscriptions({ trackingIds: [], configuration: configuration(), event_groups: ["DELIVERED"] })
    ).resolves.toEqual({ created: [], failed: [] })
    expect(sandbox.requests).toHaveLength(0)
  })

  it("lists with a limit, and [] when none are registered (404)", async () => {
    await expect(carrier.events.listTrackingSubscriptions()).resolves.toEqual([])
    await subscribe("TESTPACKAGEDELIVERED")
    await subscribe("TESTPACKAGEEDI")
    const latest = await carrier.events.listTrackingSubscriptions({ limit: 1 })
    expect(latest.map((subscription) => subscription.trackingId)).toEqual(["TESTPACKAGEEDI"])
    expect(requestsTo(sandbox, TRACKING, "GET").map((request) => request.query)).toEqual([{}, { limit: "1" }])
  })

  it("gets one; 404 is not_found", async () => {
    const subscription = await subscribe()
    await expect(carrier.events.getTrackingSubscription(subscription.id)).resolves.toMatchObject({ id: subscription.id })
    const error = await carrierErrorOf(carrier.events.getTrackingSubscription("no-such-id"))
    expect(error).toMatchObject({ operation: "events.getTrackingSubscription", kind: "not_found", status: 404 })
  })

  it("deletes: 204 gives undefined, includeWebhook gives the subscription, unknown is not_found", async () => {
    const first = await subscribe("TESTPACKAGEDELIVERED")
    const second = await subscribe("TESTPACKAGEEDI")
    await expect(carrier.events.deleteTrackingSubscription(first.id)).resolves.toBeUndefined()
    await expect(carrier.events.deleteTrackingSubscription(second.id, { includeWebhook: true })).resolves.toMatchObject({
      id: second.id,
      trackingId: "TESTPACKAGEEDI",
    })
    expect(requestsTo(sandbox, TRACKING, "DELETE").map((request) => request.query)).toEqual([{}, { includeWebhook: "true" }])
    const error = await carrierErrorOf(carrier.events.deleteTrackingSubscription(first.id))
    expect(error.kind).toBe("not_found")
    expect(sandbox.trackingSubscriptions()).toHaveLength(0)
  })

  it("5xx and 429 are retried for event-cast calls", async () => {
    sandbox.fault("events", { kind: "status", status: 503, times: 1 })
    await expect(carrier.events.listTrackingSubscriptions()).resolves.toEqual([])
    sandbox.fault("events", { kind: "status", status: 429, times: 1, retryAfter: 1 })
    await expect(subscribe()).resolves.toMatchObject({ trackingId: "TESTPACKAGEDELIVERED" })
    expect(requestsTo(sandbox, "/event-cast").map((request) => request.status)).toEqual([503, 404, 429, 201])
  })
})

describe("test operation", () => {
  it("succeeds on the carrier's 202 and passes its free text on as it came", async () => {
    const subscription = await subscribe()
    await expect(carrier.events.testSubscription(subscription.id)).resolves.toEqual({
      status: 202,
      outcome: `Test notification sent to ${receiverUrl}/hooks/nordic-parcel/events; the webhook answered HTTP 200.`,
    })
  })

  it("does not read the carrier's text: whatever it says, a 2xx is a test sent", async () => {
    const subscription = await subscribe("TESTPACKAGEEDI", "/broken")
    await expect(carrier.events.testSubscription(subscription.id)).resolves.toEqual({
      status: 202,
      outcome: `Test notification sent to ${receiverUrl}/broken; the webhook answered HTTP 500.`,
    })
  })

  it("works for customer subscriptions too; unknown ids are not_found", async () => {
    const subscription = await carrier.events.createCustomerSubscription({
      customerNumber: "5",
      eventSet: ["DELIVERED"],
      webhookConfiguration: { webhookUrl: `${receiverUrl}/hooks`, contentType: "application/json", headers: [] },
    })
    await expect(carrier.events.testSubscription(subscription.id)).resolves.toMatchObject({ status: 202 })
    const error = await carrierErrorOf(carrier.events.testSubscription("no-such-id"))
    expect(error).toMatchObject({ operation: "events.testSubscription", kind: "not_found" })
  })

  it("is never retried", async () => {
    const subscription = await subscribe()
    sandbox.fault("events-test", { kind: "status", status: 500, times: 1 })
    const error = await carrierErrorOf(carrier.events.testSubscription(subscription.id))
    expect(error).toMatchObject({ kind: "server", status: 500 })
    expect(requestsTo(sandbox, `${TRACKING}/${subscription.id}/test`)).toHaveLength(1)
  })
})

describe("customer subscriptions", () => {
  const create = (customerNumber = "5") =>
    carrier.events.createCustomerSubscription({
      customerNumber,
      eventSet: ["DELIVERED", "IN_TRANSIT"],
      webhookConfiguration: {
        webhookUrl: `${receiverUrl}/hooks`,
        contentType: "application/json",
        headers: [{ key: "x-nordic-parcel-secret", value: "s3cret" }],
      },
    })

  it("create, list own, list all, get, renew, delete", async () => {
    await expect(carrier.events.listCustomerSubscriptions()).resolves.toEqual([])
    await expect(carrier.events.listAllCustomerSubscriptions()).resolves.toEqual([])

    const created = await create()
    expect(created).toMatchObject({ customerNumber: "5", eventSet: ["DELIVERED", "IN_TRANSIT"], webhookConfiguration: { webhookUrl: `${receiverUrl}/hooks` } })
    expect(created.webhookConfiguration?.headers[0].value ?? undefined).toBeUndefined()

    await expect(carrier.events.listCustomerSubscriptions()).resolves.toEqual([expect.objectContaining({ id: created.id })])
    const all = await carrier.events.listAllCustomerSubscriptions()
    expect(all).toEqual([expect.objectContaining({ id: created.id, createdBy: sandbox.credentials.apiUid })])
    await expect(carrier.events.getCustomerSubscription(created.id)).resolves.toMatchObject({ id: created.id })

    const renewed = await carrier.events.renewCustomerSubscription(created.id)
    expect(renewed.id).toBe(created.id)
    expect(Date.parse(renewed.expiry!)).toBeGreaterThanOrEqual(Date.parse(created.expiry!))

    await expect(carrier.events.deleteCustomerSubscription(created.id)).resolves.toBeUndefined()
    expect(sandbox.customerSubscriptions()).toHaveLength(0)
    expect(requestsTo(sandbox, CUSTOMER).map((request) => `${request.method} ${request.path.replace(created.id, ":id")} ${request.status}`)).toEqual([
      `GET ${CUSTOMER} 404`,
      `GET ${CUSTOMER}/all 404`,
      `POST ${CUSTOMER} 201`,
      `GET ${CUSTOMER} 200`,
      `GET ${CUSTOMER}/all 200`,
      `GET ${CUSTOMER}/:id 200`,
      `POST ${CUSTOMER}/renew/:id 200`,
      `DELETE ${CUSTOMER}/:id 204`,
    ])
  })

  it("401 for a customer number the user may not use", async () => {
    const error = await carrierErrorOf(create("12345"))
    expect(error).toMatchObject({ operation: "events.createCustomerSubscription", kind: "authentication", status: 401 })
  })

  it("get, renew and delete of an unknown id are not_found", async () => {
    for (const call of [
      carrier.events.getCustomerSubscription("00000000-0000-0000-0000-000000000000"),
      carrier.events.renewCustomerSubscription("00000000-0000-0000-0000-000000000000"),
      carrier.events.deleteCustomerSubscription("00000000-0000-0000-0000-000000000000"),
    ]) {
      const error = await carrierErrorOf(call)
      expect(error).toMatchObject({ kind: "not_found", status: 404 })
    }
  })
})

describe("concurrency limits", () => {
  /** Every window of `windowMs` starting at an arrival holds at most `limit` arrivals. */
  function maxArrivalsInWindow(arrivals: number[], windowMs: number): number {
    return Math.max(...arrivals.map((start) => arrivals.filter((at) => at >= start && at < start + windowMs).length))
  }

  it("60 concurrent event-cast calls: at most 50 in flight", async () => {
    const latencyMs = 400
    sandbox.fault("events", { kind: "latency", ms: latencyMs })
    const results = await Promise.all(Array.from({ length: 60 }, () => carrier.events.listTrackingSubscriptions()))
    expect(results).toHaveLength(60)
    const received = requestsTo(sandbox, TRACKING)
    expect(received).toHaveLength(60)
    expect(received.every((request) => request.status === 404)).toBe(true)
    const arrivals = received.map((request) => request.at.getTime())
    // Each call stays in flight for the latency, so within a shorter window all arrivals overlap.
    expect(maxArrivalsInWindow(arrivals, latencyMs - 100)).toBe(50)
  })

  it("15 concurrent tests: at most 10 in flight", async () => {
    const subscription = await subscribe()
    const latencyMs = 300
    sandbox.fault("events-test", { kind: "latency", ms: latencyMs })
    const results = await Promise.all(Array.from({ length: 15 }, () => carrier.events.testSubscription(subscription.id)))
    expect(results.every((result) => result.status === 202)).toBe(true)
    const arrivals = requestsTo(sandbox, `${TRACKING}/${subscription.id}/test`).map((request) => request.at.getTime())
    expect(arrivals).toHaveLength(15)
    expect(maxArrivalsInWindow(arrivals, latencyMs - 100)).toBe(10)
  })
})

describe("subscription ids reach no other path", () => {
  it.each([".", "..", " .. ", "a/b", "x".repeat(37), ""])("refuses %j before any request", async (id) => {
    const before = sandbox.requests.length
    for (const call of [
      () => carrier.events.getTrackingSubscription(id),
      () => carrier.events.deleteTrackingSubscription(id),
      () => carrier.events.testSubscription(id),
      () => carrier.events.getCustomerSubscription(id),
      () => carrier.events.renewCustomerSubscription(id),
      () => carrier.events.deleteCustomerSubscription(id),
    ]) {
      const error = await carrierErrorOf(call())
      expect(error.kind).toBe("validation")
      expect(error.message).toMatch(/id/)
    }
    expect(sandbox.requests.length).toBe(before)
  })
})
