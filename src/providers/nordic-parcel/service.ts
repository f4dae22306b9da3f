/*
 * The fulfillment provider Medusa calls: `calculatePrice` (checkout; never throws: a failure gives the
 * fallback or hides the option), `validateFulfillmentData` (the pickup point checked once through
 * `pickupPointFor`, lib/checkout/pickup-point-choice.ts), `createFulfillment`
 * /`createReturnFulfillment` (booking through shipment-booker.ts), `cancelFulfillment` (releases only
 * the booking the cancelled fulfillment holds: it becomes unused and its tracking subscription ends)
 * and `getFulfillmentOptions` (the configured services, names from the module's carrier-name cache).
 * Thin: options, clients and quoter come from the plugin's module (plugin-module.ts), Medusa reads
 * from order-loader.ts, pricing from lib/checkout/price-service.ts. `canCalculate` announces the
 * services shipping options use (lib/checkout/services-in-use.ts).
 */
import type {
  CalculatedShippingOptionPrice,
  CreateFulfillmentResult,
  FulfillmentDTO,
  FulfillmentItemDTO,
  FulfillmentOrderDTO,
  CalculateShippingOptionPriceDTO,
  CreateShippingOptionDTO,
  FulfillmentOption,
  Logger,
  ValidateFulfillmentDataContext,
} from "@medusajs/framework/types"
import { AbstractFulfillmentProviderService, MedusaError } from "@medusajs/framework/utils"
import type { BookingItem, DeliveryAddressInput, StockLocationInput } from "../../lib/booking/booking-input"
import { bookingKey } from "../../lib/booking/booking-key"
import { toBookingRequest } from "../../lib/booking/booking-request"
import type { PickupPointSnapshot } from "../../lib/checkout/pickup-point"
import { packParcel } from "../../lib/packing/parcel"
import type { BookingCustomer } from "../../lib/carrier"
import type { ShippingAmount } from "../../lib/checkout/amount"
import { resolvePickupPoint, type ChosenPickupPoint } from "../../lib/checkout/pickup-point-choice"
import { priceService, quoteInputForService } from "../../lib/checkout/price-service"
import { isUsableAmount } from "../../lib/checkout/amount"
import {
  alternativeDatesFor,
  checkRequestedDeliveryDate,
  offeredDeliveryDates,
  requestedDayOf,
  requestedDayProblem,
  REQUESTED_BY_SHOPPER,
  withRequestedDayRefusal,
} from "../../lib/checkout/delivery-dates"
import type { PricingContext } from "../../lib/checkout/quote-input"
import {
  customerNumberFor,
  parseOptions,
  serviceForOptionData,
  serviceOptionsFor,
  type NordicParcelOptions,
  type ServiceOptions,
} from "../../lib/options"
import { chosenPickupPointId, pickupPointRule } from "../../lib/pickup-point-rule"
import { senderPlace } from "../../lib/service-names/sender-place"
import { toFulfillmentOption } from "./fulfillment-options"
import { itemsOfFulfillment } from "./fulfillment-items"
import { PROVIDER_IDENTIFIER } from "./provider-id"
import {
  loadOrderOfItems,
  loadShippedFromLocationId,
  loadShippingOptionData,
  loadShippingOptionLocationId,
  loadStockLocation,
  withOrderAddress,
  withTravellingItems,
} from "./order-loader"
import { PluginModuleAccess, type PluginAccess, type ProviderQuery } from "./plugin-module"
import { bookOnce, type BookingJob } from "./shipment-booker"

type InjectedDependencies = {
  logger: Logger
}

/**
 * Fulfillment provider for the Nordic parcel carrier: a thin adapter between Medusa's provider
 * contract and the carrier clients in src/lib/carrier plus the pure mappers in src/lib. It holds
 * no state of its own; bookings and tracking are persisted by the plugin's module.
 */
export class NordicParcelProviderService extends AbstractFulfillmentProviderService {
  static identifier = PROVIDER_IDENTIFIER

  /** Called by Medusa at boot: a bad option stops the store with the option named. */
  static validateOptions(options: Record<string, unknown>): void {
    parseOptions(options)
  }

