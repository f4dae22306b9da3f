/*
 * Every minute: applies what is stored but not applied and due (workers/tracking-outbox.ts), so an
 * event whose subscriber failed or whose process died is applied eventually.
 */
import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { applyDueTrackingEvents } from "../workers/tracking-outbox"

/**
 * The outbox relay: every minute, applies the stored carrier events that are not applied yet
 * (the process stopped between storing and applying, or applying failed and its back-off passed).
 */
export default async function applyTrackingEventsJob(container: MedusaContainer): Promise<void> {
  const run = await applyDueTrackingEvents(container)
  if (run.applied === 0 && run.failed.length === 0) return
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  logger.info(`nordic-parcel tracking events: ${run.applied} applied late, ${run.failed.length} still failing`)
  for (const failure of run.failed) {
    logger.warn(`nordic-parcel tracking event ${failure.event_id} not applied: ${failure.error}`)
  }
}

export const config = {
  name: "nordic-parcel-apply-tracking-events",
  schedule: "* * * * *",
}
