/*
 * The merchant's change of an order's requested delivery day before booking (route
 * api/admin/nordic-parcel/orders/[id]/delivery-date), under the rule of the pickup-point change
 * (change-order-pickup-point.ts): refused once booked (409), recorded under the order's booking
 * lock so a booking that read the old day is refused rather than sent, then stored on the method
 * by Medusa's own step. The day is checked here for its form and that it is still to come; the
 * carrier checks it at booking (carrier notes 53), and a refusal there names the day.
 */
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { updateOrderShippingMethodsStep } from "@medusajs/medusa/core-flows"
import { ALREADY_BOOKED } from "../lib/booking/booking-failure"
import { merchantDayProblem, REQUESTED_BY_MERCHANT, takesDeliveryDate } from "../lib/checkout/delivery-dates"
import { bookedRefusal, methodToChange, type OrderMethod } from "../lib/checkout/pickup-point-change"
import { serviceForOptionData } from "../lib/options"
import { NORDIC_PARCEL_MODULE } from "../modules/nordic_parcel"
import type NordicParcelModuleService from "../modules/nordic_parcel/service"

export type ChangeOrderDeliveryDateInput = {
  order_id: string
  delivery_date: string
  /** Needed only when the order has more than one method whose service takes a day. */
  shipping_method_id?: string
}

type MethodWithOption = OrderMethod & { shipping_option?: { data?: Record<string, unknown> | null } | null }

const DELIVERY_DAY = "requested delivery day"

export const resolveMerchantDeliveryDateStep = createStep(
  "nordic-parcel-resolve-merchant-delivery-date",
  async (input: ChangeOrderDeliveryDateInput, { container }) => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const nordicParcel = container.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
    const { data } = await query.graph({
      entity: "order",
      fields: ["id", "display_id", "shipping_methods.id", "shipping_methods.data", "shipping_methods.shipping_option.data"],
      filters: { id: input.order_id },
    })
    const order = data[0] as unknown as { id: string; display_id?: number | null; shipping_methods?: MethodWithOption[] | null } | undefined
    if (!order) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `order ${input.order_id} was not found`)
    }
    const orderLabel = `Order #${order.display_id ?? order.id}`
    const refusal = bookedRefusal(orderLabel, await nordicParcel.listShipments({ order_id: order.id }), DELIVERY_DAY)
    if (refusal) {
      throw new MedusaError(MedusaError.Types.CONFLICT, refusal, ALREADY_BOOKED)
    }
    const options = await nordicParcel.getEffectiveOptions()
    const choice = methodToChange(order.shipping_methods ?? [], input.shipping_method_id, (method) => {
      const service = serviceForOptionData(options, { ...(method.shipping_option?.data ?? {}), ...(method.data ?? {}) })
      return Boolean(service && takesDeliveryDate(service.code))
    })
    if (!choice.ok) {
      const message = choice.message.replace(/delivers? to a pickup point/g, "takes a requested delivery day").replace(/pickup-point methods/, "methods that take a requested delivery day")
      throw new MedusaError(choice.status === 404 ? MedusaError.Types.NOT_FOUND : MedusaError.Types.INVALID_DATA, message)
    }
    const problem = merchantDayProblem(input.delivery_date, new Date())
    if (problem) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, problem)
    }
    return new StepResponse({
      id: choice.method.id,
      data: { ...(choice.method.data ?? {}), delivery_date: input.delivery_date, delivery_date_chosen_by: REQUESTED_BY_MERCHANT },
      order_label: orderLabel,
    })
  }
)

export type RecordMerchantDeliveryDateInput = { order_id: string; order_label: string; shipping_method_id: string; delivery_date: string }

/** The change, under the order's booking lock (refused if a booking came first); undone if Medusa's write fails. */
export const recordMerchantDeliveryDateStep = createStep(
  "nordic-parcel-record-merchant-delivery-date",
  async (input: RecordMerchantDeliveryDateInput, { container }) => {
    const nordicParcel = container.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
    const change = { order_id: input.order_id, shipping_method_id: input.shipping_method_id, delivery_date: input.delivery_date }
    const outcome = await nordicParcel.changeDeliveryDate(change)
    if (!outcome.changed) {
      const refusal = bookedRefusal(input.order_label, outcome.bookings, DELIVERY_DAY) ?? `${input.order_label} is being booked`
      throw new MedusaError(MedusaError.Types.CONFLICT, refusal, ALREADY_BOOKED)
    }
    return new StepResponse(undefined, { ...change, previous: outcome.previous })
  },
  async (recorded, { container }) => {
    if (!recorded) return
    await container.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE).restoreDeliveryDate(recorded)
  }
)

/**
 * The merchant's requested delivery day for an order not yet booked (after the carrier refused the
 * shopper's day, or the shopper asked for another): recorded under the order's booking lock, then
 * stored on the order's shipping method; the next booking sends it.
 */
export const changeOrderDeliveryDateWorkflow = createWorkflow(
  "nordic-parcel-change-order-delivery-date",
  (input: ChangeOrderDeliveryDateInput) => {
    const change = resolveMerchantDeliveryDateStep(input)
    recordMerchantDeliveryDateStep(
      transform({ input, change }, ({ input, change }) => ({
        order_id: input.order_id,
        order_label: change.order_label,
        shipping_method_id: change.id,
        delivery_date: input.delivery_date,
      }))
    )
    const updated = updateOrderShippingMethodsStep(transform({ change }, ({ change }) => [{ id: change.id, data: change.data }]))
    return new WorkflowResponse(transform({ updated }, ({ updated }) => updated[0]))
  }
)
