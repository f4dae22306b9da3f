import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { customerView } from "../../../../lib/status/customer-view"
import { NORDIC_PARCEL_MODULE } from "../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../modules/nordic_parcel/service"
import { respondCarrierFailure } from "../../../utils/carrier-errors"

/**
 * GET /admin/nordic-parcel/customers: the customer numbers the plugin's credentials may book with,
 * and the services of each (the booking service's customer list), for choosing customer numbers
 * and services in the settings.
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  try {
    const customers = await nordicParcel.carrier().booking.listCustomers()
    res.json({ customers: customers.map(customerView) })
  } catch (error) {
    respondCarrierFailure(res, error)
  }
}
