import { Migration } from "@medusajs/framework/mikro-orm/migrations";
import { onlineSchemaChange } from "../online-migration";

/**
 * The merchant's last pickup-point change per order shipping method (checked when a booking
 * reserves), the heartbeat of each process that books, and the process that made each booking (the
 * interrupted-bookings check acts only once that process has stopped). The shipment table is read
 * by every booking and callback: its nullable column is added outside Medusa's migration
 * transaction on a store that has shipments (online-migration.ts: a brief catalogue lock that gives
 * way to the traffic).
 */

export class Migration20261128020149 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "nordic_parcel_pickup_point_change" drop constraint if exists "nordic_parcel_pickup_point_change_order_id_shipping_method_id_unique";`);
    this.addSql(`create table if not exists "nordic_parcel_pickup_point_change" ("id" text not null, "order_id" text not null, "shipping_method_id" text not null, "pickup_point_id" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "nordic_parcel_pickup_point_change_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_nordic_parcel_pickup_point_change_deleted_at" ON "nordic_parcel_pickup_point_change" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_nordic_parcel_pickup_point_change_order_id_shipping_method_id_unique" ON "nordic_parcel_pickup_point_change" ("order_id", "shipping_method_id") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "nordic_parcel_process" ("id" text not null, "heartbeat_at" timestamptz not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "nordic_parcel_process_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_nordic_parcel_process_deleted_at" ON "nordic_parcel_process" ("deleted_at") WHERE deleted_at IS NULL;`);

    const shipments = await onlineSchemaChange(this, "nordic_parcel_shipment");
    await shipments.alter([`alter table if exists "nordic_parcel_shipment" add column if not exists "process_id" text null;`]);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "nordic_parcel_pickup_point_change" cascade;`);

    this.addSql(`drop table if exists "nordic_parcel_process" cascade;`);

    this.addSql(`alter table if exists "nordic_parcel_shipment" drop column if exists "process_id";`);
  }

}
