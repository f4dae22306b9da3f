import { Button, Input } from "@medusajs/ui"
import { useState } from "react"
import type { texts } from "../lib/i18n"
import { useOrderMethodChange } from "../lib/order-method-change"
import type { PlannedShipment } from "../lib/types"

type Texts = ReturnType<typeof texts>

/**
 * Before the order is booked, the merchant requests another delivery day (the carrier refused the
 * shopper's, or the shopper asked): a working day after today. The server records it under the
 * order's booking lock and refuses it once the order is booked; the carrier checks it when the
 * order is fulfilled. Its messages are shown as they are.
 */
export function DeliveryDateChange({ orderId, planned, i18n }: { orderId: string; planned: PlannedShipment; i18n: Texts }) {
  const [open, setOpen] = useState(false)
  const [day, setDay] = useState(planned.requested_delivery_date ?? "")
  const change = useOrderMethodChange<string>({
    orderId,
    path: "delivery-date",
    body: (deliveryDate) => ({ delivery_date: deliveryDate, shipping_method_id: planned.shipping_method_id }),
    done: i18n.t("deliveryDateChanged"),
    onClosed: () => setOpen(false),
  })
  if (!open) {
    return (
      <div>
        <Button size="small" variant="secondary" onClick={() => setOpen(true)} data-testid="nordic-parcel-change-delivery-date">
          {i18n.t(planned.requested_delivery_date ? "changeDeliveryDate" : "setDeliveryDate")}
        </Button>
      </div>
    )
  }
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
  return (
    <form
      className="flex gap-x-2"
      data-testid="nordic-parcel-delivery-date-form"
      onSubmit={(event) => {
        event.preventDefault()
        if (day) change.mutate(day)
      }}
    >
      <Input size="small" type="date" min={tomorrow} value={day} aria-label={i18n.t("requestedDelivery")} onChange={(event) => setDay(event.target.value)} />
      <Button size="small" variant="secondary" type="submit" isLoading={change.isPending}>{i18n.t("save")}</Button>
      <Button size="small" variant="transparent" type="button" onClick={() => setOpen(false)}>{i18n.t("cancel")}</Button>
    </form>
  )
}
