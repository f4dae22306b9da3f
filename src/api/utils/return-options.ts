import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { priceService } from "../../lib/checkout/price-service"
import type { PricingContext } from "../../lib/checkout/quote-input"
import { returnBookingLabel } from "../../lib/booking/booking-request"
import { serviceForOptionData, type NordicParcelOptions } from "../../lib/options"
import { checkReturnItems, type ReturnableLine } from "../../lib/shopper/return-items"
import type { TravellingItem } from "../../lib/checkout/order-side-items"
import { NORDIC_PARCEL_MODULE } from "../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../modules/nordic_parcel/service"
import { loadShippedFromLocationId, withTravellingItems } from "../../providers/nordic-parcel/order-loader"
import { isNordicParcelProviderId } from "../../providers/nordic-parcel/provider-id"
import type { ReturnOption } from "../../storefront/types"

/**
 * The price of a shopper's return, as the store's return routes and the guard on Medusa's
 * `POST /store/returns` read it: the order's carrier return options (those of its sales channel's
 * locations whose service zones cover its shipping address, as Medusa lists a cart's options),
 * each priced by the module's pricing (`priceService`, the return policy first) with the context
 * Medusa's own return flow gives the provider's calculatePrice: the order's address and currency,
 * the goods that go back (`return_items`) and the option's warehouse (`from_location`). So the
 * amount listed is the amount the return is charged, and the amount an admin return would get.
 */

type Address = NonNullable<PricingContext["shipping_address"]> & { city?: string | null; province?: string | null }

export type ReturnableOrder = {
  id: string
  currency_code: string
  region_id?: string | null
  sales_channel_id?: string | null
  shipping_address?: Address | null
  items: (ReturnableLine & { id: string })[]
}

type RawOrder = Omit<ReturnableOrder, "items"> & {
  items?: { id: string; detail?: { fulfilled_quantity?: unknown; return_requested_quantity?: unknown } | null }[] | null
}

export type CarrierReturnShippingOption = {
  id: string
  name: string
  provider_id: string
  data: Record<string, unknown> | null
  location: { id: string; address?: Address | null } | null
}

export async function loadReturnableOrder(scope: MedusaContainer, orderId: string): Promise<ReturnableOrder> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
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
    })),
  }
}

/** The lines that go back, or a 400 naming every refused field (`items[0].quantity: must be at most 1 …`). */
export function returnItemsOrRefuse(order: ReturnableOrder, items: { id: string; quantity: number }[]): TravellingItem[] {
  const checked = checkReturnItems(items, order.items)
  if (!checked.ok) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, checked.problems.join("; "))
  }
  return checked.items
}

/** The carrier's return shipping options that may take this order's return (enabled in the store). */
export async function carrierReturnOptionsOf(scope: MedusaContainer, order: ReturnableOrder): Promise<CarrierReturnShippingOption[]> {
  const address = order.shipping_address
  if (!address?.country_code) {
    return []
  }
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const fulfillmentSetIds = await fulfillmentSetsOfSalesChannel(scope, order.sales_channel_id)
  const fulfillment = scope.resolve(Modules.FULFILLMENT)
  const listed = await fulfillment.listShippingOptionsForContext({
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
  const { data } = await query.graph({
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
    location: locations.get(option.id) ?? null,
  }))
}

/**
 * A return option of this carrier named by id, outside the order's region and sales channel's
 * listing (e.g. one whose fulfillment set has no warehouse): Medusa's `POST /store/returns` takes
 * any return option, so it is still charged its own price, never left free or at the request's.
 */
async function carrierReturnOptionById(scope: MedusaContainer, optionId: string): Promise<CarrierReturnShippingOption | undefined> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "shipping_option",
    fields: ["id", "name", "provider_id", "data", "rules.attribute", "rules.value", "service_zone.fulfillment_set.location.id", "service_zone.fulfillment_set.location.address.*"],
    filters: { id: optionId },
  })
  const row = data[0] as unknown as
    | (Omit<CarrierReturnShippingOption, "location"> & {
        rules?: { attribute: string; value: unknown }[] | null
        service_zone?: { fulfillment_set?: { location?: CarrierReturnShippingOption["location"] } | null } | null
      })
    | undefined
  const isReturn = (row?.rules ?? []).some((rule) => rule.attribute === "is_return" && String(rule.value) === "true")
  if (!row || !isReturn || !isNordicParcelProviderId(row.provider_id)) return undefined
  return { id: row.id, name: row.name, provider_id: row.provider_id, data: row.data ?? null, location: row.service_zone?.fulfillment_set?.location ?? null }
}

/** The warehouse that shipped these items of the order, with its address (null: none shipped). */
async function shippedFromLocation(scope: MedusaContainer, orderId: string, items: TravellingItem[]): Promise<CarrierReturnShippingOption["location"]> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const locationId = await loadShippedFromLocationId(query, orderId, items.map((item) => item.id))
  if (!locationId) return null
  const { data } = await query.graph({ entity: "stock_location", fields: ["id", "address.*"], filters: { id: locationId } })
  return (data[0] as unknown as CarrierReturnShippingOption["location"]) ?? null
}

