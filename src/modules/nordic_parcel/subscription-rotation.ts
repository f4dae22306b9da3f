/*
 * After the webhook secret or public URL changed, makes each stale subscription again and deletes the
 * old one. A subscription is stale when its recorded callback URL or secret fingerprint
 * (lib/tracking/webhook-identity.ts, written by `storeSubscriptionStep`) differs from the store's. Run
 * at start-up from the module's `onApplicationStart` and by the renewal job; the last run that found
 * stale subscriptions is kept in webhook-state.ts.
 */
import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"
import type { Context, DAL } from "@medusajs/framework/types"
import { InjectManager, MedusaContext } from "@medusajs/framework/utils"
import { CarrierError, type CarrierLogger, type EventsClient } from "../../lib/carrier"
import { mapLimit } from "../../lib/concurrency/map-limit"
import type { NordicParcelOptions } from "../../lib/options"
import type { ResubscriptionOutcome } from "../../lib/status-page/status-view"
import { callbackHeaders } from "../../lib/tracking/subscription-request"
import { isoInstant } from "../../lib/tracking/subscription-views"
import { madeWithOtherWebhook, webhookIdentity, type WebhookIdentity } from "../../lib/tracking/webhook-identity"

type ActiveSubscription = {
  id: string
  carrier_id: string
  kind: "tracking" | "customer"
  tracking_id: string | null
  customer_number: string | null
  event_groups: string[]
  callback_url: string | null
  secret_fingerprint: string | null
}

/** Subscriptions made again at once; the carrier allows 50 event-cast requests in flight per user. */
const CONCURRENCY = 8

/**
 * Keeps tracking alive when the store's webhook secret or public URL changes (carrier notes 43).
 * The carrier cannot edit a subscription, so each active one made with another secret or URL is
 * deleted and made again with the current ones (a customer subscription is made first, see
 * remake). Each record is claimed by one
 * conditional update before the carrier is called, so instances starting together never make the
 * same subscription twice; one that fails keeps its old identity and is tried again at the next
 * start or by the daily renewal job.
 */
export class SubscriptionRotation {
  private last_: ResubscriptionOutcome | null = null

  // Named as MedusaService names it: the manager decorator below looks it up under this name.
  constructor(
    protected readonly baseRepository_: DAL.RepositoryService,
    private readonly deps: {
      events: () => EventsClient
      webhooks: () => Promise<NordicParcelOptions["webhooks"]>
      logger: CarrierLogger
    }
  ) {}

  /** What the last run found and did (status page); null before the first run. */
  lastOutcome(): ResubscriptionOutcome | null {
    return this.last_
  }

  async run(): Promise<ResubscriptionOutcome> {
    const webhooks = await this.deps.webhooks()
    const current = webhookIdentity(webhooks)
    const outcome: ResubscriptionOutcome = { at: new Date(), stale: 0, renewed: 0, failed: [] }
    if (!current) {
      // Nothing to make them with: the set-up problem is reported at start-up.
      this.last_ = outcome
      return outcome
    }
    const stale = (await this.active()).filter((record) => madeWithOtherWebhook(record, current))
    outcome.stale = stale.length
    await mapLimit(stale, CONCURRENCY, async (record) => {
      if (!(await this.claim(record, current))) return // another instance has it
      try {
        await this.remake(record, webhooks, current)
        outcome.renewed += 1
      } catch (error) {
        await this.release(record, current)
        const message = error instanceof Error ? error.message : String(error)
        outcome.failed.push({ carrier_id: record.carrier_id, message })
        this.deps.logger.warn(`nordic-parcel: subscription ${record.carrier_id} still sends the old webhook secret or URL; tried again later: ${message}`)
      }
    })
    if (outcome.stale > 0) {
      this.deps.logger.info(
        `nordic-parcel: ${outcome.renewed} of ${outcome.stale} subscriptions made again with the current webhook secret and URL`
      )
    }
    this.last_ = outcome
    return outcome
  }

