import { Migration } from "@medusajs/framework/mikro-orm/migrations";
import { onlineSchemaChange } from "../online-migration";

/**
 * The dead-letter table of callbacks that could not be read, and each subscription's callback
 * address and secret fingerprint. The columns are nullable, so adding them changes only the
 * catalogue; on a store that has subscriptions it is done outside Medusa's migration transaction
 * (online-migration.ts), under a lock held for milliseconds instead of until every later
 * migration has run.
 */
export class Migration20261125172327 extends Migration {

  override async up(): Promise<void> {
    await this.execute(`create table if not exists "nordic_parcel_tracking_dead_letter" ("id" text not null, "reason" text not null, "body" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "nordic_parcel_tracking_dead_letter_pkey" primary key ("id"));`);
    await this.execute(`CREATE INDEX IF NOT EXISTS "IDX_nordic_parcel_tracking_dead_letter_deleted_at" ON "nordic_parcel_tracking_dead_letter" ("deleted_at") WHERE deleted_at IS NULL;`);
    await this.execute(`CREATE INDEX IF NOT EXISTS "IDX_nordic_parcel_tracking_dead_letter_created_at" ON "nordic_parcel_tracking_dead_letter" ("created_at") WHERE deleted_at IS NULL;`);

    const subscriptions = await onlineSchemaChange(this, "nordic_parcel_subscription");
    await subscriptions.alter([`alter table if exists "nordic_parcel_subscription" add column if not exists "callback_url" text null, add column if not exists "secret_fingerprint" text null;`]);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "nordic_parcel_tracking_dead_letter" cascade;`);

    this.addSql(`alter table if exists "nordic_parcel_subscription" drop column if exists "callback_url", drop column if exists "secret_fingerprint";`);
  }

}
