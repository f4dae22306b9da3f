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
import { AbstractFulfillmentProviderService, ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { resolveOptional } from "../../lib/resolve-optional"
import type { BookingItem, DeliveryAddressInput, StockLocationInput } from "../../lib/booking/booking-input"
import { bookingKey } from "../../lib/booking/booking-key"
import { toBookingRequest } from "../../lib/booking/booking-request"
import type { PickupPointSnapshot } from "../../lib/checkout/pickup-point"
import { packParcel } from "../../lib/packing/parcel"
import type { BookingCustomer, CarrierClients } from "../../lib/carrier"
import type { ShippingAmount } from "../../lib/checkout/amount"
import { resolvePickupPoint } from "../../lib/checkout/pickup-point-choice"
import { priceService } from "../../lib/checkout/price-service"
import { directionOf, quoteInputFromContext, type PricingContext } from "../../lib/checkout/quote-input"
import {
  parseOptions,
  requiresPickupPoint,
  serviceForOptionData,
  serviceOptionsFor,
  type NordicParcelOptions,
  type ServiceOptions,
} from "../../lib/options"
import { serviceInfo } from "../../lib/service-catalogue"
import { senderPlace, type StockLocationQuery } from "../../lib/service-names/sender-place"
import { toFulfillmentOption } from "./fulfillment-options"
import { resolveBookingDependencies, type BookingDependencies } from "./booking-dependencies"
import { itemsOfFulfillment } from "./fulfillment-items"
import { PROVIDER_IDENTIFIER } from "./provider-id"
import { loadOrderOfItems, loadShippingOptionData, loadStockLocation, withOrderAddress } from "./order-loader"
import { ProviderRuntimeSource } from "./plugin-module"
import { bookOnce } from "./shipment-booker"

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
  protected readonly cradle_: Record<string, unknown>
  protected readonly runtime_: ProviderRuntimeSource

  constructor(cradle: InjectedDependencies & Record<string, unknown>, options: Record<string, unknown>) {
    super()
    this.cradle_ = cradle
    this.logger_ = cradle.logger
    // Validated by validateOptions at boot; parsed only if the plugin's module is not visible.
    this.runtime_ = new ProviderRuntimeSource(cradle, () => parseOptions(options))
  }

  /**
   * The services the merchant offers (configured or added in the admin), then the other services
   * of the customer numbers the credentials may book with (the booking service's customer list),
   * so the admin can offer a service without a restart. Without the list (carrier down), the
   * offered ones. A service switched off in the admin is left out of both.
   */
  async getFulfillmentOptions(): Promise<FulfillmentOption[]> {
    const { options, carrier, names } = await this.runtime_.get()
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
    const query = resolveOptional<StockLocationQuery>(this.cradle_, ContainerRegistrationKeys.QUERY)
    await names.learnNames([...offered.map((s) => s.code), ...listed.map((l) => l.code)], () => senderPlace(query))
    const carrierName = (code: string) => names.names.get(code)
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
    const serviceCode = optionData?.service_code
    const valid = typeof serviceCode === "string" && serviceCode.length > 0
    if (valid) {
      // A new option's service joins the shared quote at once, not when the list is next read.
      ;(await this.runtime_.get()).servicesInUse?.announce(optionData)
    }
    return valid
  }

  /** Never called by Medusa 2.21; kept true as the contract requires. */
  async validateOption(): Promise<boolean> {
    return true
  }

  /**
   * Runs on every cart refresh, on the cart's lock: it must never throw (a throw fails the
   * shopper's add-to-cart or address update). A carrier that is slow, failing or offers nothing
   * for the parcel gives the service's fallback price, or no amount so Medusa hides the option.
   */
  async calculatePrice(
    optionData: CalculateShippingOptionPriceDTO["optionData"],
    _data: CalculateShippingOptionPriceDTO["data"],
    context: CalculateShippingOptionPriceDTO["context"]
  ): Promise<CalculatedShippingOptionPrice> {
    let amount: ShippingAmount | undefined
    const { options, quoter, servicesInUse } = await this.runtime_.get()
    try {
      const service = this.serviceFor(options, optionData as Record<string, unknown>)
      const query = resolveOptional<BookingDependencies["query"]>(this.cradle_, ContainerRegistrationKeys.QUERY)
      const pricingContext = await withOrderAddress(query, context as PricingContext & { id?: string })
      const inUse = (await servicesInUse?.list(options)) ?? []
      ;({ amount } = await priceService(quoter, options, service, pricingContext, inUse))
    } catch (error) {
      this.logger_.warn(`nordic-parcel: shipping price not calculated: ${(error as Error).message}`)
    }
    return {
      // Undefined hides the option: Medusa drops a method without a price instead of failing the cart.
      calculated_amount: amount?.amount as number,
      is_calculated_price_tax_inclusive: amount?.taxInclusive ?? options.pricesIncludeVat,
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
    const { options, carrier, quoter, listings, servicesInUse } = await this.runtime_.get()
    const service = this.serviceFor(options, optionData as Record<string, unknown>)
    const pricingContext = context as unknown as PricingContext
    // Built like calculatePrice's (same options and services), so it finds the quote the shopper was shown.
    const inUse = [...((await servicesInUse?.list(options)) ?? []), service]
    const quoteInput = quoteInputFromContext(pricingContext, options, directionOf(service), new Date(), inUse)
    const cached = quoteInput.ok ? await quoter.peek(quoteInput.input) : undefined
    const quoted = cached?.services[service.code]
    const deliveryDate = quoted?.available ? quoted.deliveryDate : undefined
    const base = { service_code: service.code, ...(deliveryDate ? { delivery_date: deliveryDate } : {}) }
    if (!requiresPickupPoint(service, optionData) || carrierPicksPoint(service.code, context.shipping_address?.country_code, data)) {
      return base
    }
    const pickupPoint = await resolvePickupPoint({
      lookup: carrier.lookup,
      listings,
      serviceCode: service.code,
      pickupPointId: data?.pickup_point_id,
      address: context.shipping_address,
      parcel: quoteInput.ok ? quoteInput.input.parcel : undefined,
      timeoutMs: this.runtime_.connection().timeouts.requestMs,
      logger: this.logger_,
    })
    return { ...base, ...pickupPoint }
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
    const deps = resolveBookingDependencies(this.cradle_)
    if (!order?.id || !fulfillment.id || !fulfillment.location_id) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "nordic-parcel: a booking needs the order, the fulfillment and its stock location")
    }
    const { options, carrier, listings } = await this.runtime_.get()
    const optionData = await loadShippingOptionData(deps.query, fulfillment.shipping_option_id)
    const service = this.serviceFor(options, { ...optionData, ...data })
    const orderLabel = `order #${order.display_id ?? order.id}`
    const stockLocation = await loadStockLocation(deps.query, fulfillment.location_id)
    const bookingItems = itemsOfFulfillment(items, order)
    const parcel = packParcel(bookingItems, options.packaging)
    const deliveryAddress = (fulfillment.delivery_address ?? order.shipping_address ?? {}) as DeliveryAddressInput

    // The pickup point was checked when the shopper chose it; the carrier must confirm it again now.
    // No point yet (the carrier could not be asked at checkout): the nearest one for the address.
    let pickupPoint: PickupPointSnapshot | undefined
    if (requiresPickupPoint(service, optionData) && !carrierPicksPoint(service.code, deliveryAddress.country_code, data)) {
      const chosen = await resolvePickupPoint({
        lookup: carrier.lookup,
        listings,
        serviceCode: service.code,
        pickupPointId: data?.pickup_point_id,
        address: deliveryAddress,
        parcel,
        timeoutMs: this.runtime_.connection().timeouts.requestMs,
        logger: this.logger_,
      })
      if (!("pickup_point" in chosen)) {
        const which = "pickup_point_id" in chosen ? `pickup point ${chosen.pickup_point_id}` : "a pickup point near the delivery address"
        throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `The carrier could not confirm ${which} for ${orderLabel}; try again in a moment`)
      }
      pickupPoint = chosen.pickup_point
    }

    return this.book(deps, options, carrier, {
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
      rebook: (additionalData?.nordic_parcel as { rebook?: unknown } | undefined)?.rebook === true,
    })
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
      const { nordicParcel } = resolveBookingDependencies(this.cradle_)
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
    const deps = resolveBookingDependencies(this.cradle_)
    const returnFulfillment = fulfillment as unknown as ReturnFulfillment
    const { options, carrier } = await this.runtime_.get()
    const service = this.serviceFor(options, returnFulfillment.shipping_option?.data ?? {})
    const order = await loadOrderOfItems(deps.query, returnFulfillment.items.map((i) => i.line_item_id))
    const orderLabel = `the return of order #${order.display_id ?? order.id}`
    const stockLocation = await loadStockLocation(deps.query, returnFulfillment.location_id)
    return this.book(deps, options, carrier, {
      kind: "return",
      fulfillmentId: returnFulfillment.id,
      locationId: returnFulfillment.location_id,
      order,
      orderLabel,
      service,
      stockLocation,
      deliveryAddress: (order.shipping_address ?? {}) as DeliveryAddressInput,
      fulfillmentItems: returnFulfillment.items,
      bookingItems: itemsOfFulfillment(returnFulfillment.items, order),
      rebook: false,
    })
  }

  /**
   * Outgoing and return bookings alike: the request is built and checked before the carrier is
   * called (a refusal names what to fix), then booked at most once (shipment-booker.ts).
   */
  private async book(
    deps: BookingDependencies,
    options: NordicParcelOptions,
    carrier: CarrierClients,
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
      rebook: boolean
    }
  ): Promise<CreateFulfillmentResult> {
    const { order, service } = job
    // As configured or listed; the request takes the bare main number only for mailbox parcels.
    const customerNumber = service.customerNumber ?? options.customerNumber ?? ""
    const built = toBookingRequest({
      kind: job.kind,
      fulfillmentId: job.fulfillmentId,
      orderDisplayId: order.display_id ?? order.id,
      service,
      customerNumber,
      testMode: options.testMode,
      shippingDateTime: new Date(),
      stockLocation: job.stockLocation,
      deliveryAddress: job.deliveryAddress,
      customerEmail: customerEmailOf(order),
      pickupPoint: job.pickupPoint ? { id: job.pickupPoint.id, country_code: job.pickupPoint.country_code } : null,
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
        carrier,
        ledger: deps.nordicParcel,
        liveFulfillments: (ids) => liveFulfillments(deps, ids),
        logger: this.logger_,
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

type ReturnFulfillment = {
  id: string
  location_id: string
  items: (Partial<Omit<FulfillmentItemDTO, "fulfillment">> & { line_item_id: string })[]
  shipping_option?: { data?: Record<string, unknown> | null } | null
}

/** The fulfillment's line items and quantities (quantities are getters on Medusa's items). */
function shippedItems(items: Partial<Omit<FulfillmentItemDTO, "fulfillment">>[]): { line_item_id: string; quantity: number }[] {
  return items.map((item) => ({ line_item_id: item.line_item_id ?? "", quantity: Number(item.quantity) }))
}

/**
 * No point chosen, for a service the carrier delivers to the recipient's nearest pickup point in
 * that country (Denmark for PICKUP_PARCEL and PICKUP_PARCEL_BULK): the booking asks for that.
 */
function carrierPicksPoint(code: string, countryCode: string | null | undefined, data: Record<string, unknown> | undefined): boolean {
  const chosen = typeof data?.pickup_point_id === "string" && data.pickup_point_id.trim() !== ""
  return !chosen && serviceInfo(code).nearestPickupPointIn.includes((countryCode ?? "").toUpperCase())
}

/** The quantity ordered of each line of the order. */
function orderedQuantities(order: Partial<FulfillmentOrderDTO>): Record<string, number> {
  const items = (order.items ?? []) as unknown as { id: string; quantity: unknown }[]
  return Object.fromEntries(items.map((item) => [item.id, Number(item.quantity)]))
}

/** Of the given fulfillments, those that exist and are not cancelled (a rolled-back attempt is cancelled or deleted). */
async function liveFulfillments(deps: BookingDependencies, ids: string[]): Promise<Set<string>> {
  const { data } = await deps.query.graph({ entity: "fulfillment", fields: ["id", "canceled_at"], filters: { id: [...new Set(ids)] } })
  return new Set((data as { id: string; canceled_at?: unknown }[]).filter((f) => !f.canceled_at).map((f) => f.id))
}

/** The order's e-mail, else its customer's: the carrier notifies the recipient with it (EVARSLING). */
function customerEmailOf(order: Partial<FulfillmentOrderDTO>): string | undefined {
  const withContact = order as { email?: string | null; customer?: { email?: string | null } | null }
  return withContact.email ?? withContact.customer?.email ?? undefined
}

export default NordicParcelProviderService
