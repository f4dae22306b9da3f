import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261128015957 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "nordic_parcel_pickup_order" drop constraint if exists "nordic_parcel_pickup_order_location_id_pickup_date_sequence_unique";`);
    this.addSql(`create table if not exists "nordic_parcel_pickup_order" ("id" text not null, "location_id" text not null, "location_name" text not null, "pickup_date" text not null, "sequence" integer not null default 1, "status" text check ("status" in ('ordering', 'ordered', 'unconfirmed')) not null default 'ordering', "ready_at" text null, "message" text null, "number_of_packages" integer not null default 0, "number_of_pallets" integer not null default 0, "customer_number" text not null, "test" boolean not null default false, "earliest_pickup_at" timestamptz null, "latest_pickup_at" timestamptz null, "receipt_url" text null, "carrier_reference" text null, "last_error" text null, "ordered_by" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "nordic_parcel_pickup_order_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_nordic_parcel_pickup_order_deleted_at" ON "nordic_parcel_pickup_order" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_nordic_parcel_pickup_order_location_id_pickup_date_sequence_unique" ON "nordic_parcel_pickup_order" ("location_id", "pickup_date", "sequence") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_nordic_parcel_pickup_order_pickup_date" ON "nordic_parcel_pickup_order" ("pickup_date") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "nordic_parcel_pickup_order" cascade;`);
  }

}
