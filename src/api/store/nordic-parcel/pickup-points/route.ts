import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { PickupPoint } from "../../../../lib/carrier"
import { TtlCache } from "../../../../lib/cache/ttl-cache"
import { parcelFits, toStorePickupPoint } from "../../../../lib/checkout/pickup-point"
import { packParcel } from "../../../../lib/packing/parcel"
import { NORDIC_PARCEL_MODULE } from "../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../modules/nordic_parcel/service"
import { respondCarrierFailure } from "../../../utils/carrier-errors"
import { loadCartForShipping } from "../../../utils/cart"
import type { StorePickupPointsQuery } from "../../../validators"

const listings = new TtlCache<PickupPoint[]>()

/**
 * GET /store/nordic-parcel/pickup-points: points near a postal code (and street), nearest first.
 * With cart_id, parcel lockers the packed cart does not fit are left out, so the shopper is never
 * offered a point the booking would refuse.
 */
export async function GET(req: MedusaRequest<unknown, StorePickupPointsQuery>, res: MedusaResponse) {
  const query = req.validatedQuery as StorePickupPointsQuery
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const options = await nordicParcel.getEffectiveOptions()
  const cart = query.cart_id ? await loadCartForShipping(req.scope, query.cart_id) : undefined
  // Ask for more when lockers may be filtered out, so `limit` points usually remain.
  const numberOfResponses = cart ? Math.min(50, query.limit * 2) : query.limit
  const filters = {
    countryCode: query.country_code,
    postalCode: query.postal_code,
    numberOfResponses,
    ...(query.street ? { street: query.street } : {}),
    ...(query.street_number ? { streetNumber: query.street_number } : {}),
    ...(query.type ? { pickupPointType: query.type } : {}),
  }
  const key = `nordic-parcel:pickup-points:v1:${JSON.stringify(filters)}`
  let points: PickupPoint[]
  try {
    points =
      (await listings.get(key, nordicParcel.sharedCache())) ??
      (await listings.coalesce(key, async () => {
        const fresh = await nordicParcel.carrier().lookup.getPickupPointsByPostalCode(filters)
        // The client reads a failed listing as "no points" (GAPS L14): never keep an empty answer,
        // or a short outage would hide every pickup point for the whole TTL.
        if (fresh.length > 0) {
          await listings.set(key, fresh, options.cache.pickupPointTtlSeconds, nordicParcel.sharedCache())
        }
        return fresh
      }))
  } catch (error) {
    return respondCarrierFailure(res, error)
  }
  if (cart) {
    const parcel = packParcel(cart.items, options.packaging)
    points = points.filter((point) => parcelFits(point, parcel))
  }
  res.json({
    pickup_points: points.slice(0, query.limit).map((point) => toStorePickupPoint(point, query.country_code)),
  })
}
