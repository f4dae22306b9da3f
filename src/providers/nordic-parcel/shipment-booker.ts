import type { ILockingModule, Logger } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import type { BookingRequest, CarrierClients } from "../../lib/carrier"
import { bookingFailure } from "../../lib/booking/booking-failure"
import { toFulfillmentResult, type FulfillmentResult } from "../../lib/booking/fulfillment-result"
import type { PickupPointSnapshot } from "../../lib/checkout/pickup-point"
import type NordicParcelModuleService from "../../modules/nordic_parcel/service"

/**
 * A booking that repeats one made this recently is taken for a retry or a double click and gets
 * the first booking back; later, the same items may legitimately be shipped again.
 */
const REUSE_WINDOW_MS = 2 * 60 * 1000
/** Seconds to wait for another instance that is booking the same thing. */
const LOCK_TIMEOUT_S = 60

export type BookerDeps = {
  carrier: CarrierClients
  shipments: NordicParcelModuleService
  locking: ILockingModule
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
}

type StoredShipment = {
  id: string
  status: string
  booked_at: Date | string | null
  created_at: Date | string
  fulfillment_result: unknown
}

/**
 * Books a shipment at most once per booking key, across retries, double clicks and instances:
 * Medusa's locking module serialises attempts, and a shipment row written before the carrier is
 * called records each attempt. A refused booking leaves nothing behind; a booking the carrier may
 * or may not have made (time-out, 5xx) stays recorded, and the next attempt is refused until the
 * merchant confirms it.
 */
export async function bookOnce(deps: BookerDeps, job: BookingJob): Promise<FulfillmentResult> {
  return deps.locking.execute(
    `nordic-parcel:booking:${job.key}`,
    async () => {
      const [latest] = (await deps.shipments.listShipments(
        { booking_key: job.key, status: ["booking", "booked"] },
        { order: { created_at: "DESC" }, take: 1 }
      )) as unknown as StoredShipment[]

      if (latest?.status === "booked" && latest.fulfillment_result && isRecent(latest.booked_at)) {
        // The same booking again: hand back the first one, now owned by this fulfillment.
        await deps.shipments.updateShipments({ id: latest.id, fulfillment_id: job.fulfillmentId })
        return latest.fulfillment_result as FulfillmentResult
      }
      if (latest?.status === "booking") {
        if (!job.rebook) {
          throw new MedusaError(
            MedusaError.Types.NOT_ALLOWED,
            `An earlier booking of ${job.orderLabel} (${job.serviceCode}) was never confirmed by the carrier and may ` +
              `have been made. Check the carrier's portal; to book anyway, fulfil again with ` +
              `additional_data.nordic_parcel.rebook = true.`
          )
        }
        await deps.shipments.updateShipments({ id: latest.id, status: "failed" })
      }

      const attempt = await deps.shipments.createShipments({
        fulfillment_id: job.fulfillmentId,
        booking_key: job.key,
        order_id: job.orderId ?? null,
        kind: job.kind,
        service_code: job.serviceCode,
        customer_number: job.customerNumber,
        test: job.test,
        pickup_point: (job.pickupPoint as unknown as Record<string, unknown>) ?? null,
        items: job.items as unknown as Record<string, unknown>,
        location_id: job.locationId,
        status: "booking",
      })

      let confirmation
      try {
        confirmation = await deps.carrier.booking.book(job.request)
      } catch (error) {
        const failure = bookingFailure(error, job.orderLabel)
        if (failure.ambiguous) {
          await deps.shipments.updateShipments({ id: attempt.id, last_error: { message: failure.error.message } })
          deps.logger.warn(`nordic-parcel: ${failure.error.message}`)
        } else {
          await deps.shipments.deleteShipments(attempt.id)
        }
        throw failure.error
      }

      const bookedAt = new Date()
      const result = toFulfillmentResult(confirmation, {
        kind: job.kind,
        serviceCode: job.serviceCode,
        returnServiceCode: job.returnServiceCode,
        pickupPoint: job.pickupPoint,
        test: job.test,
        bookedAt,
      })
      await deps.shipments.updateShipments({
        id: attempt.id,
        status: "booked",
        consignment_number: result.data.consignment_number,
        package_numbers: result.data.package_numbers,
        label_url: result.data.label_url,
        tracking_url: result.data.tracking_url,
        return_shipment: (result.data.return as unknown as Record<string, unknown>) ?? null,
        booked_at: bookedAt,
        fulfillment_result: result as unknown as Record<string, unknown>,
      })
      return result
    },
    { timeout: LOCK_TIMEOUT_S }
  )
}

function isRecent(bookedAt: Date | string | null): boolean {
  return bookedAt !== null && Date.now() - new Date(bookedAt).getTime() < REUSE_WINDOW_MS
}
