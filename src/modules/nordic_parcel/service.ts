/*
 * The plugin's module service: one store per concern (settings-store.ts, booking-ledger.ts,
 * tracking-events.ts, tracking-subscriptions.ts, bulk-bookings.ts, webhook-state.ts,
 * subscription-rotation.ts, interrupted-bookings.ts, label-download.ts) composed here and exposed as
 * module methods, except the bulk runs' store, which `bulkBookingStore()` hands to the bulk routes,
 * job and worker. The stores share transaction-manager.ts for the transaction's entity manager. Its
 * tables are the models in models/, each declared with define-table.ts.
 */
import { orderAccessKey, signOrderAccessToken, verifyOrderAccessToken, type OrderAccessTarget } from "../../lib/shopper/order-access-token"
import { guestAccessPolicy, guestAccessUnavailable, type GuestAccessPolicy } from "../../lib/shopper/order-access"
import type { DAL, ICachingModuleService, IEventBusModuleService } from "@medusajs/framework/types"
import type { RetiredSubscriptionStatus } from "../../lib/statuses"
import { MedusaError, MedusaService, Modules } from "@medusajs/framework/utils"
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
import { followedNumbers } from "../../lib/tracking/followed-consignments"
import { trackingSubscriptionFor } from "../../lib/tracking/subscription-request"
import type { PickupPointListings } from "../../lib/checkout/pickup-point-listings"
import type { CheckoutQuoter } from "../../lib/checkout/quoter"
import { ServicesInUse } from "../../lib/checkout/services-in-use"
import { isNordicParcelProviderId } from "../../lib/provider-id"
import { locationCustomerNumber, type NordicParcelOptions } from "../../lib/options"
import type { MedusaAddress } from "../../lib/booking/booking-input"
import { settledAfterStartMs } from "../../lib/booking/interrupted-booking"
import { carrierMayHaveActed } from "../../lib/carrier"
import { pickupConfirmationRecord } from "../../lib/pickup-order/pickup-confirmation"
import { carrierToday, suggestedPickupDate } from "../../lib/pickup-order/pickup-date"
import type { PickupOrderDraft, PickupOrderView } from "../../lib/pickup-order/pickup-order-view"
import { pickupOrderRequest, type PickupProblem } from "../../lib/pickup-order/pickup-request"
import type { PickupOrderRequest } from "../../lib/carrier"
import { resolveOptional } from "../../lib/resolve-optional"
import type { CarrierNameCache } from "../../lib/service-names/carrier-name-cache"
import type { Place } from "../../lib/service-names/names-lookup-request"
import { serviceLabels, type ServiceLabel } from "../../lib/service-names/service-label"
import type { SettingsState } from "../../lib/settings/settings-state"
import type { ResubscriptionOutcome } from "../../lib/status-page/status-view"
import { PricingProblemLog, type PricingProblemEntry } from "../../lib/status-page/pricing-problems"
import { CallbackIntakeBound, type CallbackKind, type DroppedCallbacks } from "../../lib/tracking/intake-bound"
import type { TakeResult } from "../../lib/rate-limit/token-buckets"
import { ForwardedForNotice, SHARED_BUCKET_FIX, SHARED_BUCKET_MESSAGE, type ForwardedForView } from "../../lib/rate-limit/forwarded-for-notice"
import { createCarrierAccess, type CarrierAccess } from "./carrier-access"
import { PARSED_OPTIONS } from "./loaders/validate-options"
import {
  BookingLedger,
  type DeliveryDateChangeInput,
  type LedgerBooking,
  type PickupPointChangeInput,
  type PickupPointChangeOutcome,
  type RecordBookingInput,
  type ReserveBookingInput,
  type UnconfirmedBooking,
} from "./booking-ledger"
import { BulkBookingStore } from "./bulk-bookings"
import { PickupOrderStore } from "./pickup-orders"
import { ReturnOptions, type ReturnOptionsPorts } from "./return-options"
import { carrierShippingOptionData, senderPlace, type StoreQuery } from "./store-reads"
import { downloadLabel, type DownloadedLabel } from "./label-download"
import type { DocumentKind } from "../../lib/labels/label-format"
import { checkInterruptedBookings, type FulfillmentQuery, type InterruptedBookingsOutcome } from "./interrupted-bookings"
import { BulkBooking, BulkBookingOrder } from "./models/bulk-booking"
import { PickupPointChange } from "./models/pickup-point-change"
import { ProcessHeartbeats, STOPPED_AFTER_MS } from "./process-heartbeats"
import { ProcessHeartbeat } from "./models/process-heartbeat"
import { Shipment } from "./models/shipment"
import { StoredSettings } from "./models/stored-settings"
import { Subscription } from "./models/subscription"
import { TrackingDeadLetter } from "./models/tracking-dead-letter"
import { TrackingEvent } from "./models/tracking-event"
import { PickupOrder } from "./models/pickup-order"
import { WebhookState } from "./models/webhook-state"
import { SettingsStore } from "./settings-store"
import { SubscriptionRotation } from "./subscription-rotation"
import {
  TrackingEventStore,
  type RecordedTrackingEvent,
  type TrackingEventInput,
  type TrackingEventRecords,
} from "./tracking-events"
import { FIRST_SUBSCRIPTION_GRACE_MS, TrackingSubscriptions, type SubscriptionRecords } from "./tracking-subscriptions"
import { WebhookStateStore, type RefusedCallbacks } from "./webhook-state"

