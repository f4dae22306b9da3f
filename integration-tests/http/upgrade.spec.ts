import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import path from "node:path"
import { NORDIC_PARCEL_MODULE } from "../../src/modules/nordic_parcel"
import type NordicParcelModuleService from "../../src/modules/nordic_parcel/service"
import { applyDueTrackingEvents } from "../../src/workers/tracking-outbox"
import { createAdminHeaders } from "../helpers/admin"
import { clearOfTheMinuteTick } from "../helpers/minute-tick"
import { migrateToHead, migrationsAfterFirstRelease, resetToFirstRelease } from "../helpers/plugin-schema"
import { useSandbox } from "../helpers/sandbox"
import { storefront } from "../helpers/storefront"
import { seedNorwegianStore, type SeededStore } from "../helpers/store"

jest.setTimeout(240 * 1000)

/**
 * Upgrading a store from the first release (0.1.0): the plugin's tables are rebuilt at that
 * release's schema (its migrations only) and filled the way 0.1.0 wrote them, in its columns: a
 * booked shipment, a booking cancelled under the status it had before "unused", an attempt the
 * carrier never confirmed, a tracking event stored and not applied yet, tracking and customer
 * subscriptions (0.1.0 kept no callback address or secret fingerprint), a finished bulk run and the
 * merchant's settings. Then the later migrations run as `medusa db:migrate` runs them, and the
 * store must read all of it and carry on: the event is applied, the attempt is booked again, a new
 * order is booked. The Medusa side (orders, fulfilments) is made by the running app first, so
 * the rows point at real orders and fulfilments.
 */
const MIGRATIONS = path.join(__dirname, "..", "..", "src", "modules", "nordic_parcel", "migrations")
const sandbox = useSandbox()