/** The fulfillment sets of the locations of the order's sales channel (Medusa lists a cart's options from these); undefined: no restriction known. */
async function fulfillmentSetsOfSalesChannel(scope: MedusaContainer, salesChannelId: string | null | undefined): Promise<string[] | undefined> {
  if (!salesChannelId) return undefined
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "sales_channel",
    fields: ["id", "stock_locations.fulfillment_sets.id"],
    filters: { id: salesChannelId },
  })
  const channel = data[0] as unknown as { stock_locations?: { fulfillment_sets?: { id: string }[] | null }[] | null } | undefined
  return (channel?.stock_locations ?? []).flatMap((location) => (location.fulfillment_sets ?? []).map((set) => set.id))
}

export type PricedReturnOption = { option: ReturnOption } | { option?: undefined; problem: string }

/**
 * One return option priced for the goods that go back, by the module's pricing and the return
 * policy, with the same context the provider's calculatePrice gets in Medusa's return flow.
 */
export async function priceReturnOption(
  scope: MedusaContainer,
  order: ReturnableOrder,
  option: CarrierReturnShippingOption,
  items: TravellingItem[],
  options: NordicParcelOptions
): Promise<PricedReturnOption> {
  const nordicParcel = scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const service = serviceForOptionData(options, option.data)
  if (!service) {
    return { problem: `shipping option ${option.id} names no carrier service` }
  }
  const context = await withTravellingItems(query, {
    id: order.id,
    currency_code: order.currency_code,
    shipping_address: order.shipping_address ?? undefined,
    return_items: items,
    // An option without a warehouse sends the return to the one that shipped the items (the
    // provider's booking rule), so it is priced to that one.
    from_location: option.location ?? (await shippedFromLocation(scope, order.id, items)),
  })
  const inUse = await nordicParcel.servicesInUse(query).list(options)
  const { amount, problem } = await priceService(nordicParcel.quoter(), options, service, context, inUse)
  if (!amount) {
    return { problem: problem ?? "no price" }
  }
  return {
    option: {
      shipping_option_id: option.id,
      name: option.name,
      service_code: service.code,
      amount: amount.amount,
      currency_code: order.currency_code,
      is_tax_inclusive: amount.taxInclusive,
      price_source: amount.source,
      qr_codes: returnBookingLabel(service, options.returnQrCodes, []).generateQrCodes === true,
    },
  }
}

/**
 * The order's carrier return options with what the shopper pays for `items`. An option the store
 * cannot price (no carrier answer and no fallback, a fixed price without an amount in the order's
 * currency) is left out, as checkout hides an option without a price.
 */
export async function listReturnOptions(scope: MedusaContainer, order: ReturnableOrder, items: TravellingItem[]): Promise<ReturnOption[]> {
  const nordicParcel = scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const options = await nordicParcel.getEffectiveOptions()
  const carrierOptions = (await carrierReturnOptionsOf(scope, order)).filter((option) => serviceForOptionData(options, option.data)?.offered !== false)
  const priced = await Promise.all(carrierOptions.map((option) => priceReturnOption(scope, order, option, items, options)))
  return priced.flatMap((entry) => (entry.option ? [entry.option] : []))
}

/**
 * The price a return with `optionId` is charged: the listed amount of that carrier option for
 * these items. Undefined when the option is not one of the carrier's (Medusa's own rules apply);
 * a carrier option that cannot take this order, or has no price now, is a 400 naming
 * `return_shipping.option_id`.
 */
export async function returnPriceFor(
  scope: MedusaContainer,
  order: ReturnableOrder,
  optionId: string,
  items: TravellingItem[]
): Promise<ReturnOption | undefined> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "shipping_option", fields: ["id", "provider_id"], filters: { id: optionId } })
  const provider = (data[0] as { provider_id?: string } | undefined)?.provider_id
  if (!provider || !isNordicParcelProviderId(provider)) {
    return undefined
  }
  const nordicParcel = scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const options = await nordicParcel.getEffectiveOptions()
  const option =
    (await carrierReturnOptionsOf(scope, order)).find((candidate) => candidate.id === optionId) ?? (await carrierReturnOptionById(scope, optionId))
  if (!option) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `return_shipping.option_id: ${optionId} is not a return option of this order`)
  }
  const priced = await priceReturnOption(scope, order, option, items, options)
  if (!priced.option) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `return_shipping.option_id: ${optionId} has no price for this return now (${priced.problem})`)
  }
  return priced.option
}

/**
 * The price a storefront sent against the listed one: absent is taken as the listed amount; any
 * other amount is refused, naming the field (the price changed since the options were listed,
 * or the request was made up): list the options again.
 */
export function refuseOtherPrice(sent: number | undefined, listed: ReturnOption): void {
  if (sent === undefined || Math.abs(sent - listed.amount) < 0.005) return
  throw new MedusaError(
    MedusaError.Types.INVALID_DATA,
    `return_shipping.price: must be ${listed.amount} ${listed.currency_code.toUpperCase()}, the price of this return option (or left out)`
  )
}
