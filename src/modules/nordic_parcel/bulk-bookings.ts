/*
 * The bulk runs' store (handed out by the module's `bulkBookingStore()`): runs and per-order outcomes
 * (models/bulk-booking.ts), every state change one conditional statement. The run's lease decides
 * which instance works it; an order goes pending → booking once, is taken only by the lease holder and
 * settled only by its last taker (the row's `attempts` as token); one not sent is put back to pending.
 */
import type { Context, DAL } from "@medusajs/framework/types"
import { InjectTransactionManager, MedusaContext } from "@medusajs/framework/utils"
import { entityId } from "../../lib/entity-id"
import { manager } from "./transaction-manager"

export type BulkBookingStatus = "running" | "done"
export type BulkOrderStatus = "pending" | "booking" | "booked" | "refused" | "failed" | "skipped"

export type BulkBookingRow = {
  id: string
  status: BulkBookingStatus
  created_by: string | null
  lease_owner: string | null
  lease_expires_at: Date | null
  completed_at: Date | null
  created_at: Date
}

export type BulkOrderRow = {
  id: string
  bulk_booking_id: string
  order_id: string
  position: number
  status: BulkOrderStatus
  fulfillment_id: string | null
  consignment_number: string | null
  message: string | null
  attempts: number
}

export type BulkOrderOutcome = {
  /** "pending": not booked and certainly not sent; the run takes the order up again. */
  status: Exclude<BulkOrderStatus, "booking">
  fulfillment_id?: string | null
  consignment_number?: string | null
  message?: string | null
}

const RUN_COLUMNS = "id, status, created_by, lease_owner, lease_expires_at, completed_at, created_at"
const ORDER_COLUMNS = "id, bulk_booking_id, order_id, position, status, fulfillment_id, consignment_number, message, attempts"

/**
 * Bulk booking runs and their orders. Every state change is one conditional statement, so two
 * instances can never both work a run (the lease) or both fulfil one order of it: an order is
 * taken only by the run's lease holder (so a worker that lost the lease takes no more), and only
 * the worker that took it last settles it (its `attempts` when taken is its token).
 */
export class BulkBookingStore {
  // Named as MedusaService names it: the transaction decorator looks the repository up under this name.
  constructor(protected readonly baseRepository_: DAL.RepositoryService) {}

