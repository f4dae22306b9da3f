import type { CustomerSubscription, TrackingSubscription } from "../carrier"

/**
 * How the carrier's event-cast subscriptions look in the admin API: Medusa's snake_case, ISO
 * instants in UTC, and configured callback headers by name only. The carrier never returns header
 * values (one of them is the plugin's webhook secret); mapping keys alone makes sure that holds
 * even if it one day started to.
 */

export interface AdminWebhookView {
  url: string | null
  content_type: string | null
  /** Names of the headers sent with every callback; their values are never shown. */
  header_keys: string[]
}

/** What both kinds of subscription show. */
export interface AdminSubscription {
  id: string
  event_groups: string[]
  webhook: AdminWebhookView
  created_at: string | null
  expires_at: string | null
}

export interface AdminCustomerSubscription extends AdminSubscription {
  customer_number: string | null
  /** The carrier login that created it; only the carrier's all-accessible list reports it. */
  created_by: string | null
}

export interface AdminTrackingSubscription extends AdminSubscription {
  tracking_id: string | null
}

export function customerSubscriptionView(subscription: CustomerSubscription): AdminCustomerSubscription {
  const webhook = subscription.webhookConfiguration
  return {
    ...sharedView(subscription, subscription.eventSet, { url: webhook?.webhookUrl, contentType: webhook?.contentType, headers: webhook?.headers }),
    customer_number: subscription.customerNumber ?? null,
    created_by: subscription.createdBy ?? null,
  }
}

export function trackingSubscriptionView(subscription: TrackingSubscription): AdminTrackingSubscription {
  const configuration = subscription.configuration
  return {
    ...sharedView(subscription, subscription.event_groups, { url: configuration?.url, contentType: configuration?.content_type, headers: configuration?.headers }),
    tracking_id: subscription.trackingId ?? null,
  }
}

/** The view of what both kinds have, once each kind's spelling of its events and callback is read. */
function sharedView(
  subscription: { id: string; created?: string | null; expiry?: string | null },
  eventGroups: string[],
  webhook: { url?: string | null; contentType?: string | null; headers?: { key: string }[] }
): AdminSubscription {
  return {
    id: subscription.id,
    event_groups: eventGroups,
    webhook: { url: webhook.url ?? null, content_type: webhook.contentType ?? null, header_keys: (webhook.headers ?? []).map((header) => header.key) },
    created_at: isoInstant(subscription.created),
    expires_at: isoInstant(subscription.expiry),
  }
}

/**
 * The carrier writes instants two ways, both UTC: tracking subscriptions as
 * `2026-06-09T10:49:00+0000` (an offset without colon, which not every parser reads) and customer
 * subscriptions as `2026-06-09T10:49:00.123` (no offset at all). Null when absent or unreadable.
 */
export function isoInstant(value: string | null | undefined): string | null {
  if (!value) return null
  const trimmed = value.trim()
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(trimmed)
  const normalized = hasZone ? trimmed.replace(/([+-]\d{2})(\d{2})$/, "$1:$2") : `${trimmed}Z`
  const time = Date.parse(normalized)
  return Number.isNaN(time) ? null : new Date(time).toISOString()
}
