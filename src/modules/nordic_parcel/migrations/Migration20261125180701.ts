import { Migration } from "@medusajs/framework/mikro-orm/migrations";
import { onlineSchemaChange } from "../online-migration";

const TABLE = "nordic_parcel_shipment";
const CHECK = "nordic_parcel_shipment_status_check";

/**
 * "cancelled" was the status of a booking whose fulfillment was cancelled before "unused" (a
 * booking the next identical fulfilment may take over) replaced it; such rows mean the same, and
 * the status is no longer allowed. Every booking and every callback's lookup reads the shipment
 * table, so on a store that has shipments this runs outside Medusa's migration transaction
 * (online-migration.ts):
 * 1. the rows are rewritten in batches, each its own short transaction;
 * 2. the check is replaced by one without "cancelled", NOT VALID (catalogue only, a brief lock);
 * 3. rows written as "cancelled" in between (by an instance still running the old version) are
 *    rewritten too (the new check already refuses new ones);
 * 4. VALIDATE CONSTRAINT checks the table while bookings and callbacks go on.
 */
export class Migration20261125180701 extends Migration {

  override async up(): Promise<void> {
    const shipments = await onlineSchemaChange(this, TABLE);
    await shipments.updateInBatches(`"status" = 'unused'`, `"status" = 'cancelled'`);
    await shipments.alter([
      `alter table if exists "${TABLE}" drop constraint if exists "${CHECK}";`,
      `alter table if exists "${TABLE}" add constraint "${CHECK}" check("status" in ('booking', 'booked', 'unused', 'failed', 'shipped', 'delivered', 'returned')) not valid;`,
    ]);
    await shipments.updateInBatches(`"status" = 'unused'`, `"status" = 'cancelled'`);
    await shipments.validate(CHECK);
  }

  override async down(): Promise<void> {
    const shipments = await onlineSchemaChange(this, TABLE);
    // The wider check accepts every row the narrower one did.
    await shipments.alter([
      `alter table if exists "${TABLE}" drop constraint if exists "${CHECK}";`,
      `alter table if exists "${TABLE}" add constraint "${CHECK}" check("status" in ('booking', 'booked', 'unused', 'failed', 'shipped', 'delivered', 'returned', 'cancelled')) not valid;`,
    ]);
    await shipments.validate(CHECK);
  }

}
