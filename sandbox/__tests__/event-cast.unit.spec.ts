import { DEMO_CREDENTIALS, EVENT_NAMES, startSandbox, type Sandbox } from ".."
import { api, DAY, jsonOf, respondWith, startReceiver, type Api } from "./helpers"

const TRACKING = "/event-cast/api/v1/webhooks"
const BATCH = "/event-cast/batch/api/v1/webhooks"
const CUSTOMER = "/event-cast/api/v1/customer/webhooks"
const SECRET = "s3cret-header-value"
const TRACKING_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0000$/
const CUSTOMER_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/
const MEMBER = { apiUid: "member@shop.test", apiKey: "member-key" }

function trackingBody(overrides: Record<string, unknown> = {}) {
  return {
    trackingId: "70438100000000016",
    configuration: { url: "https://shop.example/hooks/carrier", headers: [{ key: "X-Shop-Secret", value: SECRET }] },
    event_groups: ["DELIVERED", "READY_FOR_PICKUP"],
    ...overrides,
  }
}

function customerBody(overrides: Record<string, unknown> = {}) {
  return {
    customerNumber: "5",
    eventSet: ["DELIVERED"],
    webhookConfiguration: { webhookUrl: "https://shop.example/hooks/customer", contentType: "application/json", headers: [{ key: "X-Shop-Secret", value: SECRET }] },
    ...overrides,
  }
}

