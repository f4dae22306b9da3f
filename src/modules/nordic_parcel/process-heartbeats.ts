import type { Context, DAL } from "@medusajs/framework/types"
import { InjectTransactionManager, MedusaContext } from "@medusajs/framework/utils"
import type { CarrierLogger } from "../../lib/carrier"
import { entityId } from "../../lib/entity-id"
import { manager } from "./transaction-manager"

/** How often a process renews its heartbeat. */
export const HEARTBEAT_MS = 5_000
/**
 * A process whose heartbeat is older than this has stopped (killed, crashed, or its database
 * connection lost). Four missed beats: a busy event loop or a slow write does not make a live
 * process look gone. Judged on the database's clock, so the instances' clocks do not matter.
 */
export const STOPPED_AFTER_MS = 20_000
/** Rows of processes gone this long are deleted. */
const FORGET_AFTER_MS = 7 * 24 * 60 * 60 * 1000

/**
 * Which Medusa processes are alive (nordic_parcel_process): this process's id, its heartbeat
 * renewed every few seconds once it books, and the answer to "has the process that made this
 * booking stopped?". The interrupted-bookings check completes or releases a booking only then:
 * while its process beats, the Medusa workflow that made the booking may still be running, however
 * slowly. The row goes when the process shuts down cleanly, and its beats stop when it is killed.
 */
export class ProcessHeartbeats {
  /** This process: made once, so every booking it makes names it. */
  readonly processId = entityId("npproc")
  private timer_: NodeJS.Timeout | null = null
  private started_: Promise<void> | null = null
  private warned_ = false
  private stopping_ = false

  // Named as MedusaService names it: the transaction decorator looks the repository up under this name.
  constructor(
    protected readonly baseRepository_: DAL.RepositoryService,
    private readonly logger_: CarrierLogger
  ) {}

  /** Beats now and every HEARTBEAT_MS from now on; resolves once the first beat is written. Idempotent. */
  start(): Promise<void> {
    this.started_ ??= this.beat().then(
      () => {
        // Shut down while the first beat was being written: no timer, which would keep the
        // stopped application (and its container) alive.
        if (this.stopping_) return
        this.timer_ = setInterval(() => void this.beat().catch((error: Error) => this.warnOnce(error)), HEARTBEAT_MS)
        this.timer_.unref()
      },
      (error: Error) => {
        // Tried again by the next caller (the next booking), not remembered as failed.
        this.started_ = null
        throw error
      }
    )
    return this.started_
  }

  /** A clean shutdown: this process is gone at once, not after STOPPED_AFTER_MS. */
  async stop(): Promise<void> {
    this.stopping_ = true
    if (this.timer_) clearInterval(this.timer_)
    this.timer_ = null
    if (this.started_) await this.remove().catch(() => undefined)
  }

  /**
   * Of these processes, the ones that have stopped beating (or never beat, or shut down). This
   * process never has: it is the one asking, so its own bookings' workflows may still be running
   * even when its row is missing for a moment (a table emptied under it, a beat not yet written).
   */
  @InjectTransactionManager()
  async stopped(processIds: string[], @MedusaContext() sharedContext: Context = {}): Promise<Set<string>> {
    processIds = processIds.filter((id) => id !== this.processId)
    if (!processIds.length) return new Set()
    const alive: { id: string }[] = await manager(sharedContext).execute(
      `select id from nordic_parcel_process
        where id = any(?::text[]) and deleted_at is null and heartbeat_at > now() - make_interval(secs => ?)`,
      [`{${processIds.map((id) => `"${id.replace(/["\\]/g, "")}"`).join(",")}}`, STOPPED_AFTER_MS / 1000]
    )
    const beating = new Set(alive.map((row) => row.id))
    return new Set(processIds.filter((id) => !beating.has(id)))
  }

  @InjectTransactionManager()
  protected async beat(@MedusaContext() sharedContext: Context = {}): Promise<void> {
    const em = manager(sharedContext)
    await em.execute(
      `insert into nordic_parcel_process (id, heartbeat_at) values (?, now())
       on conflict (id) do update set heartbeat_at = now(), updated_at = now()`,
      [this.processId]
    )
    this.warned_ = false
    // Now and then, the rows of processes long gone.
    if (Math.random() < 0.01) {
      await em.execute(`delete from nordic_parcel_process where heartbeat_at < now() - make_interval(secs => ?)`, [FORGET_AFTER_MS / 1000])
    }
  }

  @InjectTransactionManager()
  protected async remove(@MedusaContext() sharedContext: Context = {}): Promise<void> {
    await manager(sharedContext).execute(`delete from nordic_parcel_process where id = ?`, [this.processId])
  }

  private warnOnce(error: Error): void {
    if (this.warned_) return
    this.warned_ = true
    this.logger_.warn(
      `nordic-parcel: this process's heartbeat was not written (${error.message}); its bookings may be taken for a stopped process's after ${STOPPED_AFTER_MS / 1000} s`
    )
  }
}
