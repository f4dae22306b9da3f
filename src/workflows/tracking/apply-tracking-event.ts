import {
  createOrderShipmentWorkflow,
  markOrderFulfillmentAsDeliveredWorkflow,
} from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { TrackingReceivedData } from "../../lib/events"
import { planTrackingUpdateStep } from "./plan-tracking-update"
import { recordShipmentStatusStep } from "./record-shipment-status"

/**
 * Applies one stored carrier event to Medusa: handed in / in transit marks the fulfillment shipped,
 * DELIVERED marks it delivered (shipping it first if that event never came), and the plugin's
 * shipment records the status. Idempotent: run it again with the same event and nothing changes.
 * Run it one event at a time per fulfillment (the tracking subscriber holds a lock for that).
 */
export const applyTrackingEventWorkflow = createWorkflow(
  "nordic-parcel-apply-tracking-event",
  (event: TrackingReceivedData) => {
    const plan = planTrackingUpdateStep(event)

    when("nordic-parcel-ship-fulfillment", plan, (p) => Boolean(p?.ship)).then(() => {
      const input = transform(plan, (p) => ({
        order_id: p!.order_id,
        fulfillment_id: p!.fulfillment_id,
        items: p!.items,
        // Without them Medusa would drop the booked labels (tracking number, label URL).
        labels: p!.labels,
      }))
      createOrderShipmentWorkflow.runAsStep({ input })
    })

    when("nordic-parcel-deliver-fulfillment", plan, (p) => Boolean(p?.deliver)).then(() => {
      const input = transform(plan, (p) => ({ orderId: p!.order_id, fulfillmentId: p!.fulfillment_id }))
      markOrderFulfillmentAsDeliveredWorkflow.runAsStep({ input })
    })

    recordShipmentStatusStep(plan)
    return new WorkflowResponse(plan)
  }
)