  protected readonly logger_: Logger
  protected readonly plugin_: PluginModuleAccess

  /**
   * The options passed here are checked by validateOptions at boot and otherwise unused: the
   * options in force (medusa-config with the admin settings over them) are the plugin module's.
   */
  constructor(cradle: InjectedDependencies & Record<string, unknown>, _options: Record<string, unknown>) {
    super()
    this.logger_ = cradle.logger
    this.plugin_ = new PluginModuleAccess(cradle)
  }

  /**
   * The services the merchant offers (configured or added in the admin), then the other services
   * of the customer numbers the credentials may book with (the booking service's customer list),
   * so the admin can offer a service without a restart. Without the list (carrier down), the
   * offered ones. A service switched off in the admin is left out of both.
   */
  async getFulfillmentOptions(): Promise<FulfillmentOption[]> {
    const { nordicParcel, query } = this.plugin_.get()
    const options = await nordicParcel.getEffectiveOptions()
    const carrier = nordicParcel.carrier()
    const offered = options.services.filter((service) => service.offered)
    // Switched-off services count as known, so the customer list does not bring them back.
    const known = new Set(options.services.map((service) => service.code))
    let customers: BookingCustomer[] = []
    try {
      customers = await carrier.booking.listCustomers()
    } catch (error) {
      this.logger_.warn(`nordic-parcel: customer list unavailable, listing configured services only: ${(error as Error).message}`)
    }
    const listed = customers.flatMap((customer) =>
      customer.products.filter((code) => !known.has(code) && known.add(code)).map((code) => ({ code, customer }))
    )
    // The carrier's names, asked once for those not learned yet; without them the catalogue's.
    await nordicParcel.learnServiceNames([...offered.map((s) => s.code), ...listed.map((l) => l.code)], () => senderPlace(query))
    const carrierName = (code: string) => nordicParcel.carrierServiceNames().get(code)
    const configured = offered.map((service) => toFulfillmentOption(service, carrierName(service.code)))
    const fromCustomers = listed.map(({ code, customer }) => ({
      ...toFulfillmentOption(serviceOptionsFor(options, code), carrierName(code)),
      // As the customer list names it: bookings send it so, except mailbox parcels (bare main number).
      customer_number: customer.customerNumber,
    }))
    return [...configured, ...fromCustomers]
  }

  /** The payload of the shipping option is at `data.data` (Medusa passes the whole shipping option). */
  async canCalculate(data: CreateShippingOptionDTO): Promise<boolean> {
    const optionData = data.data as Record<string, unknown> | undefined
    const valid = namesAService(optionData)
    if (valid) {
      // A new option's service joins the shared quote at once, not when the list is next read.
      const { nordicParcel, query } = this.plugin_.get()
      nordicParcel.servicesInUse(query).announce(optionData)
    }
    return valid
  }

  /** Medusa's validateFulfillmentOption: the same check as canCalculate (the option names a service). */
  async validateOption(data: Record<string, unknown>): Promise<boolean> {
    return namesAService(data)
  }

