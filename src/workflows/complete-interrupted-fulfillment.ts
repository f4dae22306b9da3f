/*
 * Completes a fulfilment Medusa's workflow left half done when the process was killed after the
 * booking (linked but not counted, or counted but not linked), once the process that booked it has
 * stopped (modules/nordic_parcel/process-heartbeats.ts), with Medusa's own steps:
 * `registerOrderFulfillmentStep` or `createRemoteLinkStep`, the reservation steps and the
 * `order.fulfillment_created` event, under a lock with an owner per run, after reading the order again. The check
 * that finds them is modules/nordic_parcel/interrupted-bookings.ts; what is missing is
 * lib/booking/unfinished-fulfilment.ts.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { randomUUID } from "node:crypto"
import { ContainerRegistrationKeys, Modules, OrderWorkflowEvents } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  acquireLockStep,
  createRemoteLinkStep,
  deleteReservationsStep,
  emitEventStep,
  registerOrderFulfillmentStep,
  releaseLockStep,
  updateReservationsStep,
} from "@medusajs/medusa/core-flows"
import {
  ORDER_FULFILMENT_FIELDS,
  reservationTrims,
  unfinishedFulfilment,
  unitsStillToFulfil,
  type FulfilmentItemsView,
  type OrderFulfilmentView,
  type ReservationView,
  type UnfinishedFulfilment,
} from "../lib/booking/unfinished-fulfilment"
import { NORDIC_PARCEL_MODULE } from "../modules/nordic_parcel"
import type NordicParcelModuleService from "../modules/nordic_parcel/service"

export type CompleteInterruptedFulfillmentInput = { order_id: string; fulfillment_id: string }

type OrderRow = Omit<OrderFulfilmentView, "items"> & {
  id: string
  items: (OrderFulfilmentView["items"][number] & {
    variant?: { inventory_items?: { inventory_item_id: string; required_quantity?: number | null }[] | null } | null
  })[]
}

export type FulfillmentCompletion = {
  missing: UnfinishedFulfilment["missing"] | null
  count: { order_id: string; reference: string; reference_id: string; items: { id: string; quantity: number }[] } | null
  link: Record<string, Record<string, string>>[]
  updateReservations: { id: string; quantity: number }[]
  deleteReservations: string[]
}

/**
 * Reads the order, the fulfilment and the item's reservations afresh (under the workflow's lock,
 * so what another instance completed meanwhile is seen) and answers what is still missing. Writes
 * nothing.
 */
export const planFulfillmentCompletionStep = createStep(
  "nordic-parcel-plan-fulfillment-completion",
  async (input: CompleteInterruptedFulfillmentInput, { container }) => {
    const none: FulfillmentCompletion = { missing: null, count: null, link: [], updateReservations: [], deleteReservations: [] }
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const [{ data: orders }, { data: fulfillments }] = await Promise.all([
      query.graph({
        entity: "order",
        fields: [...ORDER_FULFILMENT_FIELDS, "items.variant.inventory_items.inventory_item_id", "items.variant.inventory_items.required_quantity"],
        filters: { id: input.order_id },
      }),
      query.graph({ entity: "fulfillment", fields: ["id", "canceled_at", "items.line_item_id", "items.quantity"], filters: { id: input.fulfillment_id } }),
    ])
    const order = orders[0] as unknown as OrderRow | undefined
    const fulfillment = fulfillments[0] as unknown as FulfilmentItemsView | undefined
    if (!order || !fulfillment || fulfillment.canceled_at) return new StepResponse(none)
    const view: OrderFulfilmentView = { items: order.items ?? [], fulfillments: order.fulfillments ?? [] }
    const unfinished = unfinishedFulfilment(view, fulfillment)
    if (!unfinished) return new StepResponse(none)
    const stillToFulfil = unitsStillToFulfil(view, fulfillment, unfinished)
    const { data: reservations } = await query.graph({
      entity: "reservation",
      fields: ["id", "line_item_id", "inventory_item_id", "quantity"],
      filters: { line_item_id: [...stillToFulfil.keys()] },
    })
    const required = (lineItemId: string, inventoryItemId: string) =>
      Number(
        order.items.find((i) => i.id === lineItemId)?.variant?.inventory_items?.find((ii) => ii.inventory_item_id === inventoryItemId)
          ?.required_quantity ?? 1
      )
    const trims = reservationTrims(stillToFulfil, reservations as unknown as ReservationView[], required)
    return new StepResponse<FulfillmentCompletion>({
      missing: unfinished.missing,
      count:
        unfinished.missing === "count"
          ? { order_id: order.id, reference: Modules.FULFILLMENT, reference_id: fulfillment.id, items: unfinished.items }
          : null,
      link:
        unfinished.missing === "link"
          ? [{ [Modules.ORDER]: { order_id: order.id }, [Modules.FULFILLMENT]: { fulfillment_id: fulfillment.id } }]
          : [],
      updateReservations: trims.update,
      deleteReservations: trims.remove,
    })
  }
)

