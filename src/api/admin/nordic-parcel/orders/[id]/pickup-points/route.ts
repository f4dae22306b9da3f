/*
 * Pickup points near an order's address for the merchant's change before booking, lockers its parcel
 * does not fit left out; the change itself is `.../pickup-point`
 * (workflows/change-order-pickup-point.ts).
 */
import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { CART_SHIPPING_FIELDS } from "../../../../../../lib/checkout/cart-fields"
import { parcelFits, toStorePickupPoint } from "../../../../../../lib/checkout/pickup-point"
import { streetOf } from "../../../../../../lib/checkout/pickup-point-listings"
import { packParcel, type PackableItem } from "../../../../../../lib/packing/parcel"
import { isPickupCountry, normalizePostalCode, postalCodeRule } from "../../../../../../lib/postal-codes"
import { NORDIC_PARCEL_MODULE } from "../../../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../../../modules/nordic_parcel/service"
import { describeCarrierRequest } from "../../../../../carrier-error-handler"
import type { AdminOrderPickupPointsQuery } from "../../../validators"

type OrderAddress = { country_code?: string | null; postal_code?: string | null; address_1?: string | null }

/**
 * GET /admin/nordic-parcel/orders/:id/pickup-points[?postal_code&street&limit]: the points the
 * merchant may choose for the order, nearest first, near its shipping address (or another postal
 * code of its country); lockers the packed order does not fit are left out.
 */
export async function GET(req: AuthenticatedMedusaRequest<unknown, AdminOrderPickupPointsQuery>, res: MedusaResponse) {
  const params = req.validatedQuery as AdminOrderPickupPointsQuery
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const { data } = await req.scope.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "order",
    fields: CART_SHIPPING_FIELDS.filter((field) => field !== "currency_code"),
    filters: { id: req.params.id },
  })
  const order = data[0] as unknown as { items?: PackableItem[]; shipping_address?: OrderAddress | null } | undefined
  if (!order) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `order ${req.params.id} was not found`)
  }
  const country = order.shipping_address?.country_code?.trim().toUpperCase() ?? ""
  if (!isPickupCountry(country)) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `the order's shipping address is not in a country with the carrier's pickup points (NO, DK, SE, FI)`)
  }
  const postalCode = normalizePostalCode(country, params.postal_code ?? order.shipping_address?.postal_code ?? "")
  if (!postalCode) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `postal_code must be ${postalCodeRule(country)} for ${country}`)
  }
  const options = await nordicParcel.getEffectiveOptions()
  describeCarrierRequest(req, { unavailable: "Pickup points cannot be listed right now" })
  const points = await nordicParcel.pickupPointListings().list({
    countryCode: country,
    postalCode,
    // More than asked for, so `limit` points usually remain once lockers the order does not fit are left out.
    numberOfResponses: Math.min(50, params.limit * 2),
    ...(params.street ? { street: params.street } : params.postal_code ? {} : streetOf(order.shipping_address?.address_1)),
  })
  const parcel = packParcel(order.items ?? [], options.packaging)
  res.json({
    pickup_points: points.filter((point) => parcelFits(point, parcel)).slice(0, params.limit).map((point) => toStorePickupPoint(point, country)),
  })
}
