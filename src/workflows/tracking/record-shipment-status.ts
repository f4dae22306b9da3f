/*
 * Moves the plugin's Shipment status forward only (`FORWARD_SHIPMENT_STATUSES` from lib/statuses.ts),
 * so an older event arriving late changes nothing.
 */
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { shipmentTransition } from "../../lib/tracking/tracking-status"
import { NORDIC_PARCEL_MODULE } from "../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../modules/nordic_parcel/service"
import type { TrackingUpdatePlan } from "./plan-tracking-update"

/**
 * Keeps the plugin's shipment in step with the carrier: its status moves forward only and the
 * time of the latest event only grows, whatever order events arrive in. Read, then write: the
 * forward-only check is made here, not as a condition of the database update.
 */
export const recordShipmentStatusStep = createStep(
  "nordic-parcel-record-shipment-status",
  async (plan: TrackingUpdatePlan | null, { container }) => {
    if (!plan?.shipment_id) {
      return new StepResponse(false)
    }
    const nordicParcel = container.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
    const shipment = await nordicParcel.retrieveShipment(plan.shipment_id)
    const transition = shipmentTransition(plan.milestone)
    const occurredAt = new Date(plan.occurred_at)
    const later = !shipment.last_event_at || new Date(shipment.last_event_at) < occurredAt
    await nordicParcel.updateShipments({
      id: plan.shipment_id,
      ...(transition && transition.from.includes(shipment.status) ? { status: transition.to as typeof shipment.status } : {}),
      ...(later ? { last_event_at: occurredAt } : {}),
    })
    return new StepResponse(true)
  }
)
