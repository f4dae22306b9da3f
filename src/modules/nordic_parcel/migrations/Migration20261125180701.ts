import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261125180701 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "nordic_parcel_shipment" drop constraint if exists "nordic_parcel_shipment_status_check";`);

    // "cancelled" was the status of a booking whose fulfillment was cancelled before "unused" (a
    // booking the next identical fulfilment may take over) replaced it; such rows mean the same.
    this.addSql(`update "nordic_parcel_shipment" set "status" = 'unused' where "status" = 'cancelled';`);

    this.addSql(`alter table if exists "nordic_parcel_shipment" add constraint "nordic_parcel_shipment_status_check" check("status" in ('booking', 'booked', 'unused', 'failed', 'shipped', 'delivered', 'returned'));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "nordic_parcel_shipment" drop constraint if exists "nordic_parcel_shipment_status_check";`);

    this.addSql(`alter table if exists "nordic_parcel_shipment" add constraint "nordic_parcel_shipment_status_check" check("status" in ('booking', 'booked', 'unused', 'failed', 'shipped', 'delivered', 'returned', 'cancelled'));`);
  }

}
