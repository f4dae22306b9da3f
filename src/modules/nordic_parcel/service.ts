import { orderAccessKey, signOrderAccessToken, verifyOrderAccessToken } from "../../lib/shopper/order-access-token"
import type { DAL, ICachingModuleService, IEventBusModuleService } from "@medusajs/framework/types"
import type { RetiredSubscriptionStatus } from "../../lib/statuses"
import { MedusaService, Modules } from "@medusajs/framework/utils"
import {
  CarrierErrorLog,
  type CarrierClients,
  type CarrierError,
  type CarrierErrorEntry,
  type CarrierLogger,
} from "../../lib/carrier"
import type { TtlCache } from "../../lib/cache/ttl-cache"
import { BOOKINGS_CHECK_DUE_EVENT, TRACKING_OUTBOX_DUE_EVENT } from "../../lib/events"
import { storableText } from "../../lib/tracking/storable-json"
import type { PickupPointListings } from "../../lib/checkout/pickup-point-listings"
import type { CheckoutQuoter } from "../../lib/checkout/quoter"
import { ServicesInUse, type ShippingOptionQuery } from "../../lib/checkout/services-in-use"
import { isNordicParcelProviderId } from "../../providers/nordic-parcel/provider-id"
import type { NordicParcelOptions } from "../../lib/options"
import { resolveOptional } from "../../lib/resolve-optional"
import type { CarrierNameCache } from "../../lib/service-names/carrier-name-cache"
import type { Place } from "../../lib/service-names/names-lookup-request"
import { senderPlace, type StockLocationQuery } from "../../lib/service-names/sender-place"
import { serviceLabels, type ServiceLabel } from "../../lib/service-names/service-label"
import type { SettingsState } from "../../lib/settings/settings-state"
import type { ResubscriptionOutcome } from "../../lib/status/status-view"
import { createCarrierAccess, type CarrierAccess } from "./carrier-access"
import { PARSED_OPTIONS } from "./loaders/validate-options"
import {
  BookingLedger,
  type LedgerBooking,
  type RecordBookingInput,
  type ReserveBookingInput,
  type UnconfirmedBooking,
} from "./booking-ledger"
import { BulkBookingStore } from "./bulk-bookings"
import { downloadLabel, type DownloadedLabel } from "./label-download"
import { checkInterruptedBookings, type FulfillmentQuery, type InterruptedBookingsOutcome } from "./interrupted-bookings"
import { BulkBooking, BulkBookingOrder } from "./models/bulk-booking"
import { Shipment } from "./models/shipment"
import { StoredSettings } from "./models/stored-settings"
import { Subscription } from "./models/subscription"
import { TrackingDeadLetter } from "./models/tracking-dead-letter"
import { TrackingEvent } from "./models/tracking-event"
import { WebhookState } from "./models/webhook-state"
import { SettingsStore } from "./settings-store"
import { SubscriptionRotation } from "./subscription-rotation"
import {
  TrackingEventStore,
  type RecordedTrackingEvent,
  type TrackingEventInput,
  type TrackingEventRecords,
} from "./tracking-events"
import { TrackingSubscriptions, type SubscriptionRecords } from "./tracking-subscriptions"
import { WebhookStateStore, type RefusedCallbacks } from "./webhook-state"

type ModuleCradle = Record<string, unknown> & {
  logger: CarrierLogger
  /** The module's repository Medusa registers for every module (transactions, raw SQL). */
  baseRepository: DAL.RepositoryService
  [PARSED_OPTIONS]: NordicParcelOptions
}

/**
 * The plugin's data module and the owner of everything the plugin shares in a process. Medusa
 * passes plugin options to neither routes, subscribers nor jobs, so they reach the options and the
 * carrier through this module; the provider reaches it through `pluginModule`
 * (providers/nordic-parcel/plugin-module.ts). Each concern lives in its own file and is composed
 * here: settings (settings-store.ts), carrier access (carrier-access.ts), tracking events
 * (tracking-events.ts), tracking subscriptions (tracking-subscriptions.ts), the carrier error log
 * (lib/carrier/error-log.ts), the booking ledger (booking-ledger.ts: which booking each
 * fulfillment holds; the Shipment model's generated methods serve reads and tracking updates).
 */
