/*
 * Books again an attempt the carrier never confirmed: an outgoing parcel with the same items again, a
 * return by confirming the waiting return, claim or exchange again; either way the new booking
 * replaces the attempt (settled by the ledger's `record`, shown "Replaced" in the order widget). The
 * provider's default does the same on the merchant's next fulfilment of the parcel; a bulk run passes
 * `additional_data.nordic_parcel.rebook = false` and is refused instead.
 */
import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError, OrderChangeStatus, OrderChangeType } from "@medusajs/framework/utils"
import {
  confirmClaimRequestWorkflow,
  confirmExchangeRequestWorkflow,
  confirmReturnRequestWorkflow,
  createOrderFulfillmentWorkflow,
} from "@medusajs/medusa/core-flows"
import { NORDIC_PARCEL_MODULE } from "../../../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../../../modules/nordic_parcel/service"
import { isUnconfirmed } from "../../../../../../lib/admin-views/admin-shipment"

type Query = { graph: (config: { entity: string; fields: string[]; filters: Record<string, unknown> }) => Promise<{ data: unknown[] }> }

/**
 * POST /admin/nordic-parcel/shipments/:id/rebook: "book again" for a booking the carrier never
 * confirmed (time-out, 5xx, or a process stopped while booking: see
 * modules/nordic_parcel/interrupted-bookings.ts). Its fulfilment is gone or not the order's, so an
 * outgoing parcel is fulfilled again (the same items from the same location); a return is booked
 * by confirming again the return, claim or exchange still waiting for it (Medusa undid the
 * confirmation when the booking failed). The new booking replaces the attempt (shipment-booker.ts).
 */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const [shipment] = await nordicParcel.listShipments({ id: req.params.id })
  if (!shipment) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `shipment ${req.params.id} was not found`)
  }
  const items = (shipment.items ?? []) as unknown as { line_item_id: string; quantity: number }[]
  if (shipment.status !== "booking" || !shipment.order_id || items.length === 0) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `shipment ${shipment.id} is ${shipment.status}: only a booking the carrier never confirmed can be booked again`
    )
  }
  if (!isUnconfirmed(shipment)) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `shipment ${shipment.id} is still being booked: the carrier's answer is awaited, try again in a minute`
    )
  }
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY) as unknown as Query
  const fulfillmentId =
    shipment.kind === "return"
      ? await confirmWaitingReturn(req, query, shipment.order_id, shipment.id)
      : (
          await createOrderFulfillmentWorkflow(req.scope).run({
            input: {
              order_id: shipment.order_id,
              items: items.map((item) => ({ id: item.line_item_id, quantity: item.quantity })),
              location_id: shipment.location_id ?? undefined,
              created_by: req.auth_context.actor_id,
              additional_data: { nordic_parcel: { rebook: true } },
            },
          })
        ).result.id
  // The workflows answer before the booking's data was written on the fulfillment: read it now.
  const { data } = await query.graph({ entity: "fulfillment", fields: ["id", "data", "labels.*"], filters: { id: fulfillmentId } })
  res.json({ fulfillment: data[0] })
}

/**
 * The return fulfilment comes from confirming the return, claim or exchange; a failed booking undid
 * that confirmation, so the order's change still waits. Confirming it again books the return, and
 * the id of the new booking's fulfilment is read from the ledger (the workflows answer the order).
 */
async function confirmWaitingReturn(req: AuthenticatedMedusaRequest, query: Query, orderId: string, shipmentId: string): Promise<string> {
  const { data } = await query.graph({
    entity: "order_change",
    fields: ["id", "change_type", "return_id", "claim_id", "exchange_id", "created_at"],
    filters: { order_id: orderId, status: [OrderChangeStatus.PENDING, OrderChangeStatus.REQUESTED] },
  })
  const change = (data as { change_type: string; return_id?: string | null; claim_id?: string | null; exchange_id?: string | null }[]).find(
    (c) => c.return_id || c.claim_id || c.exchange_id
  )
  if (!change) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `shipment ${shipmentId} is a return no request waits for any more: request the return again (its booking then replaces this attempt)`
    )
  }
  const confirmedBy = req.auth_context.actor_id
  if (change.change_type === OrderChangeType.CLAIM && change.claim_id) {
    await confirmClaimRequestWorkflow(req.scope).run({ input: { claim_id: change.claim_id, confirmed_by: confirmedBy } })
  } else if (change.change_type === OrderChangeType.EXCHANGE && change.exchange_id) {
    await confirmExchangeRequestWorkflow(req.scope).run({ input: { exchange_id: change.exchange_id, confirmed_by: confirmedBy } })
  } else {
    await confirmReturnRequestWorkflow(req.scope).run({ input: { return_id: change.return_id!, confirmed_by: confirmedBy } })
  }
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const [replaced] = await nordicParcel.listShipments({ id: shipmentId })
  const by = (replaced?.last_error as { superseded_by?: string } | null)?.superseded_by
  if (!by) {
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `the return of shipment ${shipmentId} was confirmed, but its booking did not replace this attempt (another request or address): see the order`
    )
  }
  return by
}
