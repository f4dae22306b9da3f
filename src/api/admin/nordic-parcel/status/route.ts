import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { CarrierError } from "../../../../lib/carrier"
import { serviceOptionsFor } from "../../../../lib/options"
import { senderPlace } from "../../../../lib/service-names/sender-place"
import { serviceLabel } from "../../../../lib/service-names/service-label"
import { fulfillmentDependenciesOf } from "../../../../lib/status/setup-problems"
import { statusView, type CustomerListOutcome } from "../../../../lib/status/status-view"
import { NORDIC_PARCEL_MODULE } from "../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../modules/nordic_parcel/service"

/**
 * GET /admin/nordic-parcel/status: are the credentials accepted (one call to the booking service's
 * customer list), test mode, carrier address, webhook set-up and the last callback received,
 * customer numbers and their services, and the latest carrier failures of this instance.
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const [settings, customerList, [lastEvent]] = await Promise.all([
    nordicParcel.getSettings(),
    nordicParcel
      .carrier()
      .booking.listCustomers()
      .then(
        (customers): CustomerListOutcome => ({ ok: true, customers }),
        (error: unknown): CustomerListOutcome => {
          if (error instanceof CarrierError) {
            return { ok: false, error }
          }
          throw error
        }
      ),
    nordicParcel.listTrackingEvents({}, { take: 1, order: { created_at: "DESC" }, select: ["created_at"] }),
  ])
  // The carrier's names of the listed services, asked once when missing (never fails the page).
  const codes = customerList.ok ? customerList.customers.flatMap((customer) => customer.products) : []
  await nordicParcel.learnServiceNames(codes, () => senderPlace(req.scope.resolve(ContainerRegistrationKeys.QUERY)))
  const names = nordicParcel.carrierServiceNames()
  res.json(
    statusView({
      serviceLabel: (code) => serviceLabel(code, { merchantName: serviceOptionsFor(settings.effective, code).name, carrier: names.get(code) }),
      config: nordicParcel.getOptions(),
      effective: settings.effective,
      customerList,
      lastEventAt: lastEvent?.created_at ? new Date(lastEvent.created_at) : null,
      // Read after the customer list, so a failure of this very check is in it.
      carrierErrors: nordicParcel.listCarrierErrors(),
      settings,
      fulfillmentDependencies: fulfillmentDependenciesOf(req.scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE)),
    })
  )
}
