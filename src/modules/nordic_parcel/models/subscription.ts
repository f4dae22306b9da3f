import { model } from "@medusajs/framework/utils"
import { defineTable } from "../define-table"
import { SUBSCRIPTION_STATUSES } from "../../../lib/statuses"

/**
 * A subscription held at the carrier's event-cast service: on one tracking number (booked by the
 * plugin) or on a whole customer number (created by the merchant in the admin).
 *
 * A tracking subscription the carrier refused or could not be reached for after booking is kept
 * as `pending` (no carrier id yet) with its attempts, last error and next attempt time; the
 * nordic-parcel-retry-tracking-subscriptions job makes it until it exists or the shipment is
 * delivered or cancelled (then `ended`).
 *
 * Each made subscription keeps the callback URL and a fingerprint of the secret it sends, so a
 * subscription made before the store's secret or public URL changed is found and made again.
 */
export const Subscription = defineTable("nordic_parcel_subscription", "npsub", {
  carrier_id: model.text().nullable(),
  kind: model.enum(["tracking", "customer"]),
  tracking_id: model.text().nullable(),
  customer_number: model.text().nullable(),
  event_groups: model.array(),
  expires_at: model.dateTime().nullable(),
  status: model.enum([...SUBSCRIPTION_STATUSES]).default("active"),
  created_by: model.text().nullable(),
  attempts: model.number().default(0),
  last_error: model.text().nullable(),
  next_attempt_at: model.dateTime().nullable(),
  /** Where its callbacks go and a fingerprint of their secret header (lib/tracking/webhook-identity.ts). */
  callback_url: model.text().nullable(),
  secret_fingerprint: model.text().nullable(),
}).indexes([
  { on: ["carrier_id"], unique: true },
  { on: ["tracking_id"] },
  { on: ["next_attempt_at"], where: "status = 'pending' AND deleted_at IS NULL" },
])
