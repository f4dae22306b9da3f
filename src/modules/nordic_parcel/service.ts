import type { ICachingModuleService } from "@medusajs/framework/types"
import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"
import type { Context } from "@medusajs/framework/types"
import {
  generateEntityId,
  InjectManager,
  InjectTransactionManager,
  MedusaContext,
  MedusaService,
  Modules,
} from "@medusajs/framework/utils"
import { resolveOptional } from "../../lib/resolve-optional"
import {
  CarrierError,
  CarrierErrorLog,
  createCarrierClients,
  type CarrierClients,
  type CarrierErrorEntry,
} from "../../lib/carrier"
import { MicroBatcher } from "../../lib/batch/micro-batcher"
import { CheckoutQuoter } from "../../lib/checkout/quoter"
import { parseOptions, type NordicParcelOptions } from "../../lib/options"
import { effectiveOptions } from "../../lib/settings/apply-settings"
import { RefreshingValue } from "../../lib/settings/refreshing-value"
import { applySettingsPatch } from "../../lib/settings/settings-patch"
import { MerchantSettingsSchema, parseSettingsPatch, type MerchantSettingsPatch } from "../../lib/settings/settings-schema"
import { settingsStateOf, type SettingsRecord, type SettingsState } from "../../lib/settings/settings-state"
import { trackingSubscriptionFor } from "../../lib/tracking/subscription-request"
import { Shipment } from "./models/shipment"
import { StoredSettings } from "./models/stored-settings"
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

/** Settings are store-wide: one row, under a fixed id. */
const SETTINGS_ID = "npset_store"

/**
 * How old the settings an instance serves may get before it reads them again, i.e. how long an
 * instance that did not make a change takes to apply it. One indexed single-row read per instance
 * per period: nothing next to a checkout.
 */
const SETTINGS_MAX_AGE_MS = 5_000

/**
 * The plugin's data module. Besides its tables it holds the validated plugin options, the
 * merchant's settings over them, and the carrier clients: Medusa passes plugin options to neither
 * routes, subscribers nor jobs, so they reach the carrier through this module.
 */
class NordicParcelModuleService extends MedusaService({ Shipment, TrackingEvent, Subscription, StoredSettings }) {
  protected readonly options_: NordicParcelOptions
  protected readonly cradle_: ModuleCradle
  private carrier_?: CarrierClients
  private quoter_?: CheckoutQuoter
  private readonly trackingEvents_ = new MicroBatcher<TrackingEventInput, RecordedTrackingEvent>((events) =>
    this.insertTrackingEvents(events)
  )
  private readonly settings_: RefreshingValue<SettingsState>
  private readonly carrierErrors_ = new CarrierErrorLog()
  private reportedProblem_: string | null = null

