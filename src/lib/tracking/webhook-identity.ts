/*
 * The callback URL and secret fingerprint a subscription was made with (written by
 * `storeSubscriptionStep`), so modules/nordic_parcel/subscription-rotation.ts can tell which
 * subscriptions a changed secret or URL made stale without keeping the secret.
 */
import type { NordicParcelOptions } from "../options"
import { secretFingerprint } from "./secret"
import { callbackUrl } from "./subscription-request"

/**
 * What a subscription sends its callbacks with: the URL and a fingerprint of the secret header
 * (name and value; never the secret itself). Stored with each subscription, so that after the
 * store's secret or public URL changes, start-up finds the subscriptions made with the old ones and
 * makes them again (the carrier cannot edit a subscription, carrier notes 43).
 */
export type WebhookIdentity = { callback_url: string; secret_fingerprint: string }

/** The identity new subscriptions get; undefined when the store cannot receive callbacks. */
export function webhookIdentity(webhooks: NordicParcelOptions["webhooks"]): WebhookIdentity | undefined {
  if (!webhooks.publicUrl || !webhooks.secret) return undefined
  return {
    callback_url: callbackUrl(webhooks.publicUrl),
    secret_fingerprint: secretFingerprint(`${webhooks.headerName.toLowerCase()}\n${webhooks.secret}`),
  }
}

/**
 * Whether a subscription was made with another URL or secret than the current ones. One recorded
 * without an identity (made before identities were kept) is stale too: what it carries is unknown,
 * and making it again is always safe.
 */
export function madeWithOtherWebhook(
  record: { callback_url: string | null; secret_fingerprint: string | null },
  current: WebhookIdentity
): boolean {
  return record.callback_url !== current.callback_url || record.secret_fingerprint !== current.secret_fingerprint
}
