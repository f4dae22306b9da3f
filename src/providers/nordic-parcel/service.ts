import type {
  CalculatedShippingOptionPrice,
  CalculateShippingOptionPriceDTO,
  CreateShippingOptionDTO,
  FulfillmentOption,
  Logger,
  ValidateFulfillmentDataContext,
} from "@medusajs/framework/types"
import { AbstractFulfillmentProviderService, MedusaError } from "@medusajs/framework/utils"
import { resolveCachingModule } from "../../lib/cache/caching-module"
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
import { PROVIDER_IDENTIFIER } from "./provider-id"

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

  constructor(cradle: InjectedDependencies & Record<string, unknown>, options: Record<string, unknown>) {
    super()
    this.logger_ = cradle.logger
    this.options_ = parseOptions(options)
    this.carrier_ = createCarrierClients({
      baseUrl: this.options_.baseUrl,
      apiUid: this.options_.apiUid,
      apiKey: this.options_.apiKey,
      timeoutMs: this.options_.timeouts.requestMs,
      logger: cradle.logger,
    })
    this.quoter_ = new CheckoutQuoter({
      lookup: this.carrier_.lookup,
      options: this.options_,
      logger: cradle.logger,
      // Resolved per use: the caching module, when the store has one, may load after this provider.
      get caching() {
        return resolveCachingModule(cradle)
      },
    })
  }

  /**
   * The services the merchant configured, then the other services of the customer numbers the
   * credentials may book with (the booking service's customer list), so the admin can offer a
   * service without a restart. Without the list (carrier down), the configured ones.
   */
  async getFulfillmentOptions(): Promise<FulfillmentOption[]> {
    const configured = this.options_.services.map(toFulfillmentOption)
    const offered = new Set(configured.map((option) => option.service_code))
    let customers: BookingCustomer[] = []
    try {
      customers = await this.carrier_.booking.listCustomers()
    } catch (error) {
      this.logger_.warn(`nordic-parcel: customer list unavailable, listing configured services only: ${(error as Error).message}`)
    }
    const fromCustomers = customers.flatMap((customer) =>
      customer.products
        .filter((code) => !offered.has(code) && offered.add(code))
        .map((code) => ({
          ...toFulfillmentOption(serviceOptionsFor(this.options_, code)),
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
    try {
      const service = this.serviceFor(optionData as Record<string, unknown>)
      ;({ amount } = await priceService(this.quoter_, this.options_, service, context as PricingContext))
    } catch (error) {
      this.logger_.warn(`nordic-parcel: shipping price not calculated: ${(error as Error).message}`)
    }
    return {
      // Undefined hides the option: Medusa drops a method without a price instead of failing the cart.
      calculated_amount: amount?.amount as number,
      is_calculated_price_tax_inclusive: amount?.taxInclusive ?? this.options_.pricesIncludeVat,
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
    const service = this.serviceFor(optionData as Record<string, unknown>)
    const pricingContext = context as unknown as PricingContext
    const quoteInput = quoteInputFromContext(pricingContext, this.options_, directionOf(service), new Date())
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

  /** The merchant's settings of the option's service (data.service_code, set when the option was made). */
  private serviceFor(optionData: Record<string, unknown> | undefined): ServiceOptions {
    const service = serviceForOptionData(this.options_, optionData)
    if (!service) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "shipping option data.service_code is missing")
    }
    return service
  }
}

export default NordicParcelProviderService
