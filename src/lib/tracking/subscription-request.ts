import type { CreateTrackingSubscriptionRequest } from "../carrier"
import type { NordicParcelOptions } from "../options"

/** The store's callback URL, where the carrier posts tracking events. */
export function callbackUrl(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/hooks/nordic-parcel/events`
}

/** The carrier sends these configured headers back with every callback: the store's secret. */
export function callbackHeaders(headerName: string, secret: string): { key: string; value: string }[] {
  return [{ key: headerName, value: secret }]
}

/**
 * The tracking subscription for a booked consignment, or undefined when the store cannot receive
 * callbacks (no public URL or secret configured, or automatic subscriptions switched off). The
 * secret travels as a configured header, which the carrier sends back with every callback.
 */
export function trackingSubscriptionFor(
  trackingId: string,
  webhooks: NordicParcelOptions["webhooks"]
): CreateTrackingSubscriptionRequest | undefined {
  if (!webhooks.autoSubscribe || !webhooks.publicUrl || !webhooks.secret) {
    return undefined
  }
  return {
    trackingId,
    configuration: {
      url: callbackUrl(webhooks.publicUrl),
      content_type: "application/json",
      headers: callbackHeaders(webhooks.headerName, webhooks.secret),
    },
    event_groups: [...webhooks.eventGroups],
  }
}