/**
 * How long the completion's lock lives (seconds): far past what the run's few writes take on a
 * busy database, so the lock never lapses under a run still writing. A run whose process dies
 * leaves it to lapse; the completion is retried by the next check after that.
 */
export const COMPLETION_LOCK_TTL_S = 15 * 60

/** The owner of this run's lock, made once and checkpointed with the step: no other run can release it. */
export const completionOwnerStep = createStep(
  "nordic-parcel-completion-lock-owner",
  async (input: CompleteInterruptedFulfillmentInput) => new StepResponse(`nordic-parcel-completion:${input.fulfillment_id}:${randomUUID()}`)
)

/**
 * Completes an order fulfilment whose Medusa workflow a stopped process left half done, after
 * the carrier booked it (lib/booking/unfinished-fulfilment.ts; the check hands it over only once
 * the process that booked it has stopped beating, modules/nordic_parcel/process-heartbeats.ts):
 * the item's reservations are trimmed as the workflow would have, the missing half is done with
 * Medusa's own steps (count the items as fulfilled, or link the fulfilment to the order), and the
 * fulfilment-created event the workflow never got to send is sent. The lock (Medusa's locking
 * module, shared through Redis on a store of several instances; owned by this run) and the fresh
 * read make two runs complete it once.
 */
export const completeInterruptedFulfillmentWorkflow = createWorkflow(
  "nordic-parcel-complete-interrupted-fulfillment",
  (input: CompleteInterruptedFulfillmentInput) => {
    const key = transform({ input }, ({ input }) => `nordic-parcel:complete-fulfillment:${input.fulfillment_id}`)
    // The run's own lock: released by this run only, and held far longer than the run can take.
    const ownerId = completionOwnerStep(input)
    acquireLockStep({ key, ownerId, timeout: 30, ttl: COMPLETION_LOCK_TTL_S })
    const plan = planFulfillmentCompletionStep(input)
    // Reservations first: trimming is judged against what is still to fulfil, so a process killed
    // after it finds the fulfilment still unfinished and trims nothing more, while the half that
    // completes it is written last (once written, the check no longer finds the fulfilment).
    when("nordic-parcel-completion-trim-reservations", { plan }, ({ plan }) => plan.updateReservations.length > 0).then(() => {
      updateReservationsStep(transform({ plan }, ({ plan }) => plan.updateReservations))
    })
    when("nordic-parcel-completion-delete-reservations", { plan }, ({ plan }) => plan.deleteReservations.length > 0).then(() => {
      deleteReservationsStep(transform({ plan }, ({ plan }) => plan.deleteReservations))
    })
    when("nordic-parcel-completion-count-items", { plan }, ({ plan }) => plan.count !== null).then(() => {
      registerOrderFulfillmentStep(transform({ plan }, ({ plan }) => plan.count!))
    })
    when("nordic-parcel-completion-link-to-order", { plan }, ({ plan }) => plan.link.length > 0).then(() => {
      createRemoteLinkStep(transform({ plan }, ({ plan }) => plan.link))
    })
    when("nordic-parcel-completion-send-fulfillment-created", { plan }, ({ plan }) => plan.missing !== null).then(() => {
      emitEventStep({
        eventName: OrderWorkflowEvents.FULFILLMENT_CREATED,
        data: transform({ input }, ({ input }) => ({ order_id: input.order_id, fulfillment_id: input.fulfillment_id })),
      })
    })
    releaseLockStep({ key, ownerId })
    return new WorkflowResponse(transform({ plan }, ({ plan }) => ({ missing: plan.missing })))
  }
)

/**
 * Bookings a stopped process left behind (modules/nordic_parcel/interrupted-bookings.ts): an
 * attempt without an answer past the booking's time limit becomes unconfirmed for the merchant,
 * and releases the order's units; a booked fulfilment Medusa's workflow left half done is
 * completed by the workflow above. Run every minute (jobs/check-interrupted-bookings.ts), at
 * start-up (subscribers/bookings-check-due.ts) and by each pass of a bulk run. Never rejects.
 */
export async function checkInterruptedBookings(container: MedusaContainer): Promise<void> {
  const nordicParcel = container.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  try {
    const { unfinished } = await nordicParcel.checkInterruptedBookings(container.resolve(ContainerRegistrationKeys.QUERY))
    for (const booking of unfinished) {
      try {
        const { result } = await completeInterruptedFulfillmentWorkflow(container).run({
          input: { order_id: booking.order_id, fulfillment_id: booking.fulfillment_id },
        })
        if (result.missing) logger.info(`nordic-parcel: fulfilment ${booking.fulfillment_id} of order ${booking.order_id} completed (${result.missing === "count" ? "items counted as fulfilled" : "linked to the order"})`)
      } catch (error) {
        logger.warn(`nordic-parcel: fulfilment ${booking.fulfillment_id} of order ${booking.order_id} not completed: ${(error as Error).message}; tried again at the next check`)
      }
    }
  } catch (error) {
    logger.warn(`nordic-parcel: interrupted bookings not checked: ${(error as Error).message}`)
  }
}
