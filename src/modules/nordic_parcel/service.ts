import type { ICachingModuleService, IEventBusModuleService } from "@medusajs/framework/types"
import { MedusaService, Modules } from "@medusajs/framework/utils"
import {
  CarrierErrorLog,
  type CarrierClients,
  type CarrierError,
  type CarrierErrorEntry,
  type CarrierLogger,
} from "../../lib/carrier"
import type { TtlCache } from "../../lib/cache/ttl-cache"
import { TRACKING_OUTBOX_DUE_EVENT } from "../../lib/events"
import type { PickupPointListings } from "../../lib/checkout/pickup-point-listings"
import type { CheckoutQuoter } from "../../lib/checkout/quoter"
import { ServicesInUse, type ShippingOptionQuery } from "../../lib/checkout/services-in-use"
import { PROVIDER_ID } from "../../providers/nordic-parcel/provider-id"
import type { NordicParcelOptions } from "../../lib/options"
import { resolveOptional } from "../../lib/resolve-optional"
import type { CarrierNameCache } from "../../lib/service-names/carrier-name-cache"
import type { Place } from "../../lib/service-names/names-lookup-request"
import type { SettingsState } from "../../lib/settings/settings-state"
import { createCarrierAccess, type CarrierAccess } from "./carrier-access"
import { PARSED_OPTIONS } from "./loaders/validate-options"
import { BookingLedger, type LedgerBooking, type RecordBookingInput, type ReserveBookingInput } from "./booking-ledger"
import { BulkBookingStore } from "./bulk-bookings"
import { BulkBooking, BulkBookingOrder } from "./models/bulk-booking"
import { Shipment } from "./models/shipment"
import { StoredSettings } from "./models/stored-settings"
import { Subscription } from "./models/subscription"
import { TrackingEvent } from "./models/tracking-event"
import { SettingsStore } from "./settings-store"
import {
  TrackingEventStore,
  type RecordedTrackingEvent,
  type TrackingEventInput,
  type TrackingEventRecords,
} from "./tracking-events"
import { TrackingSubscriptions, type SubscriptionRecords } from "./tracking-subscriptions"

type ModuleCradle = Record<string, unknown> & {
  logger: CarrierLogger
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
class NordicParcelModuleService extends MedusaService({ Shipment, TrackingEvent, Subscription, StoredSettings, BulkBooking, BulkBookingOrder }) {
  protected readonly options_: NordicParcelOptions
  protected readonly cradle_: ModuleCradle
  private carrierAccess_?: CarrierAccess
  private servicesInUse_?: ServicesInUse
  private readonly settings_: SettingsStore
  private readonly trackingEvents_: TrackingEventStore
  private readonly trackingSubscriptions_: TrackingSubscriptions
  private readonly carrierErrors_ = new CarrierErrorLog()
  private readonly ledger_: BookingLedger
  /** Bulk booking runs and the outcome of each of their orders (bulk-bookings.ts). */
  private readonly bulkBookings_: BulkBookingStore

  constructor(cradle: ModuleCradle, options: unknown) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    this.cradle_ = cradle
    this.options_ = cradle[PARSED_OPTIONS]
    const repository = (this as unknown as { baseRepository_: ConstructorParameters<typeof SettingsStore>[0] }).baseRepository_
    this.settings_ = new SettingsStore(repository, this.options_, cradle.logger)
    this.trackingEvents_ = new TrackingEventStore(repository, this as unknown as TrackingEventRecords)
    this.ledger_ = new BookingLedger(repository)
    this.bulkBookings_ = new BulkBookingStore(repository)
    this.trackingSubscriptions_ = new TrackingSubscriptions({
      events: () => this.carrier().events,
      webhooks: async () => (await this.getEffectiveOptions()).webhooks,
      records: this as unknown as SubscriptionRecords,
    })
  }

  /**
   * At start-up, stored carrier events may be waiting to be applied (the process stopped between
   * storing one and applying it): the event asks a subscriber to apply them now.
   */
  __hooks = {
    onApplicationStart: async (): Promise<void> => {
      const eventBus = resolveOptional<IEventBusModuleService>(this.cradle_, Modules.EVENT_BUS)
      await eventBus
        ?.emit({ name: TRACKING_OUTBOX_DUE_EVENT, data: {} })
        .catch((error: Error) => this.cradle_.logger.warn(`nordic-parcel: start-up outbox run not announced: ${error.message}`))
    },
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

  /** Pickup-point listings by search: the store route, checkout's nearest point, the address subscriber. */
  /** Bulk booking runs and their orders' outcomes; the runner is src/lib/bulk-booking/runner.ts. */
  bulkBookingStore(): BulkBookingStore {
    return this.bulkBookings_
  }

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
    this.servicesInUse_ ??= ServicesInUse.fromQuery(query, PROVIDER_ID, (error) =>
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
  async retireSubscriptions(ids: string[], status: "ended" | "expired" | "deleted"): Promise<void> {
    if (ids.length === 0) return
    await this.updateSubscriptions(ids.map((id) => ({ id, status, next_attempt_at: null })))
  }

  /** Ends the tracking subscriptions of a consignment (a cancelled fulfillment). */
  unsubscribeTracking(trackingId: string): Promise<void> {
    return this.trackingSubscriptions_.unsubscribe(trackingId)
  }
}

export default NordicParcelModuleService
