import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261121214119 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "nordic_parcel_settings" ("id" text not null, "values" jsonb not null, "version" integer not null default 0, "updated_by" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "nordic_parcel_settings_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_nordic_parcel_settings_deleted_at" ON "nordic_parcel_settings" ("deleted_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "nordic_parcel_settings" cascade;`);
  }

}
