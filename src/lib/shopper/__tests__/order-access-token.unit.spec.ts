import { orderAccessKey, signOrderAccessToken, verifyOrderAccessToken } from "../order-access-token"

const key = orderAccessKey("a-merchant-secret-of-at-least-32-characters", "api-key")
const now = new Date("2026-11-28T12:00:00Z")
const inAWeek = new Date("2026-12-05T12:00:00Z")

describe("order access token: a guest's signed, expiring second factor", () => {
  const token = signOrderAccessToken(key, "order_1", inAWeek)

  it.each([
    ["its own order before it expires", token, "order_1", now, { valid: true, expiresAt: new Date("2026-12-05T12:00:00Z") }],
    ["a second before it expires", token, "order_1", new Date(inAWeek.getTime() - 1000), { valid: true, expiresAt: inAWeek }],
    ["at its expiry", token, "order_1", inAWeek, { valid: false, reason: "expired" }],
    ["another order", token, "order_2", now, { valid: false, reason: "other_order" }],
    ["a changed signature", `${token.slice(0, -2)}AA`, "order_1", now, { valid: false, reason: "signature" }],
    ["a payload naming another order, signature kept", token.replace(token.split(".")[1], Buffer.from('{"o":"order_2","e":9999999999}').toString("base64url")), "order_2", now, { valid: false, reason: "signature" }],
    ["another store's token", signOrderAccessToken(orderAccessKey(undefined, "another-api-key"), "order_1", inAWeek), "order_1", now, { valid: false, reason: "signature" }],
    ["nothing", "", "order_1", now, { valid: false, reason: "malformed" }],
    ["another version", token.replace(/^v1/, "v2"), "order_1", now, { valid: false, reason: "malformed" }],
    ["two parts", token.split(".").slice(0, 2).join("."), "order_1", now, { valid: false, reason: "malformed" }],
  ])("%s", (_case, given, orderId, at, expected) => {
    expect(verifyOrderAccessToken(key, given, orderId, at)).toEqual(expected)
  })

  it("carries neither the e-mail nor the key, and is the same for the same order and expiry", () => {
    expect(token).toMatch(/^v1\.[\w-]+\.[\w-]+$/)
    expect(token).not.toContain("secret")
    expect(signOrderAccessToken(key, "order_1", inAWeek)).toBe(token)
  })

  it("derives a key from the API key when no secret is set, and another one for another API key", () => {
    expect(orderAccessKey(undefined, "k1").equals(orderAccessKey(undefined, "k1"))).toBe(true)
    expect(orderAccessKey(undefined, "k1").equals(orderAccessKey(undefined, "k2"))).toBe(false)
    expect(orderAccessKey(undefined, "k1").toString("utf8")).not.toContain("k1")
  })
})
