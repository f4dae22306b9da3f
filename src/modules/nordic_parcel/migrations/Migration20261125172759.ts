import { Migration } from "@medusajs/framework/mikro-orm/migrations";
import { onlineSchemaChange } from "../online-migration";

const TABLE = "nordic_parcel_tracking_event";
const INDEX = "IDX_nordic_parcel_tracking_event_applied_at";

/**
 * Raw callbacks may be emptied after the merchant's retention: `raw` becomes nullable, and the
 * retention job finds what it may empty through an index of applied events. The tracking-event
 * table is the largest a store has (a year: millions of rows), and every callback inserts into it,
 * so on a store that has events this runs outside Medusa's migration transaction
 * (online-migration.ts): dropping NOT NULL changes only the catalogue (a lock of milliseconds),
 * and the index is built CONCURRENTLY, which lets callbacks go on being stored. (The generated
 * "type jsonb using" lines were removed: the column is jsonb already, and they would rewrite the
 * whole table.)
 */
export class Migration20261125172759 extends Migration {

  override async up(): Promise<void> {
    const events = await onlineSchemaChange(this, TABLE);
    await events.alter([`alter table if exists "${TABLE}" alter column "raw" drop not null;`]);
    await events.createIndex(INDEX, `ON "${TABLE}" ("applied_at") WHERE raw IS NOT NULL AND applied_at IS NOT NULL AND deleted_at IS NULL`);
  }

  override async down(): Promise<void> {
    const events = await onlineSchemaChange(this, TABLE);
    await events.dropIndex(INDEX);
    // Emptied payloads cannot come back: restoring NOT NULL fails once the retention job has emptied one.
    await this.execute(`alter table if exists "${TABLE}" alter column "raw" set not null;`);
  }

}
