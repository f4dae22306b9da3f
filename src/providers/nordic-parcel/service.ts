import type {
  CalculatedShippingOptionPrice,
  CreateFulfillmentResult,
  FulfillmentDTO,
  FulfillmentItemDTO,
  FulfillmentOrderDTO,
  ICachingModuleService,
  CalculateShippingOptionPriceDTO,
  CreateShippingOptionDTO,
  FulfillmentOption,
  Logger,
  ValidateFulfillmentDataContext,
} from "@medusajs/framework/types"
import { AbstractFulfillmentProviderService, ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { resolveOptional } from "../../lib/resolve-optional"
import type { BookingItem, DeliveryAddressInput, StockLocationInput } from "../../lib/booking/booking-input"
import { bookingKey } from "../../lib/booking/booking-key"
import { toBookingRequest } from "../../lib/booking/booking-request"
import type { PickupPointSnapshot } from "../../lib/checkout/pickup-point"
import { packParcel } from "../../lib/packing/parcel"
import { createCarrierClients, type BookingCustomer, type CarrierClients } from "../../lib/carrier"
import type { ShippingAmount } from "../../lib/checkout/amount"
import { resolvePickupPoint } from "../../lib/checkout/pickup-point-choice"
import { priceService } from "../../lib/checkout/price-service"
import { directionOf, quoteInputFromContext, type PricingContext } from "../../lib/checkout/quote-input"
import { CheckoutQuoter } from "../../lib/checkout/quoter"
import {
  parseOptions,
  requiresPickupPoint,
  serviceForOptionData,
  serviceOptionsFor,
  type NordicParcelOptions,
  type ServiceOptions,
} from "../../lib/options"
import { shortCustomerNumber } from "../../lib/customer-number"
import { toFulfillmentOption } from "./fulfillment-options"
import { resolveBookingDependencies, type BookingDependencies } from "./booking-dependencies"
import { itemsOfFulfillment } from "./fulfillment-items"
import { PROVIDER_IDENTIFIER } from "./provider-id"
import { optionsInForce, reportCarrierError } from "./plugin-module"
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
  protected readonly options_: NordicParcelOptions
  protected readonly carrier_: CarrierClients
  protected readonly quoter_: CheckoutQuoter
  protected readonly cradle_: Record<string, unknown>

  constructor(cradle: InjectedDependencies & Record<string, unknown>, options: Record<string, unknown>) {
    super()
    this.cradle_ = cradle
    this.logger_ = cradle.logger
    this.options_ = parseOptions(options)
    this.carrier_ = createCarrierClients({
      baseUrl: this.options_.baseUrl,
      apiUid: this.options_.apiUid,
      apiKey: this.options_.apiKey,
      timeoutMs: this.options_.timeouts.requestMs,
      logger: cradle.logger,
      onError: (error) => reportCarrierError(cradle, error),
    })
    this.quoter_ = new CheckoutQuoter({
      lookup: this.carrier_.lookup,
      options: this.options_,
      logger: cradle.logger,
      // Resolved per use: the caching module, when the store has one, may load after this provider.
      get caching() {
        return resolveOptional<ICachingModuleService>(cradle, Modules.CACHING)
      },
    })
  }

  /**
   * The credentials, carrier address and time-outs come from the provider's own options; everything
   * a merchant may change in the admin comes from the options in force (plugin-module.ts), read
   * per call so a saved setting applies to the next quote or booking without a restart.
   */
  private options(): Promise<NordicParcelOptions> {
    return optionsInForce(this.cradle_, this.options_)
  }

  /**
   * The services the merchant offers (configured or added in the admin), then the other services
   * of the customer numbers the credentials may book with (the booking service's customer list),
   * so the admin can offer a service without a restart. Without the list (carrier down), the
   * offered ones. A service switched off in the admin is left out of both.
   */
  async getFulfillmentOptions(): Promise<FulfillmentOption[]> {
    const options = await this.options()
    const configured = options.services.filter((service) => service.offered).map(toFulfillmentOption)
    // Switched-off services count as known, so the customer list does not bring them back.
    const known = new Set(options.services.map((service) => service.code))
    let customers: BookingCustomer[] = []
    try {
      customers = await this.carrier_.booking.listCustomers()
    } catch (error) {
      this.logger_.warn(`nordic-parcel: customer list unavailable, listing configured services only: ${(error as Error).message}`)
    }
    const fromCustomers = customers.flatMap((customer) =>
      customer.products
        .filter((code) => !known.has(code) && known.add(code))
        .map((code) => ({
          ...toFulfillmentOption(serviceOptionsFor(options, code)),
          customer_number: shortCustomerNumber(customer.customerNumber),
        }))
    )
    return [...configured, ...fromCustomers]
  }

  /** The payload of the shipping option is at `data.data` (notes §1.2). */
  async canCalculate(data: CreateShippingOptionDTO): Promise<boolean> {
    const serviceCode = (data.data as Record<string, unknown> | undefined)?.service_code
    return typeof serviceCode === "string" && serviceCode.length > 0
  }

  /** Never called by Medusa 2.21 (notes §1.2); kept true as the contract requires. */
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
    const options = await this.options()
    try {
      const service = this.serviceFor(options, optionData as Record<string, unknown>)
      const pricingContext = await this.withOrderAddress(context as PricingContext & { id?: string })
      ;({ amount } = await priceService(this.quoter_, options, service, pricingContext))
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
    const options = await this.options()
    const service = this.serviceFor(options, optionData as Record<string, unknown>)
    const pricingContext = context as unknown as PricingContext
    // Built from the same options as calculatePrice's, so it finds the quote the shopper was shown.
    const quoteInput = quoteInputFromContext(pricingContext, options, directionOf(service), new Date())
    const cached = quoteInput.ok ? await this.quoter_.peek(quoteInput.input) : undefined
    const quoted = cached?.services[service.code]
    const deliveryDate = quoted?.available ? quoted.deliveryDate : undefined
    const base = { service_code: service.code, ...(deliveryDate ? { delivery_date: deliveryDate } : {}) }
    if (!requiresPickupPoint(service, optionData)) {
      return base
    }
    const pickupPoint = await resolvePickupPoint({
      lookup: this.carrier_.lookup,
      serviceCode: service.code,
      pickupPointId: data?.pickup_point_id,
      countryCode: context.shipping_address?.country_code,
      parcel: quoteInput.ok ? quoteInput.input.parcel : undefined,
      timeoutMs: this.options_.timeouts.requestMs,
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
    const options = await this.options()
    const optionData = await this.shippingOptionData(deps, fulfillment.shipping_option_id)
    const service = this.serviceFor(options, { ...optionData, ...data })
    const orderLabel = `order #${order.display_id ?? order.id}`
    const stockLocation = await this.stockLocation(deps, fulfillment.location_id)
    const bookingItems = itemsOfFulfillment(items, order)
    const parcel = packParcel(bookingItems, options.packaging)
    const deliveryAddress = (fulfillment.delivery_address ?? order.shipping_address ?? {}) as DeliveryAddressInput

    // The pickup point was checked when the shopper chose it; the carrier must confirm it again now.
    let pickupPoint: PickupPointSnapshot | undefined
    if (requiresPickupPoint(service, optionData)) {
      const chosen = await resolvePickupPoint({
        lookup: this.carrier_.lookup,
        serviceCode: service.code,
        pickupPointId: data?.pickup_point_id,
        countryCode: deliveryAddress.country_code,
        parcel,
        timeoutMs: this.options_.timeouts.requestMs,
        logger: this.logger_,
      })
      if (!("pickup_point" in chosen)) {
        throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `The carrier could not confirm pickup point ${chosen.pickup_point_id} for ${orderLabel}; try again in a moment`)
      }
      pickupPoint = chosen.pickup_point
    }

    return this.book(deps, options, {
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
   * The carrier has no cancellation (GAPS B11): the booking itself stands (a label that is never
   * handed in is not invoiced). Cancelling marks the plugin's shipment cancelled and ends its
   * tracking subscription, so tracking stops moving the order. Idempotent and never throws: Medusa also calls it as the compensation of a
   * fulfilment that failed after booking.
   */
  async cancelFulfillment(data: Record<string, unknown>): Promise<Record<string, unknown>> {
    const consignment = typeof data?.consignment_number === "string" ? data.consignment_number : undefined
    if (!consignment) {
      return {}
    }
    try {
      const { shipments } = resolveBookingDependencies(this.cradle_)
      const found = await shipments.listShipments({ consignment_number: consignment })
      if (found.length) {
        await shipments.updateShipments(found.map((shipment) => ({ id: shipment.id, status: "cancelled" as const })))
      }
      await shipments.unsubscribeTracking(consignment)
      this.logger_.info(
        `nordic-parcel: fulfillment with consignment ${consignment} cancelled in Medusa; the carrier booking itself stands (the carrier offers no cancellation)`
      )
    } catch (error) {
      this.logger_.warn(`nordic-parcel: could not mark consignment ${consignment} cancelled: ${(error as Error).message}`)
    }
    return { cancelled_consignment_number: consignment, carrier_booking_stands: true }
  }

  /**
   * Books the option's return service from the customer back to the stock location (admin return
   * requests, claims, exchanges). Medusa passes only the fulfillment: the customer's address and
   * the items' measures come from the order of its line items.
   */
  async createReturnFulfillment(fulfillment: Record<string, unknown>): Promise<CreateFulfillmentResult> {
    const deps = resolveBookingDependencies(this.cradle_)
    const returnFulfillment = fulfillment as unknown as ReturnFulfillment
    const options = await this.options()
    const service = this.serviceFor(options, returnFulfillment.shipping_option?.data ?? {})
    const order = await this.orderOfItems(deps, returnFulfillment.items.map((i) => i.line_item_id))
    const orderLabel = `the return of order #${order.display_id ?? order.id}`
    const stockLocation = await this.stockLocation(deps, returnFulfillment.location_id)
    return this.book(deps, options, {
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
    const customerNumber = shortCustomerNumber(service.customerNumber ?? options.customerNumber ?? "")
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
      packaging: options.packaging,
      customs: options.customs,
    })
    if (!built.ok) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `Cannot book ${job.orderLabel}: ${built.problems.map((p) => p.message).join("; ")}`)
    }
    return bookOnce(
      { carrier: this.carrier_, shipments: deps.shipments, locking: deps.locking, logger: this.logger_ },
      {
        key: bookingKey(order.id, job.kind, service.code, job.fulfillmentItems),
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
        items: shippedItems(job.fulfillmentItems),
        locationId: job.locationId,
        rebook: job.rebook,
      }
    )
  }

  /** The order a return's line items belong to, with what packing and the parties need. */
  private async orderOfItems(
    deps: BookingDependencies,
    lineItemIds: string[]
  ): Promise<Partial<FulfillmentOrderDTO> & { id: string }> {
    const { data: links } = await deps.query.graph({ entity: "order_item", fields: ["order_id"], filters: { item_id: lineItemIds } })
    const orderId = (links[0] as { order_id?: string } | undefined)?.order_id
    if (!orderId) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `nordic-parcel: no order found for the returned items ${lineItemIds.join(", ")}`)
    }
    const { data } = await deps.query.graph({
      entity: "order",
      fields: [
        "id",
        "display_id",
        "email",
        "currency_code",
        "shipping_address.*",
        "customer.email",
        "items.*",
        "items.variant.sku",
        "items.variant.weight",
        "items.variant.length",
        "items.variant.width",
        "items.variant.height",
        "items.variant.hs_code",
        "items.variant.origin_country",
        "items.variant.product.weight",
        "items.variant.product.hs_code",
        "items.variant.product.origin_country",
      ],
      filters: { id: orderId },
    })
    return data[0] as unknown as Partial<FulfillmentOrderDTO> & { id: string }
  }

  /**
   * Order-side flows (returns, exchanges, claims, edits) pass the order as context but load its
   * shipping address without its fields; the address is then read here, when query is available.
   */
  private async withOrderAddress<T extends PricingContext & { id?: string }>(context: T): Promise<T> {
    const address = context.shipping_address
    if ((address?.postal_code && address?.country_code) || !context.id?.startsWith("order_")) {
      return context
    }
    const query = resolveOptional<BookingDependencies["query"]>(this.cradle_, ContainerRegistrationKeys.QUERY)
    if (!query) {
      return context
    }
    const { data } = await query.graph({ entity: "order", fields: ["id", "shipping_address.*"], filters: { id: context.id } })
    const shipping_address = (data[0] as { shipping_address?: PricingContext["shipping_address"] } | undefined)?.shipping_address
    return shipping_address ? { ...context, shipping_address } : context
  }

  /** The admin stores the chosen fulfillment option as the shipping option's data. */
  private async shippingOptionData(deps: BookingDependencies, shippingOptionId: string | undefined | null) {
    if (!shippingOptionId) return {}
    const { data } = await deps.query.graph({ entity: "shipping_option", fields: ["id", "data"], filters: { id: shippingOptionId } })
    return ((data[0] as { data?: Record<string, unknown> } | undefined)?.data ?? {}) as Record<string, unknown>
  }

  private async stockLocation(deps: BookingDependencies, locationId: string): Promise<StockLocationInput> {
    const { data } = await deps.query.graph({ entity: "stock_location", fields: ["id", "name", "address.*"], filters: { id: locationId } })
    const location = data[0] as { name?: string; address?: StockLocationInput["address"] } | undefined
    if (!location) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `stock location ${locationId} was not found`)
    }
    return { name: location.name ?? locationId, address: location.address ?? {} }
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

/** The order's e-mail, else its customer's: the carrier notifies the recipient with it (EVARSLING). */
function customerEmailOf(order: Partial<FulfillmentOrderDTO>): string | undefined {
  const withContact = order as { email?: string | null; customer?: { email?: string | null } | null }
  return withContact.email ?? withContact.customer?.email ?? undefined
}

export default NordicParcelProviderService
