import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261124152232 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "nordic_parcel_subscription" drop constraint if exists "nordic_parcel_subscription_status_check";`);

    this.addSql(`alter table if exists "nordic_parcel_subscription" add column if not exists "attempts" integer not null default 0, add column if not exists "last_error" text null, add column if not exists "next_attempt_at" timestamptz null;`);
    this.addSql(`alter table if exists "nordic_parcel_subscription" alter column "carrier_id" type text using ("carrier_id"::text);`);
    this.addSql(`alter table if exists "nordic_parcel_subscription" alter column "carrier_id" drop not null;`);
    this.addSql(`alter table if exists "nordic_parcel_subscription" add constraint "nordic_parcel_subscription_status_check" check("status" in ('pending', 'active', 'ended', 'expired', 'deleted'));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_nordic_parcel_subscription_next_attempt_at" ON "nordic_parcel_subscription" ("next_attempt_at") WHERE status = 'pending' AND deleted_at IS NULL;`);

    this.addSql(`alter table if exists "nordic_parcel_tracking_event" add column if not exists "applied_at" timestamptz null, add column if not exists "apply_attempts" integer not null default 0, add column if not exists "apply_error" text null, add column if not exists "next_apply_at" timestamptz null;`);
    // Events stored before the outbox existed were applied when they arrived.
    this.addSql(`update "nordic_parcel_tracking_event" set "applied_at" = "created_at" where "applied_at" is null;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_nordic_parcel_tracking_event_next_apply_at" ON "nordic_parcel_tracking_event" ("next_apply_at") WHERE applied_at IS NULL AND deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "nordic_parcel_subscription" drop constraint if exists "nordic_parcel_subscription_status_check";`);

    this.addSql(`drop index if exists "IDX_nordic_parcel_subscription_next_attempt_at";`);
    this.addSql(`alter table if exists "nordic_parcel_subscription" drop column if exists "attempts", drop column if exists "last_error", drop column if exists "next_attempt_at";`);

    this.addSql(`alter table if exists "nordic_parcel_subscription" alter column "carrier_id" type text using ("carrier_id"::text);`);
    this.addSql(`alter table if exists "nordic_parcel_subscription" alter column "carrier_id" set not null;`);
    this.addSql(`alter table if exists "nordic_parcel_subscription" add constraint "nordic_parcel_subscription_status_check" check("status" in ('active', 'ended', 'expired', 'deleted'));`);

    this.addSql(`drop index if exists "IDX_nordic_parcel_tracking_event_next_apply_at";`);
    this.addSql(`alter table if exists "nordic_parcel_tracking_event" drop column if exists "applied_at", drop column if exists "apply_attempts", drop column if exists "apply_error", drop column if exists "next_apply_at";`);
  }

}
