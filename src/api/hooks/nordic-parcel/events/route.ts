import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { Modules } from "@medusajs/framework/utils"
import { parseCallback } from "../../../../lib/tracking/callback"
import { TRACKING_RECEIVED_EVENT, type TrackingReceivedData } from "../../../../lib/tracking/events"
import { secretMatches } from "../../../../lib/tracking/secret"
import { NORDIC_PARCEL_MODULE } from "../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../modules/nordic_parcel/service"

/**
 * POST /hooks/nordic-parcel/events: the carrier's tracking callbacks. The shared secret header
 * authenticates the carrier (compared in constant time); the event is stored before it is
 * acknowledged, so an answered callback is never lost; a repeat of a stored event is acknowledged
 * and applied no second time. Moving the order happens after the answer, in the
 * nordic_parcel.tracking.received subscriber, so the carrier's 10 s limit is never at risk.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const { webhooks } = nordicParcel.getOptions()
  if (!secretMatches(req.headers[webhooks.headerName.toLowerCase()], webhooks.secret)) {
    res.status(401).json({ type: "unauthorized", message: `missing or wrong ${webhooks.headerName} header` })
    return
  }
  const parsed = parseCallback(req.body)
  if (!parsed.ok) {
    res.status(400).json({ type: "invalid_data", message: parsed.message })
    return
  }
  const { callback } = parsed
  const stored = await nordicParcel.recordTrackingEvent({
    event_id: callback.eventId,
    status: callback.status,
    shipment_number: callback.shipmentNumber,
    package_number: callback.packageNumber ?? null,
    occurred_at: callback.occurredAt,
    pushed_at: callback.pushedAt ?? null,
    raw: req.body as Record<string, unknown>,
  })
  if (!stored.duplicate) {
    const data: TrackingReceivedData = {
      event_id: callback.eventId,
      status: callback.status,
      shipment_number: callback.shipmentNumber,
      package_number: callback.packageNumber ?? null,
      occurred_at: callback.occurredAt.toISOString(),
      ...(stored.fulfillment_id ? { fulfillment_id: stored.fulfillment_id } : {}),
      ...(stored.order_id ? { order_id: stored.order_id } : {}),
    }
    await req.scope.resolve(Modules.EVENT_BUS).emit({ name: TRACKING_RECEIVED_EVENT, data })
  }
  res.status(200).json({ received: true, duplicate: stored.duplicate })
}
