import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { NORDIC_PARCEL_MODULE } from "../../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../../modules/nordic_parcel/service"
import { presentBulkBooking } from "../presenter"

/** GET /admin/nordic-parcel/bulk-bookings/:id: the run's status, counts and each order's outcome. */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const store = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE).bulkBookingStore()
  const found = await store.get(req.params.id)
  if (!found) throw new MedusaError(MedusaError.Types.NOT_FOUND, `bulk booking ${req.params.id} was not found`)
  res.json({ bulk_booking: await presentBulkBooking(req.scope, found.run, found.orders) })
}