  /**
   * Runs on every cart refresh, on the cart's lock: it must never throw (a throw fails the
   * shopper's add-to-cart or address update). A carrier that is slow, failing or offers nothing
   * for the parcel gives the service's fallback price, or no amount so Medusa hides the option.
   * A store that did not make the plugin's module visible (set-up error, logged here and at
   * start-up) has no carrier and no merchant settings: its options are hidden, as for a carrier
   * that offers nothing, rather than priced by rules the merchant did not set.
   */
  async calculatePrice(
    optionData: CalculateShippingOptionPriceDTO["optionData"],
    data: CalculateShippingOptionPriceDTO["data"],
    context: CalculateShippingOptionPriceDTO["context"]
  ): Promise<CalculatedShippingOptionPrice> {
    let amount: ShippingAmount | undefined
    let options: NordicParcelOptions | undefined
    try {
      const { nordicParcel, query } = this.plugin_.get()
      options = await nordicParcel.getEffectiveOptions()
      const service = this.serviceFor(options, optionData as Record<string, unknown>)
      // Order flows: the order's address, and only the goods that travel (a return's, an exchange's).
      const pricingContext = await withTravellingItems(query, await withOrderAddress(query, context as PricingContext & { id?: string }))
      const inUse = await nordicParcel.servicesInUse(query).list(options)
      const priced = await priceService(nordicParcel.quoter(), options, service, pricingContext, inUse)
      amount = priced.amount
      // A stored requested day the carrier no longer offers for this cart (a new address, a day
      // gone by): no price, so Medusa drops the method and the shopper chooses again. A carrier
      // that could not be asked says nothing: the day stands and the booking checks it.
      const requested = requestedDayOf(data as Record<string, unknown> | undefined)
      const days = priced.quote?.available ? priced.quote.deliveryDates : undefined
      if (requested && days?.length && !offeredDeliveryDates(service.code, alternativeDatesFor(service), days).some((d) => d.date === requested)) {
        amount = undefined
      }
      if (priced.unusable) nordicParcel.notePricingProblem(service.code, (context as { currency_code?: string | null }).currency_code, priced.unusable)
    } catch (error) {
      const log = options ? this.logger_.warn : this.logger_.error
      log.call(this.logger_, `nordic-parcel: shipping price not calculated, the option is hidden: ${(error as Error).message}`)
    }
    return {
      // Undefined hides the option: Medusa drops a method without a price instead of failing the cart.
      // Never anything but a finite amount of at least zero (priceService already sees to it).
      calculated_amount: (isUsableAmount(amount?.amount) ? amount?.amount : undefined) as number,
      is_calculated_price_tax_inclusive: amount?.taxInclusive ?? options?.pricesIncludeVat ?? false,
    }
  }

  /**
   * Its return value is what Medusa stores as the shipping method's data. For a pickup-point
   * service the chosen point is checked at the carrier and stored as a snapshot; for any other
   * service a pickup point left over from an earlier choice is dropped.
   */
  async validateFulfillmentData(
    optionData: Record<string, unknown>,
    data: Record<string, unknown>,
    context: ValidateFulfillmentDataContext
  ): Promise<Record<string, unknown>> {
    const { nordicParcel, query } = this.plugin_.get()
    const options = await nordicParcel.getEffectiveOptions()
    const quoter = nordicParcel.quoter()
    const service = this.serviceFor(options, optionData as Record<string, unknown>)
    const pricingContext = context as unknown as PricingContext
    const inUse = await nordicParcel.servicesInUse(query).list(options)
    const quoteInput = quoteInputForService(pricingContext, options, service, inUse, new Date())
    const cached = quoteInput.ok ? await quoter.peek(quoteInput.input) : undefined
    const quoted = cached?.services[service.code]
    const deliveryDate = quoted?.available ? quoted.deliveryDate : undefined
    let base: Record<string, unknown> = { service_code: service.code, ...(deliveryDate ? { delivery_date: deliveryDate } : {}) }
    // The shopper's requested day, checked against the days of the same cached quote (no carrier
    // call): one not offered, or none known (carrier down), is refused with 400 naming the field.
    if (data?.delivery_date !== undefined && data?.delivery_date !== null) {
      const days = quoted?.available ? quoted.deliveryDates : undefined
      const check = checkRequestedDeliveryDate(data.delivery_date, service.code, alternativeDatesFor(service), days)
      if (!check.ok) {
        throw new MedusaError(MedusaError.Types.INVALID_DATA, check.message)
      }
      base = { ...base, delivery_date: check.date, delivery_date_chosen_by: REQUESTED_BY_SHOPPER }
    }
    const parcel = quoteInput.ok ? quoteInput.input.parcel : undefined
    const found = await this.pickupPointFor(nordicParcel, service, data, context.shipping_address, parcel)
    return { ...base, ...found?.chosen }
  }

