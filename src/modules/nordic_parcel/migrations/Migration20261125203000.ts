import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261125203000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "nordic_parcel_webhook_state" ("id" text not null, "refused_callbacks" integer not null default 0, "refused_last_at" timestamptz null, "resubscription" jsonb null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "nordic_parcel_webhook_state_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_nordic_parcel_webhook_state_deleted_at" ON "nordic_parcel_webhook_state" ("deleted_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "nordic_parcel_webhook_state" cascade;`);
  }

}
