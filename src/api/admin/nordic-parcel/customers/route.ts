import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { customerView } from "../../../../lib/status-page/customer-view"
import { NORDIC_PARCEL_MODULE } from "../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../modules/nordic_parcel/service"

/**
 * GET /admin/nordic-parcel/customers: the customer numbers the plugin's credentials may book with,
 * and the services of each (the booking service's customer list), for choosing customer numbers
 * and services in the settings.
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const customers = await nordicParcel.carrier().booking.listCustomers()
  // The carrier's names of the listed services, asked once when missing (never fails the answer).
  const codes = customers.flatMap((customer) => customer.products)
  const labels = await nordicParcel.serviceLabels(codes, req.scope.resolve(ContainerRegistrationKeys.QUERY))
  const label = (code: string) => labels[code]
  res.json({ customers: customers.map((customer) => customerView(customer, label)) })
}