describe("event-cast subscriptions", () => {
  let sandbox: Sandbox
  let client: Api
  /** Every raw body the sandbox answered, to prove header values never leave it. */
  const bodies: string[] = []

  beforeAll(async () => {
    sandbox = await startSandbox({
      startAt: new Date("2026-11-21T10:15:00Z"),
      users: [
        { ...DEMO_CREDENTIALS, customerNumbers: ["5", "6", "7"], admin: true },
        { ...MEMBER, customerNumbers: ["5"] },
      ],
    })
    const raw = api(sandbox)
    const record = async (response: Promise<Response>) => {
      const res = await response
      const text = await res.text()
      bodies.push(text)
      return new Response(text || null, { status: res.status, headers: res.headers })
    }
    client = {
      get: (path, headers) => record(raw.get(path, headers)),
      post: (path, body, headers) => record(raw.post(path, body, headers)),
      delete: (path) => record(raw.delete(path)),
    }
  })
  beforeEach(() => sandbox.reset())
  afterAll(() => sandbox.close())

  describe("tracking subscriptions", () => {
    it("creates a subscription with the carrier's shape, keeping the header value to itself", async () => {
      const { status, body } = await jsonOf(client.post(TRACKING, trackingBody()))
      expect(status).toBe(201)
      expect(body).toEqual({
        id: expect.any(String),
        authenticator: expect.stringMatching(/^[0-9a-f-]{36}$/),
        trackingId: "70438100000000016",
        configuration: { url: "https://shop.example/hooks/carrier", content_type: "application/json", headers: [{ key: "X-Shop-Secret" }] },
        event_groups: ["DELIVERED", "READY_FOR_PICKUP"],
        created: "2026-11-21T10:15:00+0000",
        expiry: "2026-12-21T10:15:00+0000",
      })
      expect(body.id.length).toBeLessThanOrEqual(36)
      expect(sandbox.trackingSubscriptions()[0].configuration.headers).toEqual([{ key: "X-Shop-Secret", value: SECRET }])
    })

    it("refuses an identical subscription with 409 but allows other events on the same number", async () => {
      expect((await client.post(TRACKING, trackingBody())).status).toBe(201)
      const duplicate = await jsonOf(client.post(TRACKING, trackingBody()))
      expect(duplicate).toEqual({ status: 409, body: { uuid: expect.any(String), status: "409", reason: "subscription already exists" } })
      expect((await client.post(TRACKING, trackingBody({ event_groups: ["IN_TRANSIT"] }))).status).toBe(201)
    })

    it.each([
      ["a tracking number with spaces", { trackingId: "7043 8100" }, "Invalid tracking number"],
      ["a URL of 251 characters", { configuration: { url: `https://shop.example/${"a".repeat(231)}` } }, "configuration.url"],
      ["a content type of 41 characters", { configuration: { url: "https://shop.example/h", content_type: "x".repeat(41) } }, "content_type"],
      ["headers over 1024 characters", { configuration: { url: "https://shop.example/h", headers: [{ key: "X-Big", value: "v".repeat(1020) }] } }, "1024"],
      ["an unknown event", { event_groups: ["DELIVERED", "TELEPORTED"] }, "TELEPORTED"],
      ["a wildcard", { event_groups: ["*"] }, "unknown events"],
      ["no events", { event_groups: [] }, "at least one event"],
    ])("answers 400 for %s", async (_name, overrides, reason) => {
      const { status, body } = await jsonOf(client.post(TRACKING, trackingBody(overrides)))
      expect(status).toBe(400)
      expect(body).toEqual({ uuid: expect.any(String), status: "400", reason: expect.stringContaining(reason) })
    })

    it("accepts the carrier's 18 event names and a URL of exactly 250 characters", async () => {
      const url = `https://shop.example/${"a".repeat(229)}`
      expect(url).toHaveLength(250)
      expect((await client.post(TRACKING, trackingBody({ event_groups: [...EVENT_NAMES], configuration: { url } }))).status).toBe(201)
    })

    it("creates batches all or nothing", async () => {
      const batch = await jsonOf(client.post(BATCH, { ...trackingBody(), trackingId: undefined, trackingIds: ["TESTPACKAGEEDI", "TESTPACKAGEDELIVERED"] }))
      expect(batch.status).toBe(201)
      expect(batch.body.map((s: any) => s.trackingId)).toEqual(["TESTPACKAGEEDI", "TESTPACKAGEDELIVERED"])

      const overlapping = await jsonOf(client.post(BATCH, { ...trackingBody(), trackingIds: ["TESTPACKAGEATPICKUPPOINT", "TESTPACKAGEEDI"] }))
      expect(overlapping.status).toBe(409)
      expect(sandbox.trackingSubscriptions().map((s) => s.trackingId)).toEqual(["TESTPACKAGEEDI", "TESTPACKAGEDELIVERED"])

      for (const trackingIds of [[], Array.from({ length: 101 }, (_, i) => `PKG${i}`)]) {
        expect((await client.post(BATCH, { ...trackingBody(), trackingIds })).status).toBe(400)
      }
      expect((await client.post(BATCH, { ...trackingBody(), trackingIds: Array.from({ length: 100 }, (_, i) => `PKG${i}`) })).status).toBe(201)
    })

    it("lists with a limit, 404 when none", async () => {
      expect((await jsonOf(client.get(TRACKING))).status).toBe(404)
      await client.post(TRACKING, trackingBody({ trackingId: "FIRST" }))
      await client.post(TRACKING, trackingBody({ trackingId: "SECOND" }))
      expect((await jsonOf(client.get(TRACKING))).body.map((s: any) => s.trackingId)).toEqual(["FIRST", "SECOND"])
      expect((await jsonOf(client.get(`${TRACKING}?limit=1`))).body.map((s: any) => s.trackingId)).toEqual(["SECOND"])
      for (const limit of ["0", "150001", "ten"]) expect((await client.get(`${TRACKING}?limit=${limit}`)).status).toBe(400)
    })

    it("gets and deletes, with includeWebhook returning the removed subscription", async () => {
      const { body: first } = await jsonOf(client.post(TRACKING, trackingBody({ trackingId: "FIRST" })))
      const { body: second } = await jsonOf(client.post(TRACKING, trackingBody({ trackingId: "SECOND" })))
      expect((await jsonOf(client.get(`${TRACKING}/${first.id}`))).body).toEqual(first)

      const deleted = await client.delete(`${TRACKING}/${first.id}`)
      expect(deleted.status).toBe(204)
      expect(await deleted.text()).toBe("")
      expect((await client.get(`${TRACKING}/${first.id}`)).status).toBe(404)
      expect((await client.delete(`${TRACKING}/${first.id}`)).status).toBe(404)

      const withBody = await jsonOf(client.delete(`${TRACKING}/${second.id}?includeWebhook=true`))
      expect(withBody).toEqual({ status: 200, body: second })
    })

    it("keeps subscriptions private to their user", async () => {
      const { body } = await jsonOf(client.post(TRACKING, trackingBody()))
      expect((await api(sandbox, MEMBER).get(`${TRACKING}/${body.id}`)).status).toBe(404)
    })

    it("lets subscriptions expire after 30 days", async () => {
      const { body } = await jsonOf(client.post(TRACKING, trackingBody()))
      await sandbox.clock.advance(30 * DAY - 1000)
      expect((await client.get(`${TRACKING}/${body.id}`)).status).toBe(200)
      await sandbox.clock.advance(1000)
      expect((await client.get(`${TRACKING}/${body.id}`)).status).toBe(404)
      expect((await client.get(TRACKING)).status).toBe(404)
      expect(sandbox.trackingSubscriptions()).toEqual([])
    })

    it("sends a test callback and answers 202 with free text, as the carrier does", async () => {
      const ok = await startReceiver()
      const failing = await startReceiver(respondWith(500))
      try {
        const { body: good } = await jsonOf(client.post(TRACKING, trackingBody({ configuration: { url: ok.url } })))
        const { body: bad } = await jsonOf(client.post(TRACKING, trackingBody({ trackingId: "OTHER", configuration: { url: failing.url } })))
        const answer = await client.post(`${TRACKING}/${good.id}/test`)
        expect(answer.status).toBe(202)
        expect(answer.headers.get("content-type")).toMatch(/^text\/plain/)
        expect(await answer.text()).toBe(`Test notification sent to ${ok.url}; the webhook answered HTTP 200.`)
        const failed = await client.post(`${TRACKING}/${bad.id}/test`)
        expect(failed.status).toBe(202)
        expect(await failed.text()).toBe(`Test notification sent to ${failing.url}; the webhook answered HTTP 500.`)
        expect(ok.received[0].body).toMatchObject({ status: "DELIVERED", shipment: "TESTSHIPMENT", package: "TESTPACKAGE" })

        // Test callbacks are never retried.
        await sandbox.clock.advance(3 * 60 * 60 * 1000)
        expect(failing.received).toHaveLength(1)
        expect((await client.post(`${TRACKING}/unknown/test`)).status).toBe(404)
      } finally {
        await Promise.all([ok.close(), failing.close()])
      }
    })
  })

  describe("customer subscriptions", () => {
    it("creates for a granted customer number and refuses others with 401", async () => {
      const { status, body } = await jsonOf(client.post(CUSTOMER, customerBody()))
      expect(status).toBe(201)
      expect(body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        customerNumber: "5",
        eventSet: ["DELIVERED"],
        webhookConfiguration: { webhookUrl: "https://shop.example/hooks/customer", contentType: "application/json", headers: [{ key: "X-Shop-Secret", value: null }] },
        created: "2026-11-21T10:15:00.000",
        expiry: "2027-11-21T10:15:00.000",
      })
      expect(body.created).toMatch(CUSTOMER_TIMESTAMP)
      expect(await jsonOf(client.post(CUSTOMER, customerBody({ customerNumber: "8" })))).toEqual({ status: 401, body: { reason: expect.any(String), status: 401 } })
      expect((await api(sandbox, MEMBER).post(CUSTOMER, customerBody({ customerNumber: "6" }))).status).toBe(401)
    })

    it.each([
      ["a repeated event", { eventSet: ["DELIVERED", "DELIVERED"] }],
      ["no content type", { webhookConfiguration: { webhookUrl: "https://shop.example/h", headers: [] } }],
      ["no headers list", { webhookConfiguration: { webhookUrl: "https://shop.example/h", contentType: "application/json" } }],
      ["no customer number", { customerNumber: undefined }],
    ])("answers 400 for %s", async (_name, overrides) => {
      expect(await jsonOf(client.post(CUSTOMER, customerBody(overrides)))).toEqual({ status: 400, body: { reason: expect.any(String), status: 400 } })
    })

    it("lists own subscriptions (404 when none) and, for admins, all on their numbers with createdBy", async () => {
      const member = api(sandbox, MEMBER)
      expect(await jsonOf(client.get(CUSTOMER))).toEqual({ status: 404, body: { reason: expect.any(String), status: 404 } })
      await member.post(CUSTOMER, customerBody())
      await client.post(CUSTOMER, customerBody({ eventSet: ["IN_TRANSIT"] }))

      expect((await jsonOf(client.get(CUSTOMER))).body.map((s: any) => s.eventSet)).toEqual([["IN_TRANSIT"]])
      const all = await jsonOf(client.get(`${CUSTOMER}/all`))
      expect(all.body.map((s: any) => s.createdBy)).toEqual([MEMBER.apiUid, DEMO_CREDENTIALS.apiUid])
      const memberAll = await jsonOf(member.get(`${CUSTOMER}/all`))
      expect(memberAll.body.map((s: any) => s.createdBy)).toEqual([MEMBER.apiUid])
    })

    it("gets, renews for 365 days from now and deletes", async () => {
      const { body } = await jsonOf(client.post(CUSTOMER, customerBody()))
      expect((await jsonOf(client.get(`${CUSTOMER}/${body.id}`))).body).toEqual(body)

      await sandbox.clock.advance(100 * DAY)
      const renewed = await jsonOf(client.post(`${CUSTOMER}/renew/${body.id}`))
      expect(renewed.status).toBe(200)
      expect(renewed.body.created).toBe(body.created)
      expect(renewed.body.expiry).toBe("2028-02-29T10:15:00.000")

      expect((await client.delete(`${CUSTOMER}/${body.id}`)).status).toBe(204)
      for (const response of [client.get(`${CUSTOMER}/${body.id}`), client.post(`${CUSTOMER}/renew/${body.id}`), client.delete(`${CUSTOMER}/${body.id}`)]) {
        expect((await response).status).toBe(404)
      }
    })

    it("lets admins manage subscriptions others created on their numbers", async () => {
      const { body } = await jsonOf(api(sandbox, MEMBER).post(CUSTOMER, customerBody()))
      expect((await client.get(`${CUSTOMER}/${body.id}`)).status).toBe(200)
      expect((await client.delete(`${CUSTOMER}/${body.id}`)).status).toBe(204)
    })

    it("lets subscriptions expire after 365 days", async () => {
      await client.post(CUSTOMER, customerBody())
      await sandbox.clock.advance(365 * DAY)
      expect((await client.get(CUSTOMER)).status).toBe(404)
      expect(sandbox.customerSubscriptions()).toEqual([])
    })

    it("exposes header values to the library API only", async () => {
      await client.post(CUSTOMER, customerBody())
      expect(sandbox.customerSubscriptions()[0]).toMatchObject({
        createdBy: DEMO_CREDENTIALS.apiUid,
        webhookConfiguration: { headers: [{ key: "X-Shop-Secret", value: SECRET }] },
      })
    })

    it("runs the test operation for customer subscriptions too", async () => {
      const receiver = await startReceiver()
      try {
        const { body } = await jsonOf(client.post(CUSTOMER, customerBody({ webhookConfiguration: { webhookUrl: receiver.url, contentType: "application/json", headers: [] } })))
        const answer = await client.post(`${TRACKING}/${body.id}/test`)
        expect(answer.status).toBe(202)
        expect(await answer.text()).toMatch(/answered HTTP 200/)
        expect(receiver.received[0].body.created).toMatch(TRACKING_TIMESTAMP)
      } finally {
        await receiver.close()
      }
    })
  })

  // Runs last: every response above went through `client`.
  it("never returned a header value in any response", () => {
    expect(bodies.length).toBeGreaterThan(20)
    expect(bodies.filter((body) => body.includes(SECRET))).toEqual([])
  })
})
