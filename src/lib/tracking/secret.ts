/*
 * The webhook secret check in constant time: the current secret, or the previous one during its grace
 * period after a rotation. Refusals are counted by the module (`noteRefusedCallback`) and shown by the
 * status route.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto"

/**
 * Compares the callback's secret header with the configured secret in constant time. Both are
 * hashed first so that neither the comparison nor an early length mismatch reveals how much of a
 * guess was right.
 */
export function secretMatches(received: string | string[] | undefined, expected: string | undefined): boolean {
  if (!expected || typeof received !== "string" || received.length === 0) {
    return false
  }
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest()
  return timingSafeEqual(digest(received), digest(expected))
}

/** The webhook options that decide which secrets a callback may carry. */
export type CallbackSecrets = { secret?: string; previousSecret?: string; previousSecretUntil?: string }

/**
 * Whether a callback's secret header is the configured secret, or the previous one while its grace
 * period lasts (callbacks already sent, and subscriptions not yet made again, still carry it).
 * Both comparisons always run, so the answer's timing does not tell which one matched.
 */
export function callbackSecretAccepted(received: string | string[] | undefined, secrets: CallbackSecrets, now = new Date()): boolean {
  const current = secretMatches(received, secrets.secret)
  const inGrace = secrets.previousSecretUntil !== undefined && now.getTime() < new Date(secrets.previousSecretUntil).getTime()
  const previous = secretMatches(received, secrets.previousSecret)
  return current || (inGrace && previous)
}

/**
 * A short, one-way fingerprint of a secret, stored with each subscription so that start-up can
 * tell which subscriptions were made with another secret, without the secret being stored. Keyed
 * with a fixed label so it is not a plain hash of the secret.
 */
export function secretFingerprint(secret: string): string {
  return createHmac("sha256", "nordic-parcel-subscription-secret").update(secret, "utf8").digest("hex").slice(0, 16)
}
