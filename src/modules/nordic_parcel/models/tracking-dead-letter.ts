/*
 * Callbacks that passed the secret check but could not be understood, kept with their reason (the
 * module's `recordTrackingDeadLetter`), listed by the tracking-health route, deleted after the
 * retention period by jobs/prune-tracking-payloads.ts.
 */
import { model } from "@medusajs/framework/utils"
import { defineTable } from "../define-table"

/**
 * An authenticated carrier callback the plugin could not understand (carrier notes 42): answered
 * 2xx so the carrier does not drop it after its retries, and kept with the reason and the body as
 * it came, for the merchant to see in tracking-health. The body is kept as JSON text, which can
 * hold what a jsonb column refuses (a NUL character, a lone surrogate, deep nesting).
 */
export const TrackingDeadLetter = defineTable("nordic_parcel_tracking_dead_letter", "npdl", {
  reason: model.text(),
  body: model.text(),
}).indexes([{ on: ["created_at"] }])
