import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261125172759 extends Migration {

  override async up(): Promise<void> {
    // Raw callbacks may be emptied after the merchant's retention (generated "type jsonb using"
    // lines removed: the column is jsonb already, and they would rewrite the whole table).
    this.addSql(`alter table if exists "nordic_parcel_tracking_event" alter column "raw" drop not null;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_nordic_parcel_tracking_event_applied_at" ON "nordic_parcel_tracking_event" ("applied_at") WHERE raw IS NOT NULL AND applied_at IS NOT NULL AND deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_nordic_parcel_tracking_event_applied_at";`);

    this.addSql(`alter table if exists "nordic_parcel_tracking_event" alter column "raw" set not null;`);
  }

}
