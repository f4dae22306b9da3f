import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { SubscriptionStatus } from "../../lib/statuses"
import {
  CarrierError,
  type CreateCustomerSubscriptionRequest,
  type CustomerSubscription,
  type TrackingSubscription,
} from "../../lib/carrier"
import { webhookCallback } from "../../lib/tracking/callback-target"
import { trackingSubscriptionFor } from "../../lib/tracking/subscription-request"
import { webhookIdentity } from "../../lib/tracking/webhook-identity"
import { NORDIC_PARCEL_MODULE } from "../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../modules/nordic_parcel/service"

/**
 * The steps of the subscription workflows. A subscription made at the carrier whose record then
 * cannot be written is deleted again by compensation: unrecorded, it would never be renewed or
 * shown, and would send the store's secret header with callbacks nobody expects.
 */

type Container = { resolve<T>(key: string): T }
type SubscriptionKind = "tracking" | "customer"

const plugin = (container: Container) => container.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)

export interface SubscriptionRecordInput {
  carrier_id: string
  kind: SubscriptionKind
  tracking_id?: string | null
  customer_number?: string | null
  event_groups: string[]
  expires_at: Date | null
  created_by?: string | null
  callback_url?: string | null
  secret_fingerprint?: string | null
}

/**
 * What the tracking subscription step was asked and made, without the webhook secret: the engine
 * keeps every step's input and result in its checkpoints (Redis) and, where executions are
 * retained, in workflow_execution, which the admin can display.
 */
export type MadeTrackingSubscription = {
  /** False when the store cannot receive callbacks (no public URL or secret, or automatic subscriptions off). */
  subscribed: boolean
  event_groups: string[]
  /** The carrier's answer with header keys only; null when nothing was made (or it existed already). */
  made: TrackingSubscription | null
}

/**
 * Subscribes a consignment at the store's own hook. The request, whose configured header carries
 * the webhook secret, is built here from the module's options in force and never leaves the step.
 */
export const createCarrierTrackingSubscriptionStep = createStep(
  "nordic-parcel-create-carrier-tracking-subscription",
  async (input: { tracking_id: string }, { container }) => {
    const nordicParcel = plugin(container)
    const request = trackingSubscriptionFor(input.tracking_id, (await nordicParcel.getEffectiveOptions()).webhooks)
    if (!request) {
      return new StepResponse<MadeTrackingSubscription, { carrier_id: string | null }>({ subscribed: false, event_groups: [], made: null }, { carrier_id: null })
    }
    const event_groups = [...request.event_groups]
    try {
      const made = withoutHeaderValues(await nordicParcel.carrier().events.createTrackingSubscription(request))
      return new StepResponse<MadeTrackingSubscription, { carrier_id: string | null }>({ subscribed: true, event_groups, made }, { carrier_id: made.id })
    } catch (error) {
      // The same subscription exists already (a retry after a lost answer): nothing to make.
      if (error instanceof CarrierError && error.kind === "conflict") {
        return new StepResponse<MadeTrackingSubscription, { carrier_id: string | null }>({ subscribed: true, event_groups, made: null }, { carrier_id: null })
      }
      throw error
    }
  },
  async (made, { container }) => undoCarrierCreate(container, "tracking", made?.carrier_id)
)

export interface CarrierCustomerSubscriptionInput {
  customer_number: string
  event_groups: string[]
  /** Accepted only when it is the store's own hook URL (lib/tracking/callback-target.ts). */
  webhook_url?: string
}

/**
 * Subscribes every consignment of a customer number at the store's own hook. As for a tracking
 * subscription, the secret header is added inside the step and the result carries header keys only.
 */
export const createCarrierCustomerSubscriptionStep = createStep(
  "nordic-parcel-create-carrier-customer-subscription",
  async (input: CarrierCustomerSubscriptionInput, { container }) => {
    const nordicParcel = plugin(container)
    const callback = webhookCallback((await nordicParcel.getEffectiveOptions()).webhooks, input.webhook_url)
    const made = withoutHeaderValues(
      await nordicParcel.carrier().events.createCustomerSubscription({
        customerNumber: input.customer_number,
        eventSet: input.event_groups,
        webhookConfiguration: { webhookUrl: callback.url, contentType: "application/json", headers: callback.headers },
      } as CreateCustomerSubscriptionRequest)
    )
    return new StepResponse<CustomerSubscription, { carrier_id: string }>(made, { carrier_id: made.id })
  },
  async (made, { container }) => undoCarrierCreate(container, "customer", made?.carrier_id)
)

/**
 * A carrier subscription with its configured headers' values dropped. The carrier does not echo
 * them (carrier notes), but one value is the webhook secret: a step result must never hold it.
 */
function withoutHeaderValues<T extends object>(subscription: T): T {
  return JSON.parse(JSON.stringify(subscription), (key, value) =>
    key === "headers" && Array.isArray(value) ? value.map((header: { key?: unknown }) => ({ key: header?.key })) : value
  ) as T
}

export const renewCarrierCustomerSubscriptionStep = createStep(
  "nordic-parcel-renew-carrier-customer-subscription",
  async (carrierId: string, { container }) =>
    new StepResponse(withoutHeaderValues(await plugin(container).carrier().events.renewCustomerSubscription(carrierId)))
)

/** Deletes at the carrier; a subscription the carrier no longer has counts as deleted when `missingIsDone`. */
export const deleteCarrierSubscriptionStep = createStep(
  "nordic-parcel-delete-carrier-subscription",
  async (input: { kind: SubscriptionKind; carrier_id: string; missing_is_done?: boolean }, { container }) => {
    try {
      await deleteAtCarrier(container, input.kind, input.carrier_id)
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
    // What the subscription was just made with, so a later change of secret or URL finds it.
    const identity = webhookIdentity((await nordicParcel.getEffectiveOptions()).webhooks)
    record = { ...record, ...identity }
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
    input: { kind: SubscriptionKind; carrier_id: string; status?: SubscriptionStatus; expires_at?: Date | null },
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

/** The carrier keeps the two kinds under different paths. */
async function deleteAtCarrier(container: Container, kind: SubscriptionKind, carrierId: string): Promise<void> {
  const events = plugin(container).carrier().events
  if (kind === "tracking") await events.deleteTrackingSubscription(carrierId)
  else await events.deleteCustomerSubscription(carrierId)
}

/** Compensation of a create: what the step made at the carrier goes again; already gone is as good. */
async function undoCarrierCreate(container: Container, kind: SubscriptionKind, carrierId: string | null | undefined): Promise<void> {
  if (!carrierId) return
  await deleteAtCarrier(container, kind, carrierId).catch(ignoreNotFound)
}

function ignoreNotFound(error: unknown): void {
  if (!(error instanceof CarrierError && error.kind === "not_found")) throw error
}
