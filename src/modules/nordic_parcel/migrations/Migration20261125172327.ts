import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261125172327 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "nordic_parcel_tracking_dead_letter" ("id" text not null, "reason" text not null, "body" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "nordic_parcel_tracking_dead_letter_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_nordic_parcel_tracking_dead_letter_deleted_at" ON "nordic_parcel_tracking_dead_letter" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_nordic_parcel_tracking_dead_letter_created_at" ON "nordic_parcel_tracking_dead_letter" ("created_at") WHERE deleted_at IS NULL;`);

    this.addSql(`alter table if exists "nordic_parcel_subscription" add column if not exists "callback_url" text null, add column if not exists "secret_fingerprint" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "nordic_parcel_tracking_dead_letter" cascade;`);

    this.addSql(`alter table if exists "nordic_parcel_subscription" drop column if exists "callback_url", drop column if exists "secret_fingerprint";`);
  }

}
