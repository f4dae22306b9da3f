import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261124183943 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "nordic_parcel_bulk_booking_order" drop constraint if exists "nordic_parcel_bulk_booking_order_bulk_booking_id_order_id_unique";`);
    this.addSql(`create table if not exists "nordic_parcel_bulk_booking" ("id" text not null, "status" text check ("status" in ('running', 'done')) not null default 'running', "created_by" text null, "lease_owner" text null, "lease_expires_at" timestamptz null, "completed_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "nordic_parcel_bulk_booking_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_nordic_parcel_bulk_booking_deleted_at" ON "nordic_parcel_bulk_booking" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_nordic_parcel_bulk_booking_status" ON "nordic_parcel_bulk_booking" ("status") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "nordic_parcel_bulk_booking_order" ("id" text not null, "bulk_booking_id" text not null, "order_id" text not null, "position" integer not null, "status" text check ("status" in ('pending', 'booking', 'booked', 'refused', 'failed', 'skipped')) not null default 'pending', "fulfillment_id" text null, "consignment_number" text null, "message" text null, "attempts" integer not null default 0, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "nordic_parcel_bulk_booking_order_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_nordic_parcel_bulk_booking_order_deleted_at" ON "nordic_parcel_bulk_booking_order" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_nordic_parcel_bulk_booking_order_bulk_booking_id_order_id_unique" ON "nordic_parcel_bulk_booking_order" ("bulk_booking_id", "order_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_nordic_parcel_bulk_booking_order_order_id" ON "nordic_parcel_bulk_booking_order" ("order_id") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "nordic_parcel_bulk_booking" cascade;`);

    this.addSql(`drop table if exists "nordic_parcel_bulk_booking_order" cascade;`);
  }

}
