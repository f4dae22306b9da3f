/*
 * Decides from a stored event (meaning by lib/tracking/tracking-status.ts) whether to mark the
 * fulfillment shipped or delivered with Medusa's core workflows; an older or repeated event never
 * moves it back.
 */
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { TrackingReceivedData } from "../../lib/events"
import { milestoneOf, type TrackingMilestone } from "../../lib/tracking/tracking-status"
import { NORDIC_PARCEL_MODULE } from "../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../modules/nordic_parcel/service"

export type TrackingUpdatePlan = {
  order_id: string
  fulfillment_id: string
  /** Mark the fulfillment shipped (the carrier has the parcel, or it was even delivered). */
  ship: boolean
  /** Mark the fulfillment delivered. */
  deliver: boolean
  /** Line items and quantities of the fulfillment, as createOrderShipmentWorkflow wants them. */
  items: { id: string; quantity: number }[]
  /**
   * The fulfillment's labels as they are, ids included: Medusa replaces a fulfillment's labels
   * with the ones given when it marks it shipped, so they are handed back to keep the tracking
   * number and label URL.
   */
  labels: { id: string; tracking_number: string; tracking_url: string; label_url: string }[]
  shipment_id?: string
  milestone: TrackingMilestone
  occurred_at: string
}

type FulfillmentState = {
  shipped_at: string | null
  delivered_at: string | null
  canceled_at: string | null
  items: { line_item_id: string; quantity: number | string }[]
  labels: TrackingUpdatePlan["labels"]
}

/**
 * Decides what a carrier event does, from the fulfillment's current state: it only ever moves
 * forward (not shipped → shipped → delivered), so a repeated or late event does nothing and never
 * makes Medusa's workflows throw on "already shipped/delivered". Return consignments and events
 * for consignments the store did not book are only recorded.
 */
export const planTrackingUpdateStep = createStep(
  "nordic-parcel-plan-tracking-update",
  async (event: TrackingReceivedData, { container }): Promise<StepResponse<TrackingUpdatePlan | null>> => {
    if (!event.fulfillment_id || !event.order_id) {
      return new StepResponse(null)
    }
    const nordicParcel = container.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
    const [shipment] = await nordicParcel.listShipments({ fulfillment_id: event.fulfillment_id }, { take: 1 })
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "fulfillment",
      fields: [
        "id", "shipped_at", "delivered_at", "canceled_at", "items.line_item_id", "items.quantity",
        "labels.id", "labels.tracking_number", "labels.tracking_url", "labels.label_url",
      ],
      filters: { id: event.fulfillment_id },
    })
    const fulfillment = data[0] as unknown as FulfillmentState | undefined
    const milestone = milestoneOf(event.status)
    const movesMedusa = Boolean(fulfillment) && !fulfillment!.canceled_at && shipment?.kind !== "return"
    const quantities = new Map<string, number>()
    for (const item of fulfillment?.items ?? []) {
      quantities.set(item.line_item_id, (quantities.get(item.line_item_id) ?? 0) + Number(item.quantity))
    }
    return new StepResponse({
      order_id: event.order_id,
      fulfillment_id: event.fulfillment_id,
      ship: movesMedusa && (milestone === "shipped" || milestone === "delivered") && !fulfillment!.shipped_at,
      deliver: movesMedusa && milestone === "delivered" && !fulfillment!.delivered_at,
      items: [...quantities].map(([id, quantity]) => ({ id, quantity })),
      labels: (fulfillment?.labels ?? []).map(({ id, tracking_number, tracking_url, label_url }) => ({
        id,
        tracking_number,
        tracking_url,
        label_url,
      })),
      ...(shipment ? { shipment_id: shipment.id } : {}),
      milestone,
      occurred_at: event.occurred_at,
    })
  }
)
