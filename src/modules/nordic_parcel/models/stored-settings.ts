import { model } from "@medusajs/framework/utils"
import { defineTable } from "../define-table"

/**
 * The merchant's settings from the admin (src/lib/settings): one row for the store, holding only
 * what differs from the plugin options. `version` is bumped by every change, so an instance can
 * tell whether the row it cached is still current.
 */
export const StoredSettings = defineTable("nordic_parcel_settings", "npset", {
  values: model.json(),
  version: model.number().default(0),
  updated_by: model.text().nullable(),
})
