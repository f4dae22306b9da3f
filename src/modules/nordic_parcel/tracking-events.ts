/*
 * Tracking events in the database: the webhook's batched insert (lib/batch/micro-batcher.ts; linked to
 * its fulfillment; a row the database refuses is retried alone so it fails only its own callback; once
 * per carrier event id), the outbox state (applied, attempts, error, next attempt) that
 * workers/tracking-outbox.ts and jobs/apply-tracking-events.ts read and write, and raw-body retention:
 * `pruneTrackingPayloads` empties `raw` of applied events in batches (partial index on `applied_at` of
 * rows still holding a body), `pruneTrackingDeadLetters` deletes dead letters older than the same
 * number of days (index on `created_at`).
 */
import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"
import type { Context, DAL } from "@medusajs/framework/types"
import { InjectManager, MedusaContext } from "@medusajs/framework/utils"
import { entityId } from "../../lib/entity-id"
import { MicroBatcher } from "../../lib/batch/micro-batcher"
import { nextAttemptAt } from "../../lib/tracking/backoff"

export type TrackingEventInput = {
  event_id: string
  status: string
  shipment_number: string
  package_number?: string | null
  occurred_at: Date
  pushed_at?: Date | null
  raw: Record<string, unknown>
}

/** A newly stored event: its fulfillment, if the store booked the consignment, and whether it is applied already. */
export type RecordedTrackingEvent =
  | { duplicate: true }
  | { duplicate: false; fulfillment_id: string | null; order_id: string | null; applied: boolean }

type StoredEventRow = { event_id: string; fulfillment_id: string | null; order_id: string | null; applied_at: Date | null }

/** A row the database refused: the error for its own caller only. */
type Refused = { refused: unknown }

type OutboxRow = { id: string; event_id: string; applied_at: Date | null; apply_attempts: number }

/** The module's generated CRUD of the tracking event table this concern uses. */
export interface TrackingEventRecords {
  listTrackingEvents(filters: Record<string, unknown>, config?: Record<string, unknown>): Promise<OutboxRow[]>
  updateTrackingEvents(data: {
    id: string
    applied_at?: Date
    apply_attempts?: number
    apply_error?: string | null
    next_apply_at?: Date | null
  }): Promise<unknown>
}

function storedEventView(row: StoredEventRow) {
  return { fulfillment_id: row.fulfillment_id, order_id: row.order_id, applied: row.applied_at !== null }
}

/**
 * The carrier's tracking events as received, and the outbox of what they do to Medusa. Each event
 * is stored once (the carrier's event id is unique) with the fulfillment and order of its
 * consignment; callbacks arriving together are written by one statement (one commit), each caller
 * answered after that commit, and if the database refuses that statement each row is written on
 * its own, so a refused row fails only its own caller. `applied_at` stays empty until the event has
 * moved its fulfillment; failures are counted with their reason and the time of the next attempt.
 */
export class TrackingEventStore {
  private readonly batcher_ = new MicroBatcher<TrackingEventInput, RecordedTrackingEvent | Refused>((events) =>
    this.insertIsolated(events)
  )

  // Named as MedusaService names it: the manager decorator below looks it up under this name.
  constructor(
    protected readonly baseRepository_: DAL.RepositoryService,
    private readonly records: TrackingEventRecords
  ) {}

  /** Stores an event, or recognises it as one delivered before (the carrier retries, or sends twice). */
  async record(event: TrackingEventInput): Promise<RecordedTrackingEvent> {
    const outcome = await this.batcher_.submit(event)
    if ("refused" in outcome) {
      throw outcome.refused
    }
    return outcome
  }

  /**
   * Keeps a callback that could not be understood, with the reason. One plain insert with bind
   * parameters: through the ORM's create it cost the webhook more CPU than a hundred good callbacks
   * (bench:webhooks, where 1 % of the callbacks are such).
   */
  @InjectManager()
  async recordDeadLetter(reason: string, body: string, @MedusaContext() sharedContext: Context = {}): Promise<{ id: string }> {
    const manager = sharedContext.manager as SqlEntityManager
    const id = entityId("npdl")
    await withBindings(manager, "insert into nordic_parcel_tracking_dead_letter (id, reason, body) values (?, ?, ?)", [id, reason, body])
    return { id }
  }

  /** Marks a stored event applied; a second call changes nothing. */
  async markApplied(eventId: string): Promise<void> {
    const [event] = await this.records.listTrackingEvents({ event_id: eventId }, { take: 1 })
    if (event && !event.applied_at) {
      await this.records.updateTrackingEvents({ id: event.id, applied_at: new Date(), apply_error: null, next_apply_at: null })
    }
  }

  /** Records why applying a stored event failed, and when to try again (back-off). */
  async noteFailure(eventId: string, message: string, now = new Date()): Promise<void> {
    const [event] = await this.records.listTrackingEvents({ event_id: eventId }, { take: 1 })
    if (!event || event.applied_at) {
      return
    }
    const attempts = event.apply_attempts + 1
    await this.records.updateTrackingEvents({
      id: event.id,
      apply_attempts: attempts,
      apply_error: message.slice(0, 2000),
      next_apply_at: nextAttemptAt(attempts, now),
    })
  }

  /**
   * Stored events not applied whose turn has come: those that failed and whose back-off has
   * passed, and those never tried that are older than `graceMs` (the subscriber is given that
   * long, so the job does not race it for a fresh event).
   */
  listDue(now: Date, { graceMs = 60_000, limit = 500 } = {}) {
    return this.records.listTrackingEvents(
      {
        applied_at: null,
        $or: [
          { next_apply_at: { $lte: now } },
          { next_apply_at: null, created_at: { $lte: new Date(now.getTime() - graceMs) } },
        ],
      },
      { take: limit, order: { created_at: "ASC" } }
    )
  }

