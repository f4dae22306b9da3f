/*
 * The booking ledger over the Shipment model (models/shipment.ts, table nordic_parcel_shipment):
 * reserve, record, take over, abandon and release, each one transaction, exposed as the module's
 * `reserveBooking`, `recordBooking`, `takeOverBooking`, `abandonBooking`, `releaseBooking`,
 * `listBookingCandidates`. Unique indexes on the live booking per fulfillment and on the consignment
 * number make "one booking per fulfilment" hold across instances. `record` also settles, in its
 * transaction, the unconfirmed attempts the booking replaces (status "failed",
 * `last_error.superseded_by`, the text of `supersededMessage` in lib/booking/interrupted-booking.ts).
 * An attempt is reserved when its turn at the rate limit has come, just before the request leaves
 * (`CallOptions.onTurn` in lib/carrier/http.ts). The interrupted-bookings check reads `unsettled` and
 * writes `markUnconfirmed`, `releaseUnheld`, `markChecked`.
 */
import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"
import type { Context, DAL } from "@medusajs/framework/types"
import { InjectTransactionManager, MedusaContext, MedusaError } from "@medusajs/framework/utils"
import { entityId } from "../../lib/entity-id"
import type { ShipmentStatus } from "../../lib/statuses"
import { manager } from "./transaction-manager"

/** A booking as the ledger keeps it (the nordic_parcel_shipment row). */
export type LedgerBooking = {
  id: string
  fulfillment_id: string
  booking_key: string
  order_id: string | null
  kind: "outbound" | "return"
  status: ShipmentStatus
  service_code: string
  consignment_number: string | null
  package_numbers: string[]
  /**
   * Set on an attempt the carrier never confirmed ("unconfirmed"): it then holds no units. On an
   * attempt a later booking replaced ("failed"), `superseded_by` names that booking's fulfilment.
   */
  last_error: { message: string; unconfirmed?: boolean; superseded_by?: string } | null
  fulfillment_result: Record<string, unknown> | null
  booked_at: Date | null
  test: boolean
}

export type ReserveBookingInput = {
  fulfillment_id: string
  booking_key: string
  order_id: string | null
  kind: "outbound" | "return"
  service_code: string
  customer_number: string
  test: boolean
  pickup_point: Record<string, unknown> | null
  items: unknown
  location_id: string
  /**
   * Outgoing bookings: the quantity ordered of each line. Lines already held by live bookings of
   * the order count against it, so two fulfil requests racing for the same units cannot both book.
   */
  ordered?: Record<string, number>
  order_label?: string
  /**
   * Outgoing bookings: the order's shipping method and the pickup point the booking read from it.
   * A merchant's later change of that method's point (changePickupPoint) refuses the attempt.
   */
  method_pickup_point?: { shipping_method_id: string; pickup_point_id: string | null }
  /**
   * Outgoing bookings: the requested delivery day the booking read from the method (null: none).
   * A merchant's later change of that day (changeDeliveryDate) refuses the attempt.
   */
  method_delivery_date?: { shipping_method_id: string; delivery_date: string | null }
  /** The process making the attempt (process-heartbeats.ts). */
  process_id?: string
}

export type PickupPointChangeInput = { order_id: string; shipping_method_id: string; pickup_point_id: string }
export type DeliveryDateChangeInput = { order_id: string; shipping_method_id: string; delivery_date: string }

/**
 * A method's requested delivery day is recorded in the same table as its pickup point (the
 * merchant's last word on the method, under the order's booking lock), in a row of its own: the
 * method id with this suffix, the day (yyyy-MM-dd) in `pickup_point_id`.
 */
export function deliveryDateChangeKey(shippingMethodId: string): string {
  return `${shippingMethodId}#delivery_date`
}

/** The outgoing bookings that hold the order (a change is then refused), or the point replaced. */
export type PickupPointChangeOutcome =
  | { changed: false; bookings: { kind: string; status: string; consignment_number: string | null }[] }
  | { changed: true; previous: string | null }

