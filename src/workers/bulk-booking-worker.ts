/*
 * Works a bulk run: what to do with each order is lib/bulk-booking/order-plan.ts; 48 orders in flight
 * (bounded by lib/concurrency/map-limit.ts) through Medusa's `createOrderFulfillmentWorkflow`, the
 * lease renewed while it runs. A refusal because another booking holds the order's units re-reads the
 * order (never "skipped" while unfulfilled). Started by the routes in
 * api/admin/nordic-parcel/bulk-bookings/, resumed by jobs/resume-bulk-bookings.ts; state in
 * modules/nordic_parcel/bulk-bookings.ts.
 */
import { randomUUID } from "node:crypto"
import { BOOKED_SHIPMENT_STATUSES } from "../lib/statuses"
import { hostname } from "node:os"
import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createOrderFulfillmentWorkflow } from "@medusajs/medusa/core-flows"
import { mapLimit } from "../lib/concurrency/map-limit"
import { failedOutcome, planBulkOrder, type BulkOrderView } from "../lib/bulk-booking/order-plan"
import { NORDIC_PARCEL_MODULE } from "../modules/nordic_parcel"
import { checkInterruptedBookings } from "../workflows/complete-interrupted-fulfillment"
import type { BulkOrderOutcome, BulkOrderRow } from "../modules/nordic_parcel/bulk-bookings"
import type NordicParcelModuleService from "../modules/nordic_parcel/service"
import { isNordicParcelProviderId } from "../lib/provider-id"

/** This process, as the owner of the leases it takes. */
const OWNER = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
/** A lease outlives a stopped instance by at most this long; it is renewed three times as often. */
export const BULK_LEASE_MS = 30_000
/**
 * Orders fulfilled at once. The booking is one step of a fulfilment that takes seconds on a busy
 * store (the workflow's steps around it, inventory, events), so far more orders than the carrier's
 * 18 per second must be under way for the rate limiter, not this pool, to pace the run: with 24
 * per instance, two instances sent 48 bookings and then waited for the fulfilments to finish.
 */
export const BULK_CONCURRENCY = 48
/** Passes over a run's unfinished orders before leaving the rest to the resume job. */
const MAX_PASSES = 6
/**
 * Pause before a pass over orders put back (not sent, or held by another booking still under way
 * or not yet found unconfirmed): long enough for that booking to end or be checked.
 */
const PASS_PAUSE_MS = 10_000

const working = new Set<string>()

/**
 * Bulk booking runs whose instance stopped (its lease ran out) are taken up again by whichever
 * instance asks first; the lease keeps the others out. Each run goes on in the background: a long
 * run must not hold the caller (the minute's job, the start-up check) past its next tick.
 */
export async function resumeAbandonedBulkBookings(container: MedusaContainer): Promise<void> {
  const store = container.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE).bulkBookingStore()
  for (const id of await store.abandoned()) {
    void workBulkBooking(container, id)
  }
}

/**
 * Works a bulk run in the background of this process if no other instance holds its lease: each
 * order fulfilled with Medusa's own workflow (its unfulfilled items, from the location of its
 * shipping option, with its shipping method's service), so the provider books it through the
 * booking ledger (one booking per fulfilment) and inventory and order status follow. Resolves when
 * the run is done or left to another owner; never rejects.
 */
export async function workBulkBooking(container: MedusaContainer, id: string): Promise<void> {
  if (working.has(id)) return
  working.add(id)
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  try {
    await work(container, id)
  } catch (error) {
    logger.error(`nordic-parcel bulk booking ${id}: ${(error as Error).message}; the resume job takes it up again`)
  } finally {
    working.delete(id)
  }
}

async function work(container: MedusaContainer, id: string): Promise<void> {
  const nordicParcel = container.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const store = nordicParcel.bulkBookingStore()
  if (!(await store.lease(id, OWNER, BULK_LEASE_MS))) return
  // A run resumed after its instance stopped: attempts that instance left without an answer become
  // unconfirmed first, so they neither hold their orders nor are taken for bookings in flight, and
  // fulfilments it left half done are completed (then counted as the order's booking).
  await checkInterruptedBookings(container)
  let lost = false
  const renew = setInterval(() => {
    store.lease(id, OWNER, BULK_LEASE_MS).then(
      (held) => (lost ||= !held),
      () => undefined // a failed renewal is tried again; the lease still has time
    )
  }, BULK_LEASE_MS / 3)
  renew.unref()
  try {
    const run = await store.get(id)
    const createdBy = run?.run.created_by ?? undefined
    const carrierOptions = await carrierOptionIds(container)
    for (let pass = 0; pass < MAX_PASSES && !lost; pass++) {
      if (pass > 0) {
        await new Promise((resolve) => setTimeout(resolve, PASS_PAUSE_MS))
        await checkInterruptedBookings(container)
      }
      const rows = await store.unfinished(id)
      // Once the lease is lost, another instance works the run: the rest is left to it.
      await mapLimit(rows, BULK_CONCURRENCY, async (row) => (lost ? undefined : bookOne(container, row, carrierOptions, createdBy)))
      if (await store.finishIfDone(id)) return
    }
  } finally {
    clearInterval(renew)
    await store.releaseLease(id, OWNER).catch(() => undefined)
  }
}

