import { MedusaError } from "@medusajs/framework/utils"
import type { NordicParcelOptions } from "../options"
import { callbackHeaders, callbackUrl } from "./subscription-request"

export interface WebhookCallback {
  url: string
  /** Sent back by the carrier with every callback; the webhook route checks it. */
  headers: { key: string; value: string }[]
}

/**
 * Where the carrier calls back for a new subscription, and with which secret header. The carrier
 * signs nothing (GAPS E7): without the secret the store could not tell its callbacks from
 * forged ones, so no subscription is created without it.
 */
export function webhookCallback(webhooks: NordicParcelOptions["webhooks"], explicitUrl?: string): WebhookCallback {
  if (!webhooks.secret) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "The plugin option webhooks.secret is not set: the carrier's callbacks could not be authenticated, so no subscription is created"
    )
  }
  const url = explicitUrl ?? (webhooks.publicUrl ? callbackUrl(webhooks.publicUrl) : undefined)
  if (!url) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `Give webhook_url or set the plugin option webhooks.publicUrl (callbacks then go to ${callbackUrl("<webhooks.publicUrl>")})`
    )
  }
  return { url, headers: callbackHeaders(webhooks.headerName, webhooks.secret) }
}
