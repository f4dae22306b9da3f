import type { Clock } from "./clock"
import { customerSubscriptionTimestamp, eventCastTimestamp } from "./dates"
import type { CallbackHeader, CustomerSubscription, TrackingSubscription } from "./types"

/**
 * Event-cast subscriptions (carrier notes 21). Expiry is checked against the clock
 * whenever subscriptions are read, so moving the clock past `expiry` makes them disappear.
 */

const DAY_MS = 24 * 60 * 60 * 1000
export const TRACKING_LIFETIME_MS = 30 * DAY_MS
export const CUSTOMER_LIFETIME_MS = 365 * DAY_MS

/** Where and how callbacks of a subscription are delivered. */
export interface CallbackTarget {
  subscriptionId: string
  url: string
  contentType: string
  headers: { key: string; value: string | null }[]
}

export interface TrackingRecord extends CallbackTarget {
  ownerUid: string
  authenticator: string
  trackingId: string
  eventGroups: string[]
  created: Date
  expiry: Date
  /** The tracked entity was delivered (E2: ended). */
  ended: boolean
}

export interface CustomerRecord extends CallbackTarget {
  ownerUid: string
  /** As the client sent it, and the short form ("5") used for matching. */
  customerNumber: string
  shortCustomerNumber: string
  /** The creator's login ID, shown as `createdBy`. */
  createdBy: string
  eventSet: string[]
  created: Date
  expiry: Date
}

/** Subscriptions belong to the login ID, compared case-insensitively like the e-mail address it is. */
export function ownerKey(apiUid: string): string {
  return apiUid.toLowerCase()
}

export class SubscriptionStore {
  private readonly tracking = new Map<string, TrackingRecord>()
  private readonly customer = new Map<string, CustomerRecord>()

  constructor(private readonly clock: Clock) {}

  addTracking(record: TrackingRecord): void {
    this.tracking.set(record.subscriptionId, record)
  }

  addCustomer(record: CustomerRecord): void {
    this.customer.set(record.subscriptionId, record)
  }

  /** Active tracking subscriptions, oldest first. */
  activeTracking(): TrackingRecord[] {
    return [...this.tracking.values()].filter((r) => !r.ended && this.notExpired(r))
  }

  /** Active customer subscriptions, oldest first. */
  activeCustomer(): CustomerRecord[] {
    return [...this.customer.values()].filter((r) => this.notExpired(r))
  }

  removeTracking(id: string): void {
    this.tracking.delete(id)
  }

  removeCustomer(id: string): void {
    this.customer.delete(id)
  }

  /** Still registered (not deleted); pending retries of deleted subscriptions are dropped. */
  isRegistered(id: string): boolean {
    return this.tracking.has(id) || this.customer.has(id)
  }

  reset(): void {
    this.tracking.clear()
    this.customer.clear()
  }

  private notExpired(record: { expiry: Date }): boolean {
    return record.expiry.getTime() > this.clock.now().getTime()
  }
}

/** The carrier's tracking subscription as served over HTTP: header keys only, never values. */
export function trackingView(record: TrackingRecord) {
  return {
    id: record.subscriptionId,
    authenticator: record.authenticator,
    trackingId: record.trackingId,
    configuration: {
      url: record.url,
      content_type: record.contentType,
      headers: record.headers.map((h) => ({ key: h.key })),
    },
    event_groups: record.eventGroups,
    created: eventCastTimestamp(record.created),
    expiry: eventCastTimestamp(record.expiry),
  }
}

/** The library API's view: the stored header values included. */
export function trackingSubscriptionForApi(record: TrackingRecord): TrackingSubscription {
  const view = trackingView(record)
  const headers: CallbackHeader[] = record.headers.map((h) => ({ key: h.key, value: h.value ?? "" }))
  return { ...view, configuration: { ...view.configuration, headers } }
}

/** The carrier's customer subscription as served over HTTP: header values null, `createdBy` only on the /all list. */
export function customerView(record: CustomerRecord, options: { withCreatedBy: boolean }) {
  const view = {
    id: record.subscriptionId,
    customerNumber: record.customerNumber,
    eventSet: record.eventSet,
    webhookConfiguration: {
      webhookUrl: record.url,
      contentType: record.contentType,
      headers: record.headers.map((h) => ({ key: h.key, value: null })),
    },
    created: customerSubscriptionTimestamp(record.created),
    expiry: customerSubscriptionTimestamp(record.expiry),
  }
  return options.withCreatedBy ? { ...view, createdBy: record.createdBy } : view
}

/** The library API's view: the stored header values included. */
export function customerSubscriptionForApi(record: CustomerRecord): CustomerSubscription {
  const view = customerView(record, { withCreatedBy: false })
  return {
    ...view,
    webhookConfiguration: { ...view.webhookConfiguration, headers: record.headers.map((h) => ({ key: h.key, value: h.value })) },
    createdBy: record.createdBy,
  }
}
