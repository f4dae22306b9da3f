import type { Knex } from "@medusajs/framework/mikro-orm/knex"

/**
 * A year of a busy store (2,000 parcels a day: 500,000 shipments, 5 million tracking events),
 * written in SQL (generate_series) into the plugin's two large tables. Shared by bench:scale (a
 * copy of today's tables) and bench:migrate (the tables as the first release had them).
 * Shipment g has consignment 70438 + g (12 digits) and fulfilment `ful_bench<g>`; its events
 * run HANDED_IN → DELIVERED three hours apart; the newest 2,000 shipments are still booked, the
 * rest delivered; the last `unapplied` events failed to apply and wait for their back-off.
 */
export const YEAR = { events: 5_000_000, shipments: 500_000 } as const

/** SQL: the consignment number of seeded shipment `g` (a column or number). */
export const consignment = (g: number | string) => `'70438' || lpad((${g})::text, 12, '0')`

export type ShipmentSeed = {
  shipments: number
  /** Fill `checked_at` (added after the first release): the interrupted-bookings check saw them. */
  checkedAt: boolean
  /** Every n-th delivered shipment is a booking the merchant cancelled (first release: "cancelled"). */
  cancelledEvery?: number
}

export async function insertShipments(knex: Knex, table: string, { shipments, checkedAt, cancelledEvery }: ShipmentSeed) {
  const delivered = cancelledEvery ? `case when g % ${cancelledEvery} = 0 then 'cancelled' else 'delivered' end` : `'delivered'`
  await knex.raw(`
    insert into ${table}
      (id, fulfillment_id, booking_key, order_id, kind, service_code, customer_number, consignment_number, package_numbers,
       label_url, tracking_url, status, test, booked_at, last_event_at, items, location_id, ${checkedAt ? "checked_at, " : ""}created_at, updated_at)
    select 'npship_bench' || g, 'ful_bench' || g, md5(g::text), 'order_bench' || g, 'outbound', '5800', '5', ${consignment("g")},
           array['37043' || lpad(g::text, 13, '0')], 'https://labels.example/' || g || '.pdf', 'https://track.example/' || g,
           case when g > ${shipments} - 2000 then 'booked' else ${delivered} end, false, t, t + interval '2 days',
           jsonb_build_array(jsonb_build_object('line_item_id', 'item_bench' || g, 'quantity', 1)), 'sloc_bench',
           ${checkedAt ? "t + interval '1 minute', " : ""}t, t
    from generate_series(1, ${shipments}) g, lateral (select now() - (${shipments} - g) * interval '63 seconds' as t) x`)
}

export type EventSeed = { shipments: number; eventsPerShipment: number; unapplied: number }

export async function insertEvents(knex: Knex, table: string, { shipments, eventsPerShipment, unapplied }: EventSeed) {
  await knex.raw(`
    insert into ${table}
      (id, event_id, status, shipment_number, package_number, occurred_at, pushed_at, fulfillment_id, order_id, raw,
       applied_at, apply_attempts, apply_error, next_apply_at, created_at, updated_at)
    select 'npevt_bench' || g, 'bench-evt-' || g, st, ${consignment("s")}, '37043' || lpad(s::text, 13, '0'), t, t,
           'ful_bench' || s, 'order_bench' || s,
           jsonb_build_object('id', 'bench-evt-' || g, 'status', st, 'shipment', ${consignment("s")},
             'package', '37043' || lpad(s::text, 13, '0'), 'created', to_char(t, 'YYYY-MM-DD"T"HH24:MI:SS+0000'),
             'pushed', to_char(t, 'YYYY-MM-DD"T"HH24:MI:SS+0000'),
             'location', jsonb_build_object('name', 'Oslo terminal', 'postalCode', '0154', 'countryCode', 'NO')),
           case when late then null else t + interval '1 second' end, case when late then 3 else 0 end,
           case when late then 'fulfillment not found' end, case when late then now() + interval '1 day' end, t, t
    from generate_series(1, ${shipments * eventsPerShipment}) g,
      lateral (select (g - 1) / ${eventsPerShipment} + 1 as s, (g - 1) % ${eventsPerShipment} as step, g > ${shipments * eventsPerShipment - unapplied} as late) a,
      lateral (select (array['HANDED_IN', 'IN_TRANSIT', 'TERMINAL', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED'])[least(step, 5) + 1] as st,
                      now() - (${shipments} - s) * interval '63 seconds' + step * interval '3 hours' as t) b`)
}
