import type { Context, DAL } from "@medusajs/framework/types"
import { InjectTransactionManager, MedusaContext, MedusaError } from "@medusajs/framework/utils"
import { entityId } from "../../lib/entity-id"
import type { PickupConfirmationRecord } from "../../lib/pickup-order/pickup-confirmation"
import { alreadyOrderedMessage, pickupOrderView, PICKUP_ALREADY_ORDERED, type PickupOrderRow, type PickupOrderView } from "../../lib/pickup-order/pickup-order-view"
import { manager } from "./transaction-manager"

/** What the reservation row is written from: the view's own fields, and who ordered it. */
export type ReservePickupInput = Pick<
  PickupOrderView,
  "location_id" | "location_name" | "pickup_date" | "ready_at" | "message" | "number_of_packages" | "number_of_pallets" | "customer_number" | "test"
> & {
  ordered_by: string | null
  /** The merchant knows a pickup is ordered and wants a second van. */
  order_another: boolean
}

/** A second pickup for a location and date without "order another": answered 409 with the one that holds it. */
export class PickupAlreadyOrderedError extends MedusaError {
  readonly pickup_order: PickupOrderView
  constructor(existing: PickupOrderView) {
    super(MedusaError.Types.CONFLICT, alreadyOrderedMessage(existing), PICKUP_ALREADY_ORDERED)
    this.pickup_order = existing
  }
}

const COLUMNS = `id, location_id, location_name, pickup_date, sequence, status, ready_at, message, number_of_packages,
  number_of_pallets, customer_number, test, earliest_pickup_at, latest_pickup_at, receipt_url, carrier_reference,
  last_error, created_at`

/** Postgres' unique-violation code. */
const UNIQUE_VIOLATION = "23505"

/**
 * The pickup orders' table (models/pickup-order.ts). The reservation is written before the carrier
 * is called, under a transaction lock on the location and date (a database lock: it holds across
 * instances), and numbered: the unique index on location, date and number refuses a second first
 * order even without the lock. `staleAfterMs` is how long a reservation may wait for the carrier:
 * one older than that belongs to a process that stopped, and is shown as unconfirmed.
 */
export class PickupOrderStore {
  // Named as MedusaService names it: the transaction decorator looks the repository up under this name.
  constructor(
    protected readonly baseRepository_: DAL.RepositoryService,
    private readonly staleAfterMs: number
  ) {}

  /** Reserves the next pickup for the location and date; refuses a second without `order_another`. */
  @InjectTransactionManager()
  async reserve(input: ReservePickupInput, @MedusaContext() sharedContext: Context = {}): Promise<PickupOrderView> {
    const em = manager(sharedContext)
    const now = new Date()
    await em.execute(`select pg_advisory_xact_lock(hashtext(?))`, [`nordic_parcel:pickup:${input.location_id}:${input.pickup_date}`])
    const held: PickupOrderRow[] = await em.execute(
      `select ${COLUMNS} from nordic_parcel_pickup_order
        where location_id = ? and pickup_date = ? and deleted_at is null order by sequence asc`,
      [input.location_id, input.pickup_date]
    )
    if (held.length > 0 && !input.order_another) {
      throw new PickupAlreadyOrderedError(pickupOrderView(held[0], now, this.staleAfterMs))
    }
    const sequence = held.reduce((max, row) => Math.max(max, Number(row.sequence)), 0) + 1
    try {
      const [row]: PickupOrderRow[] = await em.execute(
        `insert into nordic_parcel_pickup_order
           (id, location_id, location_name, pickup_date, sequence, status, ready_at, message, number_of_packages,
            number_of_pallets, customer_number, test, ordered_by)
         values (?, ?, ?, ?, ?, 'ordering', ?, ?, ?, ?, ?, ?, ?)
         returning ${COLUMNS}`,
        [
          entityId("nppick"),
          input.location_id,
          input.location_name,
          input.pickup_date,
          sequence,
          input.ready_at,
          input.message,
          input.number_of_packages,
          input.number_of_pallets,
          input.customer_number,
          input.test,
          input.ordered_by,
        ]
      )
      return pickupOrderView(row, now, this.staleAfterMs)
    } catch (error) {
      if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error
      // Only without the lock (a store that changed the table by hand): the index still decides.
      throw new MedusaError(MedusaError.Types.CONFLICT, `A pickup from ${input.location_name} on ${input.pickup_date} is being ordered right now`, PICKUP_ALREADY_ORDERED)
    }
  }

  /** The carrier confirmed the reserved order. */
  @InjectTransactionManager()
  async record(id: string, confirmation: PickupConfirmationRecord, @MedusaContext() sharedContext: Context = {}): Promise<PickupOrderView> {
    const [row]: PickupOrderRow[] = await manager(sharedContext).execute(
      `update nordic_parcel_pickup_order
          set status = 'ordered', earliest_pickup_at = ?, latest_pickup_at = ?, receipt_url = ?, carrier_reference = ?,
              last_error = null, updated_at = now()
        where id = ? and deleted_at is null
        returning ${COLUMNS}`,
      [confirmation.earliest_pickup_at, confirmation.latest_pickup_at, confirmation.receipt_url, confirmation.carrier_reference, id]
    )
    return pickupOrderView(row, new Date(), this.staleAfterMs)
  }

  /** The carrier did not take the order: the reservation goes, nothing stays recorded as ordered. */
  @InjectTransactionManager()
  async release(id: string, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await manager(sharedContext).execute(`delete from nordic_parcel_pickup_order where id = ? and status <> 'ordered'`, [id])
  }

  /** The request was sent and no answer came: the carrier may have it, so it keeps the location and date. */
  @InjectTransactionManager()
  async markUnconfirmed(id: string, message: string, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await manager(sharedContext).execute(
      `update nordic_parcel_pickup_order set status = 'unconfirmed', last_error = ?, updated_at = now() where id = ? and status = 'ordering'`,
      [message, id]
    )
  }

  /**
   * Upcoming pickups first (from `today`, soonest first), then past ones (latest first); of one
   * location when given.
   */
  @InjectTransactionManager()
  async list(
    filter: { today: string; location_id?: string; limit: number },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<PickupOrderView[]> {
    const rows: PickupOrderRow[] = await manager(sharedContext).execute(
      `select ${COLUMNS} from nordic_parcel_pickup_order
        where deleted_at is null ${filter.location_id ? "and location_id = ?" : ""}
        order by (pickup_date < ?) asc,
                 case when pickup_date >= ? then pickup_date end asc,
                 pickup_date desc, sequence asc
        limit ?`,
      [...(filter.location_id ? [filter.location_id] : []), filter.today, filter.today, filter.limit]
    )
    const now = new Date()
    return rows.map((row) => pickupOrderView(row, now, this.staleAfterMs))
  }

  /**
   * Packages booked from the location on or before the pickup date (carrier time) that the carrier
   * has not collected yet: confirmed outgoing bookings still "booked" (tracking moves a handed-in
   * parcel to "shipped").
   */
  @InjectTransactionManager()
  async packagesAwaitingPickup(locationId: string, pickupDate: string, @MedusaContext() sharedContext: Context = {}): Promise<number> {
    const [row]: { packages: string | number }[] = await manager(sharedContext).execute(
      `select coalesce(sum(cardinality(package_numbers)), 0) as packages from nordic_parcel_shipment
        where location_id = ? and kind = 'outbound' and status = 'booked' and deleted_at is null
          and (booked_at at time zone 'Europe/Oslo')::date <= ?::date`,
      [locationId, pickupDate]
    )
    return Number(row?.packages ?? 0)
  }
}
