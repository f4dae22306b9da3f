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

export interface AdminCustomerSubscription {
  id: string
  customer_number: string | null
  event_groups: string[]
  webhook: AdminWebhookView
  created_at: string | null
  expires_at: string | null
  /** The carrier login that created it; only the carrier's all-accessible list reports it. */
  created_by: string | null
}

export interface AdminTrackingSubscription {
  id: string
  tracking_id: string | null
  event_groups: string[]
  webhook: AdminWebhookView
  created_at: string | null
  expires_at: string | null
}

export function customerSubscriptionView(subscription: CustomerSubscription): AdminCustomerSubscription {
  const webhook = subscription.webhookConfiguration
  return {
    id: subscription.id,
    customer_number: subscription.customerNumber ?? null,
    event_groups: subscription.eventSet,
    webhook: {
      url: webhook?.webhookUrl ?? null,
      content_type: webhook?.contentType ?? null,
      header_keys: (webhook?.headers ?? []).map((header) => header.key),
    },
    created_at: isoInstant(subscription.created),
    expires_at: isoInstant(subscription.expiry),
    created_by: subscription.createdBy ?? null,
  }
}

export function trackingSubscriptionView(subscription: TrackingSubscription): AdminTrackingSubscription {
  const configuration = subscription.configuration
  return {
    id: subscription.id,
    tracking_id: subscription.trackingId ?? null,
    event_groups: subscription.event_groups,
    webhook: {
      url: configuration?.url ?? null,
      content_type: configuration?.content_type ?? null,
      header_keys: (configuration?.headers ?? []).map((header) => header.key),
    },
    created_at: isoInstant(subscription.created),
    expires_at: isoInstant(subscription.expiry),
  }
}

/**
 * The carrier writes instants two ways, both UTC: tracking subscriptions as
 * `2026-06-09T10:49:00+0000` (an offset without colon, which not every parser reads) and customer
 * subscriptions as `2026-06-09T10:49:00.123` (no offset at all). Null when absent or unreadable.
 */
function isoInstant(value: string | null | undefined): string | null {
  if (!value) return null
  const trimmed = value.trim()
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(trimmed)
  const normalized = hasZone ? trimmed.replace(/([+-]\d{2})(\d{2})$/, "$1:$2") : `${trimmed}Z`
  const time = Date.parse(normalized)
  return Number.isNaN(time) ? null : new Date(time).toISOString()
}
