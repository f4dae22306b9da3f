/*
 * The settings page's status: credentials and customer numbers, set-up problems
 * (lib/status-page/setup-problems.ts), options a region cannot price (api/admin/nordic-parcel/status/unpriceable-options.ts),
 * unconfirmed bookings, refused callbacks and the last resubscription
 * (modules/nordic_parcel/webhook-state.ts), the last carrier errors; labels from the module's
 * `serviceLabels`.
 */
import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { CarrierError } from "../../../../lib/carrier"
import { fulfillmentDependenciesOf } from "../../../../lib/status-page/setup-problems"
import { statusView, type CustomerListOutcome } from "../../../../lib/status-page/status-view"
import { NORDIC_PARCEL_MODULE } from "../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../modules/nordic_parcel/service"
import { loadUnpriceableOptions } from "./unpriceable-options"

/**
 * GET /admin/nordic-parcel/status: are the credentials accepted (one call to the booking service's
 * customer list), test mode, carrier address, webhook set-up and the last callback received,
 * customer numbers and their services, the latest carrier failures of this instance, and the
 * regions' shipping options that cannot be priced (`unpriceable_options`: no exchange rate between
 * the carrier's currency and the region's, and no fallback price in the region's currency), and the
 * bookings the carrier never confirmed (a process stopped while booking, or no answer): each may
 * exist at the carrier under its reference, and is booked again from its order.
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const [settings, customerList, [lastEvent], deadLetterCount, unconfirmed, refusedCallbacks, resubscription] = await Promise.all([
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
    nordicParcel.listAndCountTrackingDeadLetters({}, { take: 1, select: ["id"] }).then(([, count]) => count),
    nordicParcel.listUnconfirmedBookings({ limit: 20 }),
    nordicParcel.refusedCallbacks(),
    nordicParcel.lastResubscription(),
  ])
  // The carrier's names of the listed services, asked once when missing (never fails the page).
  const codes = customerList.ok ? customerList.customers.flatMap((customer) => customer.products) : []
  const labels = await nordicParcel.serviceLabels(codes, req.scope.resolve(ContainerRegistrationKeys.QUERY), settings.effective)
  const unpriceable = await loadUnpriceableOptions(req.scope, settings.effective)
  res.json({
    ...statusView({
      serviceLabel: (code) => labels[code],
      config: nordicParcel.getOptions(),
      effective: settings.effective,
      customerList,
      lastEventAt: lastEvent?.created_at ? new Date(lastEvent.created_at) : null,
      // Read after the customer list, so a failure of this very check is in it.
      carrierErrors: nordicParcel.listCarrierErrors(),
      pricingProblems: nordicParcel.listPricingProblems(),
      forwardedForIgnored: nordicParcel.forwardedForIgnored(),
      bookingRateLimit: nordicParcel.carrier().bookingRateLimit(),
      callbackIntake: nordicParcel.callbackIntake(),
      settings,
      fulfillmentDependencies: fulfillmentDependenciesOf(req.scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE)),
      refusedCallbacks,
      deadLetterCount,
      resubscription,
    }),
    unpriceable_options: unpriceable,
    unconfirmed_bookings: {
      count: unconfirmed.count,
      bookings: unconfirmed.bookings.map((booking) => ({ ...booking, carrier_reference: booking.fulfillment_id })),
    },
  })
}
