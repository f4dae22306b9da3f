import { eventually } from "../helpers/eventually"
import { startRoundRobinGateway, type RoundRobinGateway } from "../helpers/round-robin-gateway"
import { BERGEN, HOOK, SECRET, TwoInstances, type Booked, type Instance } from "../helpers/two-instances"

/**
 * A store changes its webhook secret, then its public URL, with live subscriptions at the carrier
 * sandbox: each change is a deploy (`medusa start` stopped and started again with the new plugin
 * options, integration-tests/helpers/two-instances.ts). The carrier cannot edit a subscription, so
 * at start-up the plugin makes each one again with the new secret or URL and deletes the old one;
 * afterwards the carrier's HANDED_IN reaches the store and the fulfillment is shipped.
 */
jest.setTimeout(300 * 1000)

const NEW_SECRET = "rotated-webhook-secret-0123456789"

describe("rotating the webhook secret and the public URL", () => {
  let stack: TwoInstances
  let a: Instance
  let newGateway: RoundRobinGateway | undefined

  beforeAll(async () => {
    stack = new TwoInstances()
    await stack.start()
    ;[a] = stack.instances
  }, 420 * 1000)

  afterAll(async () => {
    await newGateway?.close()
    await stack?.stop()
  }, 120 * 1000)

  const subscriptionsOf = (consignment: string) => stack.sandbox.trackingSubscriptions().filter((s) => s.trackingId === consignment)
  const secretOf = (subscription: { configuration: { headers?: { key: string; value?: string | null }[] } }) =>
    subscription.configuration.headers?.find((h) => h.key.toLowerCase() === "x-nordic-parcel-secret")?.value

  async function bookedAndSubscribed(): Promise<Booked> {
    const order = await stack.placeOrder(a, BERGEN, [{ variant: stack.store.variants.flat, quantity: 1 }])
    const booked = await stack.fulfil(a, order)
    await eventually(() => subscriptionsOf(booked.consignment).length === 1 || undefined, { timeoutMs: 30_000 })
    return booked
  }

  type Status = {
    webhook: {
      resubscription: { at: string; stale: number; renewed: number; failed: unknown[] } | null
      previous_secret_until: string | null
      refused_callbacks: { count: number; last_at: string | null }
    }
  }
  const status = () => stack.admin<Status>(a, "GET", "/admin/nordic-parcel/status")
  /** A callback with a secret the store never had: refused (401) and counted. */
  const refusedCallback = () =>
    fetch(`${a.url}${HOOK}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-nordic-parcel-secret": "never-the-secret-0123456789" },
      body: JSON.stringify({ status: "IN_TRANSIT", id: `refused-${Date.now()}`, shipment: "70438199999999998", created: new Date().toISOString() }),
    }).then((res) => res.status)

  /** The carrier's HANDED_IN for the consignment reaches the store, and the fulfillment becomes shipped. */
  async function handedInShips(booked: Booked, via: string): Promise<void> {
    const attempts = await stack.sandbox.emitEvent({ status: "HANDED_IN", shipment: booked.consignment })
    expect(attempts.map((attempt) => [attempt.url, attempt.outcome])).toEqual([[`${via}${HOOK}`, "delivered"]])
    await eventually(async () => (await stack.orderState(a, booked.orderId)).fulfillments[0]?.shipped_at, { timeoutMs: 30_000 })
  }

  it("a new secret: subscriptions (tracking and customer) are made again with it, the old secret is accepted in its grace period, and HANDED_IN ships the fulfillment", async () => {
    const booked = await bookedAndSubscribed()
    const [before] = subscriptionsOf(booked.consignment)
    expect(secretOf(before)).toBe(SECRET)
    await stack.admin(a, "POST", "/admin/nordic-parcel/customer-subscriptions", { customer_number: "5", event_groups: ["DELIVERED"] })
    const customerBefore = stack.sandbox.customerSubscriptions()
    expect(customerBefore).toHaveLength(1)
    // Refused callbacks are counted in the database: the restart below keeps the count.
    expect(await refusedCallback()).toBe(401)
    const refusedBefore = (await status()).webhook.refused_callbacks
    expect(refusedBefore).toEqual({ count: expect.any(Number), last_at: expect.any(String) })
    expect(refusedBefore.count).toBeGreaterThanOrEqual(1)
    const restartedAt = new Date().toISOString()

    await stack.restart(a, {
      NP_WEBHOOK_SECRET: NEW_SECRET,
      NP_PREVIOUS_WEBHOOK_SECRET: SECRET,
      NP_PREVIOUS_WEBHOOK_SECRET_UNTIL: new Date(Date.now() + 60 * 60_000).toISOString(),
    })

    // Made again with the new secret, and the old one deleted at the carrier.
    const after = await eventually(() => {
      const current = subscriptionsOf(booked.consignment)
      return current.length === 1 && current[0].id !== before.id ? current[0] : undefined
    }, { timeoutMs: 60_000 })
    expect(secretOf(after)).toBe(NEW_SECRET)
    const customerAfter = await eventually(() => {
      const current = stack.sandbox.customerSubscriptions()
      return current.length === 1 && current[0].id !== customerBefore[0].id ? current[0] : undefined
    }, { timeoutMs: 60_000 })
    expect(customerAfter.webhookConfiguration.headers.find((h) => h.key === "X-Nordic-Parcel-Secret")?.value).toBe(NEW_SECRET)
    const after_ = await eventually(async () => {
      const answer = await status()
      return answer.webhook.resubscription && answer.webhook.resubscription.at > restartedAt ? answer : undefined
    })
    expect(after_.webhook.resubscription).toMatchObject({ stale: 2, renewed: 2, failed: [] })
    expect(after_.webhook.previous_secret_until).not.toBeNull()
    expect(after_.webhook.refused_callbacks).toEqual(refusedBefore)
    expect(JSON.stringify(after_)).not.toContain(NEW_SECRET)

    // A callback sent before the change (old secret) is still accepted during the grace period.
    const late = await fetch(`${a.url}${HOOK}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-nordic-parcel-secret": SECRET },
      body: JSON.stringify({ status: "IN_TRANSIT", id: `late-${booked.consignment}`, shipment: "70438199999999999", created: new Date().toISOString() }),
    })
    expect(late.status).toBe(200)
    expect((await stack.orderState(a, booked.orderId)).fulfillments[0].shipped_at).toBeNull()

    await handedInShips(booked, stack.gateway.url)
  })

  it("a new public URL: subscriptions are made again with it, and HANDED_IN arrives there and ships the fulfillment", async () => {
    const booked = await bookedAndSubscribed()
    const [before] = subscriptionsOf(booked.consignment)
    expect(before.configuration.url).toBe(`${stack.gateway.url}${HOOK}`)
    const counted = (await status()).webhook.refused_callbacks.count
    expect(await refusedCallback()).toBe(401)
    const { webhook: beforeRestart } = await status()
    expect(beforeRestart.refused_callbacks.count).toBe(counted + 1)
    // The store moves behind another address (a new load balancer in front of the same instance).
    newGateway = await startRoundRobinGateway([a.port])

    await stack.restart(a, { NP_PUBLIC_URL: newGateway.url })

    const after = await eventually(() => {
      const current = subscriptionsOf(booked.consignment)
      return current.length === 1 && current[0].id !== before.id ? current[0] : undefined
    }, { timeoutMs: 60_000 })
    expect(after.configuration.url).toBe(`${newGateway.url}${HOOK}`)
    expect(secretOf(after)).toBe(NEW_SECRET)
    // The status page after the restart: this start-up's resubscription, and the count kept.
    const { webhook } = await eventually(async () => {
      const answer = await status()
      return answer.webhook.resubscription && answer.webhook.resubscription.at > beforeRestart.resubscription!.at ? answer : undefined
    })
    expect(webhook.resubscription).toMatchObject({ renewed: webhook.resubscription!.stale, failed: [] })
    expect(webhook.resubscription!.stale).toBeGreaterThanOrEqual(1)
    expect(webhook.refused_callbacks).toEqual(beforeRestart.refused_callbacks)

    await handedInShips(booked, newGateway.url)
    expect(newGateway.seen.some((request) => request.path === HOOK && request.status === 200)).toBe(true)
  })
})
