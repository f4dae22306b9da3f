import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261121221053 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "nordic_parcel_shipment" add column if not exists "items" jsonb null, add column if not exists "location_id" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "nordic_parcel_shipment" drop column if exists "items", drop column if exists "location_id";`);
  }

}
