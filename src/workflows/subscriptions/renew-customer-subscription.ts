import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { customerSubscriptionView } from "../../lib/tracking/subscription-views"
import { renewCarrierCustomerSubscriptionStep, updateSubscriptionRecordsStep } from "./steps"

const CUSTOMER_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000

/**
 * Moves a customer subscription's expiry to 365 days from now at the carrier and in the plugin's
 * record (when the plugin has one). `now` is the carrier's present (tests pass the sandbox clock),
 * used only when the carrier does not say the new expiry.
 */
export const renewCustomerSubscriptionWorkflow = createWorkflow(
  "nordic-parcel-renew-customer-subscription",
  (input: { carrier_id: string; now?: string }) => {
    const renewed = renewCarrierCustomerSubscriptionStep(input.carrier_id)
    const view = transform({ renewed }, ({ renewed }) => customerSubscriptionView(renewed))
    const update = transform({ input, view }, ({ input, view }) => ({
      kind: "customer" as const,
      carrier_id: input.carrier_id,
      status: "active" as const,
      expires_at: view.expires_at
        ? new Date(view.expires_at)
        : new Date((input.now ? new Date(input.now) : new Date()).getTime() + CUSTOMER_LIFETIME_MS),
    }))
    updateSubscriptionRecordsStep(update)
    return new WorkflowResponse(view)
  }
)
