import type { MedusaResponse, MedusaStoreRequest } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createAndCompleteReturnOrderWorkflow } from "@medusajs/medusa/core-flows"
import { serviceOptionsFor } from "../../../../../../lib/options"
import { serviceLabel } from "../../../../../../lib/service-names/service-label"
import { isShopperVisible, toOrderShipment, type ShipmentRow } from "../../../../../../lib/shopper/order-shipment"
import { NORDIC_PARCEL_MODULE } from "../../../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../../../modules/nordic_parcel/service"
import type { CreateReturnResult } from "../../../../../../storefront/types"
import { orderOfShopper } from "../../../../../utils/shopper-order"
import { loadReturnableOrder, refuseOtherPrice, returnItemsOrRefuse, returnPriceFor } from "../../../../../utils/return-options"
import type { StoreCreateReturnBody } from "../../../../../validators"
import { MedusaError } from "@medusajs/framework/utils"

/**
 * POST /store/nordic-parcel/orders/:id/returns `{ items: [{ id, quantity, reason_id?, note? }],
 * return_shipping: { option_id, price? }, note? }` → `{ return, shipment }`: the shopper's return,
 * created with Medusa's own `createAndCompleteReturnOrderWorkflow` (what `POST /store/returns`
 * runs; the provider books it with the carrier to the option's warehouse) and charged exactly the
 * amount the return-options route lists for these items. A `return_shipping.price` that differs
 * is refused (400 naming it). Unlike Medusa's route, only the order's shopper may return (404
 * otherwise, as for the other order routes). The answer carries the return's shipment (label, QR
 * codes) once the booking is recorded.
 */
export async function POST(req: MedusaStoreRequest<StoreCreateReturnBody>, res: MedusaResponse) {
  const { id } = await orderOfShopper(req)
  const body = req.validatedBody
  const order = await loadReturnableOrder(req.scope, id)
  const items = returnItemsOrRefuse(order, body.items)
  const listed = await returnPriceFor(req.scope, order, body.return_shipping.option_id, items)
  if (!listed) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `return_shipping.option_id: ${body.return_shipping.option_id} is not a return option of this carrier`)
  }
  refuseOtherPrice(body.return_shipping.price, listed)

  const { result } = await createAndCompleteReturnOrderWorkflow(req.scope).run({
    input: {
      order_id: order.id,
      items: body.items.map((item) => ({ id: item.id, quantity: item.quantity, reason_id: item.reason_id ?? undefined, note: item.note ?? undefined })),
      return_shipping: { option_id: listed.shipping_option_id, price: listed.amount },
      note: body.note ?? undefined,
    },
  })
  const created = result as unknown as { id: string; status?: string }

  const answer: CreateReturnResult = {
    return: {
      id: created.id,
      order_id: order.id,
      status: created.status ?? "requested",
      shipping_amount: listed.amount,
      currency_code: order.currency_code,
      items: items.map((item) => ({ item_id: item.id, quantity: item.quantity })),
    },
    shipment: await returnShipmentOf(req, order.id, created.id),
  }
  res.status(200).json(answer)
}

/** The carrier shipment booked for the return (its fulfillment's), as the shopper reads it; null before it is recorded. */
async function returnShipmentOf(req: MedusaStoreRequest, orderId: string, returnId: string): Promise<CreateReturnResult["shipment"]> {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "return", fields: ["id", "fulfillments.id"], filters: { id: returnId } })
  const fulfillmentIds = ((data[0] as unknown as { fulfillments?: { id: string }[] | null } | undefined)?.fulfillments ?? []).map((f) => f.id)
  if (!fulfillmentIds.length) return null
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
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
