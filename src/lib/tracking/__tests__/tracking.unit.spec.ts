import fc from "fast-check"
import { parseOptions } from "../../options"
import { parseCallback } from "../callback-payload"
import { callbackSecretAccepted, secretMatches } from "../secret"
import { madeWithOtherWebhook, webhookIdentity } from "../webhook-identity"
import { callbackUrl, trackingSubscriptionFor } from "../subscription-request"
import { milestoneOf, shipmentTransition } from "../tracking-status"

const valid = {
  status: "HANDED_IN",
  id: "9f1c2a",
  shipment: "70438101234567891",
  package: "370438101234567892",
  created: "2026-11-21T10:15:00+0000",
  pushed: "2026-11-21T10:15:02+0000",
}

describe("parseCallback", () => {
  it("reads the carrier's payload, with its +0000 timestamps, and ignores unknown fields", () => {
    expect(parseCallback({ ...valid, newField: { nested: true } })).toEqual({
      ok: true,
      callback: {
        eventId: "9f1c2a",
        status: "HANDED_IN",
        shipmentNumber: "70438101234567891",
        packageNumber: "370438101234567892",
        occurredAt: new Date("2026-11-21T10:15:00Z"),
        pushedAt: new Date("2026-11-21T10:15:02Z"),
      },
    })
  })

  it.each([
    ["Z offset", { created: "2026-11-21T10:15:00Z" }, new Date("2026-11-21T10:15:00Z")],
    ["+01:00 offset", { created: "2026-11-21T11:15:00+01:00" }, new Date("2026-11-21T10:15:00Z")],
    ["-0500 offset", { created: "2026-11-21T05:15:00-0500" }, new Date("2026-11-21T10:15:00Z")],
  ])("accepts a timestamp with %s", (_name, change, expected) => {
    const parsed = parseCallback({ ...valid, ...change })
    expect(parsed.ok && parsed.callback.occurredAt).toEqual(expected)
  })

  // The slightly-off payloads a carrier sends (carrier notes 42): each is read, not refused.
  it.each([
    ["package: null", { package: null }, { packageNumber: undefined }],
    ["package: \"\"", { package: "" }, { packageNumber: undefined }],
    ["no package", { package: undefined }, { packageNumber: undefined }],
    ["pushed: null", { pushed: null }, { pushedAt: undefined }],
    ["a pushed time that cannot be read", { pushed: "soon" }, { pushedAt: undefined }],
    ["a numeric id", { id: 123456789 }, { eventId: "123456789" }],
    ["a numeric package number that fits", { package: 3704381 }, { packageNumber: "3704381" }],
    ["a time without offset (UTC)", { created: "2026-11-25T10:00:00" }, { occurredAt: new Date("2026-11-25T10:00:00Z") }],
    ["a time without seconds or offset", { created: "2026-11-25T10:00" }, { occurredAt: new Date("2026-11-25T10:00:00Z") }],
    ["a time with fractions and no offset", { created: "2026-11-25T10:00:00.123" }, { occurredAt: new Date("2026-11-25T10:00:00.123Z") }],
    ["a time with a space and +00", { created: "2026-11-25 11:00:00+01" }, { occurredAt: new Date("2026-11-25T10:00:00Z") }],
    ["a time as epoch milliseconds", { created: Date.UTC(2026, 10, 25, 10) }, { occurredAt: new Date("2026-11-25T10:00:00Z") }],
    ["padded identifiers", { id: " 9f1c2a ", shipment: " 70438101234567891 " }, { eventId: "9f1c2a", shipmentNumber: "70438101234567891" }],
  ])("reads a payload with %s", (_name, change, expected) => {
    const parsed = parseCallback({ ...valid, ...change })
    expect(parsed.ok).toBe(true)
    const callback = parsed.ok ? parsed.callback : undefined
    for (const [key, value] of Object.entries(expected)) {
      expect(callback?.[key as keyof typeof callback]).toEqual(value)
    }
  })

  it("accepts an event name it does not know (the carrier adds events)", () => {
    expect(parseCallback({ ...valid, status: "DRONE_DELIVERY" })).toMatchObject({ ok: true, callback: { status: "DRONE_DELIVERY" } })
  })

  it.each([
    ["null", null, /JSON object/],
    ["a string", "HANDED_IN", /JSON object/],
    ["an array", [valid], /JSON object/],
    ["no status", { ...valid, status: undefined }, /status: is required/],
    ["an empty id", { ...valid, id: " " }, /id: is required/],
    ["a 17-digit shipment number sent as a number (its digits were lost in JSON)", { ...valid, shipment: 70438101234567891 }, /shipment: is a number too large/],
    ["an object as id", { ...valid, id: { value: 1 } }, /id: is required and must be text/],
    ["a null created", { ...valid, created: null }, /created: is required and must be text/],
    ["a shipment number over 35 characters", { ...valid, shipment: "7".repeat(36) }, /shipment: must be at most 35 characters/],
    ["a date without time", { ...valid, created: "2026-11-21" }, /created: must be a timestamp/],
    ["an impossible date", { ...valid, created: "2026-13-45T99:00:00+0000" }, /created: must be a timestamp/],
  ])("refuses %s, naming the field", (_name, body, message) => {
    const parsed = parseCallback(body)
    expect(parsed.ok).toBe(false)
    expect(!parsed.ok && parsed.message).toMatch(message)
  })

  it("never throws, whatever the body (property)", () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.record({ status: fc.anything(), id: fc.anything(), shipment: fc.anything(), created: fc.anything() })), (body) => {
        const parsed = parseCallback(body)
        return parsed.ok ? parsed.callback.eventId.length > 0 : parsed.message.length > 0
      }),
      { numRuns: 2000 }
    )
  })
})

