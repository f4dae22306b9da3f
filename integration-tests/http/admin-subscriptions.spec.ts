import http, { type IncomingHttpHeaders } from "node:http"
import type { AddressInfo } from "node:net"
import type { AxiosInstance } from "axios"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { renewSubscriptions } from "../../src/jobs/renew-subscriptions"
import { createCustomerSubscriptionWorkflow } from "../../src/workflows/subscriptions/create-customer-subscription"
import { createTrackingSubscriptionWorkflow } from "../../src/workflows/subscriptions/create-tracking-subscription"
import { webhookIdentity } from "../../src/lib/tracking/webhook-identity"
import { NORDIC_PARCEL_MODULE } from "../../src/modules/nordic_parcel"
import type NordicParcelModuleService from "../../src/modules/nordic_parcel/service"
import { createAdminHeaders } from "../helpers/admin"
import { responseOf } from "../helpers/http"
import { useSandbox } from "../helpers/sandbox"

jest.setTimeout(120 * 1000)

const DAY_MS = 24 * 60 * 60 * 1000
const CALLBACK_PATH = "/hooks/nordic-parcel/events"

type ReceivedCallback = { path: string; headers: IncomingHttpHeaders; body: Record<string, unknown> }

/**
 * The store's public URL in these tests: a stand-in that records what the carrier sends and
 * answers 204, so a test can see the secret header arrive. It must be listening before Medusa
 * boots (the plugin reads webhooks.publicUrl then), hence registered before the sandbox.
 */
function useCallbackReceiver(): () => { url: string; received: ReceivedCallback[] } {
  const received: ReceivedCallback[] = []
  let url = ""
  const previous = process.env.NP_PUBLIC_URL
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") })
      res.writeHead(204).end()
    })
  })
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    process.env.NP_PUBLIC_URL = url
  })
  afterAll(async () => {
    process.env.NP_PUBLIC_URL = previous
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })
  return () => ({ url, received })
}

