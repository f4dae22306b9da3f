import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261126042049 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "nordic_parcel_shipment" add column if not exists "checked_at" timestamptz null;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_nordic_parcel_shipment_created_at" ON "nordic_parcel_shipment" ("created_at") WHERE status IN ('booking', 'booked') AND checked_at IS NULL AND deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_nordic_parcel_shipment_created_at";`);
    this.addSql(`alter table if exists "nordic_parcel_shipment" drop column if exists "checked_at";`);
  }

}
