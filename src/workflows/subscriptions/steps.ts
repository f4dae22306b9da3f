import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  CarrierError,
  type CreateCustomerSubscriptionRequest,
  type CreateTrackingSubscriptionRequest,
  type CustomerSubscription,
  type TrackingSubscription,
} from "../../lib/carrier"
import { NORDIC_PARCEL_MODULE } from "../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../modules/nordic_parcel/service"

/**
 * The steps of the subscription workflows. A subscription made at the carrier whose record then
 * cannot be written is deleted again by compensation: unrecorded, it would never be renewed or
 * shown, and would send the store's secret header with callbacks nobody expects.
 */

const plugin = (container: { resolve<T>(key: string): T }) => container.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)

type SubscriptionStatus = "pending" | "active" | "ended" | "expired" | "deleted"
export interface SubscriptionRecordInput {
  carrier_id: string
  kind: "tracking" | "customer"
  tracking_id?: string | null
  customer_number?: string | null
  event_groups: string[]
  expires_at: Date | null
  created_by?: string | null
}

export const createCarrierTrackingSubscriptionStep = createStep(
  "nordic-parcel-create-carrier-tracking-subscription",
  async (request: CreateTrackingSubscriptionRequest | null, { container }) => {
    if (!request) {
      return new StepResponse(null, { carrier_id: null as string | null })
    }
    try {
      const made = await plugin(container).carrier().events.createTrackingSubscription(request)
      return new StepResponse<TrackingSubscription | null, { carrier_id: string | null }>(made, { carrier_id: made.id })
    } catch (error) {
      // The same subscription exists already (a retry after a lost answer): nothing to make.
      if (error instanceof CarrierError && error.kind === "conflict") {
        return new StepResponse<TrackingSubscription | null, { carrier_id: string | null }>(null, { carrier_id: null })
      }
      throw error
    }
  },
  async (made, { container }) => {
    if (!made?.carrier_id) return
    await plugin(container)
      .carrier()
      .events.deleteTrackingSubscription(made.carrier_id)
      .catch((error) => ignoreNotFound(error))
  }
)

export const createCarrierCustomerSubscriptionStep = createStep(
  "nordic-parcel-create-carrier-customer-subscription",
  async (request: CreateCustomerSubscriptionRequest, { container }) => {
    const made = await plugin(container).carrier().events.createCustomerSubscription(request)
    return new StepResponse<CustomerSubscription, { carrier_id: string }>(made, { carrier_id: made.id })
  },
  async (made, { container }) => {
    if (!made) return
    await plugin(container)
      .carrier()
      .events.deleteCustomerSubscription(made.carrier_id)
      .catch((error) => ignoreNotFound(error))
  }
)

export const renewCarrierCustomerSubscriptionStep = createStep(
  "nordic-parcel-renew-carrier-customer-subscription",
  async (carrierId: string, { container }) =>
    new StepResponse(await plugin(container).carrier().events.renewCustomerSubscription(carrierId))
)

/** Deletes at the carrier; a subscription the carrier no longer has counts as deleted when `missingIsDone`. */
export const deleteCarrierSubscriptionStep = createStep(
  "nordic-parcel-delete-carrier-subscription",
  async (input: { kind: "tracking" | "customer"; carrier_id: string; missing_is_done?: boolean }, { container }) => {
    const events = plugin(container).carrier().events
    try {
      if (input.kind === "tracking") await events.deleteTrackingSubscription(input.carrier_id)
      else await events.deleteCustomerSubscription(input.carrier_id)
    } catch (error) {
      if (!input.missing_is_done) throw error
      ignoreNotFound(error)
    }
    return new StepResponse(true)
  }
)

/**
 * Writes the plugin's record of a subscription: a pending record of the same tracking number (a
 * subscription that failed before) becomes the active one, anything else is created. Undone by
 * deleting the new record or putting the pending one back.
 */
export const storeSubscriptionStep = createStep(
  "nordic-parcel-store-subscription",
  async (record: SubscriptionRecordInput | null, { container }) => {
    if (!record) {
      return new StepResponse(null, { created_id: null as string | null, pending_id: null as string | null })
    }
    const nordicParcel = plugin(container)
    const [pending] = record.tracking_id
      ? await nordicParcel.listSubscriptions({ kind: "tracking", tracking_id: record.tracking_id, status: "pending" }, { take: 1 })
      : []
    if (pending) {
      const stored = await nordicParcel.updateSubscriptions({ ...record, id: pending.id, status: "active", next_attempt_at: null })
      return new StepResponse(stored, { created_id: null as string | null, pending_id: pending.id as string | null })
    }
    const stored = await nordicParcel.createSubscriptions({ ...record, status: "active" })
    return new StepResponse(stored, { created_id: stored.id as string | null, pending_id: null as string | null })
  },
  async (undo, { container }) => {
    if (!undo) return
    const nordicParcel = plugin(container)
    if (undo.created_id) await nordicParcel.deleteSubscriptions(undo.created_id)
    if (undo.pending_id) await nordicParcel.updateSubscriptions({ id: undo.pending_id, status: "pending" })
  }
)

/** Sets the status (and expiry) of the records of one carrier subscription; compensation restores them. */
export const updateSubscriptionRecordsStep = createStep(
  "nordic-parcel-update-subscription-records",
  async (
    input: { kind: "tracking" | "customer"; carrier_id: string; status?: SubscriptionStatus; expires_at?: Date | null },
    { container }
  ) => {
    const nordicParcel = plugin(container)
    const records = await nordicParcel.listSubscriptions({ kind: input.kind, carrier_id: input.carrier_id })
    const previous = records.map((r) => ({ id: r.id, status: r.status, expires_at: r.expires_at }))
    if (records.length > 0) {
      await nordicParcel.updateSubscriptions(
        records.map((r) => ({
          id: r.id,
          ...(input.status ? { status: input.status } : {}),
          ...(input.expires_at !== undefined ? { expires_at: input.expires_at } : {}),
        }))
      )
    }
    return new StepResponse(records.length, previous)
  },
  async (previous, { container }) => {
    if (!previous?.length) return
    await plugin(container).updateSubscriptions(
      previous.map((p) => ({ id: p.id, status: p.status, expires_at: p.expires_at ? new Date(p.expires_at) : null }))
    )
  }
)

function ignoreNotFound(error: unknown): void {
  if (!(error instanceof CarrierError && error.kind === "not_found")) throw error
}
