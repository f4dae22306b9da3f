import type { Logger } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import type { BookingRequest, CarrierClients } from "../../lib/carrier"
import { bookingFailure } from "../../lib/booking/booking-failure"
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
  /** The merchant confirmed a new booking after an attempt the carrier never answered. */
  rebook: boolean
  /** Outgoing bookings: the quantity ordered per line, which live bookings of the order may not exceed. */
  ordered?: Record<string, number>
}

/**
 * Gives a fulfillment its own carrier booking, exactly once:
 * - a booking of the same request whose fulfillment Medusa cancelled or rolled back (or deleted)
 *   is taken over instead of booking again; one held by a fulfillment that still exists is never
 *   touched, so two partial fulfillments of the same items get two bookings;
 * - an attempt the carrier never confirmed blocks a new one until the merchant confirms (rebook);
 * - otherwise the attempt is recorded, booked, and its confirmation recorded.
 * The ledger's conditional statements and unique indexes settle races between instances.
 */
export async function bookOnce(deps: BookerDeps, job: BookingJob): Promise<FulfillmentResult> {
  const candidates = await deps.ledger.listBookingCandidates(job.key)
  const live = candidates.length ? await deps.liveFulfillments(candidates.map((c) => c.fulfillment_id)) : new Set<string>()
  const orphaned = candidates.filter((c) => !live.has(c.fulfillment_id))

  for (const candidate of orphaned.filter((c) => c.status !== "booking" && c.fulfillment_result)) {
    const taken = await deps.ledger.takeOverBooking(candidate.id, candidate.fulfillment_id, job.fulfillmentId)
    if (taken) {
      deps.logger.info(
        `nordic-parcel: ${job.orderLabel}: fulfillment ${job.fulfillmentId} takes over the unused booking ` +
          `${taken.consignment_number} of fulfillment ${candidate.fulfillment_id}; nothing is booked again`
      )
      return resultFor(taken, job.fulfillmentId)
    }
  }

  const unconfirmed = orphaned.filter((c) => c.status === "booking")
  if (unconfirmed.length && !job.rebook) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `An earlier booking of ${job.orderLabel} (${job.serviceCode}) was never confirmed by the carrier and may ` +
        `have been made. Check the carrier's portal; to book anyway, fulfil again with ` +
        `additional_data.nordic_parcel.rebook = true.`
    )
  }

  const attempt = await deps.ledger.reserveBooking({
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
    supersedes: unconfirmed.map((c) => c.id),
    ordered: job.ordered,
    order_label: job.orderLabel,
  })

  let confirmation
  try {
    confirmation = await deps.carrier.booking.book(job.request)
  } catch (error) {
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
  await deps.ledger.recordBooking(attempt.id, {
    consignment_number: result.data.consignment_number,
    package_numbers: result.data.package_numbers,
    label_url: result.data.label_url,
    tracking_url: result.data.tracking_url,
    return_shipment: (result.data.return as unknown as Record<string, unknown>) ?? null,
    booked_at: bookedAt,
    fulfillment_result: result as unknown as Record<string, unknown>,
  })
  return result
}

/** The stored result of a booking, now naming the fulfillment that holds it. */
function resultFor(booking: LedgerBooking, fulfillmentId: string): FulfillmentResult {
  const stored = booking.fulfillment_result as unknown as FulfillmentResult
  return { ...stored, data: { ...stored.data, fulfillment_id: fulfillmentId } }
}
