import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { parcelFits, toStorePickupPoint } from "../../../../lib/checkout/pickup-point"
import { packParcel } from "../../../../lib/packing/parcel"
import { NORDIC_PARCEL_MODULE } from "../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../modules/nordic_parcel/service"
import { describeCarrierRequest } from "../../../carrier-error-handler"
import { loadCartForShipping } from "../cart-for-shipping"
import type { StorePickupPointsQuery } from "../../../validators"

/**
 * GET /store/nordic-parcel/pickup-points: points near a postal code (and street), nearest first.
 * With cart_id, parcel lockers the packed cart does not fit are left out, so the shopper is never
 * offered a point the booking would refuse. `[]` only when the carrier says there are none; a
 * carrier that cannot be asked is a 503 the storefront can show ("try again"), never an empty area.
 */
export async function GET(req: MedusaRequest<unknown, StorePickupPointsQuery>, res: MedusaResponse) {
  const query = req.validatedQuery as StorePickupPointsQuery
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const options = await nordicParcel.getEffectiveOptions()
  const cart = query.cart_id ? await loadCartForShipping(req.scope, query.cart_id) : undefined
  describeCarrierRequest(req, { unavailable: "Pickup points cannot be listed right now" })
  let points = await nordicParcel.pickupPointListings().list({
    countryCode: query.country_code,
    postalCode: query.postal_code,
    // Ask for more when lockers may be filtered out, so `limit` points usually remain.
    numberOfResponses: cart ? Math.min(50, query.limit * 2) : query.limit,
    ...(query.street ? { street: query.street } : {}),
    ...(query.street_number ? { streetNumber: query.street_number } : {}),
    ...(query.type ? { pickupPointType: query.type } : {}),
  })
  if (cart) {
    const parcel = packParcel(cart.items, options.packaging)
    points = points.filter((point) => parcelFits(point, parcel))
  }
  res.json({
    pickup_points: points.slice(0, query.limit).map((point) => toStorePickupPoint(point, query.country_code)),
  })
}
