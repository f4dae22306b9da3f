/*
 * The booking decision (take over, refuse, book) for the provider's createFulfillment and
 * createReturnFulfillment. The request fingerprint that recognises "the same booking" is
 * lib/booking/booking-key.ts; the rows and their races are the ledger's
 * (modules/nordic_parcel/booking-ledger.ts); the reservation is refused when the order's units are
 * already booked, under a per-order database lock. What Medusa stores is shaped by
 * lib/booking/fulfillment-result.ts (including `fulfillment_id`); a carrier failure carries a code
 * that api/carrier-error-handler.ts answers as 429/502/503. The carrier cannot be searched for what an
 * attempt made (carrier notes 45): only a recorded booking is taken over.
 */
import type { Logger } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { CarrierError, type BookingRequest, type CarrierClients } from "../../lib/carrier"
import { bookingFailure } from "../../lib/booking/booking-failure"
import { supersededMessage } from "../../lib/booking/interrupted-booking"
import { toFulfillmentResult, type FulfillmentResult } from "../../lib/booking/fulfillment-result"
import type { PickupPointSnapshot } from "../../lib/checkout/pickup-point"
import type { LedgerBooking } from "../../modules/nordic_parcel/booking-ledger"
import type NordicParcelModuleService from "../../modules/nordic_parcel/service"

export type BookerDeps = {
  carrier: CarrierClients
  ledger: Pick<
    NordicParcelModuleService,
    "listBookingCandidates" | "takeOverBooking" | "reserveBooking" | "recordBooking" | "abandonBooking"
  >
  /** Of the given fulfillment ids, those Medusa still has and has not cancelled. */
  liveFulfillments: (ids: string[]) => Promise<Set<string>>
  /** Longest wait for the booking's turn at the carrier's rate limit (options.timeouts.bookingQueueMs). */
  queueMs?: number
  logger: Pick<Logger, "warn" | "info">
}

export type BookingJob = {
  key: string
  fulfillmentId: string
  orderId?: string
  orderLabel: string
  kind: "outbound" | "return"
  serviceCode: string
  returnServiceCode?: string
  customerNumber: string
  test: boolean
  pickupPoint?: PickupPointSnapshot
  request: BookingRequest
  /** What is shipped and from where, kept so an unconfirmed attempt can be booked again. */
  items: { line_item_id: string; quantity: number }[]
  locationId: string
  /**
   * After an attempt of the same parcel the carrier never confirmed: undefined (a merchant's
   * fulfilment, "Book again") books anew and settles that attempt as replaced; false (a bulk run,
   * which nobody watches) refuses, so the attempt is shown to the merchant and never silently
   * followed by a second booking. True is accepted as before and means the same as undefined.
   */
  rebook?: boolean
  /** Outgoing bookings: the quantity ordered per line, which live bookings of the order may not exceed. */
  ordered?: Record<string, number>
  /** Outgoing bookings: the order's shipping method and the pickup point read from it (a later change refuses the booking). */
  methodPickupPoint?: { shipping_method_id: string; pickup_point_id: string | null }
  /** Outgoing bookings: the requested delivery day read from the method (a later change refuses the booking). */
  methodDeliveryDate?: { shipping_method_id: string; delivery_date: string | null }
}

/**
 * Gives a fulfillment its own carrier booking, exactly once:
 * - a booking of the same request whose fulfillment Medusa cancelled or rolled back (or deleted)
 *   is taken over instead of booking again; one held by a fulfillment that still exists is never
 *   touched, so two partial fulfillments of the same items get two bookings;
 * - an attempt the carrier never confirmed (its answer lost: the carrier cannot be searched for it,
 *   carrier notes 45) does not block the merchant's next fulfilment of the parcel: it books anew and
 *   the attempt is settled as replaced, naming the reference whose label to leave unused; a bulk
 *   run (rebook false) is refused instead, so such an order waits for the merchant;
 * - otherwise the attempt is recorded when its turn at the carrier's rate limit has come (a process
 *   stopped while queued leaves nothing that holds the order), booked, and its confirmation recorded.
 * The ledger's conditional statements and unique indexes settle races between instances.
 */
