import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { NORDIC_PARCEL_MODULE } from "../../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../../modules/nordic_parcel/service"
import { followedNumbers } from "../../../../../lib/tracking/followed-consignments"
import { toAdminShipment } from "../../../../../lib/admin-views/admin-shipment"
import { toPlannedShipment } from "../../../../../lib/admin-views/planned-shipment"

/**
 * GET /admin/nordic-parcel/orders/:id: what the order page's widget shows. `shipping_methods`: the
 * carrier service the shopper chose, with the pickup point and expected delivery date (known
 * before anything is booked); `shipments`: every carrier shipment of the order (outbound and
 * returns, including attempts the carrier never confirmed) with its tracking events, oldest first,
 * and those of the free return an outgoing booking carries (`return_tracking_events`).
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const [shipments, { data: orders }, options] = await Promise.all([
    nordicParcel.listShipments({ order_id: req.params.id }, { order: { created_at: "ASC" } }),
    query.graph({
      entity: "order",
      fields: ["id", "shipping_methods.id", "shipping_methods.name", "shipping_methods.data"],
      filters: { id: req.params.id },
    }),
    nordicParcel.getEffectiveOptions(),
  ])
  // Each booking's own number and the free return it carries (lib/tracking/followed-consignments.ts).
  const numbers = shipments.flatMap((s) => followedNumbers(s))
  const events = numbers.length
    ? await nordicParcel.listTrackingEvents({ shipment_number: numbers }, { order: { occurred_at: "ASC" } })
    : []
  const methods = (orders[0]?.shipping_methods ?? []) as { id: string; name: string; data?: Record<string, unknown> | null }[]
  // The carrier's names of the order's services, asked once when missing (never fails the widget).
  const codes = [
    ...shipments.map((s) => s.service_code),
    ...methods.map((m) => m.data?.service_code).filter((code): code is string => typeof code === "string"),
  ]
  const labels = await nordicParcel.serviceLabels(codes, query, options)
  const names = nordicParcel.carrierServiceNames()
  const carrierName = (code: string) => names.get(code)
  res.json({
    shipping_methods: methods.flatMap((method) => toPlannedShipment(method, options, carrierName) ?? []),
    shipments: shipments.map((shipment) => ({
      ...toAdminShipment(shipment, events),
      service_name: labels[shipment.service_code].name,
    })),
  })
}