const receiver = useCallbackReceiver()
const sandbox = useSandbox()

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, getContainer }) => {
    let headers: { headers: Record<string, string> }
    let nordicParcel: NordicParcelModuleService
    let secret: string

    beforeEach(async () => {
      sandbox().reset()
      receiver().received.length = 0
      headers = await createAdminHeaders(api, getContainer())
      nordicParcel = getContainer().resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
      secret = nordicParcel.getOptions().webhooks.secret!
    })

    afterEach(() => {
      jest.restoreAllMocks()
    })

    async function createCustomerSubscription(body: Record<string, unknown> = {}) {
      const { data } = await api.post(
        "/admin/nordic-parcel/customer-subscriptions",
        { customer_number: "5", event_groups: ["IN_TRANSIT", "DELIVERED"], ...body },
        headers
      )
      return data.customer_subscription
    }

    /** A tracking subscription as the plugin makes one when a consignment is booked. */
    async function subscribeTrackingNumber(trackingId: string) {
      const created = await nordicParcel.carrier().events.createTrackingSubscription({
        trackingId,
        configuration: {
          url: `${receiver().url}${CALLBACK_PATH}`,
          headers: [{ key: nordicParcel.getOptions().webhooks.headerName, value: secret }],
        },
        event_groups: ["IN_TRANSIT", "DELIVERED"],
      })
      await nordicParcel.createSubscriptions({
        carrier_id: created.id,
        kind: "tracking",
        tracking_id: trackingId,
        event_groups: ["IN_TRANSIT", "DELIVERED"],
        expires_at: new Date(sandbox().clock.now().getTime() + 30 * DAY_MS),
        // Made with the store's current hook and secret, as the plugin records it.
        ...webhookIdentity(nordicParcel.getOptions().webhooks),
      })
      return created.id
    }

    async function storedSubscription(carrierId: string) {
      const [row] = await nordicParcel.listSubscriptions({ carrier_id: carrierId })
      return row
    }

    function expectNoSecretIn(body: unknown) {
      expect(JSON.stringify(body)).not.toContain(secret)
    }

    describe("customer subscriptions", () => {
      it("subscribes a customer number with the store's callback URL and secret header, and records who did it", async () => {
        const { data: me } = await api.get("/admin/users/me", headers)
        const { data } = await api.post(
          "/admin/nordic-parcel/customer-subscriptions",
          { customer_number: "5", event_groups: ["IN_TRANSIT", "DELIVERED"] },
          headers
        )

        const yearFromNow = new Date(sandbox().clock.now().getTime() + 365 * DAY_MS).toISOString()
        expect(data.customer_subscription).toEqual({
          id: expect.any(String),
          customer_number: "5",
          event_groups: ["IN_TRANSIT", "DELIVERED"],
          webhook: {
            url: `${receiver().url}${CALLBACK_PATH}`,
            content_type: "application/json",
            header_keys: ["X-Nordic-Parcel-Secret"],
          },
          created_at: sandbox().clock.now().toISOString(),
          expires_at: yearFromNow,
          created_by: null,
        })
        expectNoSecretIn(data)

        const [atCarrier] = sandbox().customerSubscriptions()
        expect(atCarrier).toEqual(
          expect.objectContaining({
            id: data.customer_subscription.id,
            customerNumber: "5",
            eventSet: ["IN_TRANSIT", "DELIVERED"],
            webhookConfiguration: {
              webhookUrl: `${receiver().url}${CALLBACK_PATH}`,
              contentType: "application/json",
              headers: [{ key: "X-Nordic-Parcel-Secret", value: secret }],
            },
          })
        )
        expect(await storedSubscription(data.customer_subscription.id)).toEqual(
          expect.objectContaining({
            kind: "customer",
            customer_number: "5",
            event_groups: ["IN_TRANSIT", "DELIVERED"],
            status: "active",
            expires_at: new Date(yearFromNow),
            created_by: me.user.id,
          })
        )
      })

      it("lists own and all accessible subscriptions (with the creating carrier login) and fetches one, never with the secret", async () => {
        const empty = await api.get("/admin/nordic-parcel/customer-subscriptions", headers)
        expect(empty.data).toEqual({ customer_subscriptions: [] })

        const first = await createCustomerSubscription()
        const second = await createCustomerSubscription({ customer_number: "6", event_groups: ["READY_FOR_PICKUP"] })

        const own = await api.get("/admin/nordic-parcel/customer-subscriptions", headers)
        expect(own.data.customer_subscriptions.map((s: { id: string }) => s.id)).toEqual([first.id, second.id])
        expectNoSecretIn(own.data)

        const all = await api.get("/admin/nordic-parcel/customer-subscriptions/all", headers)
        expect(all.data.customer_subscriptions).toEqual([
          expect.objectContaining({ id: first.id, customer_number: "5", created_by: sandbox().credentials.apiUid }),
          expect.objectContaining({ id: second.id, customer_number: "6", created_by: sandbox().credentials.apiUid }),
        ])
        expectNoSecretIn(all.data)

        const one = await api.get(`/admin/nordic-parcel/customer-subscriptions/${second.id}`, headers)
        expect(one.data.customer_subscription).toEqual(
          expect.objectContaining({ id: second.id, event_groups: ["READY_FOR_PICKUP"], webhook: expect.objectContaining({ header_keys: ["X-Nordic-Parcel-Secret"] }) })
        )
        expectNoSecretIn(one.data)
      })

      it("renews a subscription for 365 days from the renewal, at the carrier and in the record", async () => {
        const created = await createCustomerSubscription()
        await sandbox().clock.advance(100 * DAY_MS)

        const { data } = await api.post(`/admin/nordic-parcel/customer-subscriptions/${created.id}/renew`, {}, headers)

        const renewedUntil = new Date(sandbox().clock.now().getTime() + 365 * DAY_MS)
        expect(data.customer_subscription).toEqual(expect.objectContaining({ id: created.id, expires_at: renewedUntil.toISOString() }))
        expectNoSecretIn(data)
        expect(sandbox().customerSubscriptions()[0].expiry).toBe(renewedUntil.toISOString().slice(0, 23))
        expect((await storedSubscription(created.id)).expires_at).toEqual(renewedUntil)
      })

      it("deletes a subscription: the carrier drops it and the record is marked deleted", async () => {
        const kept = await createCustomerSubscription({ event_groups: ["DELIVERED"] })
        const removed = await createCustomerSubscription()

        const { data } = await api.delete(`/admin/nordic-parcel/customer-subscriptions/${removed.id}`, headers)

        expect(data).toEqual({ id: removed.id, object: "customer_subscription", deleted: true })
        expect(sandbox().customerSubscriptions().map((s) => s.id)).toEqual([kept.id])
        expect((await storedSubscription(removed.id)).status).toBe("deleted")
        expect((await storedSubscription(kept.id)).status).toBe("active")
      })

      it("sends a test callback that reaches the store with the secret: the carrier's 202 is success, its text shown as it came", async () => {
        const reachable = await createCustomerSubscription()
        const { data } = await api.post(`/admin/nordic-parcel/subscriptions/${reachable.id}/test`, {}, headers)
        expect(data).toEqual({
          sent: true,
          carrier_status: 202,
          outcome: `Test notification sent to ${receiver().url}${CALLBACK_PATH}; the webhook answered HTTP 204.`,
        })
        expect(receiver().received).toEqual([
          {
            path: CALLBACK_PATH,
            headers: expect.objectContaining({ "x-nordic-parcel-secret": secret }),
            body: expect.objectContaining({ status: "IN_TRANSIT", shipment: "TESTSHIPMENT" }),
          },
        ])
      })

      it("reports a test the carrier refuses as a carrier failure, not as sent", async () => {
        const subscription = await createCustomerSubscription()
        sandbox().fault("events-test", { kind: "status", status: 500, times: 1 })
        const res = await api.post(`/admin/nordic-parcel/subscriptions/${subscription.id}/test`, {}, headers).catch(responseOf)
        expect(res.status).toBe(503)
        expect(res.data.sent).toBeUndefined()
        expect(receiver().received).toEqual([])
      })

      it.each([
        ["another host", "https://attacker.example/hooks/nordic-parcel/events"],
        ["the store's host with another path", "PUBLIC/hooks/other"],
        ["the hook path under another port", "http://127.0.0.1:9/hooks/nordic-parcel/events"],
      ])("refuses a webhook_url on %s with 400: the secret header goes only to the store's hook", async (_name, url) => {
        const res = await api
          .post(
            "/admin/nordic-parcel/customer-subscriptions",
            { customer_number: "5", event_groups: ["DELIVERED"], webhook_url: url.replace("PUBLIC", receiver().url) },
            headers
          )
          .catch(responseOf)
        expect(res.status).toBe(400)
        expect(res.data.message).toContain(`webhook_url must be the store's own hook ${receiver().url}${CALLBACK_PATH}`)
        expectNoSecretIn(res.data)
        expect(sandbox().requests).toEqual([])
        expect(await nordicParcel.listSubscriptions({})).toEqual([])
      })

      it("accepts the store's own hook given explicitly", async () => {
        const created = await createCustomerSubscription({ webhook_url: `${receiver().url}${CALLBACK_PATH}` })
        expect(created.webhook.url).toBe(`${receiver().url}${CALLBACK_PATH}`)
      })

      it("deletes a subscription made at the carrier again when its record cannot be written", async () => {
        const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
        // The database refuses this one record: the workflow's compensation must undo the carrier side.
        await pg.raw(`alter table nordic_parcel_subscription add constraint np_test_refuse check (customer_number is distinct from '6')`)
        try {
          const res = await api
            .post("/admin/nordic-parcel/customer-subscriptions", { customer_number: "6", event_groups: ["DELIVERED"] }, headers)
            .catch(responseOf)
          expect(res.status).toBe(500)
          expectNoSecretIn(res.data)
        } finally {
          await pg.raw(`alter table nordic_parcel_subscription drop constraint np_test_refuse`)
        }
        const calls = sandbox().requests.map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}$/, ":id")}`)
        expect(calls).toEqual(["POST /event-cast/api/v1/customer/webhooks", "DELETE /event-cast/api/v1/customer/webhooks/:id"])
        expect(sandbox().customerSubscriptions()).toEqual([])
        expect(await nordicParcel.listSubscriptions({})).toEqual([])
      })

      it("keeps the record active when the carrier refuses the delete", async () => {
        const created = await createCustomerSubscription()
        sandbox().fault("events", { kind: "status", status: 500, times: 3 })
        const res = await api.delete(`/admin/nordic-parcel/customer-subscriptions/${created.id}`, headers).catch(responseOf)
        expect(res.status).toBe(503)
        expect(sandbox().customerSubscriptions().map((s) => s.id)).toEqual([created.id])
        expect((await storedSubscription(created.id)).status).toBe("active")
      })
    })

    describe("the webhook secret and the workflow engine", () => {
      it("never puts the secret in a subscription workflow's input, step results or checkpoint", async () => {
        const customer = await createCustomerSubscriptionWorkflow(getContainer()).run({
          input: { customer_number: "5", event_groups: ["IN_TRANSIT", "DELIVERED"] },
        })
        const tracking = await createTrackingSubscriptionWorkflow(getContainer()).run({ input: { tracking_id: "70438103433585051" } })
        expect(tracking.result).toEqual({ subscribed: true, carrier_id: expect.any(String) })
        // The carrier got the secret header with both subscriptions: the workflows did their work.
        expect(sandbox().customerSubscriptions()[0].webhookConfiguration.headers).toEqual([{ key: "X-Nordic-Parcel-Secret", value: secret }])
        const made = sandbox().trackingSubscriptions().find((subscription) => subscription.trackingId === "70438103433585051")
        expect(made?.configuration.headers).toEqual([{ key: "X-Nordic-Parcel-Secret", value: secret }])

        for (const run of [customer, tracking]) {
          expect(run.errors).toEqual([])
          // What the engine checkpoints, in Redis with the Redis engine and in workflow_execution where
          // executions are stored (its execution and context columns): the flow with every step's
          // input and result, and the context.
          const checkpoint = { result: run.result, execution: run.transaction.getFlow(), context: run.transaction.getContext() }
          expect(JSON.stringify(checkpoint)).toContain("nordic-parcel-store-subscription")
          expectNoSecretIn(checkpoint)
        }
      })
    })

    describe("tracking subscriptions", () => {
      it("lists the latest subscriptions with header keys only, honouring limit", async () => {
        const first = await subscribeTrackingNumber("70438103433585051")
        const second = await subscribeTrackingNumber("370438103696484710")

        const { data } = await api.get("/admin/nordic-parcel/tracking-subscriptions", headers)
        expect(data.tracking_subscriptions).toEqual([
          {
            id: first,
            tracking_id: "70438103433585051",
            event_groups: ["IN_TRANSIT", "DELIVERED"],
            webhook: { url: `${receiver().url}${CALLBACK_PATH}`, content_type: "application/json", header_keys: ["X-Nordic-Parcel-Secret"] },
            created_at: sandbox().clock.now().toISOString().replace(/\.\d{3}Z$/, ".000Z"),
            expires_at: new Date(sandbox().clock.now().getTime() + 30 * DAY_MS).toISOString().replace(/\.\d{3}Z$/, ".000Z"),
          },
          expect.objectContaining({ id: second, tracking_id: "370438103696484710" }),
        ])
        expectNoSecretIn(data)

        const latest = await api.get("/admin/nordic-parcel/tracking-subscriptions?limit=1", headers)
        expect(latest.data.tracking_subscriptions.map((s: { id: string }) => s.id)).toEqual([second])
        expect(sandbox().requests.at(-1)?.query).toEqual({ limit: "1" })
      })

      it("deletes a subscription: the carrier stops tracking the number and the record is marked deleted", async () => {
        const removed = await subscribeTrackingNumber("70438103433585051")
        const kept = await subscribeTrackingNumber("370438103696484710")

        const { data } = await api.delete(`/admin/nordic-parcel/tracking-subscriptions/${removed}`, headers)

        expect(data).toEqual({ id: removed, object: "tracking_subscription", deleted: true })
        expect(sandbox().trackingSubscriptions().map((s) => s.id)).toEqual([kept])
        expect((await storedSubscription(removed)).status).toBe("deleted")
        expect((await storedSubscription(kept)).status).toBe("active")
      })

      it("sends a test callback on a tracking subscription", async () => {
        const id = await subscribeTrackingNumber("70438103433585051")
        const { data } = await api.post(`/admin/nordic-parcel/subscriptions/${id}/test`, {}, headers)
        expect(data).toEqual(expect.objectContaining({ sent: true, carrier_status: 202, outcome: expect.stringContaining("HTTP 204") }))
        expect(receiver().received).toHaveLength(1)
      })
    })

    describe("errors", () => {
      const unknownId = "3f2c8e0a-1b2c-4d5e-8f90-123456789abc"

      it.each([
        ["fetching an unknown customer subscription", "get", `/admin/nordic-parcel/customer-subscriptions/${unknownId}`, "customer subscription"],
        ["renewing an unknown customer subscription", "post", `/admin/nordic-parcel/customer-subscriptions/${unknownId}/renew`, "customer subscription"],
        ["deleting an unknown customer subscription", "delete", `/admin/nordic-parcel/customer-subscriptions/${unknownId}`, "customer subscription"],
        ["testing an unknown subscription", "post", `/admin/nordic-parcel/subscriptions/${unknownId}/test`, "subscription"],
        ["deleting an unknown tracking subscription", "delete", `/admin/nordic-parcel/tracking-subscriptions/${unknownId}`, "tracking subscription"],
      ] as const)("answers 404 naming the id when %s", async (_name, method, path, what) => {
        const request = method === "post" ? api.post(path, {}, headers) : api[method](path, headers)
        const res = await request.catch(responseOf)
        expect(res.status).toBe(404)
        expect(res.data).toEqual(expect.objectContaining({ type: "not_found", message: expect.stringContaining(`${what} ${unknownId}`) }))
      })

      it("answers 403 naming customer_number when the carrier does not grant the customer number", async () => {
        const res = await api
          .post("/admin/nordic-parcel/customer-subscriptions", { customer_number: "8", event_groups: ["DELIVERED"] }, headers)
          .catch(responseOf)
        expect(res.status).toBe(403)
        expect(res.data.message).toContain("customer_number 8")
        expect(sandbox().customerSubscriptions()).toEqual([])
        expect(await nordicParcel.listSubscriptions({})).toEqual([])
      })

      it.each([
        ["an unknown event group", { customer_number: "5", event_groups: ["DELIVERED", "TELEPORTED"] }, "event_groups has unknown events TELEPORTED"],
        ["a repeated event group", { customer_number: "5", event_groups: ["DELIVERED", "DELIVERED"] }, "event_groups"],
        ["no event group", { customer_number: "5", event_groups: [] }, "event_groups"],
        ["no customer number", { event_groups: ["DELIVERED"] }, "customer_number"],
        ["a webhook URL that is not http(s)", { customer_number: "5", event_groups: ["DELIVERED"], webhook_url: "ftp://example.com/x" }, "webhook_url"],
      ])("answers 400 naming the field for %s, without calling the carrier", async (_name, body, field) => {
        const res = await api.post("/admin/nordic-parcel/customer-subscriptions", body, headers).catch(responseOf)
        expect(res.status).toBe(400)
        expect(res.data.message).toContain(field)
        expect(sandbox().requests).toEqual([])
      })

      it("answers 400 for a limit out of range on the tracking list", async () => {
        const res = await api.get("/admin/nordic-parcel/tracking-subscriptions?limit=150001", headers).catch(responseOf)
        expect(res.status).toBe(400)
        expect(res.data.message).toContain("limit")
      })

      it("refuses to subscribe when webhooks.publicUrl is not set", async () => {
        const options = await nordicParcel.getEffectiveOptions()
        jest.spyOn(nordicParcel, "getEffectiveOptions").mockResolvedValue({ ...options, webhooks: { ...options.webhooks, publicUrl: undefined } })

        const res = await api
          .post("/admin/nordic-parcel/customer-subscriptions", { customer_number: "5", event_groups: ["DELIVERED"] }, headers)
          .catch(responseOf)

        expect(res.status).toBe(400)
        expect(res.data.message).toContain("webhooks.publicUrl")
        expect(sandbox().customerSubscriptions()).toEqual([])
      })

      it("answers 429 with Retry-After when the carrier keeps throttling", async () => {
        sandbox().fault("events", { kind: "status", status: 429, times: 3, retryAfter: 1 })

        const res = await api.get("/admin/nordic-parcel/customer-subscriptions", headers).catch(responseOf)

        expect(res.status).toBe(429)
        expect(res.headers["retry-after"]).toBe("1")
        expect(res.data.message).toMatch(/carrier is throttling .* try again in 1 s/)
        // Two retries were made before giving up; the next request goes through.
        expect(sandbox().requests.filter((r) => r.status === 429)).toHaveLength(3)
        expect((await api.get("/admin/nordic-parcel/customer-subscriptions", headers)).status).toBe(200)
      })
    })

    describe("renewal job", () => {
      it("renews customer subscriptions expiring within 30 days and records their new expiry", async () => {
        const expiringSoon = await createCustomerSubscription()
        const goneElsewhere = await createCustomerSubscription({ event_groups: ["DELIVERED"] })
        await nordicParcel.carrier().events.deleteCustomerSubscription(goneElsewhere.id)
        await sandbox().clock.advance(100 * DAY_MS)
        const later = await createCustomerSubscription({ customer_number: "6" })
        // 340 days in: the first subscription has 25 days left, the later one 125.
        await sandbox().clock.advance(240 * DAY_MS)

        const upkeep = await renewSubscriptions(getContainer(), { now: sandbox().clock.now() })

        const renewedUntil = new Date(sandbox().clock.now().getTime() + 365 * DAY_MS)
        expect(upkeep).toEqual({ renewed: [expiringSoon.id], ended: [], expired: [], deleted: [goneElsewhere.id], failed: [] })
        const atCarrier = Object.fromEntries(sandbox().customerSubscriptions().map((s) => [s.id, s.expiry]))
        expect(atCarrier).toEqual({
          [expiringSoon.id]: renewedUntil.toISOString().slice(0, 23),
          [later.id]: later.expires_at.slice(0, 23),
        })
        expect(await storedSubscription(expiringSoon.id)).toEqual(
          expect.objectContaining({ status: "active", expires_at: renewedUntil })
        )
        expect((await storedSubscription(later.id)).expires_at).toEqual(new Date(later.expires_at))
        expect((await storedSubscription(goneElsewhere.id)).status).toBe("deleted")

        // Nothing is due any more: a second run changes nothing.
        expect((await renewSubscriptions(getContainer(), { now: sandbox().clock.now() })).renewed).toEqual([])
      })

      it("marks tracking subscriptions ended once the carrier ends them, and expired after their 30 days", async () => {
        const delivered = await subscribeTrackingNumber("70438103433585051")
        const inTransit = await subscribeTrackingNumber("370438103696484710")
        await sandbox().emitEvent({ status: "DELIVERED", shipment: "70438103433585051" })

        const first = await renewSubscriptions(getContainer(), { now: sandbox().clock.now() })

        expect(first).toEqual({ renewed: [], ended: [delivered], expired: [], deleted: [], failed: [] })
        expect((await storedSubscription(delivered)).status).toBe("ended")
        expect((await storedSubscription(inTransit)).status).toBe("active")

        await sandbox().clock.advance(31 * DAY_MS)
        const second = await renewSubscriptions(getContainer(), { now: sandbox().clock.now() })

        expect(second).toEqual({ renewed: [], ended: [], expired: [inTransit], deleted: [], failed: [] })
        expect((await storedSubscription(inTransit)).status).toBe("expired")
      })

      it("retires no customer subscription on a single 404 from its renewal: the carrier still has it", async () => {
        const customer = await createCustomerSubscription()
        await sandbox().clock.advance(340 * DAY_MS)
        sandbox().fault("events", { kind: "status", status: 404, times: 1 })

        const upkeep = await renewSubscriptions(getContainer(), { now: sandbox().clock.now() })

        expect(upkeep.deleted).toEqual([])
        expect(upkeep.failed.map((f) => f.id)).toEqual([customer.id])
        expect((await storedSubscription(customer.id)).status).toBe("active")
        // The next run renews it.
        expect((await renewSubscriptions(getContainer(), { now: sandbox().clock.now() })).renewed).toEqual([customer.id])
      })

      it("retires no tracking subscription when the list answers 404 (none registered) during an incident", async () => {
        const first = await subscribeTrackingNumber("70438103433585051")
        const second = await subscribeTrackingNumber("370438103696484710")
        // The list and the next lookups answer 404 although the carrier has both.
        sandbox().fault("events", { kind: "status", status: 404, times: 3 })

        const upkeep = await renewSubscriptions(getContainer(), { now: sandbox().clock.now() })

        expect(upkeep.ended).toEqual([])
        expect((await storedSubscription(first)).status).toBe("active")
        expect((await storedSubscription(second)).status).toBe("active")
      })

      it("retires a tracking subscription missing from the list only when two lookups of its own id answer 404", async () => {
        const kept = await subscribeTrackingNumber("70438103433585051")
        const other = await subscribeTrackingNumber("370438103696484710")
        await sandbox().emitEvent({ status: "DELIVERED", shipment: "70438103433585051" }) // the carrier ends `kept`'s subscription
        // Missing from the list, it is looked up by its own id twice before it is retired.
        const list = sandbox().requests.length
        const upkeep = await renewSubscriptions(getContainer(), { now: sandbox().clock.now() })
        const lookups = sandbox().requests.slice(list).filter((r) => r.method === "GET" && r.path.endsWith(`/webhooks/${kept}`))
        expect(lookups).toHaveLength(2)
        expect(upkeep.ended).toEqual([kept])
        expect((await storedSubscription(other)).status).toBe("active")
      })

      it("refuses a subscription id of .. with 400 naming the id, and the carrier is never asked", async () => {
        const before = sandbox().requests.length
        // Sent as written (HTTP clients that parse URLs would resolve %2E%2E themselves; an attacker's does not).
        const port = new URL((api as unknown as AxiosInstance).defaults.baseURL!).port
        const raw = (method: string, path: string) =>
          new Promise<{ status: number; data: { message?: string } }>((resolve, reject) => {
            const req = http.request({ host: "127.0.0.1", port, method, path, headers: { ...headers.headers, "content-type": "application/json" } }, (res) => {
              const chunks: Buffer[] = []
              res.on("data", (chunk: Buffer) => chunks.push(chunk))
              res.on("end", () => resolve({ status: res.statusCode!, data: JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") }))
            })
            req.on("error", reject)
            req.end(method === "POST" ? "{}" : undefined)
          })
        for (const [method, path] of [
          ["DELETE", "/admin/nordic-parcel/tracking-subscriptions/%2E%2E"],
          ["DELETE", "/admin/nordic-parcel/customer-subscriptions/%2E%2E"],
          ["GET", "/admin/nordic-parcel/customer-subscriptions/%2E%2E"],
          ["POST", "/admin/nordic-parcel/customer-subscriptions/%2E%2E/renew"],
          ["POST", "/admin/nordic-parcel/subscriptions/%2E%2E/test"],
        ] as const) {
          const res = await raw(method, path)
          expect([path, res.status]).toEqual([path, 400])
          expect(res.data.message).toMatch(/id/)
        }
        expect(sandbox().requests.slice(before)).toEqual([])
      })

      it("leaves records unchanged when the carrier cannot be asked, so the next run tries again", async () => {
        const customer = await createCustomerSubscription()
        await sandbox().clock.advance(340 * DAY_MS)
        const tracking = await subscribeTrackingNumber("70438103433585051")
        sandbox().fault("events", { kind: "status", status: 500 })

        const upkeep = await renewSubscriptions(getContainer(), { now: sandbox().clock.now() })

        expect(upkeep.failed.map((f) => f.id).sort()).toEqual([customer.id, tracking].sort())
        expect(upkeep.renewed).toEqual([])
        expect((await storedSubscription(customer.id)).status).toBe("active")
        expect((await storedSubscription(tracking)).status).toBe("active")
      })
    })
  },
})
