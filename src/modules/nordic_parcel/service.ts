import type { ICachingModuleService } from "@medusajs/framework/types"
import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"
import type { Context } from "@medusajs/framework/types"
import { generateEntityId, InjectManager, MedusaContext, MedusaService, Modules } from "@medusajs/framework/utils"
import { resolveOptional } from "../../lib/resolve-optional"
import { CarrierError, createCarrierClients, type CarrierClients } from "../../lib/carrier"
import { MicroBatcher } from "../../lib/batch/micro-batcher"
import { CheckoutQuoter } from "../../lib/checkout/quoter"
import { parseOptions, type NordicParcelOptions } from "../../lib/options"
import { trackingSubscriptionFor } from "../../lib/tracking/subscription-request"
import { Shipment } from "./models/shipment"
import { Subscription } from "./models/subscription"
import { TrackingEvent } from "./models/tracking-event"

type TrackingEventInput = {
  event_id: string
  status: string
  shipment_number: string
  package_number?: string | null
  occurred_at: Date
  pushed_at?: Date | null
  raw: Record<string, unknown>
}

type RecordedTrackingEvent =
  | { duplicate: true }
  | { duplicate: false; fulfillment_id: string | null; order_id: string | null }

type ModuleCradle = Record<string, unknown> & {
  logger: { debug(m: string): void; info(m: string): void; warn(m: string): void; error(m: string): void }
}

/**
 * The plugin's data module. Besides its tables it holds the validated plugin options and the
 * carrier clients: Medusa passes plugin options to neither routes, subscribers nor jobs, so they
 * reach the carrier through this module.
 */
class NordicParcelModuleService extends MedusaService({ Shipment, TrackingEvent, Subscription }) {
  protected readonly options_: NordicParcelOptions
  protected readonly cradle_: ModuleCradle
  private carrier_?: CarrierClients
  private quoter_?: CheckoutQuoter
  private readonly trackingEvents_ = new MicroBatcher<TrackingEventInput, RecordedTrackingEvent>((events) =>
    this.insertTrackingEvents(events)
  )

  constructor(cradle: ModuleCradle, options: unknown) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    this.cradle_ = cradle
    this.options_ = parseOptions(options)
  }

  getOptions(): NordicParcelOptions {
    return this.options_
  }

  /** The carrier clients, built on first use (one keep-alive pool per process). */
  carrier(): CarrierClients {
    this.carrier_ ??= createCarrierClients({
      baseUrl: this.options_.baseUrl,
      apiUid: this.options_.apiUid,
      apiKey: this.options_.apiKey,
      timeoutMs: this.options_.timeouts.requestMs,
      logger: this.cradle_.logger,
    })
    return this.carrier_
  }

  /** Checkout quotes, sharing the process-wide and caching-module caches with the provider. */
  quoter(): CheckoutQuoter {
    const cradle = this.cradle_
    this.quoter_ ??= new CheckoutQuoter({
      lookup: this.carrier().lookup,
      options: this.options_,
      logger: cradle.logger,
      get caching() {
        return resolveOptional<ICachingModuleService>(cradle, Modules.CACHING)
      },
    })
    return this.quoter_
  }

  /**
   * Stores a carrier event once and tells which fulfillment it belongs to: the webhook route's hot
   * path. The carrier's event id is unique, so a callback delivered again (the carrier retries, or
   * sends twice) is recognised as a duplicate instead of failing. Callbacks arriving together are
   * written by one statement (one commit); each caller is answered after that commit.
   */
  recordTrackingEvent(event: TrackingEventInput): Promise<RecordedTrackingEvent> {
    return this.trackingEvents_.submit(event)
  }

  @InjectManager()
  protected async insertTrackingEvents(
    events: TrackingEventInput[],
    @MedusaContext() sharedContext: Context = {}
  ): Promise<RecordedTrackingEvent[]> {
    // The same event twice in one burst: the first is written, the others are duplicates.
    const first = new Map<string, number>()
    events.forEach((event, index) => first.has(event.event_id) || first.set(event.event_id, index))
    const unique = [...first.values()].map((index) => events[index])
    const manager = sharedContext.manager as SqlEntityManager
    const rows: { event_id: string; fulfillment_id: string | null; order_id: string | null }[] = await manager.execute(
      `insert into nordic_parcel_tracking_event
         (id, event_id, status, shipment_number, package_number, occurred_at, pushed_at, fulfillment_id, order_id, raw)
       select v.id, v.event_id, v.status, v.shipment_number, v.package_number, v.occurred_at, v.pushed_at,
              shipment.fulfillment_id, shipment.order_id, v.raw
       from (values ${unique.map(() => "(?::text, ?::text, ?::text, ?::text, ?::text, ?::timestamptz, ?::timestamptz, ?::jsonb)").join(", ")})
         as v(id, event_id, status, shipment_number, package_number, occurred_at, pushed_at, raw)
       left join lateral (
         select fulfillment_id, order_id from nordic_parcel_shipment
         where consignment_number = v.shipment_number and deleted_at is null
         order by created_at desc limit 1
       ) as shipment on true
       on conflict (event_id) where deleted_at is null do nothing
       returning event_id, fulfillment_id, order_id`,
      unique.flatMap((event) => [
        generateEntityId(undefined, "npevt"),
        event.event_id,
        event.status,
        event.shipment_number,
        event.package_number ?? null,
        event.occurred_at.toISOString(),
        event.pushed_at?.toISOString() ?? null,
        JSON.stringify(event.raw),
      ])
    )
    const written = new Map(rows.map((row) => [row.event_id, row]))
    return events.map((event, index) => {
      const row = written.get(event.event_id)
      return row && first.get(event.event_id) === index
        ? { duplicate: false as const, fulfillment_id: row.fulfillment_id, order_id: row.order_id }
        : { duplicate: true as const }
    })
  }

  /**
   * Subscribes a booked consignment to the configured tracking events, so the carrier pushes them
   * to this store. A 409 (the same subscription exists) counts as success. Returns false when the
   * store cannot receive callbacks (no public URL or secret, or automatic subscriptions off).
   */
  async subscribeTracking(trackingId: string): Promise<boolean> {
    const request = trackingSubscriptionFor(trackingId, this.options_.webhooks)
    if (!request) {
      return false
    }
    try {
      const subscription = await this.carrier().events.createTrackingSubscription(request)
      await this.createSubscriptions({
        carrier_id: subscription.id,
        kind: "tracking",
        tracking_id: trackingId,
        event_groups: [...request.event_groups],
        expires_at: subscription.expiry ? new Date(subscription.expiry) : null,
        status: "active",
      })
    } catch (error) {
      if (!(error instanceof CarrierError && error.kind === "conflict")) {
        throw error
      }
    }
    return true
  }

  /** Ends the tracking subscriptions of a consignment (a cancelled fulfillment). Already gone counts as done. */
  async unsubscribeTracking(trackingId: string): Promise<void> {
    const active = await this.listSubscriptions({ kind: "tracking", tracking_id: trackingId, status: "active" })
    for (const subscription of active) {
      try {
        await this.carrier().events.deleteTrackingSubscription(subscription.carrier_id)
      } catch (error) {
        if (!(error instanceof CarrierError && error.kind === "not_found")) {
          throw error
        }
      }
      await this.updateSubscriptions({ id: subscription.id, status: "deleted" })
    }
  }

  /** Medusa's caching module when the store has one (several instances then share entries). */
  sharedCache(): ICachingModuleService | undefined {
    return resolveOptional<ICachingModuleService>(this.cradle_, Modules.CACHING)
  }
}

export default NordicParcelModuleService