  /** Replaces the subscription by one with the current URL and secret, and records it. */
  private async remake(record: ActiveSubscription, webhooks: NordicParcelOptions["webhooks"], current: WebhookIdentity) {
    const events = this.deps.events()
    const headers = callbackHeaders(webhooks.headerName, webhooks.secret!)
    if (record.kind === "customer") {
      // Identical customer subscriptions are allowed (carrier notes 26): made first, so no event
      // falls between the two; an event delivered by both is stored once, by its event id.
      const made = await events.createCustomerSubscription({
        customerNumber: record.customer_number!,
        eventSet: record.event_groups,
        webhookConfiguration: { webhookUrl: current.callback_url, contentType: "application/json", headers },
      })
      await this.replace(record, made.id, isoInstant(made.expiry), current)
      await events.deleteCustomerSubscription(record.carrier_id).catch((error) => this.oldNotDeleted(record, error))
      return
    }
    // A second tracking subscription on the same number and events is refused (409), so the old
    // one goes first. Should the new one then fail, the record becomes pending: the retry job
    // makes it (nordic-parcel-retry-tracking-subscriptions).
    await events.deleteTrackingSubscription(record.carrier_id).catch((error) => {
      if (!(error instanceof CarrierError && error.kind === "not_found")) throw error
    })
    const request = {
      trackingId: record.tracking_id!,
      configuration: { url: current.callback_url, content_type: "application/json", headers },
      event_groups: record.event_groups,
    }
    let made: { id: string; expiry?: string | null }
    try {
      made = await events.createTrackingSubscription(request).catch(async (error) => {
        // Made already by a run that stopped before recording it: that one is the new subscription.
        if (!(error instanceof CarrierError && error.kind === "conflict")) throw error
        const listed = await events.listTrackingSubscriptions({ limit: 150_000 })
        const existing = listed.find((s) => s.trackingId === request.trackingId && s.configuration?.url === request.configuration.url)
        if (!existing) throw error
        return existing
      })
    } catch (error) {
      await this.pending(record, error instanceof Error ? error.message : String(error))
      throw error
    }
    await this.replace(record, made.id, isoInstant(made.expiry), current)
  }

  /** Gone is what was wanted; any other failure leaves an old subscription whose callbacks are refused (counted) until it lapses. */
  private oldNotDeleted(record: ActiveSubscription, error: unknown): void {
    if (error instanceof CarrierError && error.kind === "not_found") return
    this.deps.logger.warn(`nordic-parcel: old subscription ${record.carrier_id} could not be deleted: ${(error as Error).message}`)
  }

  @InjectManager()
  protected async active(@MedusaContext() sharedContext: Context = {}): Promise<ActiveSubscription[]> {
    return (sharedContext.manager as SqlEntityManager).execute(
      `select id, carrier_id, kind, tracking_id, customer_number, event_groups, callback_url, secret_fingerprint
       from nordic_parcel_subscription
       where status = 'active' and carrier_id is not null and deleted_at is null
       order by created_at`
    )
  }

  /** Marks the record as being made again by this run; false when another instance did first. */
  @InjectManager()
  protected async claim(record: ActiveSubscription, current: WebhookIdentity, @MedusaContext() sharedContext: Context = {}): Promise<boolean> {
    const rows = await (sharedContext.manager as SqlEntityManager).execute(
      `update nordic_parcel_subscription set secret_fingerprint = ?, updated_at = now()
       where id = ? and status = 'active' and secret_fingerprint is not distinct from ? and callback_url is not distinct from ?
       returning id`,
      [`remaking:${current.secret_fingerprint}`, record.id, record.secret_fingerprint, record.callback_url]
    )
    return rows.length === 1
  }

  /** Gives a record whose remaking failed back its old identity, so the next run tries again. */
  @InjectManager()
  protected async release(record: ActiveSubscription, current: WebhookIdentity, @MedusaContext() sharedContext: Context = {}) {
    await (sharedContext.manager as SqlEntityManager).execute(
      `update nordic_parcel_subscription set secret_fingerprint = ? where id = ? and secret_fingerprint = ?`,
      [record.secret_fingerprint, record.id, `remaking:${current.secret_fingerprint}`]
    )
  }

  /** A tracking subscription deleted but not made again: pending, for the retry job, due now. */
  @InjectManager()
  protected async pending(record: ActiveSubscription, message: string, @MedusaContext() sharedContext: Context = {}) {
    await (sharedContext.manager as SqlEntityManager).execute(
      `update nordic_parcel_subscription
       set status = 'pending', carrier_id = null, expires_at = null, callback_url = null, secret_fingerprint = null,
           attempts = 1, last_error = ?, next_attempt_at = now(), updated_at = now()
       where id = ?`,
      [message.slice(0, 2000), record.id]
    )
  }

  @InjectManager()
  protected async replace(
    record: ActiveSubscription,
    carrierId: string,
    expiresAt: string | null,
    current: WebhookIdentity,
    @MedusaContext() sharedContext: Context = {}
  ) {
    await (sharedContext.manager as SqlEntityManager).execute(
      `update nordic_parcel_subscription
       set carrier_id = ?, expires_at = ?, callback_url = ?, secret_fingerprint = ?, updated_at = now()
       where id = ?`,
      [carrierId, expiresAt, current.callback_url, current.secret_fingerprint, record.id]
    )
  }
}
