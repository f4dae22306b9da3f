import { Badge, Button, Input, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { useState } from "react"
import type { texts } from "../lib/i18n"
import { useOrderMethodChange } from "../lib/order-method-change"
import { sdk } from "../lib/sdk"
import type { OrderPickupPoints, PlannedShipment } from "../lib/types"

type Texts = ReturnType<typeof texts>

/**
 * Before the order is booked, the merchant picks another pickup point for it (the shopper asked,
 * or the point closed): points near the order's address, or near another postal code, nearest
 * first, lockers the order does not fit left out. The server checks the choice at the carrier
 * and refuses it once the order is booked; its message is shown as it is.
 */
export function PickupPointChange({ orderId, planned, i18n }: { orderId: string; planned: PlannedShipment; i18n: Texts }) {
  const [open, setOpen] = useState(false)
  const [postalCode, setPostalCode] = useState("")
  const [searched, setSearched] = useState("")
  const points = useQuery({
    queryKey: ["nordic-parcel", "order-pickup-points", orderId, searched],
    queryFn: () =>
      sdk.client.fetch<OrderPickupPoints>(`/admin/nordic-parcel/orders/${orderId}/pickup-points`, {
        query: searched ? { postal_code: searched } : {},
      }),
    enabled: open,
  })
  const choose = useOrderMethodChange<string>({
    orderId,
    path: "pickup-point",
    body: (pickupPointId) => ({ pickup_point_id: pickupPointId, shipping_method_id: planned.shipping_method_id }),
    done: i18n.t("pickupPointChanged"),
    onClosed: () => setOpen(false),
  })

  if (!open) {
    return (
      <div>
        <Button size="small" variant="secondary" onClick={() => setOpen(true)} data-testid="nordic-parcel-change-pickup-point">
          {i18n.t("changePickupPoint")}
        </Button>
      </div>
    )
  }
  return (
    <div className="flex flex-col gap-y-2" data-testid="nordic-parcel-pickup-point-search">
      <form
        className="flex gap-x-2"
        onSubmit={(event) => {
          event.preventDefault()
          setSearched(postalCode.trim())
        }}
      >
        <Input
          size="small"
          value={postalCode}
          placeholder={i18n.t("postalCodeNearAddress")}
          aria-label={i18n.t("postalCode")}
          onChange={(event) => setPostalCode(event.target.value)}
        />
        <Button size="small" variant="secondary" type="submit">{i18n.t("search")}</Button>
        <Button size="small" variant="transparent" type="button" onClick={() => setOpen(false)}>{i18n.t("cancel")}</Button>
      </form>
      {points.isLoading && <Text size="small">{i18n.t("loading")}</Text>}
      {points.isError && <Text size="small" className="text-ui-fg-error">{(points.error as Error).message}</Text>}
      {points.data?.pickup_points.length === 0 && <Text size="small">{i18n.t("noPickupPoints")}</Text>}
      <ul className="flex flex-col gap-y-1">
        {points.data?.pickup_points.map((point) => (
          <li key={point.id} className="flex items-center justify-between gap-x-2">
            <div>
              <Text size="small" weight="plus">
                {point.name} {point.is_locker && <Badge size="2xsmall">{i18n.t("locker")}</Badge>}
              </Text>
              <Text size="small" className="text-ui-fg-subtle">
                {point.address}, {point.postal_code} {point.city}
                {point.distance_km !== undefined ? ` · ${point.distance_km} km` : ""}
              </Text>
            </div>
            <Button
              size="small"
              variant="secondary"
              disabled={point.id === planned.pickup_point?.id}
              isLoading={choose.isPending && choose.variables === point.id}
              onClick={() => choose.mutate(point.id)}
            >
              {point.id === planned.pickup_point?.id ? i18n.t("chosen") : i18n.t("choose")}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  )
}
