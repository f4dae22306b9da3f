import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { listShippingOptionsForCartWorkflow } from "@medusajs/medusa/core-flows"
import { estimatesPickupPointArrival } from "../../../../lib/checkout/delivery-dates"
import { estimatedArrivals } from "../../../../lib/checkout/pickup-point-arrivals"
import { parcelFits, toStorePickupPoint } from "../../../../lib/checkout/pickup-point"
import { quoteInputForService } from "../../../../lib/checkout/price-service"
import { serviceForOptionData } from "../../../../lib/options"
import { packParcel } from "../../../../lib/packing/parcel"
import { NORDIC_PARCEL_MODULE } from "../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../modules/nordic_parcel/service"
import { isNordicParcelProviderId } from "../../../../providers/nordic-parcel/provider-id"
import { describeCarrierRequest } from "../../../carrier-error-handler"
import { loadCartForShipping, type CartForShipping } from "../../../utils/cart"
import type { StorePickupPointsQuery } from "../../../validators"

type CartShippingOption = {
  provider_id: string
  data?: Record<string, unknown> | null
  service_zone?: { fulfillment_set?: { location?: { id?: string; address?: Record<string, unknown> | null } | null } | null } | null
}

/**
 * GET /store/nordic-parcel/pickup-points: points near a postal code (and street), nearest first.
 * With cart_id, parcel lockers the packed cart does not fit are left out, so the shopper is never
 * offered a point the booking would refuse, and for SERVICEPAKKE and 5800 (the cart's option, or
 * `service_code`) each point carries its estimated arrival from one lookup for all of them (null
 * where the carrier gave none or could not be asked). `[]` only when the carrier says there are
 * none; a carrier that cannot be asked is a 503 the storefront can show ("try again"), never an
 * empty area.
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
  const listed = points.slice(0, query.limit).map((point) => toStorePickupPoint(point, query.country_code))
  const arrivals = cart ? await arrivalsFor(req, nordicParcel, cart, query.service_code, listed.map((p) => p.id)) : undefined
  res.json({
    pickup_points: arrivals ? listed.map((point) => ({ ...point, estimated_arrival: arrivals[point.id] ?? null })) : listed,
  })
}

/**
 * The listed points' estimated arrival for the cart's SERVICEPAKKE or 5800 option (or the one
 * `service_code` names), from its warehouse; undefined where the service has none. Never throws:
 * an estimate is a nicety, the listing stands without it.
 */
async function arrivalsFor(
  req: MedusaRequest,
  nordicParcel: NordicParcelModuleService,
  cart: CartForShipping,
  serviceCode: string | undefined,
  pointIds: string[]
): Promise<Record<string, unknown> | undefined> {
  if (serviceCode && !estimatesPickupPointArrival(serviceCode)) return undefined
  try {
    const options = await nordicParcel.getEffectiveOptions()
    const { result } = await listShippingOptionsForCartWorkflow(req.scope).run({ input: { cart_id: cart.id, is_return: false } })
    const option = (result as CartShippingOption[]).find((o) => {
      const code = o.data?.service_code
      return isNordicParcelProviderId(o.provider_id) && typeof code === "string" && (serviceCode ? code === serviceCode : estimatesPickupPointArrival(code))
    })
    const service = option ? serviceForOptionData(options, option.data) : undefined
    if (!option || !service?.offered) return undefined
    const context = { ...cart, from_location: option.service_zone?.fulfillment_set?.location ?? null }
    const input = quoteInputForService(context, options, service, [], new Date())
    if (!input.ok) return Object.fromEntries(pointIds.map((id) => [id, null]))
    return await estimatedArrivals(nordicParcel.quoter(), input.input, service.code, pointIds)
  } catch (error) {
    req.scope.resolve(ContainerRegistrationKeys.LOGGER).warn(`nordic-parcel: pickup points listed without arrival estimates: ${(error as Error).message}`)
    return Object.fromEntries(pointIds.map((id) => [id, null]))
  }
}
