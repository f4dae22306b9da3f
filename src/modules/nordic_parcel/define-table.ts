import type { DMLSchema } from "@medusajs/framework/types"
import { model } from "@medusajs/framework/utils"

/**
 * A table of the plugin. Each has a text id with its own prefix as primary key (`npship_…`), so
 * an id says which table it belongs to wherever it shows up (logs, the admin, links). Kept out of
 * `models/`: Medusa loads every export of that folder as a model.
 *
 * Medusa scopes every index of a table to the rows not soft-deleted (`deleted_at IS NULL`, added
 * to a `where` that does not name `deleted_at`), so a unique index here lets a deleted row's key
 * be used again, and the models' indexes name only what else narrows them.
 */
export function defineTable<const Name extends string, Columns extends DMLSchema>(name: Name, idPrefix: string, columns: Columns) {
  return model.define(name, { id: model.id({ prefix: idPrefix }).primaryKey(), ...columns })
}
