import { createHmac, timingSafeEqual } from "node:crypto"

/**
 * The signed, expiring token that opens one order's shipments and return documents to a guest
 * (a second factor besides the order's id, which leaks through links, Referer headers and
 * screenshots). The store gives it to whoever proves the order's e-mail
 * (`POST /store/nordic-parcel/orders/:id/access`), and the merchant's order e-mails may carry one
 * (the module's `createOrderAccessToken`). Nothing is stored: the token is the order id and its
 * expiry, signed with HMAC-SHA256 under the store's server secret.
 *
 * Form: `v1.<base64url payload>.<base64url signature>`, payload `{"o": order id, "e": expiry in
 * epoch seconds}`.
 */

const VERSION = "v1"

export type OrderAccessTokenVerdict =
  | { valid: true; expiresAt: Date }
  | { valid: false; reason: "malformed" | "signature" | "other_order" | "expired" }

function signature(key: string | Buffer, signed: string): Buffer {
  return createHmac("sha256", key).update(signed).digest()
}

export function signOrderAccessToken(key: string | Buffer, orderId: string, expiresAt: Date): string {
  const payload = Buffer.from(JSON.stringify({ o: orderId, e: Math.floor(expiresAt.getTime() / 1000) })).toString("base64url")
  const signed = `${VERSION}.${payload}`
  return `${signed}.${signature(key, signed).toString("base64url")}`
}

/**
 * Whether `token` opens `orderId` at `now`. The signature is checked first (in constant time), so
 * a forged payload is never read; a token of another order or past its expiry opens nothing.
 */
export function verifyOrderAccessToken(key: string | Buffer, token: string, orderId: string, now: Date): OrderAccessTokenVerdict {
  const parts = token.split(".")
  if (parts.length !== 3 || parts[0] !== VERSION || !parts[1] || !parts[2]) {
    return { valid: false, reason: "malformed" }
  }
  const expected = signature(key, `${parts[0]}.${parts[1]}`)
  const given = Buffer.from(parts[2], "base64url")
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { valid: false, reason: "signature" }
  }
  let payload: { o?: unknown; e?: unknown }
  try {
    payload = JSON.parse(Buffer.from(parts[1], "base64url").toString("utf8"))
  } catch {
    return { valid: false, reason: "malformed" }
  }
  if (typeof payload?.o !== "string" || typeof payload.e !== "number") {
    return { valid: false, reason: "malformed" }
  }
  if (payload.o !== orderId) {
    return { valid: false, reason: "other_order" }
  }
  const expiresAt = new Date(payload.e * 1000)
  if (expiresAt.getTime() <= now.getTime()) {
    return { valid: false, reason: "expired" }
  }
  return { valid: true, expiresAt }
}

/**
 * The signing key: the merchant's `orderAccess.secret`, else one derived from the API key (so a
 * store works without another secret; changing the API key then ends every token given).
 */
export function orderAccessKey(secret: string | undefined, apiKey: string): Buffer {
  return secret ? Buffer.from(secret, "utf8") : createHmac("sha256", apiKey).update("medusa-plugin-nordic-parcel order access v1").digest()
}
