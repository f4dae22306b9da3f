import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261124152529 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "nordic_parcel_shipment" drop constraint if exists "nordic_parcel_shipment_status_check";`);

    this.addSql(`alter table if exists "nordic_parcel_shipment" add constraint "nordic_parcel_shipment_status_check" check("status" in ('booking', 'booked', 'unused', 'failed', 'shipped', 'delivered', 'returned', 'cancelled'));`);
    // One live booking per fulfillment: a booking left unused by a cancelled or rolled-back
    // fulfillment, or a failed attempt, no longer holds it.
    this.addSql(`drop index if exists "IDX_nordic_parcel_shipment_fulfillment_id_unique";`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_nordic_parcel_shipment_fulfillment_id_unique" ON "nordic_parcel_shipment" ("fulfillment_id") WHERE deleted_at IS NULL AND status NOT IN ('unused', 'failed');`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "nordic_parcel_shipment" drop constraint if exists "nordic_parcel_shipment_status_check";`);

    this.addSql(`alter table if exists "nordic_parcel_shipment" add constraint "nordic_parcel_shipment_status_check" check("status" in ('booking', 'booked', 'failed', 'shipped', 'delivered', 'returned', 'cancelled'));`);
    this.addSql(`drop index if exists "IDX_nordic_parcel_shipment_fulfillment_id_unique";`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_nordic_parcel_shipment_fulfillment_id_unique" ON "nordic_parcel_shipment" ("fulfillment_id") WHERE deleted_at IS NULL;`);
  }

}