describe("secretMatches", () => {
  it.each([
    ["the secret", "s3cret-value-0123456789", true],
    ["another value", "s3cret-value-0123456780", false],
    ["a prefix", "s3cret-value", false],
    ["nothing", undefined, false],
    ["an empty header", "", false],
    ["a repeated header", ["s3cret-value-0123456789"], false],
  ])("%s → %s", (_name, received, expected) => {
    expect(secretMatches(received as never, "s3cret-value-0123456789")).toBe(expected)
  })

  it("never matches when no secret is configured", () => {
    expect(secretMatches("anything", undefined)).toBe(false)
  })

  it("never throws on any header value (property)", () => {
    fc.assert(fc.property(fc.oneof(fc.string(), fc.array(fc.string()), fc.constant(undefined)), (value) => typeof secretMatches(value as never, "x".repeat(20)) === "boolean"))
  })
})

describe("callbackSecretAccepted (rotation grace period)", () => {
  const secrets = { secret: "new-secret-0123456789", previousSecret: "old-secret-0123456789", previousSecretUntil: "2026-12-01T00:00:00Z" }
  it.each([
    ["the current secret", "new-secret-0123456789", "2026-11-25T00:00:00Z", true],
    ["the previous secret within its grace period", "old-secret-0123456789", "2026-11-30T23:59:59Z", true],
    ["the previous secret once its grace period ended", "old-secret-0123456789", "2026-12-01T00:00:00Z", false],
    ["another value", "other-secret-0123456789", "2026-11-25T00:00:00Z", false],
    ["nothing", undefined, "2026-11-25T00:00:00Z", false],
  ])("%s → %s", (_name, received, now, expected) => {
    expect(callbackSecretAccepted(received, secrets, new Date(now))).toBe(expected)
  })

  it("accepts only the current secret when no previous one is configured", () => {
    expect(callbackSecretAccepted("old-secret-0123456789", { secret: "new-secret-0123456789" })).toBe(false)
  })
})

describe("webhook identity", () => {
  const webhooks = parseOptions({
    baseUrl: "https://carrier.example",
    apiUid: "u",
    apiKey: "k",
    webhooks: { publicUrl: "https://shop.example", secret: "s3cret-value-0123456789" },
  }).webhooks

  it("fingerprints the secret without containing it, and changes with the secret, its header or the URL", () => {
    const identity = webhookIdentity(webhooks)!
    expect(identity.callback_url).toBe("https://shop.example/hooks/nordic-parcel/events")
    expect(identity.secret_fingerprint).not.toContain("s3cret")
    expect(madeWithOtherWebhook(identity, identity)).toBe(false)
    for (const changed of [
      { ...webhooks, secret: "another-secret-0123456789" },
      { ...webhooks, headerName: "X-Other" },
      { ...webhooks, publicUrl: "https://new.shop.example" },
    ]) {
      expect(madeWithOtherWebhook(identity, webhookIdentity(changed)!)).toBe(true)
    }
  })

  it("counts a subscription recorded without an identity as made with another webhook", () => {
    expect(madeWithOtherWebhook({ callback_url: null, secret_fingerprint: null }, webhookIdentity(webhooks)!)).toBe(true)
  })
})

describe("tracking milestones", () => {
  it.each([
    ["HANDED_IN", "shipped"],
    ["IN_TRANSIT", "shipped"],
    ["TERMINAL", "shipped"],
    ["TRANSPORT_TO_RECIPIENT", "shipped"],
    ["READY_FOR_PICKUP", "shipped"],
    ["DELIVERED", "delivered"],
    ["RETURN", "returned"],
    ["DELIVERED_SENDER", "returned"],
    ["PRE_NOTIFIED", "info"],
    ["NOTIFICATION_SENT", "info"],
    ["DEVIATION", "info"],
    ["SOMETHING_NEW", "info"],
  ])("%s → %s", (status, milestone) => {
    expect(milestoneOf(status)).toBe(milestone)
  })

  it.each([
    ["shipped", { to: "shipped", from: ["booking", "booked"] }],
    ["delivered", { to: "delivered", from: ["booking", "booked", "shipped"] }],
    ["returned", { to: "returned", from: ["booking", "booked", "shipped", "delivered"] }],
    ["info", undefined],
  ] as const)("a %s event moves the shipment forward only", (milestone, transition) => {
    expect(shipmentTransition(milestone)).toEqual(transition)
  })
})

describe("trackingSubscriptionFor", () => {
  const base = { baseUrl: "https://carrier.example", apiUid: "u", apiKey: "k" }

  it("subscribes to the configured groups at the store's hook, with the secret header", () => {
    const { webhooks } = parseOptions({ ...base, webhooks: { publicUrl: "https://shop.example/", secret: "0123456789abcdef" } })
    expect(trackingSubscriptionFor("70438101234567891", webhooks)).toEqual({
      trackingId: "70438101234567891",
      configuration: {
        url: "https://shop.example/hooks/nordic-parcel/events",
        content_type: "application/json",
        headers: [{ key: "X-Nordic-Parcel-Secret", value: "0123456789abcdef" }],
      },
      event_groups: webhooks.eventGroups,
    })
  })

  it.each([
    ["no public URL", { secret: "0123456789abcdef" }],
    ["no secret", { publicUrl: "https://shop.example" }],
    ["automatic subscriptions off", { publicUrl: "https://shop.example", secret: "0123456789abcdef", autoSubscribe: false }],
  ])("does not subscribe with %s", (_name, webhooks) => {
    expect(trackingSubscriptionFor("1", parseOptions({ ...base, webhooks }).webhooks)).toBeUndefined()
  })

  it("builds the hook URL from a public URL with or without a trailing slash", () => {
    expect(callbackUrl("https://shop.example/")).toBe(callbackUrl("https://shop.example"))
  })
})