export type RecordBookingInput = {
  consignment_number: string
  package_numbers: string[]
  label_url: string | null
  tracking_url: string | null
  return_shipment: Record<string, unknown> | null
  booked_at: Date
  fulfillment_result: Record<string, unknown>
  /**
   * Unconfirmed attempts of the same parcel this booking replaces, each with the merchant's text:
   * settled ("failed") with the confirmation, in its transaction, so they stay shown as needing
   * action until a booking has really replaced them.
   */
  supersedes?: { id: string; message: string; superseded_by: string }[]
  /**
   * The consignment numbers to subscribe to tracking (the booking's own and the return it carries)
   * with the event groups, when the store subscribes automatically: written as pending
   * subscriptions in the booking's transaction, so a process stopped before it subscribed leaves
   * them for the retry job, due after `follow.graceMs` (the booking's own attempt comes first).
   */
  follow?: { tracking_ids: string[]; event_groups: string[]; graceMs: number }
}

const COLUMNS = `id, fulfillment_id, booking_key, order_id, kind, status, service_code, consignment_number,
  package_numbers, last_error, fulfillment_result, booked_at, test`

/** A Postgres text[] literal (quotes and backslashes dropped: carrier numbers and event names hold none). */
const textArray = (values: string[]) => `{${values.map((n) => `"${n.replace(/["\\]/g, "")}"`).join(",")}}`

/** Postgres' unique-violation code: the index, not a lock, decides between two instances. */
const UNIQUE_VIOLATION = "23505"

/**
 * The order's booking lock: a transaction lock in the database, so it holds across instances.
 * Reserving an outgoing attempt and changing the order's pickup point take it, so neither sees the
 * other half done.
 */
async function lockOrder(em: SqlEntityManager, orderId: string): Promise<void> {
  await em.execute(`select pg_advisory_xact_lock(hashtext(?))`, [`nordic_parcel:booking:${orderId}`])
}

/**
 * The booking ledger: which carrier booking belongs to which fulfillment. Every change is one
 * transaction of conditional statements, and the unique indexes (one live booking per
 * fulfillment, one row per consignment number) decide races between processes, so several
 * instances need no shared lock. A booking moves to another fulfillment only from a holder that
 * is gone (takeOver checks the holder it was told about is still the holder).
 */
export class BookingLedger {
  // Named as MedusaService names it: the transaction decorator looks the repository up under this name.
  constructor(protected readonly baseRepository_: DAL.RepositoryService) {}

  /**
   * Bookings of the same request that another fulfillment may take over or that block a new
   * booking: unused ones, booked ones (their holder may be gone), and unconfirmed attempts.
   */
  @InjectTransactionManager()
  async candidates(bookingKey: string, @MedusaContext() sharedContext: Context = {}): Promise<LedgerBooking[]> {
    return manager(sharedContext).execute(
      `select ${COLUMNS} from nordic_parcel_shipment
        where booking_key = ? and deleted_at is null and status in ('booking', 'booked', 'unused')
        order by created_at asc`,
      [bookingKey]
    )
  }

  /**
   * Hands an existing booking to `toFulfillmentId`, if `fromFulfillmentId` still holds it and it
   * is unused or booked (not shipped): null when another attempt was quicker.
   */
  @InjectTransactionManager()
  async takeOver(
    bookingId: string,
    fromFulfillmentId: string,
    toFulfillmentId: string,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<LedgerBooking | null> {
    const rows: LedgerBooking[] = await manager(sharedContext).execute(
      `update nordic_parcel_shipment
          set fulfillment_id = ?, status = 'booked', updated_at = now()
        where id = ? and fulfillment_id = ? and status in ('booked', 'unused') and deleted_at is null
        returning ${COLUMNS}`,
      [toFulfillmentId, bookingId, fromFulfillmentId]
    )
    return rows[0] ?? null
  }

  /**
   * Writes the attempt before the carrier is called, so a crash or a time-out leaves a trace the
   * next attempt sees. A second live booking for one fulfillment is refused by the unique index.
   */
  @InjectTransactionManager()
  async reserve(input: ReserveBookingInput, @MedusaContext() sharedContext: Context = {}): Promise<LedgerBooking> {
    const em = manager(sharedContext)
    if (input.order_id && input.kind === "outbound") {
      await lockOrder(em, input.order_id)
      if (input.method_pickup_point) await this.refuseChangedPickupPoint(em, input, input.method_pickup_point)
      if (input.method_delivery_date) await this.refuseChangedDeliveryDate(em, input, input.method_delivery_date)
      if (input.ordered) await this.refuseOverOrdered(em, input)
    }
    try {
      const rows: LedgerBooking[] = await em.execute(
        `insert into nordic_parcel_shipment
           (id, fulfillment_id, booking_key, order_id, kind, service_code, customer_number, test, pickup_point,
            items, location_id, process_id, status)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?, ?, 'booking')
         returning ${COLUMNS}`,
        [
          entityId("npship"),
          input.fulfillment_id,
          input.booking_key,
          input.order_id,
          input.kind,
          input.service_code,
          input.customer_number,
          input.test,
          input.pickup_point ? JSON.stringify(input.pickup_point) : null,
          JSON.stringify(input.items ?? null),
          input.location_id,
          input.process_id ?? null,
        ]
      )
      return rows[0]
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
        throw new MedusaError(
          MedusaError.Types.CONFLICT,
          `fulfillment ${input.fulfillment_id} already has a carrier booking`
        )
      }
      throw error
    }
  }