  /**
   * Books the shipment when the merchant fulfils (admin "Fulfill items" or the API): the order and
   * fulfillment become a booking request (src/lib/booking), checked before the carrier is called,
   * booked at most once per fulfilment (shipment-booker.ts). The result is the fulfillment's data
   * and labels. A throw makes Medusa delete the fulfillment, so nothing half-done remains in Medusa.
   */
  async createFulfillment(
    data: Record<string, unknown>,
    items: Partial<Omit<FulfillmentItemDTO, "fulfillment">>[],
    order: Partial<FulfillmentOrderDTO> | undefined,
    fulfillment: Partial<Omit<FulfillmentDTO, "provider_id" | "data" | "items">>,
    additionalData?: Record<string, unknown>
  ): Promise<CreateFulfillmentResult> {
    const plugin = this.plugin_.get()
    const { nordicParcel, query } = plugin
    if (!order?.id || !fulfillment.id || !fulfillment.location_id) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "nordic-parcel: a booking needs the order, the fulfillment and its stock location")
    }
    const options = await nordicParcel.getEffectiveOptions()
    const optionData = await loadShippingOptionData(query, fulfillment.shipping_option_id)
    const service = this.serviceFor(options, { ...optionData, ...data })
    const orderLabel = `order #${order.display_id ?? order.id}`
    const stockLocation = await loadStockLocation(query, fulfillment.location_id)
    const bookingItems = itemsOfFulfillment(items, order)
    const parcel = packParcel(bookingItems, options.packaging)
    const deliveryAddress = (fulfillment.delivery_address ?? order.shipping_address ?? {}) as DeliveryAddressInput

    // The pickup point was checked when the shopper chose it; the carrier must confirm it again now.
    // No point yet (the carrier could not be asked at checkout): the nearest one for the address.
    let pickupPoint: PickupPointSnapshot | undefined
    const found = await this.pickupPointFor(nordicParcel, service, data, deliveryAddress, parcel)
    if (found) {
      const { chosen } = found
      if ("pickup_point" in chosen) {
        pickupPoint = chosen.pickup_point
      } else if (found.mustConfirm) {
        // A point the shopper chose, or one the carrier requires (rule 3), must be confirmed.
        const which = "pickup_point_id" in chosen ? `pickup point ${chosen.pickup_point_id}` : "a pickup point near the delivery address"
        throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `The carrier could not confirm ${which} for ${orderLabel}; try again in a moment`)
      }
      // Neither chosen nor required (e.g. PICKUP_PARCEL to Sweden): booked without one, the carrier delivers.
    }

    // The requested day is booked as it is or not at all (carrier notes 53): one already gone by is
    // refused here in words; one the carrier refuses is refused with its words below.
    const requestedDay = requestedDayOf(data)
    const dayProblem = requestedDay ? requestedDayProblem(requestedDay, orderLabel, new Date()) : undefined
    if (dayProblem) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, dayProblem)
    }

    return this.book(plugin, options, {
      kind: "outbound",
      fulfillmentId: fulfillment.id,
      locationId: fulfillment.location_id,
      order: order as Partial<FulfillmentOrderDTO> & { id: string }, // id checked above
      orderLabel,
      service,
      stockLocation,
      deliveryAddress,
      pickupPoint,
      fulfillmentItems: items,
      bookingItems,
      rebook: rebookFlag(additionalData),
      methodPickupPoint: methodPickupPointOf(order, fulfillment.shipping_option_id, data),
      requestedDeliveryDate: requestedDay,
      methodDeliveryDate: methodDeliveryDateOf(order, fulfillment.shipping_option_id, requestedDay),
    }).catch((error: unknown) => {
      throw requestedDay ? withRequestedDayRefusal(error, requestedDay, orderLabel) : error
    })
  }

  /**
   * The pickup point of a parcel, resolved one way at checkout and at booking by the destination's
   * rule (rule 3): a point the shopper chose is checked at the carrier; none chosen, the nearest one
   * where the plugin picks it; undefined where the parcel goes to the door or the carrier picks.
   * `mustConfirm`: a point that was chosen, or that the carrier requires, cannot be left out.
   */
  private async pickupPointFor(
    nordicParcel: PluginAccess["nordicParcel"],
    service: ServiceOptions,
    data: Record<string, unknown> | undefined,
    address: Parameters<typeof resolvePickupPoint>[0]["address"],
    parcel: Parameters<typeof resolvePickupPoint>[0]["parcel"]
  ): Promise<{ chosen: ChosenPickupPoint; mustConfirm: boolean } | undefined> {
    const rule = pickupPointRule(service, address?.country_code)
    const chosenId = chosenPickupPointId(data)
    if (!rule.choosable || (!chosenId && rule.withoutChoice !== "nearest")) {
      return undefined
    }
    const chosen = await resolvePickupPoint({
      lookup: nordicParcel.carrier().lookup,
      listings: nordicParcel.pickupPointListings(),
      serviceCode: service.code,
      pickupPointId: data?.pickup_point_id,
      address,
      parcel,
      timeoutMs: nordicParcel.getOptions().timeouts.requestMs,
      logger: this.logger_,
    })
    return { chosen, mustConfirm: Boolean(chosenId) || rule.required }
  }

  /**
   * The carrier offers no cancellation (carrier notes 19): the booking itself stands (a label that is never handed in
   * is not invoiced). Medusa calls this when the merchant cancels a fulfillment and as the
   * compensation of a fulfilment that failed after booking, with the data createFulfillment
   * returned. The booking this fulfillment holds becomes unused (the next identical attempt takes
   * it over instead of booking again) and its tracking subscription ends; a booking of the same
   * consignment held by another fulfillment is never touched. Idempotent and never throws.
   */
  async cancelFulfillment(data: Record<string, unknown>): Promise<Record<string, unknown>> {
    const consignment = typeof data?.consignment_number === "string" ? data.consignment_number : undefined
    const fulfillmentId = typeof data?.fulfillment_id === "string" ? data.fulfillment_id : undefined
    if (!consignment || !fulfillmentId) {
      return {}
    }
    try {
      const { nordicParcel } = this.plugin_.get()
      const released = await nordicParcel.releaseBooking(fulfillmentId, consignment)
      if (released.length) {
        this.logger_.info(
          `nordic-parcel: fulfillment ${fulfillmentId} cancelled in Medusa; its booking ${consignment} stands at the ` +
            `carrier (no cancellation there) and is kept as unused for the next identical fulfilment`
        )
      }
    } catch (error) {
      this.logger_.warn(`nordic-parcel: could not release consignment ${consignment}: ${(error as Error).message}`)
    }
    return { released_consignment_number: consignment, carrier_booking_stands: true }
  }

  /**
   * Books the option's return service from the customer back to the stock location (admin return
   * requests, claims, exchanges). Medusa passes only the fulfillment: the customer's address and
   * the items' measures come from the order of its line items.
   */
  async createReturnFulfillment(fulfillment: Record<string, unknown>): Promise<CreateFulfillmentResult> {
    const plugin = this.plugin_.get()
    const returnFulfillment = fulfillment as unknown as ReturnFulfillment
    const options = await plugin.nordicParcel.getEffectiveOptions()
    const service = this.serviceFor(options, returnFulfillment.shipping_option?.data ?? {})
    const itemIds = returnFulfillment.items.map((i) => i.line_item_id)
    const order = await loadOrderOfItems(plugin.query, itemIds)
    const orderLabel = `the return of order #${order.display_id ?? order.id}`
    // Back to the warehouse the return option belongs to (its own address and agreement), else to
    // the one that shipped the items. Never the return's own location: a shopper's POST
    // /store/returns names it, and would choose the agreement and the address a return is booked on.
    const locationId =
      (await loadShippingOptionLocationId(plugin.query, returnFulfillment.shipping_option?.id)) ??
      (await loadShippedFromLocationId(plugin.query, order.id, itemIds))
    if (!locationId) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `Cannot book ${orderLabel}: its return option belongs to no stock location and nothing of the order was shipped from one; ` +
          `link the option's fulfillment set to the warehouse returns go to`
      )
    }
    const stockLocation = await loadStockLocation(plugin.query, locationId)
    return this.book(plugin, options, {
      kind: "return",
      fulfillmentId: returnFulfillment.id,
      locationId,
      order,
      orderLabel,
      service,
      stockLocation,
      deliveryAddress: (order.shipping_address ?? {}) as DeliveryAddressInput,
      fulfillmentItems: returnFulfillment.items,
      bookingItems: itemsOfFulfillment(returnFulfillment.items, order),
      // Medusa passes a return no additional data: confirming the return again (or "Book again")
      // books anew after an attempt the carrier never confirmed, as a merchant's fulfilment does.
      rebook: undefined,
    })
  }

  /**
   * Outgoing and return bookings alike: the request is built and checked before the carrier is
   * called (a refusal names what to fix), then booked at most once (shipment-booker.ts).
   */
  private async book(
    plugin: PluginAccess,
    options: NordicParcelOptions,
    job: {
      kind: "outbound" | "return"
      fulfillmentId: string
      locationId: string
      order: Partial<FulfillmentOrderDTO> & { id: string }
      orderLabel: string
      service: ServiceOptions
      stockLocation: StockLocationInput
      deliveryAddress: DeliveryAddressInput
      pickupPoint?: PickupPointSnapshot
      fulfillmentItems: Partial<Omit<FulfillmentItemDTO, "fulfillment">>[]
      bookingItems: BookingItem[]
      rebook: boolean | undefined
      methodPickupPoint?: BookingJob["methodPickupPoint"]
      requestedDeliveryDate?: string
      methodDeliveryDate?: BookingJob["methodDeliveryDate"]
    }
  ): Promise<CreateFulfillmentResult> {
    const { order, service } = job
    // The location's own agreement, else as configured or listed; the request takes the bare main number only for mailbox parcels.
    const customerNumber = customerNumberFor(options, service, job.locationId) ?? ""
    const built = toBookingRequest({
      kind: job.kind,
      fulfillmentId: job.fulfillmentId,
      orderDisplayId: order.display_id ?? order.id,
      service,
      customerNumber,
      returnQrCodes: options.returnQrCodes,
      testMode: options.testMode,
      shippingDateTime: new Date(),
      // The sender details the merchant set for the location (settings), over what Medusa's location holds.
      stockLocation: { ...job.stockLocation, sender: options.locations[job.locationId] },
      deliveryAddress: job.deliveryAddress,
      customerEmail: customerEmailOf(order),
      pickupPoint: job.pickupPoint ? { id: job.pickupPoint.id, country_code: job.pickupPoint.country_code } : null,
      requestedDeliveryDate: job.requestedDeliveryDate ?? null,
      items: job.bookingItems,
      currencyCode: order.currency_code ?? "nok",
      orderTotal: job.kind === "outbound" ? Number((order as { total?: unknown }).total ?? 0) : undefined,
      codAccountNumber: options.codAccountNumber,
      packaging: options.packaging,
      customs: options.customs,
    })
    if (!built.ok) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `Cannot book ${job.orderLabel}: ${built.problems.map((p) => p.message).join("; ")}`)
    }
    const items = shippedItems(job.fulfillmentItems)
    return bookOnce(
      {
        carrier: plugin.nordicParcel.carrier(),
        ledger: plugin.nordicParcel,
        liveFulfillments: (ids) => liveFulfillments(plugin.query, ids),
        logger: this.logger_,
        queueMs: options.timeouts.bookingQueueMs,
      },
      {
        key: bookingKey(order.id, job.kind, items, built.request),
        fulfillmentId: job.fulfillmentId,
        orderId: order.id,
        orderLabel: job.orderLabel,
        kind: job.kind,
        serviceCode: service.code,
        returnServiceCode: built.request.consignments[0].returnProduct?.id,
        customerNumber,
        test: options.testMode,
        pickupPoint: job.pickupPoint,
        request: built.request,
        items,
        locationId: job.locationId,
        rebook: job.rebook,
        ordered: job.kind === "outbound" ? orderedQuantities(order) : undefined,
        methodPickupPoint: job.methodPickupPoint,
        methodDeliveryDate: job.methodDeliveryDate,
      }
    )
  }

  /** The merchant's settings of the option's service (data.service_code, set when the option was made). */
  private serviceFor(options: NordicParcelOptions, optionData: Record<string, unknown> | undefined): ServiceOptions {
    const service = serviceForOptionData(options, optionData)
    if (!service) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "shipping option data.service_code is missing")
    }
    return service
  }
}

