/*
 * One row for every instance, kept across restarts (models/webhook-state.ts, table
 * nordic_parcel_webhook_state): the refused-callback count (refusals added at most once a second per
 * instance) and the last resubscription run that found stale subscriptions, shown by the status route.
 */
import type { Context, DAL } from "@medusajs/framework/types"
import { InjectTransactionManager, MedusaContext } from "@medusajs/framework/utils"
import type { CarrierLogger } from "../../lib/carrier"
import type { ResubscriptionOutcome } from "../../lib/status-page/status-view"
import { manager } from "./transaction-manager"

/** One row for the store, under a fixed id. */
const STATE_ID = "npwh_store"
/**
 * Refusals are added to the row at most this often per instance: a flood of callbacks with a wrong
 * secret costs one write a second, not one each. A process that stops loses at most this much.
 */
const FLUSH_MS = 1_000

export type RefusedCallbacks = { count: number; last_at: Date | null }

type StateRow = { refused_callbacks: number; refused_last_at: Date | string | null; resubscription: StoredOutcome | null }
type StoredOutcome = Omit<ResubscriptionOutcome, "at"> & { at: string }

/**
 * The callbacks' health the status page reports, kept in the database so every instance adds to
 * it and a restart keeps it (nordic_parcel_webhook_state): the callbacks refused for their secret,
 * and the last resubscription run that found subscriptions with an old secret or URL (a run of
 * another instance that found none, those being taken already, does not hide it).
 */
export class WebhookStateStore {
  private pending_ = 0
  private pendingLastAt_: Date | null = null
  private timer_: NodeJS.Timeout | null = null
  private flushing_: Promise<void> = Promise.resolve()
  private warned_ = false

  // Named as MedusaService names it: the transaction decorator looks the repository up under this name.
  constructor(
    protected readonly baseRepository_: DAL.RepositoryService,
    private readonly logger_: CarrierLogger
  ) {}

  /** A callback refused for its secret header: counted now, written within a second. */
  noteRefused(at = new Date()): void {
    this.pending_ += 1
    this.pendingLastAt_ = at
    if (this.timer_) return
    this.timer_ = setTimeout(() => {
      this.timer_ = null
      void this.flush()
    }, FLUSH_MS)
    this.timer_.unref?.()
  }

  /**
   * Refusals of every instance (this one's not yet written included); only this instance's
   * unwritten ones when the table cannot be read (the status page still answers).
   */
  async refused(): Promise<RefusedCallbacks> {
    await this.flush()
    const row = await this.read().catch(() => undefined)
    const count = (row?.refused_callbacks ?? 0) + this.pending_
    const stored = row?.refused_last_at ? new Date(row.refused_last_at) : null
    const last = [stored, this.pendingLastAt_].filter((d): d is Date => d !== null).sort((a, b) => b.getTime() - a.getTime())[0] ?? null
    return { count, last_at: last }
  }

  /**
   * Keeps a resubscription run's outcome when it found something (or none is kept yet); a failure
   * to write is logged, the run itself stands.
   */
  async recordResubscription(outcome: ResubscriptionOutcome): Promise<void> {
    try {
      await this.writeResubscription(outcome)
    } catch (error) {
      this.logger_.warn(`nordic-parcel: the resubscription outcome could not be kept for the status page: ${(error as Error).message}`)
    }
  }

  /** The last resubscription run kept (any instance's); null before the first. */
  async lastResubscription(): Promise<ResubscriptionOutcome | null> {
    const stored = (await this.read())?.resubscription
    return stored ? { ...stored, at: new Date(stored.at) } : null
  }

  /** Adds this instance's refusals to the row; on failure they stay pending for the next flush. */
  flush(): Promise<void> {
    this.flushing_ = this.flushing_.then(async () => {
      if (this.pending_ === 0) return
      const count = this.pending_
      const lastAt = this.pendingLastAt_
      this.pending_ = 0
      this.pendingLastAt_ = null
      try {
        await this.addRefused(count, lastAt!)
      } catch (error) {
        this.pending_ += count
        this.pendingLastAt_ ??= lastAt
        if (!this.warned_) {
          this.warned_ = true
          this.logger_.warn(`nordic-parcel: refused callbacks could not be counted in the database: ${(error as Error).message}`)
        }
      }
    })
    return this.flushing_
  }

  @InjectTransactionManager()
  protected async addRefused(count: number, lastAt: Date, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await manager(sharedContext).execute(
      `insert into nordic_parcel_webhook_state (id, refused_callbacks, refused_last_at) values (?, ?, ?)
       on conflict (id) do update set
         refused_callbacks = nordic_parcel_webhook_state.refused_callbacks + excluded.refused_callbacks,
         refused_last_at = greatest(nordic_parcel_webhook_state.refused_last_at, excluded.refused_last_at),
         updated_at = now()`,
      [STATE_ID, count, lastAt.toISOString()]
    )
  }

  @InjectTransactionManager()
  protected async writeResubscription(outcome: ResubscriptionOutcome, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    const stored: StoredOutcome = { ...outcome, at: outcome.at.toISOString() }
    await manager(sharedContext).execute(
      `insert into nordic_parcel_webhook_state (id, resubscription) values (?, ?::jsonb)
       on conflict (id) do update set resubscription = excluded.resubscription, updated_at = now()
       where ? or nordic_parcel_webhook_state.resubscription is null`,
      [STATE_ID, JSON.stringify(stored), outcome.stale > 0]
    )
  }

  @InjectTransactionManager()
  protected async read(@MedusaContext() sharedContext: Context = {}): Promise<StateRow | undefined> {
    const [row]: StateRow[] = await manager(sharedContext).execute(
      `select refused_callbacks, refused_last_at, resubscription from nordic_parcel_webhook_state where id = ? and deleted_at is null`,
      [STATE_ID]
    )
    return row
  }
}
