/*
 * The price of a shopper's return, as the store's return routes and the guard on Medusa's
 * `POST /store/returns` read it: the order's carrier return options (those of its sales channel's
 * locations whose service zones cover its shipping address, as Medusa lists a cart's options),
 * each priced by the module's pricing (`priceService`, the return policy first) with the context
 * Medusa's own return flow gives the provider's calculatePrice: the order's address and currency,
 * the goods that go back (`return_items`) and the option's warehouse (`from_location`). So the
 * amount listed is the amount the return is charged, and the amount an admin return would get.
 * The module sees only its own container: the caller passes Medusa's query and fulfillment module
 * (the module service's `returnOptions`); the rules without reads are lib/returns/return-price.ts.
 */
import type { IFulfillmentModuleService } from "@medusajs/framework/types"
import { MedusaError, QueryContext } from "@medusajs/framework/utils"
import type { CheckoutQuoter } from "../../lib/checkout/quoter"
import { priceService } from "../../lib/checkout/price-service"
import type { ServicesInUse } from "../../lib/checkout/services-in-use"
import { serviceForOptionData, type NordicParcelOptions } from "../../lib/options"
import { isNordicParcelProviderId } from "../../lib/provider-id"
import type { TravellingItem } from "../../lib/returns/order-side-items"
import type { CarrierReturnShippingOption, ReturnableOrder } from "../../lib/returns/return-price"
import { returnBookingLabel } from "../../lib/booking/booking-request"
import type { ServiceOptions } from "../../lib/options"
import type { ShippingAmount } from "../../lib/pricing/shipping-amount"
import type { ReturnOption, ReturnPriceSource } from "../../storefront/types"
import { loadShippedFromLocationId, withTravellingItems, type OrderQuery } from "./order-loader"

/** Medusa's modules the return options read, passed by the caller. */
export type ReturnOptionsPorts = {
  query: OrderQuery
  fulfillment: Pick<IFulfillmentModuleService, "listShippingOptionsForContext">
}

/** What of the module service the pricing uses. */
export type ReturnPricingSource = {
  getEffectiveOptions(): Promise<NordicParcelOptions>
  quoter(): Pick<CheckoutQuoter, "quote">
  servicesInUse(query: OrderQuery): Pick<ServicesInUse, "list">
}

export type PricedReturnOption = { option: ReturnOption } | { option?: undefined; problem: string }

type RawOrder = Omit<ReturnableOrder, "items"> & {
  items?:
    | {
        id: string
        detail?: { fulfilled_quantity?: unknown; return_requested_quantity?: unknown; return_received_quantity?: unknown; return_dismissed_quantity?: unknown } | null
      }[]
    | null
}

export class ReturnOptions {
  constructor(
    private readonly module_: ReturnPricingSource,
    private readonly ports_: ReturnOptionsPorts
  ) {}

