import { startSandbox, type Sandbox } from ".."
import { servicepakkeRequest } from "./booking-fixtures"
import { api, jsonOf, type Api } from "./helpers"

const POSTAL = "/pickuppoint/api/postalCode/NO/getCityAndType/0150"

describe("faults", () => {
  let sandbox: Sandbox
  let client: Api

  beforeAll(async () => {
    sandbox = await startSandbox()
    client = api(sandbox)
  })
  beforeEach(() => sandbox.reset())
  afterAll(() => sandbox.close())

  it("answers an injected status with the service's own error shape, `times` times", async () => {
    sandbox.fault("postal", { kind: "status", status: 500, times: 1 })
    expect(await jsonOf(client.get(POSTAL))).toEqual({
      status: 500,
      body: { fieldErrors: [{ code: "INTERNAL_ERROR", message: "Injected fault: HTTP 500", field: "" }] },
    })
    expect((await client.get(POSTAL)).status).toBe(200)
  })

  it("shapes booking and event-cast failures like their services", async () => {
    sandbox.fault("booking", { kind: "status", status: 503 })
    const booking = await jsonOf(client.post("/booking/api/booking", servicepakkeRequest()))
    expect(booking.status).toBe(503)
    expect(booking.body.consignments[0]).toMatchObject({ confirmation: null, errors: [{ code: "BOOK-INTERNAL-002" }] })

    sandbox.fault("events", { kind: "status", status: 500 })
    expect(await jsonOf(client.get("/event-cast/api/v1/webhooks"))).toEqual({ status: 500, body: { uuid: expect.any(String), status: "500", reason: expect.any(String) } })
    expect(await jsonOf(client.get("/event-cast/api/v1/customer/webhooks"))).toEqual({ status: 500, body: { reason: expect.any(String), status: 500 } })
  })

  it("forces 429 with the requested Retry-After", async () => {
    sandbox.fault("shipping", { kind: "status", status: 429, retryAfter: 7 })
    const response = await client.post("/shippingguide/v2/products", {})
    expect(response.status).toBe(429)
    expect(response.headers.get("retry-after")).toBe("7")
    expect(await response.text()).toBe("Too many requests")
  })

  it("lets a group's own fault win over one for every group, until cleared", async () => {
    sandbox.fault("*", { kind: "status", status: 502 })
    sandbox.fault("pickup", { kind: "status", status: 504 })
    expect((await client.get(POSTAL)).status).toBe(502)
    expect((await client.get("/pickuppoint/api/pickuppoint/NO/postalCode/0150")).status).toBe(504)
    sandbox.clearFaults()
    expect((await client.get(POSTAL)).status).toBe(200)
  })

  it("delays answers", async () => {
    sandbox.fault("postal", { kind: "latency", ms: 150, times: 1 })
    const started = performance.now()
    expect((await client.get(POSTAL)).status).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(140)
  })

  it("resets the connection", async () => {
    sandbox.fault("customers", { kind: "reset", times: 1 })
    await expect(client.get("/booking/api/customers")).rejects.toThrow()
    expect((await client.get("/booking/api/customers")).status).toBe(200)
  })

  it("logs every request with its status and headers, hanging ones with status 0", async () => {
    sandbox.fault("label", { kind: "hang", times: 1 })
    await expect(fetch(`${sandbox.url}/tracking/70438100000000016`, { signal: AbortSignal.timeout(200) })).rejects.toThrow()
    await client.get(POSTAL, { "X-Carrier-Client-URL": "shop.example" })
    expect(sandbox.requests.map((r) => [r.method, r.path, r.status])).toEqual([
      ["GET", "/tracking/70438100000000016", 0],
      ["GET", POSTAL, 200],
    ])
    expect(sandbox.requests[1].headers).toMatchObject({ "x-portal-api-uid": sandbox.credentials.apiUid, "x-portal-api-key": sandbox.credentials.apiKey })
  })

  it("still closes promptly while a request hangs", async () => {
    const hanging = await startSandbox()
    hanging.fault("*", { kind: "hang" })
    const request = fetch(`${hanging.url}/booking/api/customers`)
    request.catch(() => {}) // asserted below; keeps the rejection from counting as unhandled meanwhile
    await new Promise((resolve) => setTimeout(resolve, 50))
    const started = performance.now()
    await hanging.close()
    expect(performance.now() - started).toBeLessThan(1000)
    await expect(request).rejects.toThrow("fetch failed")
    await hanging.close() // idempotent
  })
})