  /**
   * The booking read its shipping method before its turn came (a bulk run waits at the rate limit
   * for up to a minute); the merchant may have changed the method's pickup point meanwhile. Under
   * the order's lock, the point the merchant set last must be the one this booking sends, else
   * nothing is booked and the merchant fulfils again with the new point.
   */
  private async refuseChangedPickupPoint(
    em: SqlEntityManager,
    input: ReserveBookingInput,
    read: NonNullable<ReserveBookingInput["method_pickup_point"]>
  ): Promise<void> {
    const [changed]: { pickup_point_id: string }[] = await em.execute(
      `select pickup_point_id from nordic_parcel_pickup_point_change
        where order_id = ? and shipping_method_id = ? and deleted_at is null`,
      [input.order_id, read.shipping_method_id]
    )
    if (changed && changed.pickup_point_id !== read.pickup_point_id) {
      throw new MedusaError(
        MedusaError.Types.CONFLICT,
        `The pickup point of ${input.order_label ?? `order ${input.order_id}`} was changed to ${changed.pickup_point_id} while this ` +
          `booking waited (it had read ${read.pickup_point_id ?? "no point"}); nothing was booked: fulfil it again to book it to ${changed.pickup_point_id}`
      )
    }
  }

  /** As refuseChangedPickupPoint, for the requested delivery day the merchant set last. */
  private async refuseChangedDeliveryDate(
    em: SqlEntityManager,
    input: ReserveBookingInput,
    read: NonNullable<ReserveBookingInput["method_delivery_date"]>
  ): Promise<void> {
    const [changed]: { pickup_point_id: string }[] = await em.execute(
      `select pickup_point_id from nordic_parcel_pickup_point_change
        where order_id = ? and shipping_method_id = ? and deleted_at is null`,
      [input.order_id, deliveryDateChangeKey(read.shipping_method_id)]
    )
    if (changed && changed.pickup_point_id !== read.delivery_date) {
      throw new MedusaError(
        MedusaError.Types.CONFLICT,
        `The requested delivery day of ${input.order_label ?? `order ${input.order_id}`} was changed to ${changed.pickup_point_id} while this ` +
          `booking waited (it had read ${read.delivery_date ?? "no day"}); nothing was booked: fulfil it again to book it for ${changed.pickup_point_id}`
      )
    }
  }

  /**
   * The merchant's new requested delivery day of an order's shipping method, under the same rule
   * as a pickup point (changePickupPoint): refused while an outgoing booking stands or is under
   * way, and a booking that read the old day is refused when it reserves.
   */
  changeDeliveryDate(input: DeliveryDateChangeInput, sharedContext: Context = {}): Promise<PickupPointChangeOutcome> {
    return this.changePickupPoint(
      { order_id: input.order_id, shipping_method_id: deliveryDateChangeKey(input.shipping_method_id), pickup_point_id: input.delivery_date },
      sharedContext
    )
  }

  /** Undoes changeDeliveryDate when Medusa did not store the day on the method. */
  restoreDeliveryDate(input: DeliveryDateChangeInput & { previous: string | null }, sharedContext: Context = {}): Promise<void> {
    return this.restorePickupPoint(
      {
        order_id: input.order_id,
        shipping_method_id: deliveryDateChangeKey(input.shipping_method_id),
        pickup_point_id: input.delivery_date,
        previous: input.previous,
      },
      sharedContext
    )
  }

