import { model } from "@medusajs/framework/utils"
import { defineTable } from "../define-table"

/**
 * One row per running Medusa process that books (its id is the process's own, made at start), its
 * `heartbeat_at` renewed every few seconds (process-heartbeats.ts). A booking records the process
 * that made it; the interrupted-bookings check completes or releases a booking only when that
 * process has stopped beating: a workflow that is slow but alive is never finished a second time.
 */
export const ProcessHeartbeat = defineTable("nordic_parcel_process", "npproc", {
  heartbeat_at: model.dateTime(),
})