  constructor(cradle: ModuleCradle, options: unknown) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    this.cradle_ = cradle
    this.options_ = parseOptions(options)
    this.settings_ = new RefreshingValue({
      load: () => this.loadSettings(),
      maxAgeMs: SETTINGS_MAX_AGE_MS,
      // Checkout must price even when the settings table cannot be read (e.g. migrations not run).
      fallback: (error) => ({
        ...settingsStateOf(this.options_, undefined),
        problem: `settings could not be read: ${(error as Error).message}`,
      }),
      onError: (error) =>
        this.cradle_.logger.warn(`nordic-parcel: settings could not be read, the last known apply: ${(error as Error).message}`),
    })
  }

  /** The plugin options as configured in medusa-config: the defaults of the merchant's settings. */
  getOptions(): NordicParcelOptions {
    return this.options_
  }

  /**
   * The options in force: the plugin options with the merchant's settings over them. Read on
   * every price calculation, so it comes from memory (refreshed from the database every few
   * seconds, at once after a change made on this instance). Never throws: if the settings
   * cannot be read at all, the configured options apply.
   */
  async getEffectiveOptions(): Promise<NordicParcelOptions> {
    return (await this.settings_.get()).effective
  }

  /** The stored settings and the options they produce, read from the database now (admin). */
  async getSettings(): Promise<SettingsState> {
    return this.settings_.refresh()
  }

  /**
   * Applies a change from the admin (partial; null drops a setting) and returns the new state. The
   * change is validated like the options (an INVALID_DATA error naming the field), merged into
   * the stored settings under a row lock, so two admins saving at once both keep their change, and
   * applies to this instance's next quote or booking at once.
   */
  async updateSettings(patch: unknown, actorId: string | null = null): Promise<SettingsState> {
    const change = parseSettingsPatch(patch)
    const state = await this.writeSettings(change, actorId)
    this.settings_.set(state)
    return state
  }

  @InjectManager()
  protected async loadSettings(@MedusaContext() sharedContext: Context = {}): Promise<SettingsState> {
    const [row] = await this.listStoredSettings({ id: SETTINGS_ID }, { take: 1 }, sharedContext)
    const state = settingsStateOf(this.options_, row as SettingsRecord | undefined)
    // Once per problem, not on every refresh.
    if (state.problem && state.problem !== this.reportedProblem_) {
      this.cradle_.logger.error(`nordic-parcel: ${state.problem}; the plugin options apply until the settings are saved again`)
    }
    this.reportedProblem_ = state.problem
    return state
  }

  @InjectTransactionManager()
  protected async writeSettings(
    change: MerchantSettingsPatch,
    actorId: string | null,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<SettingsState> {
    const manager = sharedContext.transactionManager as SqlEntityManager
    await manager.execute(
      `insert into nordic_parcel_settings (id, "values", version) values (?, '{}'::jsonb, 0) on conflict (id) do nothing`,
      [SETTINGS_ID]
    )
    const [locked]: { values: unknown }[] = await manager.execute(
      `select "values" from nordic_parcel_settings where id = ? for update`,
      [SETTINGS_ID]
    )
    // Stored settings a newer plugin refuses are replaced rather than kept failing every change.
    const stored = MerchantSettingsSchema.safeParse(locked?.values ?? {})
    const next = applySettingsPatch(stored.success ? stored.data : {}, change)
    // Each value passed its own rule; this checks the combination with the options.
    effectiveOptions(this.options_, next)
    const [row]: SettingsRecord[] = await manager.execute(
      `update nordic_parcel_settings
         set "values" = ?::jsonb, version = version + 1, updated_by = ?, updated_at = now(), deleted_at = null
       where id = ?
       returning "values", version, updated_at, updated_by`,
      [JSON.stringify(next), actorId, SETTINGS_ID]
    )
    return settingsStateOf(this.options_, row)
  }

  /** A carrier failure met anywhere in the plugin (the provider reports its own here too). */
  recordCarrierError(error: CarrierError): void {
    this.carrierErrors_.record(error)
  }

  /** The latest carrier failures of this instance, newest first (status page). */
  listCarrierErrors(): CarrierErrorEntry[] {
    return this.carrierErrors_.list()
  }

  /** The carrier clients, built on first use (one keep-alive pool per process). */
  carrier(): CarrierClients {
    this.carrier_ ??= createCarrierClients({
      baseUrl: this.options_.baseUrl,
      apiUid: this.options_.apiUid,
      apiKey: this.options_.apiKey,
      timeoutMs: this.options_.timeouts.requestMs,
      logger: this.cradle_.logger,
      onError: (error) => this.recordCarrierError(error),
    })
    return this.carrier_
  }

  /**
   * Checkout quotes, sharing the process-wide and caching-module caches with the provider. The
   * quoter reads only connection options (address, time-outs, caches); what is priced comes with
   * each QuoteInput, built from the effective options.
   */
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
    const request = trackingSubscriptionFor(trackingId, (await this.getEffectiveOptions()).webhooks)
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