  /**
   * Empties the raw callback body of events applied before `before`, oldest first, `batchSize`
   * rows per statement (each its own short transaction, so callbacks arriving meanwhile never wait
   * behind a year of rows), until none is left. The events themselves stay. Returns how many.
   */
  prunePayloads(before: Date, { batchSize = 1000 } = {}): Promise<number> {
    // Finds its rows through the partial index on applied_at of the rows still holding a payload.
    return inBatches(batchSize, () =>
      this.rowsChanged(
        `update nordic_parcel_tracking_event set raw = null
         where id in (
           select id from nordic_parcel_tracking_event
           where raw is not null and applied_at is not null and applied_at < ? and deleted_at is null
           order by applied_at limit ?
         )
         returning id`,
        [before.toISOString(), batchSize]
      )
    )
  }

  /**
   * Deletes the dead letters (callbacks kept because they could not be understood) received
   * before `before`, oldest first, in batches as prunePayloads does: they are the raw callback and
   * its reason, kept as long as raw callbacks are. Returns how many.
   */
  pruneDeadLetters(before: Date, { batchSize = 1000 } = {}): Promise<number> {
    // Finds its rows through the index on created_at.
    return inBatches(batchSize, () =>
      this.rowsChanged(
        `delete from nordic_parcel_tracking_dead_letter
         where id in (
           select id from nordic_parcel_tracking_dead_letter
           where created_at < ? and deleted_at is null
           order by created_at limit ?
         )
         returning id`,
        [before.toISOString(), batchSize]
      )
    )
  }

  /** One statement ending in `returning id`, its own short transaction: how many rows it changed. */
  @InjectManager()
  protected async rowsChanged(sql: string, params: unknown[], @MedusaContext() sharedContext: Context = {}): Promise<number> {
    return (await withBindings<{ id: string }>(sharedContext.manager as SqlEntityManager, sql, params)).length
  }

  private async insertIsolated(events: TrackingEventInput[]): Promise<(RecordedTrackingEvent | Refused)[]> {
    try {
      return await this.insert(events)
    } catch (error) {
      if (events.length === 1) {
        return [{ refused: error }]
      }
      const outcomes: (RecordedTrackingEvent | Refused)[] = []
      for (const event of events) {
        // In order: a repeat within the burst must see the first one written.
        outcomes.push(await this.insert([event]).then(([recorded]) => recorded, (refused) => ({ refused })))
      }
      return outcomes
    }
  }

  @InjectManager()
  protected async insert(
    events: TrackingEventInput[],
    @MedusaContext() sharedContext: Context = {}
  ): Promise<RecordedTrackingEvent[]> {
    // The same event twice in one burst: the first is written, the others are duplicates.
    const first = new Map<string, number>()
    events.forEach((event, index) => first.has(event.event_id) || first.set(event.event_id, index))
    const unique = [...first.values()].map((index) => events[index])
    const manager = sharedContext.manager as SqlEntityManager
    // An event for a consignment this store did not book has nothing to move: applied as stored.
    const rows = await withBindings<StoredEventRow>(
      manager,
      `insert into nordic_parcel_tracking_event
         (id, event_id, status, shipment_number, package_number, occurred_at, pushed_at, fulfillment_id, order_id, raw, applied_at)
       select v.id, v.event_id, v.status, v.shipment_number, v.package_number, v.occurred_at, v.pushed_at,
              shipment.fulfillment_id, shipment.order_id, v.raw,
              case when shipment.fulfillment_id is null then now() end
       from (values ${unique.map(() => "(?::text, ?::text, ?::text, ?::text, ?::text, ?::timestamptz, ?::timestamptz, ?::jsonb)").join(", ")})
         as v(id, event_id, status, shipment_number, package_number, occurred_at, pushed_at, raw)
       left join lateral (
         select fulfillment_id, order_id from nordic_parcel_shipment
         where consignment_number = v.shipment_number and deleted_at is null
         order by created_at desc limit 1
       ) as shipment on true
       on conflict (event_id) where deleted_at is null do nothing
       returning event_id, fulfillment_id, order_id, applied_at`,
      unique.flatMap((event) => [
        entityId("npevt"),
        event.event_id,
        event.status,
        event.shipment_number,
        event.package_number ?? null,
        event.occurred_at.toISOString(),
        event.pushed_at?.toISOString() ?? null,
        JSON.stringify(event.raw),
      ])
    )
    const written = new Map(rows.map((row) => [row.event_id, row]))
    // A repeat is only acknowledged: if the first delivery was never applied, the outbox job applies it.
    return events.map((event, index): RecordedTrackingEvent => {
      const row = written.get(event.event_id)
      return row && first.get(event.event_id) === index ? { duplicate: false, ...storedEventView(row) } : { duplicate: true }
    })
  }
}

/**
 * A statement sent with its values as bind parameters, through the ORM's knex and in the
 * manager's transaction if it has one. manager.execute would first write every value into the
 * SQL text (escaping each raw callback body): a cost paid on every callback.
 */
async function withBindings<Row>(manager: SqlEntityManager, sql: string, bindings: unknown[]): Promise<Row[]> {
  const statement = manager.getKnex().raw(sql, bindings as never)
  const transaction = manager.getTransactionContext()
  if (transaction) statement.transacting(transaction)
  const { rows } = (await statement) as { rows: Row[] }
  return rows
}

/** Runs `batch` (each its own statement) until one does fewer than `batchSize` rows; the rows done in all. */
async function inBatches(batchSize: number, batch: () => Promise<number>): Promise<number> {
  let done = 0
  for (;;) {
    const rows = await batch()
    done += rows
    if (rows < batchSize) return done
  }
}