type Row = Record<string, unknown>

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, getContainer, dbConfig }) => {
    let store: SeededStore
    let admin: { headers: Record<string, string> }
    const { placeOrder } = storefront(api, () => store)
    const plugin = () => getContainer().resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
    const knex = () => getContainer().resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)

    let booked: Row
    let attempt: Row
    let shippedOrder: { id: string }
    let attemptOrder: { id: string }
    let newOrder: { id: string; items: { id: string }[] }
    let migrated: string[]

    const fulfil = (order: { id: string; items: { id: string }[] }) =>
      api.post(`/admin/orders/${order.id}/fulfillments`, { items: [{ id: order.items[0].id, quantity: 1 }] }, admin)
    const shipmentOf = async (orderId: string): Promise<Row> =>
      (await knex().raw(`select * from nordic_parcel_shipment where order_id = ? and deleted_at is null order by created_at desc limit 1`, [orderId])).rows[0]

    /** A row in the columns 0.1.0 had (those of HEAD the first release's table also has). */
    async function insertOld(table: string, row: Row) {
      const { rows } = await knex().raw(`select column_name, data_type from information_schema.columns where table_name = ? and table_schema = current_schema()`, [table])
      const types = new Map((rows as { column_name: string; data_type: string }[]).map((c) => [c.column_name, c.data_type]))
      const kept = Object.fromEntries(Object.entries(row).filter(([column]) => types.has(column)))
      for (const [column, value] of Object.entries(kept)) {
        if (types.get(column) === "jsonb" && value !== null && value !== undefined) kept[column] = JSON.stringify(value)
      }
      await knex()(table).insert(kept)
    }

    /** The merchant's settings as 0.1.0 saved them: services, a markup and threshold, a return policy, two rates. */
    const SETTINGS_0_1_0 = {
      services: {
        PA_DOREN: { name: "Hjem levert", fallback_price: 129, markups: { NOK: "p10p" }, free_shipping_thresholds: { NOK: 1500 } },
        "9300": { return_price: "free" },
      },
      currencies: { SEK: { exchange_rate: 12000, rounding: "up_to_9" }, DKK: { exchange_rate: 0.65 } },
      delivery: { lead_time_days: 2 },
    }

    beforeAll(async () => {
      const container = getContainer()
      store = await seedNorwegianStore(container, [{ code: "PA_DOREN" }])
      admin = await createAdminHeaders(api, container)

      // The Medusa side, made by the running app: one order booked, one whose booking is undone.
      const first = await placeOrder("PA_DOREN", store.variants.flat)
      shippedOrder = first
      await fulfil(first)
      booked = await shipmentOf(first.id)
      const second = await placeOrder("PA_DOREN", store.variants.flat)
      attemptOrder = second
      await fulfil(second)
      attempt = await shipmentOf(second.id)
      await api.post(`/admin/orders/${second.id}/fulfillments/${attempt.fulfillment_id}/cancel`, {}, admin)
      newOrder = await placeOrder("PA_DOREN", store.variants.flat)

      // From here to the third test's own application of the event 0.1.0 left unapplied, the
      // store's tracking job (at each minute's start) would apply it first (seen once in CI): the
      // first test then read the booking already shipped. Upgrading takes a few seconds.
      await clearOfTheMinuteTick(30_000)
      // The plugin's tables as 0.1.0 left them.
      await resetToFirstRelease(knex(), dbConfig.clientUrl, MIGRATIONS)
      const { rows: columns } = await knex().raw(`select 1 from information_schema.columns where table_name = 'nordic_parcel_shipment' and column_name = 'checked_at'`)
      expect(columns).toHaveLength(0)

      const now = Date.now()
      const minutesAgo = (m: number) => new Date(now - m * 60_000)
      await insertOld("nordic_parcel_shipment", booked)
      await insertOld("nordic_parcel_shipment", {
        ...booked,
        id: "npship_old_cancelled",
        fulfillment_id: "ful_old_cancelled",
        booking_key: `${first.id}:outbound:cancelled-before-unused`,
        consignment_number: "70438000000000999",
        package_numbers: ["370430000000000999"],
        status: "cancelled",
        created_at: minutesAgo(600),
      })
      // The carrier never answered: no consignment, the merchant's message, units no longer held.
      await insertOld("nordic_parcel_shipment", {
        ...attempt,
        status: "booking",
        consignment_number: null,
        package_numbers: [],
        label_url: null,
        tracking_url: null,
        booked_at: null,
        fulfillment_result: null,
        last_error: { message: `The carrier did not confirm the booking: it may have been booked with reference ${attempt.fulfillment_id}`, unconfirmed: true },
      })
      const event = (id: string, status: string, applied: Date | null) => ({
        id: `npevt_old_${id}`,
        event_id: `old-${id}`,
        status,
        shipment_number: booked.consignment_number,
        package_number: (booked.package_numbers as string[])[0],
        occurred_at: minutesAgo(5),
        pushed_at: minutesAgo(5),
        fulfillment_id: booked.fulfillment_id,
        order_id: first.id,
        raw: { id: `old-${id}`, status, shipment: booked.consignment_number },
        applied_at: applied,
        apply_attempts: 0,
        created_at: minutesAgo(5),
      })
      await insertOld("nordic_parcel_tracking_event", event("booked", "BOOKED", minutesAgo(5)))
      // Stored, then the process stopped before applying it.
      await insertOld("nordic_parcel_tracking_event", event("handed-in", "HANDED_IN", null))
      await insertOld("nordic_parcel_subscription", {
        id: "npsub_old_tracking",
        carrier_id: "old-sub-tracking",
        kind: "tracking",
        tracking_id: booked.consignment_number,
        event_groups: ["ALL"],
        expires_at: new Date(now + 30 * 86_400_000),
        status: "active",
      })
      await insertOld("nordic_parcel_subscription", {
        id: "npsub_old_customer",
        carrier_id: "old-sub-customer",
        kind: "customer",
        customer_number: "5",
        event_groups: ["DELIVERED"],
        status: "active",
        created_by: "user_old",
      })
      await insertOld("nordic_parcel_bulk_booking", { id: "npbulk_old", status: "done", created_by: "user_old", completed_at: minutesAgo(30), created_at: minutesAgo(31) })
      await insertOld("nordic_parcel_bulk_booking_order", {
        id: "npbulkord_old_1", bulk_booking_id: "npbulk_old", order_id: first.id, position: 0, status: "booked",
        fulfillment_id: booked.fulfillment_id, consignment_number: booked.consignment_number, attempts: 1,
      })
      await insertOld("nordic_parcel_bulk_booking_order", {
        id: "npbulkord_old_2", bulk_booking_id: "npbulk_old", order_id: "order_old_refused", position: 1, status: "refused",
        message: "The carrier refused the booking: postal code 0000 does not exist", attempts: 1,
      })
      await insertOld("nordic_parcel_settings", {
        id: "npset_store",
        // 0.1.0 took any positive exchange rate; 0.2.0 refuses SEK's 12000 (0.0001–10000).
        values: SETTINGS_0_1_0,
        version: 4,
        updated_by: "user_old",
      })

      migrated = await migrateToHead(dbConfig.clientUrl, MIGRATIONS)
    })

    it("runs every migration after the first release, and reads the shipments 0.1.0 wrote (a cancelled booking is unused now)", async () => {
      expect(migrated).toEqual(migrationsAfterFirstRelease(MIGRATIONS))
      const { data } = await api.get(`/admin/nordic-parcel/orders/${shippedOrder.id}`, admin)
      const byId = Object.fromEntries((data.shipments as Row[]).map((s) => [s.id, s]))
      expect(byId[booked.id as string]).toMatchObject({ status: "booked", consignment_number: booked.consignment_number, fulfillment_id: booked.fulfillment_id })
      expect(byId.npship_old_cancelled).toMatchObject({ status: "unused", consignment_number: "70438000000000999" })
      const { rows } = await knex().raw(`select count(*)::int as n from nordic_parcel_shipment where status = 'cancelled'`)
      expect(rows[0].n).toBe(0)
    })

    it("reads the subscriptions, the bulk run and the merchant's settings 0.1.0 wrote", async () => {
      const subscriptions = await plugin().listSubscriptions({ id: ["npsub_old_tracking", "npsub_old_customer"] })
      expect(Object.fromEntries(subscriptions.map((s) => [s.id, s]))).toMatchObject({
        npsub_old_tracking: { kind: "tracking", carrier_id: "old-sub-tracking", tracking_id: booked.consignment_number, status: "active", event_groups: ["ALL"], callback_url: null, secret_fingerprint: null },
        npsub_old_customer: { kind: "customer", carrier_id: "old-sub-customer", customer_number: "5", status: "active", event_groups: ["DELIVERED"], callback_url: null, secret_fingerprint: null },
      })

      const { data: bulk } = await api.get(`/admin/nordic-parcel/bulk-bookings/npbulk_old`, admin)
      expect(JSON.stringify(bulk)).toContain(booked.consignment_number as string)
      expect(JSON.stringify(bulk)).toContain("postal code 0000 does not exist")

      const { data: settings } = await api.get(`/admin/nordic-parcel/settings`, admin)
      expect(JSON.stringify(settings)).toContain("Hjem levert")
      expect(JSON.stringify(settings)).toContain("129")
    })

    it("keeps the merchant's settings when one stored exchange rate is out of 0.2.0's range: the others apply, the status page names the value and its fix, and a save of another field keeps everything", async () => {
      const { data: settings } = await api.get(`/admin/nordic-parcel/settings`, admin)
      const effective = settings.effective
      expect(effective.services.PA_DOREN).toMatchObject({ name: "Hjem levert", fallback_price: 129, markups: { NOK: "p10p" }, free_shipping_thresholds: { NOK: 1500 } })
      expect(effective.services["9300"]).toMatchObject({ return_price: "free" })
      expect(effective.delivery).toMatchObject({ lead_time_days: 2 })
      expect(effective.currencies.DKK).toMatchObject({ exchange_rate: 0.65 })
      expect(effective.currencies.SEK).toMatchObject({ rounding: "up_to_9" })
      expect(effective.currencies.SEK.exchange_rate).not.toBe(12000)

      const { data: status } = await api.get(`/admin/nordic-parcel/status`, admin)
      expect(status.settings.refused).toEqual([{ field: "currencies[SEK].exchange_rate", value: 12000, rule: expect.stringContaining("10000") }])
      const problem = status.setup_problems.find((p: { code: string }) => p.code === "stored_setting_refused")
      expect(problem.message).toContain("currencies[SEK].exchange_rate")
      expect(problem.message).toContain("12000")
      expect(problem.fix).toContain('{"currencies":{"SEK":{"exchange_rate":null}}}')

      // The merchant saves another field: nothing of the rest is lost, and the refused rate is still kept and reported.
      const saved = await api.post(`/admin/nordic-parcel/settings`, { delivery: { cut_off_time: "14:00" } }, admin)
      expect(saved.status).toBe(200)
      const { rows } = await knex().raw(`select "values" from nordic_parcel_settings where id = 'npset_store'`)
      expect(rows[0].values).toEqual({ ...SETTINGS_0_1_0, delivery: { lead_time_days: 2, cut_off_time: "14:00" } })
      expect(saved.data.effective.services.PA_DOREN).toMatchObject({ name: "Hjem levert", fallback_price: 129 })

      // The fix the status page gives: a rate within the range; the problem is gone and nothing else changed.
      const fixed = await api.post(`/admin/nordic-parcel/settings`, { currencies: { SEK: { exchange_rate: 1.05 } } }, admin)
      expect(fixed.data.effective.currencies.SEK).toMatchObject({ exchange_rate: 1.05, rounding: "up_to_9" })
      const { data: after } = await api.get(`/admin/nordic-parcel/status`, admin)
      expect(after.setup_problems.map((p: { code: string }) => p.code)).not.toContain("stored_setting_refused")
      expect(after.settings).toMatchObject({ problem: null, refused: [] })
      expect(fixed.data.effective.currencies.DKK).toMatchObject({ exchange_rate: 0.65 })
    })

    it("applies the tracking event 0.1.0 stored and did not apply: the fulfilment is marked shipped", async () => {
      const run = await applyDueTrackingEvents(getContainer())
      expect(run.failed).toEqual([])
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({ entity: "fulfillment", fields: ["id", "shipped_at"], filters: { id: booked.fulfillment_id as string } })
      expect(data[0].shipped_at).toBeTruthy()
      const { rows } = await knex().raw(`select applied_at from nordic_parcel_tracking_event where event_id = 'old-handed-in'`)
      expect(rows[0].applied_at).toBeTruthy()
    })

    it("books again the attempt 0.1.0 left unconfirmed, and the attempt is settled", async () => {
      const { data } = await api.post(`/admin/nordic-parcel/shipments/${attempt.id}/rebook`, {}, admin)
      expect(data.fulfillment.data.consignment_number).toEqual(expect.any(String))
      const { rows } = await knex().raw(`select status from nordic_parcel_shipment where id = ?`, [attempt.id as string])
      expect(rows[0].status).toBe("failed")
      const latest = await shipmentOf(attemptOrder.id)
      expect(latest).toMatchObject({ status: "booked", consignment_number: data.fulfillment.data.consignment_number })
    })

    it("books a new order after the upgrade", async () => {
      const before = sandbox().bookings.length
      await fulfil(newOrder)
      const shipment = await shipmentOf(newOrder.id)
      expect(shipment).toMatchObject({ status: "booked", consignment_number: expect.any(String) })
      expect(sandbox().bookings.length).toBe(before + 1)
    })
  },
})
