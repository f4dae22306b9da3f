/*
 * The carrier's callbacks (`POST /hooks/nordic-parcel/events`, no Medusa auth). Bodies over 16 kB are
 * refused by api/http/body-size-limit.ts (declared in api/middlewares.ts). The secret header is
 * checked by lib/tracking/secret.ts (the current secret, or the previous one in its grace period; a
 * refusal is counted in the database through the module's `noteRefusedCallback`) and the body parsed
 * leniently by lib/tracking/callback-payload.ts. Only a wrong secret (401) or a body that is not JSON
 * (400) is refused; what cannot be understood is stored as a dead letter with its reason (202). Events
 * are stored by modules/nordic_parcel/tracking-events.ts before the answer; then
 * `nordic_parcel.tracking.received` is emitted (data by `trackingReceivedData` in lib/events.ts, as
 * the outbox builds it for a stored row).
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { parseCallback } from "../../../../lib/tracking/callback-payload"
import { TRACKING_RECEIVED_EVENT, trackingReceivedData } from "../../../../lib/events"
import { announceWithin } from "../../../../lib/tracking/announce"
import { callbackSecretAccepted } from "../../../../lib/tracking/secret"
import { NORDIC_PARCEL_MODULE } from "../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../modules/nordic_parcel/service"

/**
 * POST /hooks/nordic-parcel/events: the carrier's tracking callbacks. The shared secret header
 * authenticates the carrier (compared in constant time); only a wrong secret (401) or a body that
 * is not JSON (400) is refused. Everything else is stored before it is acknowledged, so an
 * answered callback is never lost: what can be read is stored as an event (read leniently,
 * carrier notes 42), what cannot is kept as a dead letter with its reason (202) and listed in
 * tracking-health. Each instance stores at most webhooks.maxDeadLettersPerMinute dead letters and
 * maxEventsPerMinute new events a minute (a ceiling far above what an instance takes in): past
 * that a callback is answered 503 with Retry-After, not stored, and counted, so the carrier
 * retries it; a repeat of a stored event is answered 200. Applying an event happens after the answer, in the
 * nordic_parcel.tracking.received subscriber, announced within lib/tracking/announce.ts's bound (a
 * stalled event bus does not hold the answer), so the carrier's 10 s limit is never at risk; the
 * stored row records whether it was applied, and the nordic-parcel-apply-tracking-events job
 * applies what the subscriber did not (announcement lost, process stopped, apply failed).
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const { webhooks } = nordicParcel.getOptions()
  if (!callbackSecretAccepted(req.headers[webhooks.headerName.toLowerCase()], webhooks)) {
    nordicParcel.noteRefusedCallback()
    res.status(401).json({ type: "unauthorized", message: `missing or wrong ${webhooks.headerName} header` })
    return
  }
  const body = jsonBodyOf(req)
  if (!body.ok) {
    res.status(400).json({ type: "invalid_data", message: body.message })
    return
  }
  const parsed = parseCallback(body.value)
  // Past this instance's per-minute bound nothing is stored: 503 so the carrier sends it again,
  // unless it repeats an event stored already (nothing to store, nothing to lose).
  const admitted = nordicParcel.admitCallback(parsed.ok ? "event" : "dead_letter")
  if (!admitted.allowed && parsed.ok && (await nordicParcel.isTrackingEventStored(parsed.callback.eventId))) {
    res.status(200).json({ received: true, duplicate: true })
    return
  }
  if (!admitted.allowed) {
    res.setHeader("Retry-After", String(admitted.retryAfterSeconds))
    res.status(503).json({
      type: "unexpected_state",
      message: `too many callbacks this minute; not stored, try again in ${admitted.retryAfterSeconds} s`,
    })
    return
  }
  if (!parsed.ok) {
    const deadLetter = await nordicParcel.recordTrackingDeadLetter(body.value, parsed.message)
    res.status(202).json({ received: true, dead_letter: deadLetter.id, reason: parsed.message })
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
    raw: body.value as Record<string, unknown>,
  })
  // Announced once per distinct event; a repeat of one not applied yet is left to the job.
  if (!stored.duplicate) {
    const data = trackingReceivedData({
      event_id: callback.eventId,
      status: callback.status,
      shipment_number: callback.shipmentNumber,
      package_number: callback.packageNumber ?? null,
      occurred_at: callback.occurredAt,
      fulfillment_id: stored.fulfillment_id,
      order_id: stored.order_id,
    })
    // Stored is what the carrier needs to know: a bus that fails or stalls (Redis down) is given
    // up after the bound and the job applies the event.
    const announced = await announceWithin(req.scope.resolve(Modules.EVENT_BUS), { name: TRACKING_RECEIVED_EVENT, data })
    if (announced.outcome !== "announced") {
      req.scope
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(`nordic-parcel: tracking event ${callback.eventId} stored, announcement ${announced.outcome === "timed_out" ? "timed out" : "failed"} (the job applies it): ${announced.message}`)
    }
  }
  res.status(200).json({ received: true, duplicate: stored.duplicate })
}

/**
 * The body as JSON. Medusa parses JSON bodies itself; one sent as text (a subscription made with
 * another content type) is parsed here. Anything else is not JSON.
 */
function jsonBodyOf(req: MedusaRequest): { ok: true; value: unknown } | { ok: false; message: string } {
  if (typeof req.body === "string") {
    try {
      return { ok: true, value: JSON.parse(req.body) }
    } catch {
      return { ok: false, message: "the body must be JSON" }
    }
  }
  if (req.is("json") && req.body !== undefined) {
    return { ok: true, value: req.body }
  }
  return { ok: false, message: "the body must be JSON (Content-Type: application/json)" }
}
