/*
 * The merchant's change of an order's pickup point before booking (route
 * api/admin/nordic-parcel/orders/[id]/pickup-point). One step refuses a booked order (409, code
 * `nordic_parcel.already_booked` in lib/booking/booking-failure.ts, answered by
 * api/carrier-error-handler.ts) and checks the point with the same `resolvePickupPoint` (pure rules
 * lib/pickup-point-change.ts); Medusa's `updateOrderShippingMethodsStep` stores it and
 * restores the old data on failure. The widget's search is admin/components/pickup-point-change.tsx.
 */
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { updateOrderShippingMethodsStep } from "@medusajs/medusa/core-flows"
import { ALREADY_BOOKED } from "../lib/booking/booking-failure"
import { CART_SHIPPING_FIELDS } from "../lib/checkout/cart-fields"
import { bookedRefusal, methodToChange, withMerchantPoint, type OrderMethod } from "../lib/pickup-point-change"
import { resolvePickupPoint, type PickupAddress } from "../lib/checkout/pickup-point-choice"
import { serviceForOptionData } from "../lib/options"
import { pickupPointRule } from "../lib/pickup-point-rule"
import { packParcel, type PackableItem } from "../lib/packing/parcel"
import { NORDIC_PARCEL_MODULE } from "../modules/nordic_parcel"
import type NordicParcelModuleService from "../modules/nordic_parcel/service"

export type ChangeOrderPickupPointInput = {
  order_id: string
  pickup_point_id: string
  /** Needed only when the order has more than one pickup-point method. */
  shipping_method_id?: string
}

type MethodWithOption = OrderMethod & { shipping_option?: { data?: Record<string, unknown> | null } | null }

type OrderForChange = {
  id: string
  display_id?: number | null
  items?: PackableItem[] | null
  shipping_address?: PickupAddress
  shipping_methods?: MethodWithOption[] | null
}

/**
 * Checks the merchant's point at the carrier as the shopper's is checked (it exists in the
 * shipping country; a locker fits the packed order), after refusing an order already booked.
 * Answers the method's new data; nothing is written here.
 */
export const resolveMerchantPickupPointStep = createStep(
  "nordic-parcel-resolve-merchant-pickup-point",
  async (input: ChangeOrderPickupPointInput, { container }) => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const nordicParcel = container.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
    const { data } = await query.graph({
      entity: "order",
      fields: [
        ...CART_SHIPPING_FIELDS.filter((field) => field !== "currency_code"),
        "display_id",
        "shipping_methods.id",
        "shipping_methods.data",
        "shipping_methods.shipping_option.data",
      ],
      filters: { id: input.order_id },
    })
    const order = data[0] as unknown as OrderForChange | undefined
    if (!order) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `order ${input.order_id} was not found`)
    }
    const orderLabel = `Order #${order.display_id ?? order.id}`
    const refusal = bookedRefusal(orderLabel, await nordicParcel.listShipments({ order_id: order.id }))
    if (refusal) {
      throw new MedusaError(MedusaError.Types.CONFLICT, refusal, ALREADY_BOOKED)
    }
    const options = await nordicParcel.getEffectiveOptions()
    const serviceOf = (method: MethodWithOption) =>
      serviceForOptionData(options, { ...(method.shipping_option?.data ?? {}), ...(method.data ?? {}) })
    const choice = methodToChange(order.shipping_methods ?? [], input.shipping_method_id, (method) => {
      const service = serviceOf(method)
      return Boolean(service && pickupPointRule(service, order.shipping_address?.country_code).choosable)
    })
    if (!choice.ok) {
      throw new MedusaError(choice.status === 404 ? MedusaError.Types.NOT_FOUND : MedusaError.Types.INVALID_DATA, choice.message)
    }
    const chosen = await resolvePickupPoint({
      lookup: nordicParcel.carrier().lookup,
      listings: nordicParcel.pickupPointListings(),
      serviceCode: serviceOf(choice.method)!.code, // a pickup-point method has a service
      pickupPointId: input.pickup_point_id,
      address: order.shipping_address,
      parcel: packParcel(order.items ?? [], options.packaging),
      timeoutMs: nordicParcel.getOptions().timeouts.requestMs,
      logger: container.resolve(ContainerRegistrationKeys.LOGGER),
    })
    if (!("pickup_point" in chosen)) {
      // The shopper's unverified choice is kept for checkout's sake; the merchant can simply try again.
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `The carrier could not confirm pickup point ${input.pickup_point_id} right now; the pickup point of ${orderLabel} is unchanged, try again in a moment`,
        "nordic_parcel.carrier_unavailable"
      )
    }
    return new StepResponse({
      id: choice.method.id,
      data: withMerchantPoint(choice.method.data, chosen),
      order_label: orderLabel,
      pickup_point_id: chosen.pickup_point_id,
    })
  }
)

export type RecordMerchantPickupPointInput = { order_id: string; order_label: string; shipping_method_id: string; pickup_point_id: string }

/**
 * The change, recorded under the order's booking lock (the ledger's), where it is refused if a
 * booking of the order stands or is under way by now: the carrier check above takes a while. A
 * booking that read the method before the change is refused when it reserves its attempt, so the
 * merchant is never told of a point that a booking does not send. Undone if Medusa's write fails.
 */
export const recordMerchantPickupPointStep = createStep(
  "nordic-parcel-record-merchant-pickup-point",
  async (input: RecordMerchantPickupPointInput, { container }) => {
    const nordicParcel = container.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
    const change = { order_id: input.order_id, shipping_method_id: input.shipping_method_id, pickup_point_id: input.pickup_point_id }
    const outcome = await nordicParcel.changePickupPoint(change)
    if (!outcome.changed) {
      const refusal = bookedRefusal(input.order_label, outcome.bookings) ?? `${input.order_label} is being booked`
      throw new MedusaError(MedusaError.Types.CONFLICT, refusal, ALREADY_BOOKED)
    }
    return new StepResponse(undefined, { ...change, previous: outcome.previous })
  },
  async (recorded, { container }) => {
    if (!recorded) return
    await container.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE).restorePickupPoint(recorded)
  }
)

/**
 * The merchant's pickup point for an order not yet booked: checked at the carrier, recorded under
 * the order's booking lock (refused if a booking came first; a booking that read the old point is
 * refused instead), then stored on the order's shipping method (Medusa's own step, which restores
 * the old data if a later step fails). The booking sends it like the shopper's choice, checked once more.
 */
export const changeOrderPickupPointWorkflow = createWorkflow(
  "nordic-parcel-change-order-pickup-point",
  (input: ChangeOrderPickupPointInput) => {
    const change = resolveMerchantPickupPointStep(input)
    recordMerchantPickupPointStep(
      transform({ input, change }, ({ input, change }) => ({
        order_id: input.order_id,
        order_label: change.order_label,
        shipping_method_id: change.id,
        pickup_point_id: change.pickup_point_id,
      }))
    )
    const updated = updateOrderShippingMethodsStep(transform({ change }, ({ change }) => [{ id: change.id, data: change.data }]))
    return new WorkflowResponse(transform({ updated }, ({ updated }) => updated[0]))
  }
)
