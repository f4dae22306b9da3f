/*
 * A shopper's return, from the store's routes to the created return: the module's return options
 * (modules/nordic_parcel/return-options.ts) given Medusa's query and fulfillment module, and the
 * return created with Medusa's own `createAndCompleteReturnOrderWorkflow` (what `POST /store/returns`
 * runs; the provider books it with the carrier to the option's warehouse) at exactly the amount the
 * options list for these items. The routes only parse, call and answer.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { createAndCompleteReturnOrderWorkflow } from "@medusajs/medusa/core-flows"
import { serviceOptionsFor } from "../lib/options"
import { refuseOtherPrice, returnItemsOrRefuse } from "../lib/returns/return-price"
import { serviceLabel } from "../lib/service-names/service-label"
import { isShopperVisible, toOrderShipment, type ShipmentRow } from "../lib/shopper/order-shipment"
import { NORDIC_PARCEL_MODULE } from "../modules/nordic_parcel"
import type { ReturnOptions } from "../modules/nordic_parcel/return-options"
import type NordicParcelModuleService from "../modules/nordic_parcel/service"
import type { CreateReturnResult, ReturnOption } from "../storefront/types"

/** The lines a shopper sends back, as the store routes validated them. */
export type ShopperReturnItems = { id: string; quantity: number }[]

export type ShopperReturnRequest = {
  items: { id: string; quantity: number; reason_id?: string | null; note?: string | null }[]
  return_shipping: { option_id: string; price?: number }
  note?: string | null
}

/** The module's return options, reading through the request's Medusa query and fulfillment module. */
export function shopperReturnOptions(scope: MedusaContainer): ReturnOptions {
  const nordicParcel = scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  return nordicParcel.returnOptions({
    query: scope.resolve(ContainerRegistrationKeys.QUERY),
    fulfillment: scope.resolve(Modules.FULFILLMENT),
  })
}

/** The order's carrier return options with what the shopper pays for `items` (400 naming a refused line). */
export async function listShopperReturnOptions(scope: MedusaContainer, orderId: string, items: ShopperReturnItems): Promise<ReturnOption[]> {
  const returns = shopperReturnOptions(scope)
  const order = await returns.loadOrder(orderId)
  return returns.list(order, returnItemsOrRefuse(order, items))
}

/**
 * The shopper's return, charged the listed amount: an option that is not this carrier's, or a
 * `return_shipping.price` that differs from the listed one, is a 400 naming the field. The answer
 * carries the return's shipment (label, QR codes) once the booking is recorded.
 */
export async function createShopperReturn(scope: MedusaContainer, orderId: string, request: ShopperReturnRequest): Promise<CreateReturnResult> {
  const returns = shopperReturnOptions(scope)
  const order = await returns.loadOrder(orderId)
  const items = returnItemsOrRefuse(order, request.items)
  const listed = await returns.priceFor(order, request.return_shipping.option_id, items)
  if (!listed) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `return_shipping.option_id: ${request.return_shipping.option_id} is not a return option this store offers for this order`)
  }
  refuseOtherPrice(request.return_shipping.price, listed)

  const { result } = await createAndCompleteReturnOrderWorkflow(scope).run({
    input: {
      order_id: order.id,
      items: request.items.map((item) => ({ id: item.id, quantity: item.quantity, reason_id: item.reason_id ?? undefined, note: item.note ?? undefined })),
      return_shipping: { option_id: listed.shipping_option_id, price: listed.amount },
      note: request.note ?? undefined,
    },
  })
  const created = result as unknown as { id: string; status?: string }

  return {
    return: {
      id: created.id,
      order_id: order.id,
      status: created.status ?? "requested",
      shipping_amount: listed.amount,
      currency_code: order.currency_code,
      items: items.map((item) => ({ item_id: item.id, quantity: item.quantity })),
    },
    shipment: await returnShipmentOf(scope, order.id, created.id),
  }
}

/** The carrier shipment booked for the return (its fulfillment's), as the shopper reads it; null before it is recorded. */
async function returnShipmentOf(scope: MedusaContainer, orderId: string, returnId: string): Promise<CreateReturnResult["shipment"]> {
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "return", fields: ["id", "fulfillments.id"], filters: { id: returnId } })
  const fulfillmentIds = ((data[0] as unknown as { fulfillments?: { id: string }[] | null } | undefined)?.fulfillments ?? []).map((f) => f.id)
  if (!fulfillmentIds.length) return null
  const nordicParcel = scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const rows = (await nordicParcel.listShipments({ order_id: orderId, fulfillment_id: fulfillmentIds })) as unknown as ShipmentRow[]
  const shipment = rows.find(isShopperVisible)
  if (!shipment) return null
  const options = await nordicParcel.getEffectiveOptions()
  const name = serviceLabel(shipment.service_code, {
    merchantName: serviceOptionsFor(options, shipment.service_code).name,
    carrier: nordicParcel.carrierServiceNames().get(shipment.service_code),
  }).name
  return toOrderShipment(orderId, shipment, [], name)
}
