/*
 * The callback URL and secret a subscription carries: only ever the store's own hook
 * (`webhooks.publicUrl` + `/hooks/nordic-parcel/events`), so the shared secret is never sent anywhere
 * else.
 */
import { MedusaError } from "@medusajs/framework/utils"
import type { NordicParcelOptions } from "../options"
import { callbackHeaders, callbackUrl } from "./subscription-request"

export interface WebhookCallback {
  url: string
  /** Sent back by the carrier with every callback; the webhook route checks it. */
  headers: { key: string; value: string }[]
}

/**
 * Where the carrier calls back for a new subscription, and with which secret header: always the
 * store's own hook (public URL + /hooks/nordic-parcel/events). The carrier sends the secret header
 * to the subscription's URL with every event, and whoever holds the secret can forge DELIVERED, so
 * no other URL is accepted. The carrier signs nothing (docs/carrier-notes.md): without the secret the store could not tell
 * its callbacks from forged ones, so no subscription is created without it.
 */
export function webhookCallback(webhooks: NordicParcelOptions["webhooks"], requestedUrl?: string): WebhookCallback {
  if (!webhooks.secret) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "The plugin option webhooks.secret is not set: the carrier's callbacks could not be authenticated, so no subscription is created"
    )
  }
  if (!webhooks.publicUrl) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `Set the plugin option webhooks.publicUrl: callbacks go to ${callbackUrl("<webhooks.publicUrl>")}`
    )
  }
  const url = callbackUrl(webhooks.publicUrl)
  if (requestedUrl !== undefined && !sameUrl(requestedUrl, url)) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `webhook_url must be the store's own hook ${url}: the carrier sends the store's webhook secret with every callback, so no other address is accepted`
    )
  }
  return { url, headers: callbackHeaders(webhooks.headerName, webhooks.secret) }
}

function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href
  } catch {
    return false
  }
}