  /**
   * The merchant's new pickup point of an order's shipping method, recorded under the order's
   * booking lock unless an outgoing booking of the order stands or is under way (the carrier
   * cannot move a booked parcel). A booking still to reserve its attempt is refused by
   * refuseChangedPickupPoint, so a change and a booking never interleave.
   */
  @InjectTransactionManager()
  async changePickupPoint(input: PickupPointChangeInput, @MedusaContext() sharedContext: Context = {}): Promise<PickupPointChangeOutcome> {
    const em = manager(sharedContext)
    await lockOrder(em, input.order_id)
    const bookings: { kind: string; status: string; consignment_number: string | null }[] = await em.execute(
      `select kind, status, consignment_number from nordic_parcel_shipment
        where order_id = ? and kind = 'outbound' and status not in ('failed', 'unused') and deleted_at is null`,
      [input.order_id]
    )
    if (bookings.length) return { changed: false, bookings }
    const [previous]: { pickup_point_id: string }[] = await em.execute(
      `select pickup_point_id from nordic_parcel_pickup_point_change where order_id = ? and shipping_method_id = ? and deleted_at is null`,
      [input.order_id, input.shipping_method_id]
    )
    await em.execute(
      `insert into nordic_parcel_pickup_point_change (id, order_id, shipping_method_id, pickup_point_id)
       values (?, ?, ?, ?)
       on conflict (order_id, shipping_method_id) where deleted_at is null
       do update set pickup_point_id = excluded.pickup_point_id, updated_at = now()`,
      [entityId("nppc"), input.order_id, input.shipping_method_id, input.pickup_point_id]
    )
    return { changed: true, previous: previous?.pickup_point_id ?? null }
  }

  /**
   * Undoes changePickupPoint when Medusa could not store the point on the method: the point
   * before it again (none: the row goes), unless another change came since.
   */
  @InjectTransactionManager()
  async restorePickupPoint(
    input: PickupPointChangeInput & { previous: string | null },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    const em = manager(sharedContext)
    await lockOrder(em, input.order_id)
    const where = `order_id = ? and shipping_method_id = ? and pickup_point_id = ? and deleted_at is null`
    const keys = [input.order_id, input.shipping_method_id, input.pickup_point_id]
    if (input.previous === null) {
      await em.execute(`delete from nordic_parcel_pickup_point_change where ${where}`, keys)
    } else {
      await em.execute(`update nordic_parcel_pickup_point_change set pickup_point_id = ?, updated_at = now() where ${where}`, [input.previous, ...keys])
    }
  }

