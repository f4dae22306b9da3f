import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { deleteCarrierSubscriptionStep, updateSubscriptionRecordsStep } from "./steps"

export interface DeleteSubscriptionInput {
  kind: "tracking" | "customer"
  carrier_id: string
  /** Count a subscription the carrier no longer has as deleted (a cancelled fulfillment). */
  missing_is_done?: boolean
}

/**
 * Stops a tracking or customer subscription at the carrier. The plugin's record is marked deleted
 * first and put back if the carrier refuses, so the record never claims less than the carrier has.
 */
export const deleteSubscriptionWorkflow = createWorkflow(
  "nordic-parcel-delete-subscription",
  (input: DeleteSubscriptionInput) => {
    const records = transform({ input }, ({ input }) => ({ kind: input.kind, carrier_id: input.carrier_id, status: "deleted" as const }))
    updateSubscriptionRecordsStep(records)
    deleteCarrierSubscriptionStep(input)
    return new WorkflowResponse(transform({ input }, ({ input }) => ({ id: input.carrier_id, deleted: true })))
  }
)
