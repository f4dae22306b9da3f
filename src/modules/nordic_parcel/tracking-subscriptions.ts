/*
 * Tracking subscriptions in the database: pending ones noted by the booking ledger with each booking
 * (booking-ledger.ts) or after a failed booking-time attempt (retried by
 * jobs/retry-tracking-subscriptions.ts) and records retired through one method
 * (`retireSubscriptions`). The carrier side is made, renewed and deleted by the workflows in
 * workflows/subscriptions/ (carrier call, then record; compensation undoes the carrier side).
 */
import { CarrierError, type EventsClient } from "../../lib/carrier"
import type { SubscriptionStatus } from "../../lib/statuses"
import type { NordicParcelOptions } from "../../lib/options"
import { nextAttemptAt } from "../../lib/tracking/backoff"

/**
 * How long a subscription a booking noted as pending waits for the booking's own attempt (right
 * after Medusa's workflow commits) before the retry job takes it: only a process that stopped in
 * between leaves it that long.
 */
export const FIRST_SUBSCRIPTION_GRACE_MS = 2 * 60_000

type SubscriptionRecord = { id: string; carrier_id: string | null; tracking_id: string | null; attempts: number; status?: SubscriptionStatus }

/** The module's generated CRUD of the subscription table this concern uses. */
export interface SubscriptionRecords {
  createSubscriptions(data: {
    kind: "tracking"
    tracking_id: string
    event_groups: string[]
    status: "pending"
    attempts: number
    last_error: string
    next_attempt_at: Date
  }): Promise<unknown>
  listSubscriptions(filters: Record<string, unknown>, config?: Record<string, unknown>): Promise<SubscriptionRecord[]>
  updateSubscriptions(data: {
    id: string
    status?: SubscriptionStatus
    attempts?: number
    last_error?: string
    next_attempt_at?: Date | null
  }): Promise<unknown>
}

/**
 * Tracking subscriptions of booked consignments, as far as the module keeps them: making one is the
 * nordic-parcel-create-tracking-subscription workflow. One that failed after booking is kept as a
 * `pending` record (no carrier id) with its attempts, the carrier's answer and the next attempt,
 * which the nordic-parcel-retry-tracking-subscriptions job picks up; the admin lists them as
 * shipments not subscribed.
 */
export class TrackingSubscriptions {
  constructor(
    private readonly deps: {
      events: () => EventsClient
      webhooks: () => Promise<NordicParcelOptions["webhooks"]>
      records: SubscriptionRecords
    }
  ) {}

  /** Records a failed attempt to subscribe a consignment, and when to try again (back-off). */
  async noteFailure(trackingId: string, message: string, now = new Date()): Promise<void> {
    const { records } = this.deps
    const [pending] = await records.listSubscriptions({ kind: "tracking", tracking_id: trackingId, status: "pending" }, { take: 1 })
    const attempts = (pending?.attempts ?? 0) + 1
    const state = { attempts, last_error: message.slice(0, 2000), next_attempt_at: nextAttemptAt(attempts, now) }
    if (pending) {
      await records.updateSubscriptions({ id: pending.id, ...state })
      return
    }
    const { eventGroups } = await this.deps.webhooks()
    await records.createSubscriptions({ kind: "tracking", tracking_id: trackingId, event_groups: [...eventGroups], status: "pending", ...state })
  }

  /**
   * Of these tracking numbers, those not followed and not left to the retry job: no active
   * subscription, and no pending one that failed already. That is a subscription its booking noted
   * and nobody tried yet, or one that ended when its fulfilment was rolled back and whose booking a
   * new fulfilment took over.
   */
  async unfollowed(trackingIds: string[]): Promise<string[]> {
    if (!trackingIds.length) return []
    const held = await this.deps.records.listSubscriptions({ kind: "tracking", tracking_id: trackingIds, status: ["active", "pending"] })
    const taken = new Set(held.filter((row) => row.status === "active" || row.attempts > 0).map((row) => row.tracking_id))
    return [...new Set(trackingIds)].filter((id) => !taken.has(id))
  }

  /** Pending subscriptions whose next attempt is due, the longest waiting first. */
  listDue(now: Date, { limit = 200 } = {}): Promise<SubscriptionRecord[]> {
    return this.deps.records.listSubscriptions(
      { kind: "tracking", status: "pending", next_attempt_at: { $lte: now } },
      { take: limit, order: { next_attempt_at: "ASC" } }
    )
  }

  /**
   * Ends the subscriptions of a consignment (a cancelled fulfillment): made ones are deleted at the
   * carrier (already gone counts as done), pending ones stop being retried.
   */
  async unsubscribe(trackingId: string): Promise<void> {
    const held = await this.deps.records.listSubscriptions({ kind: "tracking", tracking_id: trackingId, status: ["active", "pending"] })
    for (const subscription of held) {
      try {
        if (subscription.carrier_id) await this.deps.events().deleteTrackingSubscription(subscription.carrier_id)
      } catch (error) {
        if (!(error instanceof CarrierError && error.kind === "not_found")) {
          throw error
        }
      }
      await this.deps.records.updateSubscriptions({ id: subscription.id, status: "deleted", next_attempt_at: null })
    }
  }
}
