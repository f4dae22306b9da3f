import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import pruneTrackingPayloadsJob from "../../src/jobs/prune-tracking-payloads"
import { NORDIC_PARCEL_MODULE } from "../../src/modules/nordic_parcel"
import type NordicParcelModuleService from "../../src/modules/nordic_parcel/service"
import { createAdminHeaders } from "../helpers/admin"
import { responseOf } from "../helpers/http"

jest.setTimeout(300 * 1000)

/**
 * Raw callback retention: the merchant sets how many days the carrier's raw messages are kept
 * (admin settings, Tracking), the carrier's callbacks arrive through the webhook, and the daily job
 * empties the raw body of the events applied longer ago than that, while every event stays; dead
 * letters (callbacks that could not be understood) received longer ago are deleted.
 */
// Small intake bounds for this suite (medusa-config reads them): enough for the callbacks of the
// tests before the last, which floods past them.
process.env.NP_WEBHOOK_EVENTS_PER_MINUTE = "12"
process.env.NP_WEBHOOK_DEAD_LETTERS_PER_MINUTE = "6"

const SECRET = "sandbox-webhook-secret-0123456789"
const HOOK = "/hooks/nordic-parcel/events"
const DAY_MS = 24 * 60 * 60 * 1000

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, getContainer }) => {
    let adminHeaders: { headers: Record<string, string> }
    const plugin = () => getContainer().resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)

    beforeAll(async () => {
      adminHeaders = await createAdminHeaders(api, getContainer())
    })

    /** A callback for a consignment this store did not book: stored applied at once, as most of a busy store's are. */
    const deliver = (id: string) =>
      api.post(
        HOOK,
        { status: "IN_TRANSIT", id, shipment: "70438100000000777", package: "370438100000007777", created: "2026-11-21T10:15:00+0000" },
        { headers: { "x-nordic-parcel-secret": SECRET } }
      )

    async function storedEvent(eventId: string) {
      const [event] = await plugin().listTrackingEvents({ event_id: eventId }, { take: 1 })
      return event as unknown as { id: string; raw: Record<string, unknown> | null; status: string; applied_at: Date | null }
    }

    /** Moves an event's received and applied times into the past, as if it had arrived `days` ago. */
    async function age(eventId: string, days: number, { applied = true } = {}) {
      const event = await storedEvent(eventId)
      const at = new Date(Date.now() - days * DAY_MS)
      await plugin().updateTrackingEvents({ id: event.id, applied_at: applied ? at : null } as never)
    }

    it("keeps raw callbacks for the days the merchant set, then empties them in batches and keeps the events", async () => {
      const saved = await api.post("/admin/nordic-parcel/settings", { tracking: { payload_retention_days: 30 } }, adminHeaders)
      expect(saved.data.settings.tracking.payload_retention_days).toBe(30)

      const run = `r${Date.now()}`
      const old = Array.from({ length: 5 }, (_, i) => `${run}-old-${i}`)
      for (const id of [...old, `${run}-recent`, `${run}-unapplied`]) {
        expect((await deliver(id)).status).toBe(200)
      }
      for (const id of old) await age(id, 31)
      await age(`${run}-recent`, 29)
      await age(`${run}-unapplied`, 400, { applied: false })

      // Batches of 2: the job goes on until no applied event past retention keeps its body.
      expect(await plugin().pruneTrackingPayloads(new Date(Date.now() - 30 * DAY_MS), { batchSize: 2 })).toBe(old.length)
      for (const id of old) {
        const event = await storedEvent(id)
        expect(event).toMatchObject({ raw: null, status: "IN_TRANSIT" })
        expect(event.applied_at).not.toBeNull()
      }
      expect((await storedEvent(`${run}-recent`)).raw).toMatchObject({ id: `${run}-recent` })
      // Not applied yet: the job may still need what the carrier sent.
      expect((await storedEvent(`${run}-unapplied`)).raw).toMatchObject({ id: `${run}-unapplied` })

      // The merchant shortens the retention: the daily job now empties the 29-day-old one too, and
      // a second run finds nothing left.
      await api.post("/admin/nordic-parcel/settings", { tracking: { payload_retention_days: 7 } }, adminHeaders)
      expect(await pruneTrackingPayloadsJob(getContainer())).toMatchObject({ payloads: 1 })
      expect((await storedEvent(`${run}-recent`)).raw).toBeNull()
      expect(await pruneTrackingPayloadsJob(getContainer())).toMatchObject({ payloads: 0 })

      // A repeat of a pruned event is still recognised: the event itself was kept.
      const repeat = await deliver(old[0])
      expect(repeat.data).toEqual({ received: true, duplicate: true })
    })

    it("deletes dead letters (callbacks that could not be understood) received longer ago than the retention, with the same job", async () => {
      await api.post("/admin/nordic-parcel/settings", { tracking: { payload_retention_days: 30 } }, adminHeaders)
      // Authenticated, but naming no event: kept as a dead letter with its reason (202).
      const deadLetter = async (marker: string) => {
        const res = await api.post(HOOK, { status: "IN_TRANSIT", note: marker }, { headers: { "x-nordic-parcel-secret": SECRET } })
        expect(res.status).toBe(202)
        return res.data.dead_letter as string
      }
      const run = `d${Date.now()}`
      const old = [await deadLetter(`${run}-old-1`), await deadLetter(`${run}-old-2`), await deadLetter(`${run}-old-3`)]
      const recent = await deadLetter(`${run}-recent`)
      // Received 31 days ago (the old ones) and 29 days ago.
      const receivedDaysAgo = (id: string, days: number) =>
        getContainer()
          .resolve(ContainerRegistrationKeys.PG_CONNECTION)
          .raw(`update nordic_parcel_tracking_dead_letter set created_at = ? where id = ?`, [new Date(Date.now() - days * DAY_MS), id])
      for (const id of old) await receivedDaysAgo(id, 31)
      await receivedDaysAgo(recent, 29)
      const listed = async () =>
        ((await api.get("/admin/nordic-parcel/tracking-health", adminHeaders)).data.dead_letters as { id?: string; reason: string; body: string }[])
          .filter((letter) => letter.body.includes(run))
      expect(await listed()).toHaveLength(4)

      // Batches of 2: every dead letter past retention goes, the recent one stays.
      expect(await plugin().pruneTrackingDeadLetters(new Date(Date.now() - 30 * DAY_MS), { batchSize: 2 })).toBe(old.length)
      expect((await listed()).map((letter) => letter.body)).toEqual([expect.stringContaining(`${run}-recent`)])
      const status = (await api.get("/admin/nordic-parcel/status", adminHeaders)).data
      const [, remaining] = await plugin().listAndCountTrackingDeadLetters({})
      expect(status.webhook.dead_letter_count).toBe(remaining)

      // The daily job prunes them with the merchant's retention: 7 days takes the 29-day-old one too.
      await api.post("/admin/nordic-parcel/settings", { tracking: { payload_retention_days: 7 } }, adminHeaders)
      expect(await pruneTrackingPayloadsJob(getContainer())).toMatchObject({ deadLetters: 1 })
      expect(await listed()).toEqual([])
      expect(await pruneTrackingPayloadsJob(getContainer())).toMatchObject({ deadLetters: 0 })
    })

    it.each([
      ["zero days", 0],
      ["a fraction of a day", 1.5],
      ["more than ten years", 4000],
    ])("refuses a retention of %s with 400 naming the field", async (_name, days) => {
      const res = await api
        .post("/admin/nordic-parcel/settings", { tracking: { payload_retention_days: days } }, adminHeaders)
        .catch(responseOf)
      expect(res.status).toBe(400)
      expect(res.data.message).toMatch(/tracking\.payload_retention_days/)
    })

    it("bounds what is stored per minute: past the bound the carrier gets 503 with Retry-After (so it retries), nothing is stored, and the drops are counted on the status page and tracking-health", async () => {
      const run = `b${Date.now()}`
      const send = (body: Record<string, unknown>) =>
        api.post(HOOK, body, { headers: { "x-nordic-parcel-secret": SECRET } }).catch(responseOf)
      const floodUntilRefused = async (bodyOf: (i: number) => Record<string, unknown>) => {
        for (let i = 0; i < 40; i++) {
          const body = bodyOf(i)
          const res = await send(body)
          if (res.status === 503) return { res, body }
          expect(res.status).toBeLessThan(300)
        }
        throw new Error("no callback was refused within 40")
      }

      const event = await floodUntilRefused((i) => ({ status: "IN_TRANSIT", id: `${run}-event-${i}`, shipment: "70438100000000777", created: "2026-11-21T10:15:00+0000" }))
      expect(event.res.headers["retry-after"]).toMatch(/^[1-9]\d*$/)
      expect(event.res.data.message).toMatch(/try again/)
      expect(await plugin().listTrackingEvents({ event_id: event.body.id as string })).toHaveLength(0)
      // The carrier repeating an event stored before the bound was reached loses nothing: 200, no retry.
      const repeat = await send({ status: "IN_TRANSIT", id: `${run}-event-0`, shipment: "70438100000000777", created: "2026-11-21T10:15:00+0000" })
      expect([repeat.status, repeat.data]).toEqual([200, { received: true, duplicate: true }])
      expect(await plugin().listTrackingEvents({ event_id: `${run}-event-0` })).toHaveLength(1)

      const letter = await floodUntilRefused((i) => ({ status: "IN_TRANSIT", note: `${run}-letter-${i}` }))
      expect(letter.res.headers["retry-after"]).toMatch(/^[1-9]\d*$/)
      const [, kept] = await plugin().listAndCountTrackingDeadLetters({ body: { $like: `%${letter.body.note as string}%` } } as never)
      expect(kept).toBe(0)

      const status = (await api.get("/admin/nordic-parcel/status", adminHeaders)).data
      expect(status.webhook.intake).toEqual({
        events_per_minute: 12,
        dead_letters_per_minute: 6,
        dropped: { events: expect.any(Number), dead_letters: expect.any(Number), last_at: expect.any(String) },
      })
      expect(status.webhook.intake.dropped.events).toBeGreaterThanOrEqual(1)
      expect(status.webhook.intake.dropped.dead_letters).toBeGreaterThanOrEqual(1)
      const health = (await api.get("/admin/nordic-parcel/tracking-health", adminHeaders)).data
      expect(health.dropped_callbacks).toEqual(status.webhook.intake.dropped)
    })
  },
})