/**
 * One order: taken only while this process holds the run's lease, settled only if no worker took
 * it since (bulk-bookings.ts), so the worker that booked an order is the one that records it.
 */
async function bookOne(container: MedusaContainer, row: BulkOrderRow, carrierOptions: ReadonlySet<string>, createdBy?: string): Promise<void> {
  const store = container.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE).bulkBookingStore()
  const taken = await store.take(row.id, row.status === "booking" ? "booking" : "pending", OWNER)
  if (!taken) return
  let outcome: BulkOrderOutcome
  try {
    outcome = await fulfil(container, row, carrierOptions, createdBy)
  } catch (error) {
    outcome = await afterRefusal(container, row, carrierOptions, error)
  }
  await store.settle(row.id, taken.attempts, outcome)
}

/**
 * A fulfilment that failed. When another booking of the order holds its units, the order is read
 * again: booked if that booking made it the order's (a worker before this one), else tried again
 * later (that booking is still under way, or unconfirmed and soon shown to the merchant); an order
 * still unfulfilled is never "skipped".
 */
async function afterRefusal(container: MedusaContainer, row: BulkOrderRow, carrierOptions: ReadonlySet<string>, error: unknown): Promise<BulkOrderOutcome> {
  const failed = failedOutcome(error)
  if (failed.status !== "held") return { status: failed.status, message: failed.message }
  const plan = planBulkOrder(await loadOrder(container, row.order_id), carrierOptions)
  if (plan.action === "skip" && plan.alreadyFulfilled) {
    const booked = await latestBooking(container, row.order_id)
    return booked ? { status: "booked", ...booked } : { status: "skipped", message: plan.reason }
  }
  return { status: "pending", message: failed.message }
}

async function loadOrder(container: MedusaContainer, orderId: string): Promise<BulkOrderView | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "display_id", "status", "items.id", "items.detail.quantity", "items.detail.fulfilled_quantity", "shipping_methods.shipping_option_id"],
    filters: { id: orderId },
  })
  return data[0] as unknown as BulkOrderView | undefined
}

async function fulfil(container: MedusaContainer, row: BulkOrderRow, carrierOptions: ReadonlySet<string>, createdBy?: string): Promise<BulkOrderOutcome> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const plan = planBulkOrder(await loadOrder(container, row.order_id), carrierOptions)
  if (plan.action === "skip") {
    // An order this run already tried: fulfilling when its instance stopped, or put back because a
    // booking held its items (since completed, when Medusa's workflow had stopped halfway). The
    // order's booking is then its outcome.
    if (plan.alreadyFulfilled && (row.status === "booking" || row.attempts > 0)) {
      const booked = await latestBooking(container, row.order_id)
      if (booked) return { status: "booked", ...booked }
    }
    return { status: "skipped", message: plan.reason }
  }
  const { result } = await createOrderFulfillmentWorkflow(container).run({
    input: {
      order_id: row.order_id,
      items: plan.items,
      created_by: createdBy,
      // Nobody watches a run: after an attempt the carrier never confirmed the order is left
      // "failed" for the merchant to check, never booked a second time unseen (shipment-booker.ts).
      additional_data: { nordic_parcel: { rebook: false } },
    },
  })
  const { data: fulfillments } = await query.graph({ entity: "fulfillment", fields: ["id", "data"], filters: { id: result.id } })
  const consignment = (fulfillments[0]?.data as { consignment_number?: string } | null)?.consignment_number
  return { status: "booked", fulfillment_id: result.id, consignment_number: consignment ? String(consignment) : null }
}

async function latestBooking(container: MedusaContainer, orderId: string): Promise<{ fulfillment_id: string; consignment_number: string | null } | null> {
  const nordicParcel = container.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const [shipment] = await nordicParcel.listShipments(
    { order_id: orderId, kind: "outbound", status: [...BOOKED_SHIPMENT_STATUSES] },
    { order: { created_at: "DESC" }, take: 1 }
  )
  return shipment ? { fulfillment_id: shipment.fulfillment_id, consignment_number: shipment.consignment_number } : null
}

/** The store's shipping options that ship with this plugin's provider. */
export async function carrierOptionIds(container: MedusaContainer): Promise<Set<string>> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "shipping_option", fields: ["id", "provider_id"], filters: {} })
  return new Set(
    (data as { id: string; provider_id: string | null }[]).filter((option) => isNordicParcelProviderId(option.provider_id)).map((option) => option.id)
  )
}