class NordicParcelModuleService extends MedusaService({ Shipment, TrackingEvent, TrackingDeadLetter, Subscription, StoredSettings, BulkBooking, BulkBookingOrder, WebhookState }) {
  protected readonly options_: NordicParcelOptions
  protected readonly cradle_: ModuleCradle
  private carrierAccess_?: CarrierAccess
  private servicesInUse_?: ServicesInUse
  private readonly settings_: SettingsStore
  private readonly trackingEvents_: TrackingEventStore
  private readonly trackingSubscriptions_: TrackingSubscriptions
  private readonly carrierErrors_ = new CarrierErrorLog()
  /** Callbacks refused for their secret header and the last resubscription, all instances (webhook-state.ts). */
  private readonly webhookState_: WebhookStateStore
  private readonly ledger_: BookingLedger
  /** Subscriptions made again after the webhook secret or public URL changed (subscription-rotation.ts). */
  private readonly rotation_: SubscriptionRotation
  /** Bulk booking runs and the outcome of each of their orders (bulk-bookings.ts). */
  private readonly bulkBookings_: BulkBookingStore

  constructor(cradle: ModuleCradle, options: unknown) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    this.cradle_ = cradle
    this.options_ = cradle[PARSED_OPTIONS]
    const repository = cradle.baseRepository
    this.settings_ = new SettingsStore(repository, this.options_, cradle.logger)
    this.trackingEvents_ = new TrackingEventStore(repository, this as unknown as TrackingEventRecords)
    this.ledger_ = new BookingLedger(repository)
    this.bulkBookings_ = new BulkBookingStore(repository)
    this.webhookState_ = new WebhookStateStore(repository, cradle.logger)
    this.rotation_ = new SubscriptionRotation(repository, {
      events: () => this.carrier().events,
      webhooks: async () => (await this.getEffectiveOptions()).webhooks,
      logger: cradle.logger,
    })
    this.trackingSubscriptions_ = new TrackingSubscriptions({
      events: () => this.carrier().events,
      webhooks: async () => (await this.getEffectiveOptions()).webhooks,
      records: this as unknown as SubscriptionRecords,
    })
  }

  /**
   * At start-up, stored carrier events may be waiting to be applied (the process stopped between
   * storing one and applying it), and bookings may have been interrupted: the events ask
   * subscribers to deal with them now. Subscriptions made with an old webhook secret or URL are
   * made again, in the background so the store starts at once.
   */
  __hooks = {
    onApplicationStart: async (): Promise<void> => {
      const eventBus = resolveOptional<IEventBusModuleService>(this.cradle_, Modules.EVENT_BUS)
      await eventBus
        ?.emit([
          { name: TRACKING_OUTBOX_DUE_EVENT, data: {} },
          { name: BOOKINGS_CHECK_DUE_EVENT, data: {} },
        ])
        .catch((error: Error) => this.cradle_.logger.warn(`nordic-parcel: start-up checks not announced: ${error.message}`))
      void this.resubscribeStale().catch((error: Error) =>
        this.cradle_.logger.warn(`nordic-parcel: subscriptions with an old webhook secret or URL not checked (the daily job tries again): ${error.message}`)
      )
    },
  }

  /**
   * Makes again every active subscription made with another webhook secret or public URL than the
   * current ones (start-up and the daily renewal job; carrier notes 43).
   */
  async resubscribeStale(): Promise<ResubscriptionOutcome> {
    const outcome = await this.rotation_.run()
    await this.webhookState_.recordResubscription(outcome)
    return outcome
  }

  /**
   * What the last resubscription run that found something did, whichever instance ran it, kept
   * across restarts (status page); this instance's own last run if the database cannot be read.
   */
  async lastResubscription(): Promise<ResubscriptionOutcome | null> {
    return this.webhookState_.lastResubscription().catch(() => this.rotation_.lastOutcome())
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
    return this.settings_.effective()
  }

  /**
   * A token that opens one order's shipments and return documents to a guest until it expires
   * (lib/shopper/order-access-token.ts): given by the store's access route to whoever proves the
   * order's e-mail, and for the merchant's own order e-mails (a link to the order page with it).
   * The signing key never leaves the module.
   */
  createOrderAccessToken(orderId: string, now = new Date()): { access_token: string; expires_at: string } {
    const expiresAt = new Date(now.getTime() + this.options_.orderAccess.tokenTtlHours * 3600 * 1000)
    return { access_token: signOrderAccessToken(this.orderAccessKey(), orderId, expiresAt), expires_at: expiresAt.toISOString() }
  }

  /** Whether an access token opens the order now (signed by this store, for this order, not expired). */
  verifyOrderAccessToken(token: string, orderId: string, now = new Date()): boolean {
    return verifyOrderAccessToken(this.orderAccessKey(), token, orderId, now).valid
  }

  private orderAccessKey_?: Buffer
  private orderAccessKey(): Buffer {
    return (this.orderAccessKey_ ??= orderAccessKey(this.options_.orderAccess.secret, this.options_.apiKey))
  }

  /** The stored settings and the options they produce, read from the database now (admin). */
  async getSettings(): Promise<SettingsState> {
    return this.settings_.current()
  }

  /**
   * Applies a change from the admin (partial; null drops a setting) and returns the new state. The
   * change is validated like the options (an INVALID_DATA error naming the field), merged into
   * the stored settings under a row lock, so two admins saving at once both keep their change, and
   * applies to this instance's next quote or booking at once.
   */
  async updateSettings(patch: unknown, actorId: string | null = null): Promise<SettingsState> {
    return this.settings_.update(patch, actorId)
  }

  /** A carrier failure met anywhere in the plugin. */
  recordCarrierError(error: CarrierError): void {
    this.carrierErrors_.record(error)
  }

  /** A callback was refused for its secret header (a changed secret, or not the carrier). */
  noteRefusedCallback(): void {
    this.webhookState_.noteRefused()
  }

  /** How many callbacks every instance refused for their secret, and the last time (kept across restarts). */
  refusedCallbacks(): Promise<RefusedCallbacks> {
    return this.webhookState_.refused()
  }

  /** The latest carrier failures of this instance, newest first (status page). */
  listCarrierErrors(): CarrierErrorEntry[] {
    return this.carrierErrors_.list()
  }

  /** The process's carrier clients, quoter and listing caches, built on first use. */
  private access(): CarrierAccess {
    this.carrierAccess_ ??= createCarrierAccess({
      options: this.options_,
      cradle: this.cradle_,
      logger: this.cradle_.logger,
      onError: (error) => this.recordCarrierError(error),
    })
    return this.carrierAccess_
  }

  /** The carrier clients (one keep-alive pool per process). */
  carrier(): CarrierClients {
    return this.access().clients
  }

  /** A label from the carrier's label storage, checked to be one the admin may serve (label-download.ts). */
  downloadLabel(url: string): Promise<DownloadedLabel> {
    return downloadLabel(this.carrier().booking, this.options_, url)
  }

  /**
   * Checkout quotes, shared by the provider and the store routes. The quoter reads only connection
   * options (address, time-outs, caches); what is priced comes with each QuoteInput.
   */
  quoter(): CheckoutQuoter {
    return this.access().quoter
  }

  /** The carrier's names of services this instance has learned (from quotes and name lookups). */
  carrierServiceNames(): CarrierNameCache {
    return this.access().names
  }

  /**
   * Asks the carrier for the names of those codes it has not named lately, with one lookup from
   * the sender's postal code to itself. Never throws: without an answer the catalogue's names stay.
   */
  learnServiceNames(codes: Iterable<string>, from: () => Promise<Place | null>): Promise<void> {
    return this.access().learnNames(codes, from)
  }

  /**
   * Each code's label: the merchant's name (from `options`, by default those in force), else the
   * carrier's display name, else the plugin's, with the carrier's description. Names the carrier
   * has not given lately are asked for once first; never throws. `query` is the caller's (this
   * module's container cannot resolve it): it finds the sender's postal code for that lookup.
   */
  async serviceLabels(
    codes: Iterable<string>,
    query: StockLocationQuery | undefined,
    options?: NordicParcelOptions
  ): Promise<Record<string, ServiceLabel>> {
    const list = [...codes]
    await this.learnServiceNames(list, () => senderPlace(query))
    const merchant = options ?? (await this.getEffectiveOptions())
    const names = this.carrierServiceNames()
    return serviceLabels(list, merchant.services, (code) => names.get(code))
  }

  /** Bulk booking runs and their orders' outcomes; the runner is src/workers/bulk-booking-worker.ts. */
  bulkBookingStore(): BulkBookingStore {
    return this.bulkBookings_
  }

  /** Pickup-point listings by search: the store route, checkout's nearest point, the address subscriber. */
  pickupPointListings(): PickupPointListings {
    return this.access().pickupPointListings
  }

  /** Bookings of the same request (booking key) that a new fulfillment may take over or that block it. */
  listBookingCandidates(bookingKey: string): Promise<LedgerBooking[]> {
    return this.ledger_.candidates(bookingKey)
  }

  /** Hands a booking whose fulfillment is gone to a new fulfillment; null if another attempt took it first. */
  takeOverBooking(bookingId: string, fromFulfillmentId: string, toFulfillmentId: string): Promise<LedgerBooking | null> {
    return this.ledger_.takeOver(bookingId, fromFulfillmentId, toFulfillmentId)
  }

  /** Records an attempt before the carrier is called; one live booking per fulfillment. */
  reserveBooking(input: ReserveBookingInput): Promise<LedgerBooking> {
    return this.ledger_.reserve(input)
  }

  /**
   * Attempts a stopped process left behind become unconfirmed (shown to the merchant, no longer
   * holding the order's units) or, booked but held by no fulfilment of the order, unused
   * (interrupted-bookings.ts). `query` comes from the caller: this module cannot resolve it.
   */
  async checkInterruptedBookings(query: FulfillmentQuery): Promise<InterruptedBookingsOutcome> {
    return checkInterruptedBookings(this.ledger_, query, this.options_.timeouts.requestMs, this.cradle_.logger)
  }

  /** Attempts the carrier never confirmed, newest first, and how many there are (of these orders, or all). */
  listUnconfirmedBookings(filter: { orderIds?: string[]; limit?: number } = {}): Promise<{ bookings: UnconfirmedBooking[]; count: number }> {
    return this.ledger_.unconfirmed({ orderIds: filter.orderIds, limit: filter.limit ?? 50 })
  }

  /** Records the carrier's confirmation of a reserved attempt. */
  recordBooking(bookingId: string, booked: RecordBookingInput): Promise<void> {
    return this.ledger_.record(bookingId, booked)
  }

  /** Ends an attempt the carrier did not confirm (kept when it may have been booked). */
  abandonBooking(bookingId: string, outcome: { maybeBooked: boolean; message: string }): Promise<void> {
    return this.ledger_.abandon(bookingId, outcome)
  }

  /**
   * Medusa cancelled or rolled back a fulfillment: the booking it holds becomes unused (for the
   * next identical attempt) and its tracking subscription ends. Bookings of other fulfillments,
   * even of the same consignment number, are not touched.
   */
  async releaseBooking(fulfillmentId: string, consignmentNumber: string): Promise<LedgerBooking[]> {
    const released = await this.ledger_.release(fulfillmentId, consignmentNumber)
    if (released.length) {
      await this.unsubscribeTracking(consignmentNumber)
    }
    return released
  }

  /**
   * The carrier services the store's shipping options use (refreshed every few seconds), so that
   * a customer-list service is quoted together with the configured ones. `query` comes from the
   * caller: this module's own container cannot resolve it.
   */
  servicesInUse(query: ShippingOptionQuery): ServicesInUse {
    this.servicesInUse_ ??= ServicesInUse.fromQuery(query, isNordicParcelProviderId, (error) =>
      this.cradle_.logger.warn(`nordic-parcel: shipping options could not be read: ${(error as Error).message}`)
    )
    return this.servicesInUse_
  }

  /** Medusa's caching module when the store has one (several instances then share entries). */
  sharedCache(): ICachingModuleService | undefined {
    return this.access().sharedCache()
  }

  /**
   * Stores a carrier event once and tells which fulfillment it belongs to, and whether it was
   * applied: the webhook route's hot path. A callback delivered again is recognised as a duplicate
   * instead of failing; a row the database refuses fails only its own caller.
   */
  recordTrackingEvent(event: TrackingEventInput): Promise<RecordedTrackingEvent> {
    return this.trackingEvents_.record(event)
  }

  /**
   * Keeps an authenticated callback that could not be understood, with the reason (carrier notes
   * 38). The body is kept as its JSON text, cut at 16 kB (the route's body limit).
   */
  async recordTrackingDeadLetter(body: unknown, reason: string): Promise<{ id: string }> {
    return this.trackingEvents_.recordDeadLetter(
      storableText(reason, 2000),
      storableText(JSON.stringify(body) ?? String(body), 16 * 1024)
    )
  }

  /** Marks a stored event applied (idempotent). */
  markTrackingEventApplied(eventId: string): Promise<void> {
    return this.trackingEvents_.markApplied(eventId)
  }

  /** Records why applying a stored event failed, and when the job tries again. */
  noteTrackingEventFailure(eventId: string, message: string, now?: Date): Promise<void> {
    return this.trackingEvents_.noteFailure(eventId, message, now)
  }

  /** Stored events not applied whose turn has come (see TrackingEventStore.listDue). */
  listTrackingEventsDue(now: Date, options?: { graceMs?: number; limit?: number }) {
    // The store reads through this module's generated methods: the rows are whole.
    return this.trackingEvents_.listDue(now, options) as unknown as ReturnType<NordicParcelModuleService["listTrackingEvents"]>
  }

  /**
   * Empties the raw callback body of the events applied before `before` (the merchant's
   * payloadRetentionDays), in batches; the events stay. Returns how many were emptied.
   */
  pruneTrackingPayloads(before: Date, options?: { batchSize?: number }): Promise<number> {
    return this.trackingEvents_.prunePayloads(before, options)
  }

  /**
   * Deletes the dead letters received before `before` (the same retention as raw callbacks), in
   * batches. Returns how many were deleted.
   */
  pruneTrackingDeadLetters(before: Date, options?: { batchSize?: number }): Promise<number> {
    return this.trackingEvents_.pruneDeadLetters(before, options)
  }

  /** Stored events not applied yet, oldest first, with their attempts and last error (admin). */
  listAndCountUnappliedTrackingEvents({ limit = 50, offset = 0 } = {}) {
    return this.listAndCountTrackingEvents({ applied_at: null } as never, { take: limit, skip: offset, order: { created_at: "ASC" } })
  }

  /** Records that subscribing a booked consignment failed; the retry job tries again with back-off. */
  noteTrackingSubscriptionFailure(trackingId: string, message: string, now?: Date): Promise<void> {
    return this.trackingSubscriptions_.noteFailure(trackingId, message, now)
  }

  /** Pending tracking subscriptions whose next attempt is due. */
  listTrackingSubscriptionsDue(now: Date, options?: { limit?: number }) {
    return this.trackingSubscriptions_.listDue(now, options) as unknown as ReturnType<NordicParcelModuleService["listSubscriptions"]>
  }

  /**
   * Marks subscription records finished, so that no job retries or renews them again: "ended" (the
   * carrier no longer has it, or the store no longer wants it), "expired" (past its expiry), or
   * "deleted" (gone at the carrier).
   */
  async retireSubscriptions(ids: string[], status: RetiredSubscriptionStatus): Promise<void> {
    if (ids.length === 0) return
    await this.updateSubscriptions(ids.map((id) => ({ id, status, next_attempt_at: null })))
  }

  /** Ends the tracking subscriptions of a consignment (a cancelled fulfillment). */
  unsubscribeTracking(trackingId: string): Promise<void> {
    return this.trackingSubscriptions_.unsubscribe(trackingId)
  }
}

export default NordicParcelModuleService