  /**
   * Medusa checks the quantities of a fulfilment against the order only after the provider has
   * booked, and two requests at once both pass its check. Under the order's lock (lockOrder), the
   * quantities held by the order's live outgoing bookings plus this one must not exceed what was
   * ordered.
   */
  private async refuseOverOrdered(em: SqlEntityManager, input: ReserveBookingInput): Promise<void> {
    const held: { line_item_id: string; quantity: string }[] = await em.execute(
      `select line.value->>'line_item_id' as line_item_id, sum((line.value->>'quantity')::numeric) as quantity
         from nordic_parcel_shipment, jsonb_array_elements(coalesce(items, '[]'::jsonb)) as line
        where order_id = ? and kind = 'outbound' and deleted_at is null
          and (status in ('booked', 'shipped', 'delivered') or (status = 'booking' and last_error is null))
        group by 1`,
      [input.order_id]
    )
    const heldBy = new Map(held.map((row) => [row.line_item_id, Number(row.quantity)]))
    const over = (input.items as { line_item_id: string; quantity: number }[]).filter(
      (item) => input.ordered![item.line_item_id] !== undefined &&
        (heldBy.get(item.line_item_id) ?? 0) + item.quantity > input.ordered![item.line_item_id]
    )
    if (over.length) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Cannot book ${input.order_label ?? `order ${input.order_id}`}: ` +
          over
            .map(
              (item) =>
                `line ${item.line_item_id} has ${input.ordered![item.line_item_id]} ordered and ` +
                `${heldBy.get(item.line_item_id) ?? 0} already booked for other fulfilments, so ${item.quantity} more cannot be fulfilled`
            )
            .join("; ")
      )
    }
  }

  /**
   * The carrier confirmed the attempt: numbers, links and the result given to Medusa. The
   * unconfirmed attempts it replaces are settled in the same transaction: "failed", with the
   * merchant's text (which reference to leave unused) and the fulfilment that replaced them.
   */
  @InjectTransactionManager()
  async record(bookingId: string, booked: RecordBookingInput, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    const em = manager(sharedContext)
    for (const replaced of booked.supersedes ?? []) {
      await em.execute(
        `update nordic_parcel_shipment set status = 'failed', last_error = ?::jsonb, updated_at = now()
          where id = ? and status = 'booking' and deleted_at is null`,
        [JSON.stringify({ message: replaced.message, superseded_by: replaced.superseded_by }), replaced.id]
      )
    }
    const recorded: { id: string }[] = await em.execute(
      `update nordic_parcel_shipment
          set status = 'booked', consignment_number = ?, package_numbers = ?::text[], label_url = ?, tracking_url = ?,
              return_shipment = ?::jsonb, booked_at = ?, fulfillment_result = ?::jsonb, last_error = null, updated_at = now()
        where id = ? and status = 'booking'
        returning id`,
      [
        booked.consignment_number,
        textArray(booked.package_numbers),
        booked.label_url,
        booked.tracking_url,
        booked.return_shipment ? JSON.stringify(booked.return_shipment) : null,
        booked.booked_at.toISOString(),
        JSON.stringify(booked.fulfillment_result),
        bookingId,
      ]
    )
    if (recorded.length && booked.follow) await this.notePendingSubscriptions(em, booked.follow)
  }

  /**
   * The booking's tracking subscriptions, pending until made (subscriptions' records, model
   * subscription.ts): one per consignment number that has no pending or active one yet.
   */
  private async notePendingSubscriptions(em: SqlEntityManager, follow: NonNullable<RecordBookingInput["follow"]>): Promise<void> {
    for (const trackingId of follow.tracking_ids) {
      await em.execute(
        `insert into nordic_parcel_subscription (id, kind, tracking_id, event_groups, status, attempts, next_attempt_at)
         select ?, 'tracking', ?, ?::text[], 'pending', 0, now() + (? * interval '1 millisecond')
          where not exists (
            select 1 from nordic_parcel_subscription
             where kind = 'tracking' and tracking_id = ? and status in ('pending', 'active') and deleted_at is null)`,
        [entityId("npsub"), trackingId, textArray(follow.event_groups), follow.graceMs, trackingId]
      )
    }
  }

  /**
   * The booking a tracking number belongs to: the one whose consignment it is (by the unique
   * index), else the outgoing booking carrying it as its free return (read through the JSON
   * column, for the few pending subscriptions of carried returns the retry job looks at).
   */
  @InjectTransactionManager()
  async holderOf(trackingId: string, @MedusaContext() sharedContext: Context = {}): Promise<{ status: ShipmentStatus; carried: boolean } | null> {
    const em = manager(sharedContext)
    const [own]: { status: ShipmentStatus }[] = await em.execute(
      `select status from nordic_parcel_shipment where consignment_number = ? and deleted_at is null order by created_at desc limit 1`,
      [trackingId]
    )
    if (own) return { status: own.status, carried: false }
    const [carrier]: { status: ShipmentStatus }[] = await em.execute(
      `select status from nordic_parcel_shipment
        where return_shipment is not null and return_shipment->>'consignment_number' = ? and deleted_at is null
        order by created_at desc limit 1`,
      [trackingId]
    )
    return carrier ? { status: carrier.status, carried: true } : null
  }

  /**
   * The carrier did not book: a refusal leaves nothing behind; an attempt it may have booked
   * (time-out, 5xx) stays as "booking" with the error, for the merchant to check.
   */
  @InjectTransactionManager()
  async abandon(
    bookingId: string,
    outcome: { maybeBooked: boolean; message: string },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    const em = manager(sharedContext)
    if (outcome.maybeBooked) {
      await em.execute(
        `update nordic_parcel_shipment set last_error = ?::jsonb, updated_at = now() where id = ? and status = 'booking'`,
        [JSON.stringify({ message: outcome.message }), bookingId]
      )
    } else {
      await em.execute(`delete from nordic_parcel_shipment where id = ? and status = 'booking'`, [bookingId])
    }
  }

  /**
   * What the interrupted-bookings check looks at: attempts without a recorded answer, and outgoing
   * bookings recorded since `since` not yet found complete (a process may have stopped before
   * Medusa's workflow made the fulfilment the order's). The conditions outside the parentheses are
   * the partial index's, so the planner reads that small index, not the year's shipments.
   */
  @InjectTransactionManager()
  async unsettled(since: Date, limit: number, @MedusaContext() sharedContext: Context = {}): Promise<UnsettledBooking[]> {
    return manager(sharedContext).execute(
      `select id, fulfillment_id, order_id, kind, status, created_at, process_id from nordic_parcel_shipment
        where deleted_at is null and status in ('booking', 'booked') and checked_at is null
          and ((status = 'booking' and last_error is null)
            or (status = 'booked' and kind = 'outbound' and order_id is not null and created_at > ?))
        order by created_at asc limit ?`,
      [since.toISOString(), limit]
    )
  }

  /**
   * Attempts the carrier never confirmed (of these orders, or all), newest first: what the merchant
   * checks at the carrier and books again (status page, bookings page).
   */
  @InjectTransactionManager()
  async unconfirmed(
    filter: { orderIds?: string[]; limit: number },
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ bookings: UnconfirmedBooking[]; count: number }> {
    const em = manager(sharedContext)
    const byOrder = filter.orderIds ? `and order_id in (${filter.orderIds.map(() => "?").join(", ") || "null"})` : ""
    const where = `where status = 'booking' and last_error is not null and deleted_at is null ${byOrder}`
    const [bookings, [{ count }]] = await Promise.all([
      em.execute<UnconfirmedBooking[]>(
        `select id, fulfillment_id, order_id, kind, service_code, last_error, created_at from nordic_parcel_shipment
          ${where} order by created_at desc limit ?`,
        [...(filter.orderIds ?? []), filter.limit]
      ),
      em.execute<{ count: number }[]>(`select count(*)::int as count from nordic_parcel_shipment ${where}`, filter.orderIds ?? []),
    ])
    return { bookings, count }
  }

  /**
   * An attempt the carrier never confirmed and no process still waits for: it keeps its row (the
   * carrier may have booked it) with the merchant's message, and no longer holds the order's units.
   * False when it was settled meanwhile.
   */
  @InjectTransactionManager()
  async markUnconfirmed(bookingId: string, message: string, @MedusaContext() sharedContext: Context = {}): Promise<boolean> {
    const rows = await manager(sharedContext).execute(
      `update nordic_parcel_shipment set last_error = ?::jsonb, updated_at = now()
        where id = ? and status = 'booking' and last_error is null and deleted_at is null returning id`,
      [JSON.stringify({ message, unconfirmed: true }), bookingId]
    )
    return rows.length === 1
  }

  /** Outgoing bookings the interrupted-bookings check found complete: it does not look at them again. */
  @InjectTransactionManager()
  async markChecked(bookingIds: string[], @MedusaContext() sharedContext: Context = {}): Promise<void> {
    if (!bookingIds.length) return
    await manager(sharedContext).execute(
      `update nordic_parcel_shipment set checked_at = now() where id in (${bookingIds.map(() => "?").join(", ")}) and status = 'booked' and checked_at is null`,
      bookingIds
    )
  }

  /**
   * A recorded booking that no fulfilment of its order holds (the process stopped before Medusa
   * linked it): unused, so the next identical fulfilment takes it over instead of booking again.
   */
  @InjectTransactionManager()
  async releaseUnheld(bookingId: string, fulfillmentId: string, @MedusaContext() sharedContext: Context = {}): Promise<LedgerBooking[]> {
    return manager(sharedContext).execute(
      `update nordic_parcel_shipment set status = 'unused', updated_at = now()
        where id = ? and fulfillment_id = ? and status = 'booked' and deleted_at is null
        returning ${COLUMNS}`,
      [bookingId, fulfillmentId]
    )
  }

  /**
   * The fulfillment holding a booking was cancelled or rolled back: the booking stays at the
   * carrier and becomes unused, for the next identical attempt. Only the booking this fulfillment
   * holds changes, never one of the same consignment held by another fulfillment.
   */
  @InjectTransactionManager()
  async release(
    fulfillmentId: string,
    consignmentNumber: string,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<LedgerBooking[]> {
    return manager(sharedContext).execute(
      `update nordic_parcel_shipment set status = 'unused', updated_at = now()
        where fulfillment_id = ? and consignment_number = ? and status = 'booked' and deleted_at is null
        returning ${COLUMNS}`,
      [fulfillmentId, consignmentNumber]
    )
  }
}

/** An attempt the carrier never confirmed, as the merchant is shown it. */
export type UnconfirmedBooking = Pick<LedgerBooking, "id" | "fulfillment_id" | "order_id" | "kind" | "service_code" | "last_error"> & {
  created_at: Date
}

/** An attempt the interrupted-bookings check looks at. */
export type UnsettledBooking = Pick<LedgerBooking, "id" | "fulfillment_id" | "order_id" | "kind"> & {
  status: "booking" | "booked"
  created_at: Date
  /** The process that made the attempt (null: made before processes were recorded). */
  process_id: string | null
}
