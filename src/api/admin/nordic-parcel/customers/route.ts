import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { serviceOptionsFor } from "../../../../lib/options"
import { senderPlace } from "../../../../lib/service-names/sender-place"
import { serviceLabel } from "../../../../lib/service-names/service-label"
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
    // The carrier's names of the listed services, asked once when missing (never fails the answer).
    const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
    await nordicParcel.learnServiceNames(customers.flatMap((customer) => customer.products), () => senderPlace(query))
    const [options, names] = [await nordicParcel.getEffectiveOptions(), nordicParcel.carrierServiceNames()]
    const label = (code: string) =>
      serviceLabel(code, { merchantName: serviceOptionsFor(options, code).name, carrier: names.get(code) })
    res.json({ customers: customers.map((customer) => customerView(customer, label)) })
  } catch (error) {
    respondCarrierFailure(res, error)
  }
}
