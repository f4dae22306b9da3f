/*
 * What the tracking pipeline holds back: events stored but not applied (and why), dead letters
 * (models/tracking-dead-letter.ts), refused callbacks.
 */
import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { NORDIC_PARCEL_MODULE } from "../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../modules/nordic_parcel/service"

/** How many of each are listed; the counts say how many there are. */
const LISTED = 50

/**
 * GET /admin/nordic-parcel/tracking-health: what tracking has not done yet, oldest first.
 * `unapplied_events`: carrier events stored but not applied to their fulfillment, with how often
 * applying failed, why, and when it is tried again. `unsubscribed_shipments`: booked consignments
 * whose tracking subscription failed (or was never made: its process stopped after booking), with
 * the carrier's answer and the next attempt.
 * `dead_letters`: authenticated callbacks that could not be understood, newest first, with the
 * reason and the body as it came (carrier notes 42), kept as long as raw callbacks
 * (`webhooks.payloadRetentionDays`). `refused_callbacks`: callbacks refused for their secret, by
 * every instance (kept in the database).
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const [events, eventCount] = await nordicParcel.listAndCountUnappliedTrackingEvents({ limit: LISTED })
  const [pending, pendingCount] = await nordicParcel.listAndCountSubscriptions(
    // A booking notes its subscriptions as pending until its own attempt, a moment later: those are
    // listed once that attempt failed, or once its grace passed without one (the process stopped).
    { kind: "tracking", status: "pending", $or: [{ attempts: { $gt: 0 } }, { next_attempt_at: { $lte: new Date() } }] },
    { take: LISTED, order: { created_at: "ASC" } }
  )
  const [deadLetters, deadLetterCount] = await nordicParcel.listAndCountTrackingDeadLetters(
    {},
    { take: LISTED, order: { created_at: "DESC" } }
  )
  const refused = await nordicParcel.refusedCallbacks()
  res.json({
    unapplied_events: events.map((event) => ({
      event_id: event.event_id,
      status: event.status,
      shipment_number: event.shipment_number,
      order_id: event.order_id,
      fulfillment_id: event.fulfillment_id,
      received_at: event.created_at,
      attempts: event.apply_attempts,
      last_error: event.apply_error,
      next_attempt_at: event.next_apply_at,
    })),
    unapplied_count: eventCount,
    unsubscribed_shipments: pending.map((subscription) => ({
      consignment_number: subscription.tracking_id,
      since: subscription.created_at,
      attempts: subscription.attempts,
      last_error: subscription.last_error,
      next_attempt_at: subscription.next_attempt_at,
    })),
    unsubscribed_count: pendingCount,
    dead_letters: deadLetters.map((letter) => ({
      id: letter.id,
      received_at: letter.created_at,
      reason: letter.reason,
      body: letter.body,
    })),
    dead_letter_count: deadLetterCount,
    // Callbacks refused for their secret by every instance (also on the status page).
    refused_callbacks: { count: refused.count, last_at: refused.last_at?.toISOString() ?? null },
    // Callbacks this instance answered 503 past its per-minute bound (the carrier sends them again).
    dropped_callbacks: nordicParcel.callbackIntake().dropped,
  })
}