  @InjectTransactionManager()
  async create(
    input: { order_ids: string[]; created_by: string | null; skipped: Record<string, string> },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<BulkBookingRow> {
    const em = manager(sharedContext)
    const [run]: BulkBookingRow[] = await em.execute(
      `insert into nordic_parcel_bulk_booking (id, status, created_by) values (?, 'running', ?) returning ${RUN_COLUMNS}`,
      [entityId("npbulk"), input.created_by]
    )
    const values = input.order_ids.map(() => "(?, ?, ?, ?, ?, ?)").join(", ")
    const params = input.order_ids.flatMap((orderId, position) => [
      entityId("npbulko"),
      run.id,
      orderId,
      position,
      input.skipped[orderId] ? "skipped" : "pending",
      input.skipped[orderId] ?? null,
    ])
    await em.execute(
      `insert into nordic_parcel_bulk_booking_order (id, bulk_booking_id, order_id, position, status, message) values ${values}`,
      params
    )
    return run
  }

  @InjectTransactionManager()
  async get(id: string, @MedusaContext() sharedContext: Context = {}): Promise<{ run: BulkBookingRow; orders: BulkOrderRow[] } | null> {
    const em = manager(sharedContext)
    const [run]: BulkBookingRow[] = await em.execute(
      `select ${RUN_COLUMNS} from nordic_parcel_bulk_booking where id = ? and deleted_at is null`,
      [id]
    )
    if (!run) return null
    const orders: BulkOrderRow[] = await em.execute(
      `select ${ORDER_COLUMNS} from nordic_parcel_bulk_booking_order
        where bulk_booking_id = ? and deleted_at is null order by position asc`,
      [id]
    )
    return { run, orders }
  }

  /** Orders of these ids waiting or being booked in a run that is still going. */
  @InjectTransactionManager()
  async inProgress(orderIds: string[], @MedusaContext() sharedContext: Context = {}): Promise<{ order_id: string; bulk_booking_id: string }[]> {
    if (orderIds.length === 0) return []
    return manager(sharedContext).execute(
      `select o.order_id, o.bulk_booking_id from nordic_parcel_bulk_booking_order o
         join nordic_parcel_bulk_booking b on b.id = o.bulk_booking_id and b.deleted_at is null and b.status = 'running'
        where o.order_id in (${orderIds.map(() => "?").join(", ")}) and o.status in ('pending', 'booking') and o.deleted_at is null`,
      orderIds
    )
  }

  /** Takes or renews the run's lease; false when another owner holds an unexpired one or the run is done. */
  @InjectTransactionManager()
  async lease(id: string, owner: string, ms: number, @MedusaContext() sharedContext: Context = {}): Promise<boolean> {
    const rows = await manager(sharedContext).execute(
      `update nordic_parcel_bulk_booking
          set lease_owner = ?, lease_expires_at = now() + (? * interval '1 millisecond'), updated_at = now()
        where id = ? and status = 'running' and deleted_at is null
          and (lease_owner is null or lease_owner = ? or lease_expires_at is null or lease_expires_at < now())
        returning id`,
      [owner, ms, id, owner]
    )
    return rows.length === 1
  }

  @InjectTransactionManager()
  async releaseLease(id: string, owner: string, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await manager(sharedContext).execute(
      `update nordic_parcel_bulk_booking set lease_owner = null, lease_expires_at = null, updated_at = now()
        where id = ? and lease_owner = ?`,
      [id, owner]
    )
  }

  /** Runs still going whose lease ran out (or was never taken): their instance stopped. */
  @InjectTransactionManager()
  async abandoned(@MedusaContext() sharedContext: Context = {}): Promise<string[]> {
    const rows: { id: string }[] = await manager(sharedContext).execute(
      `select id from nordic_parcel_bulk_booking
        where status = 'running' and deleted_at is null and (lease_expires_at is null or lease_expires_at < now())
        order by created_at asc limit 50`
    )
    return rows.map((row) => row.id)
  }

  /**
   * The orders of a run still to work: pending ones, and ones left "booking" by an owner that
   * stopped (the new owner checks the order before fulfilling it again).
   */
  @InjectTransactionManager()
  async unfinished(id: string, @MedusaContext() sharedContext: Context = {}): Promise<BulkOrderRow[]> {
    return manager(sharedContext).execute(
      `select ${ORDER_COLUMNS} from nordic_parcel_bulk_booking_order
        where bulk_booking_id = ? and status in ('pending', 'booking') and deleted_at is null order by position asc`,
      [id]
    )
  }

  /**
   * Marks an order as being booked by `owner`, which must hold the run's unexpired lease; null when
   * another worker took it first or the lease is no longer this owner's. The row's `attempts` is
   * the taker's token for settle.
   */
  @InjectTransactionManager()
  async take(
    rowId: string,
    fromStatus: "pending" | "booking",
    owner: string,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<BulkOrderRow | null> {
    const rows: BulkOrderRow[] = await manager(sharedContext).execute(
      `update nordic_parcel_bulk_booking_order o
          set status = 'booking', attempts = attempts + 1, updated_at = now()
        where o.id = ? and o.status = ? and o.deleted_at is null
          and exists (select 1 from nordic_parcel_bulk_booking b
                       where b.id = o.bulk_booking_id and b.lease_owner = ? and b.lease_expires_at > now())
        returning ${ORDER_COLUMNS}`,
      [rowId, fromStatus, owner]
    )
    return rows[0] ?? null
  }

  /**
   * Records an order's outcome, only for the worker that took it last (`token`: the row's
   * attempts when taken); false when another worker has taken it since (its outcome stands).
   */
  @InjectTransactionManager()
  async settle(rowId: string, token: number, outcome: BulkOrderOutcome, @MedusaContext() sharedContext: Context = {}): Promise<boolean> {
    const rows = await manager(sharedContext).execute(
      `update nordic_parcel_bulk_booking_order
          set status = ?, fulfillment_id = ?, consignment_number = ?, message = ?, updated_at = now()
        where id = ? and status = 'booking' and attempts = ?
        returning id`,
      [outcome.status, outcome.fulfillment_id ?? null, outcome.consignment_number ?? null, outcome.message ?? null, rowId, token]
    )
    return rows.length === 1
  }

  /** Ends the run when none of its orders is left to work. */
  @InjectTransactionManager()
  async finishIfDone(id: string, @MedusaContext() sharedContext: Context = {}): Promise<boolean> {
    const rows = await manager(sharedContext).execute(
      `update nordic_parcel_bulk_booking
          set status = 'done', completed_at = now(), lease_owner = null, lease_expires_at = null, updated_at = now()
        where id = ? and status = 'running' and not exists (
          select 1 from nordic_parcel_bulk_booking_order
           where bulk_booking_id = ? and status in ('pending', 'booking') and deleted_at is null)
        returning id`,
      [id, id]
    )
    return rows.length === 1
  }

  /** Puts the refused and failed orders of a run back to pending and the run back to running. */
  @InjectTransactionManager()
  async retry(id: string, @MedusaContext() sharedContext: Context = {}): Promise<number> {
    const em = manager(sharedContext)
    const rows = await em.execute(
      `update nordic_parcel_bulk_booking_order set status = 'pending', message = null, updated_at = now()
        where bulk_booking_id = ? and status in ('refused', 'failed') and deleted_at is null returning id`,
      [id]
    )
    if (rows.length > 0) {
      await em.execute(
        `update nordic_parcel_bulk_booking set status = 'running', completed_at = null, updated_at = now() where id = ?`,
        [id]
      )
    }
    return rows.length
  }
}
