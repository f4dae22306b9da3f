import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { NORDIC_PARCEL_MODULE } from "../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../modules/nordic_parcel/service"
import { workBulkBooking } from "../../../../workers/bulk-booking-worker"
import type { AdminCreateBulkBooking } from "../validators"

/**
 * POST /admin/nordic-parcel/bulk-bookings {order_ids}: fulfils and books the orders in the
 * background and answers at once (202) with the run to poll. An order already waiting in another
 * run is skipped here, so a double submit books nothing twice (the booking ledger also refuses
 * a second booking of the same items).
 */
export async function POST(req: AuthenticatedMedusaRequest<AdminCreateBulkBooking>, res: MedusaResponse) {
  const store = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE).bulkBookingStore()
  const orderIds = [...new Set(req.validatedBody.order_ids)]
  const skipped: Record<string, string> = {}
  for (const busy of await store.inProgress(orderIds)) {
    skipped[busy.order_id] = `the order is already being booked by bulk booking ${busy.bulk_booking_id}`
  }
  const run = await store.create({ order_ids: orderIds, created_by: req.auth_context?.actor_id ?? null, skipped })
  void workBulkBooking(req.scope, run.id)
  res.status(202).json({ bulk_booking: { id: run.id, status: run.status } })
}
