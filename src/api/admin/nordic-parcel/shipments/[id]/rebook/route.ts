import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createOrderFulfillmentWorkflow } from "@medusajs/medusa/core-flows"
import { NORDIC_PARCEL_MODULE } from "../../../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../../../modules/nordic_parcel/service"

/**
 * POST /admin/nordic-parcel/shipments/:id/rebook: "book again" for an outgoing booking the carrier
 * never confirmed (time-out, 5xx). Medusa deleted that attempt's fulfillment, so this fulfils the
 * same items from the same location again, telling the provider the merchant has checked the
 * carrier's portal and wants a new booking.
 */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const [shipment] = await nordicParcel.listShipments({ id: req.params.id })
  if (!shipment) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `shipment ${req.params.id} was not found`)
  }
  const items = (shipment.items ?? []) as unknown as { line_item_id: string; quantity: number }[]
  if (shipment.status !== "booking" || shipment.kind !== "outbound" || !shipment.order_id || items.length === 0) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `shipment ${shipment.id} is ${shipment.status}: only an outgoing booking the carrier never confirmed can be booked again`
    )
  }
  const { result } = await createOrderFulfillmentWorkflow(req.scope).run({
    input: {
      order_id: shipment.order_id,
      items: items.map((item) => ({ id: item.line_item_id, quantity: item.quantity })),
      location_id: shipment.location_id ?? undefined,
      created_by: req.auth_context.actor_id,
      additional_data: { nordic_parcel: { rebook: true } },
    },
  })
  // The workflow answers with the fulfillment as created, before the booking's data was written.
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "fulfillment", fields: ["id", "data", "labels.*"], filters: { id: result.id } })
  res.json({ fulfillment: data[0] })
}