export async function bookOnce(deps: BookerDeps, job: BookingJob): Promise<FulfillmentResult> {
  const candidates = await deps.ledger.listBookingCandidates(job.key)
  const live = candidates.length ? await deps.liveFulfillments(candidates.map((c) => c.fulfillment_id)) : new Set<string>()
  // An unused booking holds nothing whatever its fulfilment; a booked one only once that is gone.
  const free = candidates.filter((c) => c.fulfillment_result && (c.status === "unused" || (c.status === "booked" && !live.has(c.fulfillment_id))))

  for (const candidate of free) {
    const taken = await deps.ledger.takeOverBooking(candidate.id, candidate.fulfillment_id, job.fulfillmentId)
    if (taken) {
      deps.logger.info(
        `nordic-parcel: ${job.orderLabel}: fulfillment ${job.fulfillmentId} takes over the unused booking ` +
          `${taken.consignment_number} of fulfillment ${candidate.fulfillment_id}; nothing is booked again`
      )
      return resultFor(taken, job.fulfillmentId)
    }
  }

  // Unconfirmed: its fulfilment is gone, or the interrupted-bookings check found no process waiting for it.
  const unconfirmed = candidates.filter((c) => c.status === "booking" && (!live.has(c.fulfillment_id) || c.last_error))
  if (unconfirmed.length && job.rebook === false) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `An earlier booking of ${job.orderLabel} (${job.serviceCode}) was never confirmed by the carrier and may ` +
        `have been made (reference ${unconfirmed.map((c) => c.fulfillment_id).join(", ")}). Check the carrier's portal; to book ` +
        `anyway, use "Book again" on the order, or fulfil it again.`
    )
  }
  if (unconfirmed.length) {
    deps.logger.warn(
      `nordic-parcel: ${job.orderLabel}: fulfillment ${job.fulfillmentId} books anew after unconfirmed attempt(s) with ` +
        `reference ${unconfirmed.map((c) => c.fulfillment_id).join(", ")}; the carrier may also hold those (not searchable)`
    )
  }

  const reserve = () => deps.ledger.reserveBooking({
    fulfillment_id: job.fulfillmentId,
    booking_key: job.key,
    order_id: job.orderId ?? null,
    kind: job.kind,
    service_code: job.serviceCode,
    customer_number: job.customerNumber,
    test: job.test,
    pickup_point: (job.pickupPoint as unknown as Record<string, unknown>) ?? null,
    items: job.items,
    location_id: job.locationId,
    ordered: job.ordered,
    order_label: job.orderLabel,
    method_pickup_point: job.methodPickupPoint,
    method_delivery_date: job.methodDeliveryDate,
  })

  let attempt: LedgerBooking | undefined
  let confirmation
  try {
    confirmation = await deps.carrier.booking.book(job.request, {
      queueMs: deps.queueMs,
      onTurn: async () => void (attempt = await reserve()),
    })
  } catch (error) {
    if (!attempt) {
      // Refused by the ledger, or never sent (its turn did not come): nothing to undo.
      throw error instanceof CarrierError ? bookingFailure(error, job.orderLabel).error : error
    }
    const failure = bookingFailure(error, job.orderLabel)
    await deps.ledger.abandonBooking(attempt.id, { maybeBooked: failure.ambiguous, message: failure.error.message })
    if (failure.ambiguous) {
      deps.logger.warn(`nordic-parcel: ${failure.error.message}`)
    }
    throw failure.error
  }

  const bookedAt = new Date()
  const result = toFulfillmentResult(confirmation, {
    kind: job.kind,
    fulfillmentId: job.fulfillmentId,
    serviceCode: job.serviceCode,
    returnServiceCode: job.returnServiceCode,
    pickupPoint: job.pickupPoint,
    test: job.test,
    bookedAt,
  })
  // If this write fails the row stays "booking": the next attempt is then refused until the
  // merchant confirms, rather than booking the same parcel a second time.
  await deps.ledger.recordBooking(attempt!.id, {
    consignment_number: result.data.consignment_number,
    package_numbers: result.data.package_numbers,
    label_url: result.data.label_url,
    tracking_url: result.data.tracking_url,
    return_shipment: (result.data.return as unknown as Record<string, unknown>) ?? null,
    booked_at: bookedAt,
    fulfillment_result: result as unknown as Record<string, unknown>,
    supersedes: unconfirmed.map((c) => ({
      id: c.id,
      superseded_by: job.fulfillmentId,
      message: supersededMessage(c.fulfillment_id, { fulfillmentId: job.fulfillmentId, consignmentNumber: result.data.consignment_number }),
    })),
  })
  return result
}

/** The stored result of a booking, now naming the fulfillment that holds it. */
function resultFor(booking: LedgerBooking, fulfillmentId: string): FulfillmentResult {
  const stored = booking.fulfillment_result as unknown as FulfillmentResult
  return { ...stored, data: { ...stored.data, fulfillment_id: fulfillmentId } }
}
