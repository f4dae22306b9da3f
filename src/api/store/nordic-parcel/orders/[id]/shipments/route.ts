/*
 * An order's shipments for its shopper: ownership by api/http/shopper-order.ts, then the module's
 * Shipment rows and stored tracking events (no carrier call) shaped by lib/shopper/order-shipment.ts.
 * A shopper's own return is Medusa's `POST /store/returns`, whose workflow calls the provider's
 * `createReturnFulfillment`.
 */
import type { MedusaResponse, MedusaStoreRequest } from "@medusajs/framework/http"
import { NORDIC_PARCEL_MODULE } from "../../../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../../../modules/nordic_parcel/service"
import { serviceOptionsFor } from "../../../../../../lib/options"
import { serviceLabel } from "../../../../../../lib/service-names/service-label"
import { isShopperVisible, shownNumbers, toOrderShipments, type ShipmentRow, type TrackingEventRow } from "../../../../../../lib/shopper/order-shipment"
import { orderOfShopper } from "../../../../../http/shopper-order"

/**
 * GET /store/nordic-parcel/orders/:id/shipments: the order's carrier shipments (the parcel and any
 * returns, including the free return a parcel carries once it moves) with their tracking events, oldest first, and for returns the store paths of the label
 * and QR codes. For the order's shopper only (a guest holding the order's id, or the signed-in
 * customer who placed it); anyone else gets 404. Reads only the store's own tables: no carrier call.
 */
export async function GET(req: MedusaStoreRequest, res: MedusaResponse) {
  const order = await orderOfShopper(req)
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const [rows, options] = await Promise.all([
    nordicParcel.listShipments({ order_id: order.id }, { order: { created_at: "ASC" } }),
    nordicParcel.getEffectiveOptions(),
  ])
  const shipments = (rows as unknown as ShipmentRow[]).filter(isShopperVisible)
  // Each booking's own number and the free return it carries (lib/tracking/followed-consignments.ts).
  const numbers = shownNumbers(shipments)
  const events = numbers.length
    ? ((await nordicParcel.listTrackingEvents({ shipment_number: numbers }, { order: { occurred_at: "ASC", created_at: "ASC" } })) as unknown as TrackingEventRow[])
    : []
  const names = nordicParcel.carrierServiceNames()
  const serviceName = (code: string) =>
    serviceLabel(code, { merchantName: serviceOptionsFor(options, code).name, carrier: names.get(code) }).name
  res.json({ shipments: toOrderShipments(order.id, shipments, events, serviceName) })
}
