import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import type { MedusaAddress } from "../../../../lib/booking/booking-input"
import { carrierToday } from "../../../../lib/pickup-order/pickup-date"
import { nextPickupByLocation, PICKUP_ALREADY_ORDERED, type PickupOrderView } from "../../../../lib/pickup-order/pickup-order-view"
import { NORDIC_PARCEL_MODULE } from "../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../modules/nordic_parcel/service"
import type { PickupLocation } from "../../../../modules/nordic_parcel/service"
import { describeCarrierRequest } from "../../../carrier-error-handler"
import type { AdminOrderPickup, AdminPickupOrdersQuery } from "../validators"

/**
 * POST /admin/nordic-parcel/pickup-orders: orders a pickup from a stock location on a date through
 * the module's `orderPickup` (what is filled in, the one-per-location-and-date rule, what a failure
 * leaves). 201 with the confirmed order; 400 naming the field; 409 with the order already holding
 * the location and date; carrier failures through api/carrier-error-handler.ts (400 refusal, 503 down).
 *
 * GET: the pickup orders, upcoming first, and the next pickup of each location; with `location_id`
 * also the draft the order drawer is filled from.
 */
export async function POST(req: AuthenticatedMedusaRequest<AdminOrderPickup>, res: MedusaResponse) {
  const module = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const body = req.validatedBody
  const location = await loadLocation(req, body.location_id)
  describeCarrierRequest(req, { subject: `pickup from ${location.name}` })
  try {
    const order = await module.orderPickup({ ...body, location, ordered_by: req.auth_context?.actor_id ?? null })
    res.status(201).json({ pickup_order: order })
  } catch (error) {
    const existing = (error as { code?: string; pickup_order?: PickupOrderView }).pickup_order
    if ((error as { code?: string }).code !== PICKUP_ALREADY_ORDERED || !existing) throw error
    // Medusa's handler would replace a conflict's message; the merchant needs to see which order holds the date.
    res.status(409).json({ type: "conflict", code: PICKUP_ALREADY_ORDERED, message: (error as Error).message, pickup_order: existing })
  }
}

export async function GET(req: AuthenticatedMedusaRequest<unknown, AdminPickupOrdersQuery>, res: MedusaResponse) {
  const module = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const { location_id, pickup_date, limit } = req.validatedQuery
  const orders = await module.listUpcomingPickupOrders({ location_id, limit })
  const draft = location_id ? await module.pickupOrderDraft(await loadLocation(req, location_id), pickup_date) : undefined
  res.json({ pickup_orders: orders, next_pickups: nextPickupByLocation(orders, carrierToday(new Date())), ...(draft ? { draft } : {}) })
}

async function loadLocation(req: AuthenticatedMedusaRequest<unknown, unknown>, id: string): Promise<PickupLocation> {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "stock_location", fields: ["id", "name", "address.*"], filters: { id } })
  const location = data[0] as { id: string; name?: string | null; address?: MedusaAddress | null } | undefined
  if (!location) throw new MedusaError(MedusaError.Types.NOT_FOUND, `location_id: stock location ${id} was not found`)
  return { id: location.id, name: location.name || location.id, address: location.address ?? null }
}