/** A stock location as Medusa holds it; the plugin's sender settings for it come from the options. */
export type PickupLocation = { id: string; name: string; address: MedusaAddress | null }

export type OrderPickupInput = {
  location: PickupLocation
  pickup_date: string
  ready_at?: string | null
  message?: string | null
  /** Default: the packages booked from the location for that date and not yet handed in. */
  number_of_packages?: number
  number_of_pallets?: number
  order_another?: boolean
  ordered_by?: string | null
}

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
class NordicParcelModuleService extends MedusaService({
  Shipment,
  TrackingEvent,
  TrackingDeadLetter,
  Subscription,
  StoredSettings,
  BulkBooking,
  BulkBookingOrder,
  WebhookState,
  PickupPointChange,
  ProcessHeartbeat,
  PickupOrder,
}) {
  protected readonly options_: NordicParcelOptions
  protected readonly cradle_: ModuleCradle
  private carrierAccess_?: CarrierAccess
  private servicesInUse_?: ServicesInUse
  private readonly settings_: SettingsStore
  private readonly trackingEvents_: TrackingEventStore
  private readonly trackingSubscriptions_: TrackingSubscriptions
  private readonly carrierErrors_ = new CarrierErrorLog()
  /** Carrier prices that gave no usable amount (lib/status-page/pricing-problems.ts). */
  private readonly pricingProblems_ = new PricingProblemLog()
  /** Store requests with X-Forwarded-For while no proxy is trusted (lib/rate-limit/forwarded-for-notice.ts). */
  private readonly forwardedFor_ = new ForwardedForNotice()
  /** Callbacks stored per minute on this instance, and those turned away (lib/tracking/intake-bound.ts). */
  private readonly intake_ = new CallbackIntakeBound()
  /** Callbacks refused for their secret header and the last resubscription, all instances (webhook-state.ts). */
  private readonly webhookState_: WebhookStateStore
  private readonly ledger_: BookingLedger
  /** This process's heartbeat, and which booking processes have stopped (process-heartbeats.ts). */
  private readonly heartbeats_: ProcessHeartbeats
  /** Subscriptions made again after the webhook secret or public URL changed (subscription-rotation.ts). */
  private readonly rotation_: SubscriptionRotation
  /** Bulk booking runs and the outcome of each of their orders (bulk-bookings.ts). */
  private readonly bulkBookings_: BulkBookingStore
  /** Pickups ordered from the carrier, one per location and date unless the merchant orders another (pickup-orders.ts). */
  private readonly pickupOrders_: PickupOrderStore

  constructor(cradle: ModuleCradle, options: unknown) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    this.cradle_ = cradle
    this.options_ = cradle[PARSED_OPTIONS]
    const repository = cradle.baseRepository
    this.settings_ = new SettingsStore(repository, this.options_, cradle.logger)
    this.trackingEvents_ = new TrackingEventStore(repository, this as unknown as TrackingEventRecords)
    this.ledger_ = new BookingLedger(repository)
    this.heartbeats_ = new ProcessHeartbeats(repository, cradle.logger)
    this.bulkBookings_ = new BulkBookingStore(repository)
    // A reservation older than two time budgets and a margin has no process waiting for it any more.
    this.pickupOrders_ = new PickupOrderStore(repository, 2 * this.options_.timeouts.requestMs + 30_000)
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
      void this.heartbeats_.start().catch((error: Error) =>
        this.cradle_.logger.warn(`nordic-parcel: this process's heartbeat was not written (${error.message}); it is written again before its first booking`)
      )
    },
    onApplicationShutdown: async (): Promise<void> => {
      await this.heartbeats_.stop()
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
   * (lib/shopper/order-access-token.ts), bound to the order and its e-mail: given by the store's
   * access route to whoever proves the order's e-mail, and for the merchant's own order e-mails
   * (a link to the order page with it). The signing key never leaves the module. Throws (403)
   * while `orderAccess.secret` is not set: the status page names the fix.
   */
  createOrderAccessToken(order: { id: string; email: string }, now = new Date()): { access_token: string; expires_at: string } {
    const key = this.orderAccessKey()
    if (!key) throw guestAccessUnavailable()
    const expiresAt = new Date(now.getTime() + this.options_.orderAccess.tokenTtlHours * 3600 * 1000)
    return { access_token: signOrderAccessToken(key, order, expiresAt), expires_at: expiresAt.toISOString() }
  }

  /**
   * Whether an access token opens the order now: signed by this store, for this order and its
   * current e-mail, not expired, its expiry within the configured lifetime. False without a secret.
   */
  verifyOrderAccessToken(token: string, order: OrderAccessTarget, now = new Date()): boolean {
    const key = this.orderAccessKey()
    if (!key) return false
    return verifyOrderAccessToken(key, token, order, now, this.options_.orderAccess.tokenTtlHours * 3600).valid
  }

  /** What a guest may prove an order with (lib/shopper/order-access.ts), from the options. */
  guestAccessPolicy(): GuestAccessPolicy {
    return guestAccessPolicy(this.options_.orderAccess)
  }

  private orderAccessKey_?: Buffer | null
  private orderAccessKey(): Buffer | null {
    if (this.orderAccessKey_ === undefined) this.orderAccessKey_ = orderAccessKey(this.options_.orderAccess.secret)
    return this.orderAccessKey_
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

  /**
   * A carrier price gave no amount Medusa may take (not a finite, non-negative number): the
   * option got its fallback or was hidden. Listed on the status page; logged once per reason.
   */
  notePricingProblem(serviceCode: string, currencyCode: string | null | undefined, reason: string): void {
    if (this.pricingProblems_.record(serviceCode, currencyCode, reason)) {
      this.cradle_.logger.warn(`nordic-parcel: ${serviceCode} is not priced from the carrier (fallback price or hidden): ${reason}`)
    }
  }

  /**
   * A store request came with X-Forwarded-For while `clientAddress` trusts no proxy: behind a load
   * balancer all shoppers share one bucket. Said once in the log; counted for the status page.
   */
  noteForwardedForIgnored(): void {
    if (this.forwardedFor_.note()) {
      this.cradle_.logger.warn(`nordic-parcel: ${SHARED_BUCKET_MESSAGE} Fix: ${SHARED_BUCKET_FIX}`)
    }
  }

  /** The requests this instance saw with X-Forwarded-For while no proxy is trusted (null: none). */
  forwardedForIgnored(): ForwardedForView | null {
    return this.forwardedFor_.view()
  }

  /**
   * A place for one callback to be stored within this instance's per-minute bound
   * (webhooks.maxEventsPerMinute, maxDeadLettersPerMinute); refused ones are counted and the
   * webhook answers them 503 with Retry-After, so the carrier sends them again.
   */
  admitCallback(kind: CallbackKind): TakeResult {
    const { maxEventsPerMinute, maxDeadLettersPerMinute } = this.options_.webhooks
    return this.intake_.take(kind, kind === "event" ? maxEventsPerMinute : maxDeadLettersPerMinute, (line) => this.cradle_.logger.warn(line))
  }

  /** Whether the carrier's event `eventId` is stored already (the webhook's check of a repeat past the bound). */
  async isTrackingEventStored(eventId: string): Promise<boolean> {
    const found = await this.listTrackingEvents({ event_id: eventId }, { select: ["id"], take: 1 })
    return found.length > 0
  }

  /** The bound and what this instance turned away since it started (status page, tracking-health). */
  callbackIntake(): { events_per_minute: number; dead_letters_per_minute: number; dropped: DroppedCallbacks } {
    const { maxEventsPerMinute, maxDeadLettersPerMinute } = this.options_.webhooks
    return { events_per_minute: maxEventsPerMinute, dead_letters_per_minute: maxDeadLettersPerMinute, dropped: this.intake_.dropped() }
  }

  /** This instance's unusable carrier prices, newest first (status page). */
  listPricingProblems(): PricingProblemEntry[] {
    return this.pricingProblems_.list()
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

  /** A document from the carrier's label storage, checked to be of a kind the caller serves (label-download.ts): a label by default. */
  downloadLabel(url: string, accept?: readonly DocumentKind[]): Promise<DownloadedLabel> {
    return downloadLabel(this.carrier().booking, this.options_, url, accept)
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
    query: StoreQuery | undefined,
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

  /**
   * What a pickup order from the location would send, for the admin's drawer: the suggested date
   * (or the one given), the packages waiting for it, the sender and agreement, what stops it, and
   * the pickups already ordered for that location and date.
   */
  async pickupOrderDraft(location: PickupLocation, pickupDate?: string, now = new Date()): Promise<PickupOrderDraft> {
    const date = pickupDate ?? suggestedPickupDate(now)
    const packages = await this.pickupOrders_.packagesAwaitingPickup(location.id, date)
    const { request, problems } = await this.pickupRequest(location, { pickup_date: date, number_of_packages: packages }, now)
    const existing = (await this.pickupOrders_.list({ today: carrierToday(now), location_id: location.id, limit: 50 })).filter(
      (order) => order.pickup_date === date
    )
    return {
      location_id: location.id,
      location_name: location.name,
      pickup_date: date,
      number_of_packages: packages,
      request,
      problems: problems.filter((problem) => problem.field !== "number_of_packages"),
      existing,
    }
  }

  /**
   * Orders a pickup from the carrier (carrier notes 47): the request from the location and the
   * settings (lib/pickup-order/pickup-request.ts), the packages booked from the location for that
   * date and not yet handed in unless the merchant gave a number; one per location and date unless
   * `order_another` (a second one is refused with PickupAlreadyOrderedError, 409). Reserved before
   * the carrier is called; a refusal leaves nothing ordered (the CarrierError is thrown on), an
   * outcome that may hide an order (no answer, a 5xx, an unreadable answer) stays "unconfirmed".
   * Input problems: an INVALID_DATA error naming each field.
   */
  async orderPickup(input: OrderPickupInput, now = new Date()): Promise<PickupOrderView> {
    const packages = input.number_of_packages ?? (await this.pickupOrders_.packagesAwaitingPickup(input.location.id, input.pickup_date))
    const pallets = input.number_of_pallets ?? 0
    const { request, problems } = await this.pickupRequest(input.location, { ...input, number_of_packages: packages, number_of_pallets: pallets }, now)
    if (problems.length > 0) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, problems.map((problem) => `${problem.field}: ${problem.message}`).join("; "))
    }
    const reserved = await this.pickupOrders_.reserve({
      location_id: input.location.id,
      location_name: input.location.name,
      pickup_date: input.pickup_date,
      ready_at: input.ready_at ?? null,
      message: input.message ?? null,
      number_of_packages: packages,
      number_of_pallets: pallets,
      customer_number: request.customerInformation.customerNumber,
      test: request.testIndicator,
      ordered_by: input.ordered_by ?? null,
      order_another: input.order_another ?? false,
    })
    let confirmation
    try {
      confirmation = await this.carrier().booking.orderPickup(request)
    } catch (error) {
      // What may hide an order at the carrier (time-out, broken connection, 5xx, an answer that
      // cannot be read) keeps the date with the carrier's answer (scrubbed by the carrier layer,
      // cut here); only a clear refusal, or a request never sent, ordered nothing.
      const settle = carrierMayHaveActed(error)
        ? this.pickupOrders_.markUnconfirmed(reserved.id, storableText(String((error as Error)?.message ?? error), 2000))
        : this.pickupOrders_.release(reserved.id)
      // The merchant hears the carrier's failure; a reservation left behind reads unconfirmed later.
      await settle.catch((settleError: Error) =>
        this.cradle_.logger.warn(`nordic-parcel: pickup order ${reserved.id} not settled after a carrier failure: ${settleError.message}`)
      )
      throw error
    }
    return this.pickupOrders_.record(reserved.id, pickupConfirmationRecord(confirmation))
  }

  /** Pickup orders, upcoming first (soonest first), then past ones; of one location when given. */
  listUpcomingPickupOrders(filter: { location_id?: string; limit?: number } = {}, now = new Date()): Promise<PickupOrderView[]> {
    return this.pickupOrders_.list({ today: carrierToday(now), location_id: filter.location_id, limit: filter.limit ?? 100 })
  }

  private async pickupRequest(
    location: PickupLocation,
    choice: { pickup_date: string; ready_at?: string | null; message?: string | null; number_of_packages: number; number_of_pallets?: number },
    now: Date
  ): Promise<{ request: PickupOrderRequest; problems: PickupProblem[] }> {
    const options = await this.getEffectiveOptions()
    return pickupOrderRequest({
      location: { name: location.name, address: location.address ?? {}, sender: options.locations[location.id] },
      customerNumber: locationCustomerNumber(options, location.id),
      pickupDate: choice.pickup_date,
      readyAt: choice.ready_at ?? null,
      message: choice.message ?? null,
      packages: choice.number_of_packages,
      pallets: choice.number_of_pallets ?? 0,
      test: options.testMode,
      now,
    })
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
  async reserveBooking(input: ReserveBookingInput): Promise<LedgerBooking> {
    // The booking names this process, whose heartbeat tells the interrupted-bookings check it may still be at work.
    await this.heartbeats_.start()
    return this.ledger_.reserve({ ...input, process_id: this.heartbeats_.processId })
  }

  /**
   * The merchant's new pickup point of an order's shipping method, under the order's booking lock:
   * refused (the bookings that hold the order are answered) while an outgoing booking stands or is
   * under way; a booking that read the old point is refused when it reserves (booking-ledger.ts).
   */
  changePickupPoint(input: PickupPointChangeInput): Promise<PickupPointChangeOutcome> {
    return this.ledger_.changePickupPoint(input)
  }

  /** The merchant's new requested delivery day of an order's shipping method, under the same rule as changePickupPoint. */
  changeDeliveryDate(input: DeliveryDateChangeInput): Promise<PickupPointChangeOutcome> {
    return this.ledger_.changeDeliveryDate(input)
  }

  /** Undoes changeDeliveryDate when Medusa did not store the day on the method. */
  restoreDeliveryDate(input: DeliveryDateChangeInput & { previous: string | null }): Promise<void> {
    return this.ledger_.restoreDeliveryDate(input)
  }

  /** Undoes changePickupPoint when Medusa did not store the point on the method. */
  restorePickupPoint(input: PickupPointChangeInput & { previous: string | null }): Promise<void> {
    return this.ledger_.restorePickupPoint(input)
  }

  /**
   * Attempts a stopped process left behind become unconfirmed (shown to the merchant, no longer
   * holding the order's units) or, booked but held by no fulfilment of the order, unused
   * (interrupted-bookings.ts). `query` comes from the caller: this module cannot resolve it.
   */
  async checkInterruptedBookings(query: FulfillmentQuery, at: { now?: Date } = {}): Promise<InterruptedBookingsOutcome> {
    return checkInterruptedBookings(this.ledger_, this.heartbeats_, query, this.options_.timeouts.requestMs, this.cradle_.logger, at.now)
  }

  /**
   * How long after this process started every booking a stopped process left can be judged by
   * `checkInterruptedBookings` (lib/booking/interrupted-booking.ts): start-up checks once more then.
   */
  interruptedBookingsSettledAfterStartMs(): number {
    return settledAfterStartMs(this.options_.timeouts.requestMs, STOPPED_AFTER_MS)
  }

  /** Attempts the carrier never confirmed, newest first, and how many there are (of these orders, or all). */
  listUnconfirmedBookings(filter: { orderIds?: string[]; limit?: number } = {}): Promise<{ bookings: UnconfirmedBooking[]; count: number }> {
    return this.ledger_.unconfirmed({ orderIds: filter.orderIds, limit: filter.limit ?? 50 })
  }

  /**
   * Records the carrier's confirmation of a reserved attempt and, in the same transaction, the
   * tracking subscriptions the booking needs (its consignment and the return it carries) as
   * pending when the store subscribes automatically: whatever books (the provider for parcels and
   * returns, bulk runs) and wherever the process stops after it, the retry job makes them.
   */
  async recordBooking(bookingId: string, booked: RecordBookingInput): Promise<void> {
    // The settings are read from the database: should that fail, the options' webhooks decide.
    const webhooks = await this.getEffectiveOptions().then((options) => options.webhooks, () => this.options_.webhooks)
    const numbers = followedNumbers(booked)
    const follow =
      numbers.length && trackingSubscriptionFor(numbers[0], webhooks)
        ? { tracking_ids: numbers, event_groups: [...webhooks.eventGroups], graceMs: FIRST_SUBSCRIPTION_GRACE_MS }
        : undefined
    return this.ledger_.record(bookingId, { ...booked, follow })
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
  servicesInUse(query: StoreQuery): ServicesInUse {
    this.servicesInUse_ ??= new ServicesInUse(() => carrierShippingOptionData(query, isNordicParcelProviderId), (error) =>
      this.cradle_.logger.warn(`nordic-parcel: shipping options could not be read: ${(error as Error).message}`)
    )
    return this.servicesInUse_
  }

  /**
   * A shopper's return options and their prices (return-options.ts): the store's return routes and
   * the guard on Medusa's `POST /store/returns` read the same amount. Medusa's query and fulfillment
   * module come from the caller, as for `servicesInUse`.
   */
  returnOptions(ports: ReturnOptionsPorts): ReturnOptions {
    return new ReturnOptions(this, ports)
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

  /**
   * Of these consignment numbers, those with no active subscription and none the retry job is
   * retrying: what a booking's own trigger subscribes now.
   */
  listUnfollowedTrackingNumbers(trackingIds: string[]): Promise<string[]> {
    return this.trackingSubscriptions_.unfollowed(trackingIds)
  }

  /**
   * The booking a followed consignment number belongs to, newest first: the booking whose own
   * number it is, else the outgoing booking that carries it as its free return (`carried`).
   */
  bookingOfTrackingNumber(trackingId: string): Promise<{ status: LedgerBooking["status"]; carried: boolean } | null> {
    return this.ledger_.holderOf(trackingId)
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
