import { createStep, createWorkflow, StepResponse, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { customerSubscriptionView } from "../../lib/tracking/subscription-views"
import { webhookCallback } from "../../lib/tracking/callback-target"
import { NORDIC_PARCEL_MODULE } from "../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../modules/nordic_parcel/service"
import { createCarrierCustomerSubscriptionStep, storeSubscriptionStep } from "./steps"

export interface CreateCustomerSubscriptionInput {
  customer_number: string
  event_groups: string[]
  /** Accepted only when it is the store's own hook URL: the secret header goes nowhere else. */
  webhook_url?: string
  created_by?: string | null
}

const customerSubscriptionRequestStep = createStep(
  "nordic-parcel-customer-subscription-request",
  async (input: CreateCustomerSubscriptionInput, { container }) => {
    const nordicParcel = container.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
    const callback = webhookCallback((await nordicParcel.getEffectiveOptions()).webhooks, input.webhook_url)
    return new StepResponse({
      customerNumber: input.customer_number,
      eventSet: input.event_groups,
      webhookConfiguration: { webhookUrl: callback.url, contentType: "application/json", headers: callback.headers },
    })
  }
)

/**
 * Subscribes the store's hook to every consignment of a customer number for 365 days and records
 * it, so the renewal job keeps it alive; made at the carrier but not recorded, it is deleted again.
 */
export const createCustomerSubscriptionWorkflow = createWorkflow(
  "nordic-parcel-create-customer-subscription",
  (input: CreateCustomerSubscriptionInput) => {
    const request = customerSubscriptionRequestStep(input)
    const made = createCarrierCustomerSubscriptionStep(request)
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