/**
 * The order's shipping method the fulfilment ships by (Medusa's choice: the method of the
 * fulfilment's shipping option) and the pickup point the booking read from it, so the ledger can
 * refuse a booking whose point the merchant changed meanwhile. Undefined without such a method.
 */
function methodPickupPointOf(
  order: Partial<FulfillmentOrderDTO>,
  shippingOptionId: string | null | undefined,
  data: Record<string, unknown> | undefined
): BookingJob["methodPickupPoint"] {
  const methods = (order.shipping_methods ?? []) as { id?: string; shipping_option_id?: string | null }[]
  const method = methods.find((m) => m.shipping_option_id === shippingOptionId)
  if (!method?.id) return undefined
  const read = data?.pickup_point_id
  return { shipping_method_id: method.id, pickup_point_id: typeof read === "string" && read ? read : null }
}

/** The order's shipping method the fulfilment ships by and the requested day the booking read from it. */
function methodDeliveryDateOf(
  order: Partial<FulfillmentOrderDTO>,
  shippingOptionId: string | null | undefined,
  requestedDay: string | undefined
): BookingJob["methodDeliveryDate"] {
  const methods = (order.shipping_methods ?? []) as { id?: string; shipping_option_id?: string | null }[]
  const method = methods.find((m) => m.shipping_option_id === shippingOptionId)
  return method?.id ? { shipping_method_id: method.id, delivery_date: requestedDay ?? null } : undefined
}

