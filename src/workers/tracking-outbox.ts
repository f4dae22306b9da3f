/*
 * Applies stored tracking events: per fulfillment under a lock, through
 * workflows/tracking/apply-tracking-event.ts, then marks the row applied, or records its attempts, error and
 * next attempt (modules/nordic_parcel/tracking-events.ts, back-off lib/tracking/backoff.ts). Called by
 * subscribers/tracking-received.ts for a new event, by jobs/apply-tracking-events.ts (every minute)
 * and subscribers/tracking-outbox-due.ts (start-up) for what is stored but not applied.
 */
import type { ILockingModule, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { trackingReceivedData, type TrackingReceivedData } from "../lib/events"
import { NORDIC_PARCEL_MODULE } from "../modules/nordic_parcel"
import type NordicParcelModuleService from "../modules/nordic_parcel/service"
import { applyTrackingEventWorkflow } from "../workflows/tracking/apply-tracking-event"

export type ApplyOutcome = { applied: true } | { applied: false; error: string }

/**
 * Applies one stored carrier event and records the outcome in its row (the outbox): applied, or
 * the reason and the time of the next attempt. Events of one fulfillment are applied one at a
 * time (Medusa's locking module, shared by all instances with Redis), so each sees what the one
 * before did; the workflow only ever moves a fulfillment forward, so applying twice changes nothing.
 */
export async function applyStoredTrackingEvent(container: MedusaContainer, event: TrackingReceivedData): Promise<ApplyOutcome> {
  const nordicParcel = container.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  if (!event.fulfillment_id) {
    // A consignment this store did not book (customer-number subscriptions see them all): stored
    // as applied already, nothing to move, no query on the webhook's busiest path.
    return { applied: true }
  }
  let error: string | undefined
  try {
    const { errors } = await container.resolve<ILockingModule>(Modules.LOCKING).execute(
      `nordic-parcel:fulfillment:${event.fulfillment_id}`,
      () => applyTrackingEventWorkflow(container).run({ input: event, throwOnError: false }),
      { timeout: 60 }
    )
    if (errors?.length) error = errors.map((e) => e.error?.message ?? String(e.error)).join("; ")
  } catch (thrown) {
    error = (thrown as Error)?.message ?? String(thrown)
  }
  if (error === undefined) {
    await nordicParcel.markTrackingEventApplied(event.event_id)
    return { applied: true }
  }
  await nordicParcel.noteTrackingEventFailure(event.event_id, error)
  return { applied: false, error }
}

export interface OutboxRun {
  applied: number
  failed: { event_id: string; error: string }[]
}

/**
 * Applies the stored events not applied whose turn has come (see listTrackingEventsDue), oldest
 * first. Run by the nordic-parcel-apply-tracking-events job and at start-up; `graceMs` 0 takes
 * every event never tried, however fresh.
 */
export async function applyDueTrackingEvents(
  container: MedusaContainer,
  { now = new Date(), graceMs }: { now?: Date; graceMs?: number } = {}
): Promise<OutboxRun> {
  const nordicParcel = container.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const due = await nordicParcel.listTrackingEventsDue(now, graceMs === undefined ? {} : { graceMs })
  const run: OutboxRun = { applied: 0, failed: [] }
  for (const row of due) {
    const outcome = await applyStoredTrackingEvent(container, trackingReceivedData(row))
    if (outcome.applied) run.applied++
    else run.failed.push({ event_id: row.event_id, error: outcome.error })
  }
  return run
}
