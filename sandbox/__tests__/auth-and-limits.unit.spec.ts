import { setTimeout as sleep } from "node:timers/promises"
import { DEMO_CREDENTIALS, startSandbox, type Sandbox } from ".."
import { servicepakkeRequest } from "./booking-fixtures"
import { api, jsonOf, startReceiver } from "./helpers"

const AUTHENTICATION_FAILED = "Authentication failed. Missing or invalid X-Portal-API-Uid / X-Portal-API-Key."
const OTHER_USER = { apiUid: "other@shop.test", apiKey: "other-key" }

describe("authentication", () => {
  let sandbox: Sandbox

  beforeAll(async () => {
    sandbox = await startSandbox()
  })
  afterAll(() => sandbox.close())

  const plainTextServices: { service: string; path: string; body?: unknown }[] = [
    { service: "shipping", path: "/shippingguide/v2/products", body: {} },
    { service: "pickup points", path: "/pickuppoint/api/pickuppoint/NO/postalCode/0150.json" },
    { service: "postal codes", path: "/pickuppoint/api/postalCode/NO/getCityAndType/0150" },
    { service: "customers", path: "/booking/api/customers" },
    { service: "booking", path: "/booking/api/booking", body: servicepakkeRequest() },
  ]

  it.each(plainTextServices)("answers 401 in plain text on $service", async ({ path, body }) => {
    const attempts: Record<string, string>[] = [{}, { "X-Portal-API-Uid": DEMO_CREDENTIALS.apiUid, "X-Portal-API-Key": "wrong" }]
    for (const headers of attempts) {
      const response = await fetch(`${sandbox.url}${path}`, {
        method: body ? "POST" : "GET",
        headers: { ...headers, "content-type": "application/json" },
        body: body ? JSON.stringify(body) : undefined,
      })
      expect(response.status).toBe(401)
      expect(response.headers.get("content-type")).toMatch(/^text\/plain/)
      expect(await response.text()).toBe(AUTHENTICATION_FAILED)
    }
  })

  it("answers 401 with the event-cast 401 bodies", async () => {
    const tracking = await jsonOf(fetch(`${sandbox.url}/event-cast/api/v1/webhooks`))
    expect(tracking).toEqual({ status: 401, body: { uuid: expect.stringMatching(/^[0-9a-f-]{36}$/), status: "401", reason: "Missing authentication headers" } })
    const customer = await jsonOf(fetch(`${sandbox.url}/event-cast/api/v1/customer/webhooks`))
    expect(customer).toEqual({ status: 401, body: { reason: "Not authorised", status: 401 } })
  })

  it("matches header names and the login ID case-insensitively and accepts X-Carrier-Client-URL", async () => {
    const response = await fetch(`${sandbox.url}/booking/api/customers`, {
      headers: {
        "x-portal-api-uid": DEMO_CREDENTIALS.apiUid.toUpperCase(),
        "X-PORTAL-API-KEY": DEMO_CREDENTIALS.apiKey,
        "X-Carrier-Client-URL": "shop.example",
      },
    })
    expect(response.status).toBe(200)
    const logged = sandbox.requests[sandbox.requests.length - 1]
    expect(logged).toMatchObject({ path: "/booking/api/customers", status: 200 })
    expect(logged.headers["x-portal-api-key"]).toBe(DEMO_CREDENTIALS.apiKey)
    expect(logged.headers["x-carrier-client-url"]).toBe("shop.example")
  })
})

describe("rate limits", () => {
  let sandbox: Sandbox

  beforeAll(async () => {
    sandbox = await startSandbox({
      eventsConcurrency: 3,
      users: [
        { ...DEMO_CREDENTIALS, customerNumbers: ["5", "6", "7"], admin: true },
        { ...OTHER_USER, customerNumbers: ["5"] },
      ],
    })
  })
  beforeEach(() => sandbox.reset())
  afterAll(() => sandbox.close())

  const bookMany = (count: number, credentials = DEMO_CREDENTIALS) =>
    Promise.all(Array.from({ length: count }, () => api(sandbox, credentials).post("/booking/api/booking", servicepakkeRequest())))
  const statuses = (responses: Response[]) => responses.map((r) => r.status).sort()

  it("allows 18 bookings per second and refuses the rest with 429 and Retry-After", async () => {
    const burst = await bookMany(30)
    expect(statuses(burst)).toEqual([...Array(18).fill(200), ...Array(12).fill(429)])
    const refused = burst.find((r) => r.status === 429)!
    expect(refused.headers.get("retry-after")).toBe("1")
    expect(await refused.text()).toBe("Too many requests")

    // Other users have their own budget.
    expect(statuses(await bookMany(1, OTHER_USER))).toEqual([200])

    // One second later the full budget is back.
    await sleep(1050)
    expect(statuses(await bookMany(18))).toEqual(Array(18).fill(200))
  })

  it("counts event-cast requests in flight per user, and the test operation separately", async () => {
    const receiver = await startReceiver((_, res) => setTimeout(() => res.end("ok"), 400))
    try {
      const client = api(sandbox)
      const { body: subscription } = await jsonOf(
        client.post("/event-cast/api/v1/webhooks", { trackingId: "TESTPACKAGEEDI", configuration: { url: receiver.url }, event_groups: ["DELIVERED"] })
      )
      const tests = await Promise.all(Array.from({ length: 4 }, () => client.post(`/event-cast/api/v1/webhooks/${subscription.id}/test`)))
      expect(statuses(tests)).toEqual([202, 202, 202, 429])
      const refused = tests.find((r) => r.status === 429)!
      expect(await refused.json()).toEqual({ uuid: expect.any(String), status: "429", reason: "Too many requests" })
      // Once they are answered the slots are free again.
      expect((await client.get("/event-cast/api/v1/webhooks")).status).toBe(200)
    } finally {
      await receiver.close()
    }
  })

  it("allows 10 test operations in flight per user with the default limits", async () => {
    const defaults = await startSandbox()
    const receiver = await startReceiver((_, res) => setTimeout(() => res.end("ok"), 400))
    try {
      const client = api(defaults)
      const { body: subscription } = await jsonOf(
        client.post("/event-cast/api/v1/webhooks", { trackingId: "TESTPACKAGEEDI", configuration: { url: receiver.url }, event_groups: ["DELIVERED"] })
      )
      const tests = await Promise.all(Array.from({ length: 11 }, () => client.post(`/event-cast/api/v1/webhooks/${subscription.id}/test`)))
      expect(statuses(tests)).toEqual([...Array(10).fill(202), 429])
    } finally {
      await Promise.all([receiver.close(), defaults.close()])
    }
  })
})
