import { createHmac } from "node:crypto"
import { parseOptions } from "../../options"
import { orderAccessKey, signOrderAccessToken, verifyOrderAccessToken } from "../order-access-token"

const SECRET = "a-merchant-secret-of-at-least-32-characters"
const key = orderAccessKey(SECRET)!
const now = new Date("2026-11-28T12:00:00Z")
const inAWeek = new Date("2026-12-05T12:00:00Z")
const WEEK_S = 7 * 24 * 3600
const order = { id: "order_1", email: "Kari@Example.com" }

/** The key 0.2.0 derived from the carrier API key when no secret was set: the carrier and its portal users know it. */
const keyFromApiKey = (apiKey: string) => createHmac("sha256", apiKey).update("medusa-plugin-nordic-parcel order access v1").digest()

/** A token with any payload, signed with `signingKey` the way the store signs (what someone holding a key can forge). */
function forged(signingKey: Buffer, payload: Record<string, unknown>): string {
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url")
  const genuine = signOrderAccessToken(signingKey, order, inAWeek)
  const [version] = genuine.split(".")
  const signed = `${version}.${body}`
  return `${signed}.${createHmac("sha256", signingKey).update(signed).digest("base64url")}`
}

describe("order access token: a guest's signed, expiring second factor, bound to the order and its e-mail", () => {
  const token = signOrderAccessToken(key, order, inAWeek)
  const payloadOf = (t: string) => JSON.parse(Buffer.from(t.split(".")[1], "base64url").toString("utf8")) as Record<string, unknown>

  it.each<[string, string, { id: string; email: string | null }, Date, unknown]>([
    ["its own order before it expires", token, order, now, { valid: true, expiresAt: inAWeek }],
    ["its own order, the e-mail written in another case and with spaces", token, { id: "order_1", email: " kari@example.COM " }, now, { valid: true, expiresAt: inAWeek }],
    ["a second before it expires", token, order, new Date(inAWeek.getTime() - 1000), { valid: true, expiresAt: inAWeek }],
    ["at its expiry", token, order, inAWeek, { valid: false, reason: "expired" }],
    ["a year after its expiry", token, order, new Date("2027-12-05T12:00:00Z"), { valid: false, reason: "expired" }],
    ["another order", token, { id: "order_2", email: order.email }, now, { valid: false, reason: "other_order" }],
    ["the order after its e-mail changed", token, { id: "order_1", email: "new-owner@example.com" }, now, { valid: false, reason: "other_email" }],
    ["the order after its e-mail was removed", token, { id: "order_1", email: null }, now, { valid: false, reason: "other_email" }],
    ["a changed signature", `${token.slice(0, -2)}AA`, order, now, { valid: false, reason: "signature" }],
    ["a payload naming another order, signature kept", token.replace(token.split(".")[1], Buffer.from(JSON.stringify({ ...payloadOf(token), o: "order_2" })).toString("base64url")), { id: "order_2", email: order.email }, now, { valid: false, reason: "signature" }],
    ["a payload with a far expiry, signature kept", token.replace(token.split(".")[1], Buffer.from(JSON.stringify({ ...payloadOf(token), e: 9999999999 })).toString("base64url")), order, now, { valid: false, reason: "signature" }],
    ["another store's token", signOrderAccessToken(orderAccessKey("another-store-secret-of-32-characters-or-more")!, order, inAWeek), order, now, { valid: false, reason: "signature" }],
    ["a token signed with the key 0.2.0 derived from the API key", signOrderAccessToken(keyFromApiKey("sandbox-demo-key"), order, inAWeek), order, now, { valid: false, reason: "signature" }],
    ["a correctly signed token whose expiry lies past now + the lifetime (a forged far future)", forged(key, { ...payloadOf(token), e: 9999999999 }), order, now, { valid: false, reason: "beyond_lifetime" }],
    ["a token of the lifetime plus a day", signOrderAccessToken(key, order, new Date(inAWeek.getTime() + 86_400_000)), order, now, { valid: false, reason: "beyond_lifetime" }],
    ["a token minted on an instance whose clock runs 30 s ahead", signOrderAccessToken(key, order, new Date(inAWeek.getTime() + 30_000)), order, now, { valid: true, expiresAt: new Date(inAWeek.getTime() + 30_000) }],
    ["a correctly signed token without the e-mail binding", forged(key, { o: "order_1", e: payloadOf(token).e }), order, now, { valid: false, reason: "malformed" }],
    ["the first version's form (order and expiry only)", `v1.${token.split(".")[1]}.${token.split(".")[2]}`, order, now, { valid: false, reason: "malformed" }],
    ["nothing", "", order, now, { valid: false, reason: "malformed" }],
    ["two parts", token.split(".").slice(0, 2).join("."), order, now, { valid: false, reason: "malformed" }],
  ])("%s", (_case, given, target, at, expected) => {
    expect(verifyOrderAccessToken(key, given, target, at, WEEK_S)).toEqual(expected)
  })

  it("carries neither the e-mail nor the key, and is the same for the same order, e-mail and expiry", () => {
    expect(token).toMatch(/^v2\.[\w-]+\.[\w-]+$/)
    expect(Buffer.from(token.split(".")[1], "base64url").toString("utf8").toLowerCase()).not.toContain("kari")
    expect(token).not.toContain(SECRET)
    expect(signOrderAccessToken(key, order, inAWeek)).toBe(token)
  })

  it("has no key without orderAccess.secret: none is ever derived from the carrier credentials", () => {
    expect(orderAccessKey(undefined)).toBeNull()
    expect(orderAccessKey("")).toBeNull()
    expect(orderAccessKey(SECRET)!.equals(Buffer.from(SECRET, "utf8"))).toBe(true)
  })
})

describe("orderAccess options", () => {
  const base = { baseUrl: "https://carrier.example", apiUid: "shop@example.com", apiKey: "k", services: [{ code: "PA_DOREN" }] }

  it.each<[string, Record<string, unknown>, RegExp | null]>([
    ["no secret: accepted (guest access then refused, and named on the status page)", {}, null],
    ["a 32-byte secret", { secret: "x".repeat(32) }, null],
    ["a 31-byte secret", { secret: "x".repeat(31) }, /orderAccess\.secret.*32 bytes/],
    ["16 two-byte characters: 32 bytes", { secret: "ø".repeat(16) }, null],
    ["guests by signed link only", { secret: "x".repeat(32), guestProof: "token" }, null],
    ["an unknown proof", { secret: "x".repeat(32), guestProof: "phone" }, /orderAccess\.guestProof/],
  ])("%s", (_case, orderAccess, refused) => {
    const parse = () => parseOptions({ ...base, orderAccess })
    if (refused) expect(parse).toThrow(refused)
    else expect(parse().orderAccess).toMatchObject({ guestProof: (orderAccess.guestProof as string) ?? "email" })
  })
})
