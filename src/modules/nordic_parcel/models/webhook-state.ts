/*
 * Table nordic_parcel_webhook_state: one row shared by every instance
 * (modules/nordic_parcel/webhook-state.ts): refused callbacks and the last resubscription that found
 * stale subscriptions.
 */
import { model } from "@medusajs/framework/utils"
import { defineTable } from "../define-table"

/**
 * What the status page reports about the carrier's callbacks across instances and restarts: one
 * row for the store. `refused_callbacks` counts callbacks refused for their secret header (added to
 * by every instance), `resubscription` is the last run that found subscriptions made with an old
 * secret or URL (subscription-rotation.ts), as the status page shows it.
 */
export const WebhookState = defineTable("nordic_parcel_webhook_state", "npwh", {
  refused_callbacks: model.number().default(0),
  refused_last_at: model.dateTime().nullable(),
  resubscription: model.json().nullable(),
})
