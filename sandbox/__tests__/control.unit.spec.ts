import { startSandbox, type Sandbox } from ".."
import { api, jsonOf, startReceiver } from "./helpers"

/** `POST /sandbox/events`: a tracking event made to happen over HTTP, pushed only where the carrier would push it. */
describe("sandbox control: an event made to happen over HTTP", () => {
  let sandbox: Sandbox
  beforeAll(async () => {
    sandbox = await startSandbox()
  })
  beforeEach(() => sandbox.reset())
  afterAll(() => sandbox.close())

  it("is pushed to the subscription on its number, and to no one else; answered with the delivery attempts", async () => {
    const receiver = await startReceiver()
    try {
      const client = api(sandbox)
      const made = await client.post("/event-cast/api/v1/webhooks", {
        trackingId: "70438100000000016",
        configuration: { url: receiver.url, headers: [{ key: "X-Shop-Secret", value: "s3cret" }] },
        event_groups: ["HANDED_IN"],
      })
      expect(made.status).toBe(201)

      const pushed = await jsonOf(client.post("/sandbox/events", { status: "HANDED_IN", shipment: "70438100000000016" }))
      expect(pushed.status).toBe(200)
      expect(pushed.body.attempts).toEqual([
        expect.objectContaining({ outcome: "delivered", status: 200, payload: expect.objectContaining({ status: "HANDED_IN", shipment: "70438100000000016" }) }),
      ])
      expect(receiver.received.map((r) => [r.body.shipment, r.headers["x-shop-secret"]])).toEqual([["70438100000000016", "s3cret"]])

      // Another number, or an event the subscription does not name: nobody hears of it.
      expect((await jsonOf(client.post("/sandbox/events", { status: "HANDED_IN", shipment: "70438100000000023" }))).body.attempts).toEqual([])
      expect((await jsonOf(client.post("/sandbox/events", { status: "DELIVERED", shipment: "70438100000000016" }))).body.attempts).toEqual([])
      expect(receiver.received).toHaveLength(1)
    } finally {
      await receiver.close()
    }
  })

  it.each([
    [{ shipment: "70438100000000016" }],
    [{ status: "HANDED_IN" }],
    [{ status: "", shipment: "70438100000000016" }],
    ["not json"],
  ])("refuses %j with 400", async (body) => {
    expect((await api(sandbox).post("/sandbox/events", body)).status).toBe(400)
  })

  it("needs the portal credentials", async () => {
    const res = await fetch(`${sandbox.url}/sandbox/events`, { method: "POST", body: JSON.stringify({ status: "HANDED_IN", shipment: "1" }) })
    expect(res.status).toBe(401)
  })
})
