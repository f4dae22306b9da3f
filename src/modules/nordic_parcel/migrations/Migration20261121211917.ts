import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261121211917 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "nordic_parcel_tracking_event" drop constraint if exists "nordic_parcel_tracking_event_event_id_unique";`);
    this.addSql(`alter table if exists "nordic_parcel_subscription" drop constraint if exists "nordic_parcel_subscription_carrier_id_unique";`);
    this.addSql(`alter table if exists "nordic_parcel_shipment" drop constraint if exists "nordic_parcel_shipment_consignment_number_unique";`);
    this.addSql(`alter table if exists "nordic_parcel_shipment" drop constraint if exists "nordic_parcel_shipment_fulfillment_id_unique";`);
    this.addSql(`create table if not exists "nordic_parcel_shipment" ("id" text not null, "fulfillment_id" text not null, "booking_key" text not null, "order_id" text null, "kind" text check ("kind" in ('outbound', 'return')) not null default 'outbound', "service_code" text not null, "customer_number" text null, "consignment_number" text null, "package_numbers" text[] not null default '{}', "label_url" text null, "tracking_url" text null, "pickup_point" jsonb null, "return_shipment" jsonb null, "status" text check ("status" in ('booking', 'booked', 'failed', 'shipped', 'delivered', 'returned', 'cancelled')) not null default 'booking', "test" boolean not null default false, "booked_at" timestamptz null, "last_event_at" timestamptz null, "last_error" jsonb null, "fulfillment_result" jsonb null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "nordic_parcel_shipment_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_nordic_parcel_shipment_deleted_at" ON "nordic_parcel_shipment" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_nordic_parcel_shipment_fulfillment_id_unique" ON "nordic_parcel_shipment" ("fulfillment_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_nordic_parcel_shipment_consignment_number_unique" ON "nordic_parcel_shipment" ("consignment_number") WHERE deleted_at IS NULL AND consignment_number IS NOT NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_nordic_parcel_shipment_order_id" ON "nordic_parcel_shipment" ("order_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_nordic_parcel_shipment_booking_key" ON "nordic_parcel_shipment" ("booking_key") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "nordic_parcel_subscription" ("id" text not null, "carrier_id" text not null, "kind" text check ("kind" in ('tracking', 'customer')) not null, "tracking_id" text null, "customer_number" text null, "event_groups" text[] not null, "expires_at" timestamptz null, "status" text check ("status" in ('active', 'ended', 'expired', 'deleted')) not null default 'active', "created_by" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "nordic_parcel_subscription_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_nordic_parcel_subscription_deleted_at" ON "nordic_parcel_subscription" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_nordic_parcel_subscription_carrier_id_unique" ON "nordic_parcel_subscription" ("carrier_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_nordic_parcel_subscription_tracking_id" ON "nordic_parcel_subscription" ("tracking_id") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "nordic_parcel_tracking_event" ("id" text not null, "event_id" text not null, "status" text not null, "shipment_number" text not null, "package_number" text null, "occurred_at" timestamptz not null, "pushed_at" timestamptz null, "fulfillment_id" text null, "order_id" text null, "raw" jsonb not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "nordic_parcel_tracking_event_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_nordic_parcel_tracking_event_deleted_at" ON "nordic_parcel_tracking_event" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_nordic_parcel_tracking_event_event_id_unique" ON "nordic_parcel_tracking_event" ("event_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_nordic_parcel_tracking_event_shipment_number" ON "nordic_parcel_tracking_event" ("shipment_number") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_nordic_parcel_tracking_event_fulfillment_id" ON "nordic_parcel_tracking_event" ("fulfillment_id") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "nordic_parcel_shipment" cascade;`);

    this.addSql(`drop table if exists "nordic_parcel_subscription" cascade;`);

    this.addSql(`drop table if exists "nordic_parcel_tracking_event" cascade;`);
  }

}
