import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { parseCallback } from "../../../../lib/tracking/callback-payload"
import { TRACKING_RECEIVED_EVENT, type TrackingReceivedData } from "../../../../lib/events"
import { secretMatches } from "../../../../lib/tracking/secret"
import { NORDIC_PARCEL_MODULE } from "../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../modules/nordic_parcel/service"

/**
 * POST /hooks/nordic-parcel/events: the carrier's tracking callbacks. The shared secret header
 * authenticates the carrier (compared in constant time); anything the database could not hold is
 * refused with 400 naming the field; the event is stored before it is acknowledged, so an
 * answered callback is never lost. Applying it happens after the answer, in the
 * nordic_parcel.tracking.received subscriber, so the carrier's 10 s limit is never at risk; the
 * stored row records whether it was applied, and the nordic-parcel-apply-tracking-events job
 * applies what the subscriber did not (announcement lost, process stopped, apply failed).
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
  // Announced once per distinct event; a repeat of one not applied yet is left to the job.
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
    try {
      await req.scope.resolve(Modules.EVENT_BUS).emit({ name: TRACKING_RECEIVED_EVENT, data })
    } catch (error) {
      // Stored is what the carrier needs to know; the job applies it.
      req.scope
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(`nordic-parcel: tracking event ${callback.eventId} stored, announcement failed (the job applies it): ${(error as Error).message}`)
    }
  }
  res.status(200).json({ received: true, duplicate: stored.duplicate })
}
