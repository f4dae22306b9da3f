import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { customerSubscriptionView } from "../../lib/tracking/subscription-views"
import { createCarrierCustomerSubscriptionStep, storeSubscriptionStep } from "./steps"

export interface CreateCustomerSubscriptionInput {
  customer_number: string
  event_groups: string[]
  /** Accepted only when it is the store's own hook URL: the secret header goes nowhere else. */
  webhook_url?: string
  created_by?: string | null
}

/**
 * Subscribes the store's hook to every consignment of a customer number for 365 days and records
 * it, so the renewal job keeps it alive; made at the carrier but not recorded, it is deleted again.
 * The webhook secret is added inside the carrier step: no input, step result or checkpoint holds it.
 */
export const createCustomerSubscriptionWorkflow = createWorkflow(
  "nordic-parcel-create-customer-subscription",
  (input: CreateCustomerSubscriptionInput) => {
    const made = createCarrierCustomerSubscriptionStep(
      transform({ input }, ({ input }) => ({ customer_number: input.customer_number, event_groups: input.event_groups, webhook_url: input.webhook_url }))
    )
    const view = transform({ made }, ({ made }) => customerSubscriptionView(made))
    const record = transform({ input, view }, ({ input, view }) => ({
      carrier_id: view.id,
      kind: "customer" as const,
      customer_number: view.customer_number ?? input.customer_number,
      event_groups: view.event_groups.length > 0 ? view.event_groups : input.event_groups,
      expires_at: view.expires_at ? new Date(view.expires_at) : null,
      created_by: input.created_by ?? null,
    }))
    storeSubscriptionStep(record)
    return new WorkflowResponse(view)
  }
)