/** Its `location_id` is left unread on purpose: a shopper's POST /store/returns chooses it. */
type ReturnFulfillment = {
  id: string
  items: (Partial<Omit<FulfillmentItemDTO, "fulfillment">> & { line_item_id: string })[]
  shipping_option?: { id?: string; data?: Record<string, unknown> | null } | null
}

/** The fulfillment's line items and quantities (quantities are getters on Medusa's items). */
function shippedItems(items: Partial<Omit<FulfillmentItemDTO, "fulfillment">>[]): { line_item_id: string; quantity: number }[] {
  return items.map((item) => ({ line_item_id: item.line_item_id ?? "", quantity: Number(item.quantity) }))
}

/**
 * `additional_data.nordic_parcel.rebook` of a fulfilment: false (a bulk run) refuses to book after an
 * attempt the carrier never confirmed; true or absent books anew (shipment-booker.ts).
 */
function rebookFlag(additionalData: Record<string, unknown> | undefined): boolean | undefined {
  const rebook = (additionalData?.nordic_parcel as { rebook?: unknown } | undefined)?.rebook
  return typeof rebook === "boolean" ? rebook : undefined
}

/** The quantity ordered of each line of the order. */
function orderedQuantities(order: Partial<FulfillmentOrderDTO>): Record<string, number> {
  const items = (order.items ?? []) as unknown as { id: string; quantity: unknown }[]
  return Object.fromEntries(items.map((item) => [item.id, Number(item.quantity)]))
}

/** Of the given fulfillments, those that exist and are not cancelled (a rolled-back attempt is cancelled or deleted). */
async function liveFulfillments(query: ProviderQuery, ids: string[]): Promise<Set<string>> {
  const { data } = await query.graph({ entity: "fulfillment", fields: ["id", "canceled_at"], filters: { id: [...new Set(ids)] } })
  return new Set((data as { id: string; canceled_at?: unknown }[]).filter((f) => !f.canceled_at).map((f) => f.id))
}

/** The order's e-mail, else its customer's: the carrier notifies the recipient with it (EVARSLING). */
function customerEmailOf(order: Partial<FulfillmentOrderDTO>): string | undefined {
  const withContact = order as { email?: string | null; customer?: { email?: string | null } | null }
  return withContact.email ?? withContact.customer?.email ?? undefined
}

export default NordicParcelProviderService

/** A shipping option's data names a carrier service (what the plugin prices and books by). */
function namesAService(optionData: Record<string, unknown> | undefined): boolean {
  const serviceCode = optionData?.service_code
  return typeof serviceCode === "string" && serviceCode.length > 0
}
