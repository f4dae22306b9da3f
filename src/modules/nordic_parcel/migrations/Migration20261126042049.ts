import { Migration } from "@medusajs/framework/mikro-orm/migrations";
import { onlineSchemaChange } from "../online-migration";

const TABLE = "nordic_parcel_shipment";
const INDEX = "IDX_nordic_parcel_shipment_created_at";

/**
 * Bookings the interrupted-bookings check found complete are not read again (`checked_at`), and
 * the check finds the others through a partial index. The shipment table is read by every
 * booking and every callback, so on a store that has shipments this runs outside Medusa's
 * migration transaction (online-migration.ts): the nullable column changes only the catalogue (a
 * brief lock), and the index is built CONCURRENTLY. Bookings made within the check's look-back
 * before the upgrade have no `checked_at`: the check reads each of them once more and marks it.
 */
export class Migration20261126042049 extends Migration {

  override async up(): Promise<void> {
    const shipments = await onlineSchemaChange(this, TABLE);
    await shipments.alter([`alter table if exists "${TABLE}" add column if not exists "checked_at" timestamptz null;`]);
    await shipments.createIndex(INDEX, `ON "${TABLE}" ("created_at") WHERE status IN ('booking', 'booked') AND checked_at IS NULL AND deleted_at IS NULL`);
  }

  override async down(): Promise<void> {
    const shipments = await onlineSchemaChange(this, TABLE);
    await shipments.dropIndex(INDEX);
    await shipments.alter([`alter table if exists "${TABLE}" drop column if exists "checked_at";`]);
  }

}
