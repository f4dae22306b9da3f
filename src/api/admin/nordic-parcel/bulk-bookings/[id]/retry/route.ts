import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { NORDIC_PARCEL_MODULE } from "../../../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../../../modules/nordic_parcel/service"
import { workBulkBooking } from "../../../../../../workers/bulk-booking-worker"

/**
 * POST /admin/nordic-parcel/bulk-bookings/:id/retry: books again the orders of the run the carrier
 * refused or that failed (after the merchant fixed them), in the background (202).
 */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const store = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE).bulkBookingStore()
  const found = await store.get(req.params.id)
  if (!found) throw new MedusaError(MedusaError.Types.NOT_FOUND, `bulk booking ${req.params.id} was not found`)
  const retried = await store.retry(found.run.id)
  void workBulkBooking(req.scope, found.run.id)
  res.status(202).json({ bulk_booking: { id: found.run.id, status: retried > 0 ? "running" : found.run.status }, retried })
}
