import { createHmac, timingSafeEqual } from "node:crypto"

/**
 * The signed, expiring token that opens one order's shipments and return documents to a guest
 * (a second factor besides the order's id, which leaks through links, Referer headers and
 * screenshots). The store gives it to whoever proves the order's e-mail
 * (`POST /store/nordic-parcel/orders/:id/access`, unless guests must come by link), and the
 * merchant's order e-mails carry one (the module's `createOrderAccessToken`). Nothing is stored:
 * the token is signed with HMAC-SHA256 under the merchant's `orderAccess.secret`.
 *
 * Form: `v2.<base64url payload>.<base64url signature>`, payload `{"o": order id, "m": digest of
 * the order's e-mail, "e": expiry in epoch seconds}`. The digest is keyed (it tells nothing
 * about the address to whoever reads the token) and binds the token to the e-mail the order had
 * when it was given: once the order's e-mail changes, the tokens sent to the old address open
 * nothing. Tokens of the first form (`v1`, order and expiry only) are refused.
 */

const VERSION = "v2"

/**
 * An expiry may lie this far past now + the lifetime: instances' clocks differ a little, and a
 * token minted on one that runs ahead must still open the order on the others.
 */
const CLOCK_SKEW_S = 60

export type OrderAccessTarget = { id: string; email?: string | null }

export type OrderAccessTokenVerdict =
  | { valid: true; expiresAt: Date }
  | { valid: false; reason: "malformed" | "signature" | "other_order" | "other_email" | "expired" | "beyond_lifetime" }

function signature(key: Buffer, signed: string): Buffer {
  return createHmac("sha256", key).update(signed).digest()
}

/** The keyed digest of an e-mail as Medusa may store it (case and surrounding spaces ignored, as sameEmail does). */
function emailDigest(key: Buffer, email: string): string {
  return createHmac("sha256", key).update(`order e-mail\0${email.trim().toLowerCase()}`).digest().subarray(0, 16).toString("base64url")
}

export function signOrderAccessToken(key: Buffer, order: { id: string; email: string }, expiresAt: Date): string {
  const payload = Buffer.from(
    JSON.stringify({ o: order.id, m: emailDigest(key, order.email), e: Math.floor(expiresAt.getTime() / 1000) })
  ).toString("base64url")
  const signed = `${VERSION}.${payload}`
  return `${signed}.${signature(key, signed).toString("base64url")}`
}

/**
 * Whether `token` opens `order` (its id and current e-mail) at `now`. The signature is checked
 * first (in constant time), so a forged payload is never read. A token of another order, of the
 * order's former e-mail, past its expiry, or whose expiry lies further than `lifetimeSeconds`
 * ahead (no token the store gives does: a far expiry is a forgery, or a token from a longer
 * lifetime the merchant has since shortened) opens nothing.
 */
export function verifyOrderAccessToken(
  key: Buffer,
  token: string,
  order: OrderAccessTarget,
  now: Date,
  lifetimeSeconds: number
): OrderAccessTokenVerdict {
  const parts = token.split(".")
  if (parts.length !== 3 || parts[0] !== VERSION || !parts[1] || !parts[2]) {
    return { valid: false, reason: "malformed" }
  }
  const expected = signature(key, `${parts[0]}.${parts[1]}`)
  const given = Buffer.from(parts[2], "base64url")
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { valid: false, reason: "signature" }
  }
  let payload: { o?: unknown; m?: unknown; e?: unknown }
  try {
    payload = JSON.parse(Buffer.from(parts[1], "base64url").toString("utf8"))
  } catch {
    return { valid: false, reason: "malformed" }
  }
  if (typeof payload?.o !== "string" || typeof payload.m !== "string" || typeof payload.e !== "number") {
    return { valid: false, reason: "malformed" }
  }
  if (payload.o !== order.id) {
    return { valid: false, reason: "other_order" }
  }
  if (!order.email?.trim() || !sameDigest(payload.m, emailDigest(key, order.email))) {
    return { valid: false, reason: "other_email" }
  }
  const expiresAt = new Date(payload.e * 1000)
  if (expiresAt.getTime() <= now.getTime()) {
    return { valid: false, reason: "expired" }
  }
  if (payload.e > now.getTime() / 1000 + lifetimeSeconds + CLOCK_SKEW_S) {
    return { valid: false, reason: "beyond_lifetime" }
  }
  return { valid: true, expiresAt }
}

function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * The signing key: the merchant's `orderAccess.secret`, or none. It is never derived from the
 * carrier credentials (the carrier and every user of its portal know the API key): without a
 * secret, guests are refused (order-access.ts) and the status page says what to set.
 */
export function orderAccessKey(secret: string | undefined): Buffer | null {
  return secret ? Buffer.from(secret, "utf8") : null
}