  /** The order with what each line may still send back; a 404 when there is none. */
  async loadOrder(orderId: string): Promise<ReturnableOrder> {
    const { data } = await this.ports_.query.graph({
      entity: "order",
      fields: [
        "id",
        "currency_code",
        "region_id",
        "sales_channel_id",
        "shipping_address.*",
        "items.id",
        "items.detail.fulfilled_quantity",
        "items.detail.return_requested_quantity",
        "items.detail.return_received_quantity",
        "items.detail.return_dismissed_quantity",
      ],
      filters: { id: orderId },
    })
    const order = data[0] as unknown as RawOrder | undefined
    if (!order) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order with id: ${orderId} was not found`)
    }
    return {
      ...order,
      items: (order.items ?? []).map((item) => ({
        id: item.id,
        fulfilled_quantity: Number(item.detail?.fulfilled_quantity ?? 0),
        return_requested_quantity: Number(item.detail?.return_requested_quantity ?? 0),
        return_received_quantity: Number(item.detail?.return_received_quantity ?? 0),
        return_dismissed_quantity: Number(item.detail?.return_dismissed_quantity ?? 0),
      })),
    }
  }

  /**
   * The order's carrier return options with what the shopper pays for `items`. An option the store
   * cannot price (no carrier answer and no fallback, a fixed price without an amount in the order's
   * currency) is left out, as checkout hides an option without a price.
   */
  async list(order: ReturnableOrder, items: TravellingItem[]): Promise<ReturnOption[]> {
    const options = await this.module_.getEffectiveOptions()
    const carrierOptions = (await this.carrierReturnOptionsOf(order)).filter((option) => serviceForOptionData(options, option.data)?.offered !== false)
    const priced = await Promise.all(carrierOptions.map((option) => this.price(order, option, items, options)))
    return priced.flatMap((entry) => (entry.option ? [entry.option] : []))
  }

  /** Whether `optionId` is a shipping option of this carrier (any other is Medusa's business alone). */
  async isCarrierOption(optionId: string): Promise<boolean> {
    const { data } = await this.ports_.query.graph({ entity: "shipping_option", fields: ["id", "provider_id"], filters: { id: optionId } })
    const provider = (data[0] as { provider_id?: string } | undefined)?.provider_id
    return Boolean(provider && isNordicParcelProviderId(provider))
  }

  /**
   * The price a return with `optionId` is charged: the listed amount of that carrier option for
   * these items. Undefined when the option is not one of the carrier's (Medusa's own rules apply).
   * A carrier option the store does not offer this order (not enabled in the store, of another
   * sales channel, or not serving the order's address: exactly what `list` lists) or that has no
   * price now is a 400 naming `return_shipping.option_id`: Medusa's `POST /store/returns` takes
   * any return option by id, so an admin-only option (a free warranty return, say) would
   * otherwise be booked from the storefront.
   */
  async priceFor(order: ReturnableOrder, optionId: string, items: TravellingItem[]): Promise<ReturnOption | undefined> {
    if (!(await this.isCarrierOption(optionId))) {
      return undefined
    }
    const options = await this.module_.getEffectiveOptions()
    const option = (await this.carrierReturnOptionsOf(order)).find(
      (candidate) => candidate.id === optionId && serviceForOptionData(options, candidate.data)?.offered !== false
    )
    if (!option) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `return_shipping.option_id: ${optionId} is not a return option this store offers for this order`)
    }
    const priced = await this.price(order, option, items, options)
    if (!priced.option) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `return_shipping.option_id: ${optionId} has no price for this return now (${priced.problem})`)
    }
    return priced.option
  }

  /**
   * One return option priced for the goods that go back, by the module's pricing and the return
   * policy, with the same context the provider's calculatePrice gets in Medusa's return flow.
   */
  private async price(
    order: ReturnableOrder,
    option: CarrierReturnShippingOption,
    items: TravellingItem[],
    options: NordicParcelOptions
  ): Promise<PricedReturnOption> {
    const service = serviceForOptionData(options, option.data)
    if (!service) {
      return { problem: `shipping option ${option.id} names no carrier service` }
    }
    if (option.price_type === "flat") {
      // The merchant priced the option itself in Medusa: Medusa charges that, and so does the store.
      const flat = await this.flatPrice(order, option.id)
      return flat
        ? { option: returnOptionView(option, service, { ...flat, source: "flat" }, order.currency_code, options.returnQrCodes) }
        : { problem: `shipping option ${option.id} has no flat price in ${order.currency_code.toUpperCase()}` }
    }
    const query = this.ports_.query
    const context = await withTravellingItems(query, {
      id: order.id,
      currency_code: order.currency_code,
      shipping_address: order.shipping_address ?? undefined,
      return_items: items,
      // An option without a warehouse sends the return to the one that shipped the items (the
      // provider's booking rule), so it is priced to that one.
      from_location: option.location ?? (await this.shippedFromLocation(order.id, items)),
    })
    const inUse = await this.module_.servicesInUse(query).list(options)
    const { amount, problem } = await priceService(this.module_.quoter(), options, service, context, inUse)
    if (!amount) {
      return { problem: problem ?? "no price" }
    }
    return { option: returnOptionView(option, service, amount, order.currency_code, options.returnQrCodes) }
  }

  /** The carrier's return shipping options that may take this order's return (enabled in the store). */
  private async carrierReturnOptionsOf(order: ReturnableOrder): Promise<CarrierReturnShippingOption[]> {
    const address = order.shipping_address
    if (!address?.country_code) {
      return []
    }
    const fulfillmentSetIds = await this.fulfillmentSetsOfSalesChannel(order.sales_channel_id)
    const listed = await this.ports_.fulfillment.listShippingOptionsForContext({
      ...(fulfillmentSetIds ? { fulfillment_set_id: fulfillmentSetIds } : {}),
      context: { is_return: "true", enabled_in_store: "true" },
      address: {
        country_code: address.country_code,
        province_code: address.province ?? undefined,
        city: address.city ?? undefined,
        postal_expression: address.postal_code ?? undefined,
      },
    })
    const ours = listed.filter((option) => isNordicParcelProviderId(option.provider_id))
    if (!ours.length) {
      return []
    }
    // The warehouse of each option: where the return goes, and where it is priced to.
    const { data } = await this.ports_.query.graph({
      entity: "shipping_option",
      fields: ["id", "service_zone.fulfillment_set.location.id", "service_zone.fulfillment_set.location.address.*"],
      filters: { id: ours.map((option) => option.id) },
    })
    const locations = new Map(
      (data as unknown as { id: string; service_zone?: { fulfillment_set?: { location?: CarrierReturnShippingOption["location"] } | null } | null }[]).map(
        (row) => [row.id, row.service_zone?.fulfillment_set?.location ?? null]
      )
    )
    return ours.map((option) => ({
      id: option.id,
      name: option.name,
      provider_id: option.provider_id as string,
      data: (option.data ?? null) as Record<string, unknown> | null,
      price_type: option.price_type === "flat" ? "flat" : "calculated",
      location: locations.get(option.id) ?? null,
    }))
  }

  /** A flat-priced option's amount for the order, as Medusa's return flow reads it (the order's currency and region). */
  private async flatPrice(order: ReturnableOrder, optionId: string): Promise<{ amount: number; taxInclusive: boolean } | undefined> {
    const { data } = await this.ports_.query.graph({
      entity: "shipping_option",
      fields: ["id", "calculated_price.calculated_amount", "calculated_price.is_calculated_price_tax_inclusive"],
      filters: { id: optionId },
      context: {
        calculated_price: QueryContext({ currency_code: order.currency_code, ...(order.region_id ? { region_id: order.region_id } : {}) }),
      },
    })
    const price = (data[0] as { calculated_price?: { calculated_amount?: unknown; is_calculated_price_tax_inclusive?: unknown } | null } | undefined)?.calculated_price
    const amount = Number(price?.calculated_amount)
    if (price?.calculated_amount == null || !Number.isFinite(amount)) return undefined
    return { amount, taxInclusive: Boolean(price.is_calculated_price_tax_inclusive) }
  }

  /** The warehouse that shipped these items of the order, with its address (null: none shipped). */
  private async shippedFromLocation(orderId: string, items: TravellingItem[]): Promise<CarrierReturnShippingOption["location"]> {
    const query = this.ports_.query
    const locationId = await loadShippedFromLocationId(query, orderId, items.map((item) => item.id))
    if (!locationId) return null
    const { data } = await query.graph({ entity: "stock_location", fields: ["id", "address.*"], filters: { id: locationId } })
    return (data[0] as unknown as CarrierReturnShippingOption["location"]) ?? null
  }

  /** The fulfillment sets of the locations of the order's sales channel (Medusa lists a cart's options from these); undefined: no restriction known. */
  private async fulfillmentSetsOfSalesChannel(salesChannelId: string | null | undefined): Promise<string[] | undefined> {
    if (!salesChannelId) return undefined
    const { data } = await this.ports_.query.graph({
      entity: "sales_channel",
      fields: ["id", "stock_locations.fulfillment_sets.id"],
      filters: { id: salesChannelId },
    })
    const channel = data[0] as unknown as { stock_locations?: { fulfillment_sets?: { id: string }[] | null }[] | null } | undefined
    return (channel?.stock_locations ?? []).flatMap((location) => (location.fulfillment_sets ?? []).map((set) => set.id))
  }
}

/** What the shopper is shown of a priced return option (by the store's pricing, or the merchant's flat price). */
function returnOptionView(
  option: CarrierReturnShippingOption,
  service: ServiceOptions,
  amount: Pick<ShippingAmount, "amount" | "taxInclusive"> & { source: ReturnPriceSource },
  currencyCode: string,
  returnQrCodes: boolean
): ReturnOption {
  return {
    shipping_option_id: option.id,
    name: option.name,
    service_code: service.code,
    amount: amount.amount,
    currency_code: currencyCode,
    is_tax_inclusive: amount.taxInclusive,
    price_source: amount.source,
    qr_codes: returnBookingLabel(service, returnQrCodes, []).generateQrCodes === true,
  }
}
