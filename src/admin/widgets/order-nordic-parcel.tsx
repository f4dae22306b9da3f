import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { Badge, Button, Container, Heading, Text, toast } from "@medusajs/ui"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useEffect } from "react"
import { httpLink } from "../../lib/http-link"
import { serviceInfo } from "../../lib/service-catalogue"
import { eventGroupLabel } from "../../lib/tracking/event-groups"
import { holdsGoods } from "../../lib/pickup-point-change"
import { PickupPointChange } from "../components/pickup-point-change"
import { DeliveryDateChange } from "../components/delivery-date-change"
import { texts, type TextKey } from "../lib/i18n"
import { sdk } from "../lib/sdk"
import type { AdminShipment, OrderCarrierView, PickupPoint, PlannedShipment, TrackingEvent } from "../lib/types"
import { SETTLED_SHIPMENT_STATUSES } from "../../lib/statuses"
import { statusFromEvents } from "../../lib/tracking/followed-consignments"

type Texts = ReturnType<typeof texts>

const STATUS_COLOR: Record<AdminShipment["status"], "grey" | "blue" | "green" | "orange" | "red" | "purple"> = {
  booking: "orange",
  booked: "blue",
  shipped: "purple",
  delivered: "green",
  returned: "orange",
  failed: "red",
  // Its fulfillment was cancelled or rolled back; the next identical fulfilment takes it over.
  unused: "grey",
}

/** Shipments in these states get no more tracking events: polling stops. */
const SETTLED = new Set<AdminShipment["status"]>(SETTLED_SHIPMENT_STATUSES)
/** How often the widget asks for new tracking events while a parcel is on its way. */
const POLL_MS = 5000
/**
 * How often it looks for a booking before there is one: the dashboard's own fulfilment reloads it at
 * once, this catches one made elsewhere (another admin, the API, a workflow).
 */
const WAIT_FOR_BOOKING_MS = 10_000

/** A free return the parcel carries that the shopper sent and the carrier has not yet delivered back. */
function carriedReturnMoving(shipment: AdminShipment): boolean {
  const events = shipment.return_tracking_events ?? []
  return events.length > 0 && !SETTLED.has(statusFromEvents(events.map((event) => event.status)))
}

function formatTime(iso: string, { locale }: Texts): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso))
}

function formatDay(day: string, { locale }: Texts): string {
  // A calendar day (yyyy-MM-dd): shown as that day wherever the merchant is.
  return new Intl.DateTimeFormat(locale, { dateStyle: "full", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`))
}

function Timeline({ events, i18n }: { events: TrackingEvent[]; i18n: Texts }) {
  if (events.length === 0) {
    return <Text size="small" className="text-ui-fg-subtle">{i18n.t("noEvents")}</Text>
  }
  return (
    <ol className="flex flex-col gap-y-1" data-testid="nordic-parcel-timeline">
      {events.map((event) => (
        <li key={event.id} className="flex justify-between gap-x-4">
          <Text size="small" weight="plus">{eventGroupLabel(event.status)}</Text>
          <Text size="small" className="text-ui-fg-subtle">{formatTime(event.occurred_at, i18n)}</Text>
        </li>
      ))}
    </ol>
  )
}

function PickupPointView({ point, i18n }: { point: PickupPoint; i18n: Texts }) {
  return (
    <div data-testid="nordic-parcel-pickup-point">
      <Text size="small" weight="plus">{i18n.t("pickupPoint")}: {point.name}</Text>
      <Text size="small" className="text-ui-fg-subtle">
        {point.visiting_address ?? `${point.address}, ${point.postal_code} ${point.city}`}
      </Text>
      {point.opening_hours && (
        <Text size="small" className="text-ui-fg-subtle">{i18n.t("openingHours")}: {point.opening_hours}</Text>
      )}
    </div>
  )
}

/** Before booking: what the shopper chose at checkout; the merchant may still change the pickup point. */
function PlannedCard({ orderId, planned, booked, i18n }: { orderId: string; planned: PlannedShipment; booked: boolean; i18n: Texts }) {
  return (
    <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="nordic-parcel-planned">
      <div>
        <Text size="small" className="text-ui-fg-subtle">{i18n.t("chosenService")}</Text>
        <Text weight="plus">
          {planned.service_name} <span className="text-ui-fg-muted">· {planned.service_code}</span>
        </Text>
      </div>
      {planned.requested_delivery_date ? (
        <div data-testid="nordic-parcel-requested-delivery-date">
          <Text size="small" weight="plus">
            {i18n.t("requestedDelivery")}: {formatDay(planned.requested_delivery_date, i18n)}
            {planned.delivery_date_chosen_by === "merchant" && <span className="text-ui-fg-muted"> · {i18n.t("requestedByMerchant")}</span>}
          </Text>
          {planned.requested_delivery_date_problem && !booked && (
            <Text size="small" className="text-ui-fg-error">{planned.requested_delivery_date_problem}</Text>
          )}
        </div>
      ) : planned.delivery_date && (
        <Text size="small" data-testid="nordic-parcel-delivery-date">
          {i18n.t("expectedDelivery")}: {formatDay(planned.delivery_date, i18n)}
        </Text>
      )}
      {planned.pickup_point ? <PickupPointView point={planned.pickup_point} i18n={i18n} /> : (
        <Text size="small" className="text-ui-fg-subtle">{i18n.t("noPickupPoint")}</Text>
      )}
      {planned.pickup_point_chosen_by === "merchant" && (
        <Text size="small" className="text-ui-fg-subtle">{i18n.t("chosenByMerchant")}</Text>
      )}
      {!booked && <Text size="small" className="text-ui-fg-subtle">{i18n.t("notBooked")}</Text>}
      {!booked && planned.requires_pickup_point && <PickupPointChange orderId={orderId} planned={planned} i18n={i18n} />}
      {!booked && planned.takes_delivery_date && <DeliveryDateChange orderId={orderId} planned={planned} i18n={i18n} />}
    </div>
  )
}

/** A booking the carrier never confirmed may exist: the merchant checks the portal, then books again. */
function BookAgain({ shipment, i18n }: { shipment: AdminShipment; i18n: Texts }) {
  const queryClient = useQueryClient()
  const rebook = useMutation({
    mutationFn: () => sdk.client.fetch(`/admin/nordic-parcel/shipments/${shipment.id}/rebook`, { method: "POST" }),
    onSuccess: () => {
      toast.success(i18n.t("bookedAgain"))
      queryClient.invalidateQueries({ queryKey: ["nordic-parcel"] })
      queryClient.invalidateQueries({ queryKey: ["orders"] })
    },
    onError: (error: Error) => toast.error(error.message),
  })
  return (
    <div className="flex flex-col gap-y-2">
      <Text size="small" className="text-ui-fg-error">
        {i18n.t("unconfirmed", { error: shipment.last_error?.message ?? i18n.t("noAnswer") })}
      </Text>
      <Text size="small" data-testid="nordic-parcel-carrier-reference">
        {i18n.t("carrierReference", { reference: shipment.carrier_reference })}
      </Text>
      <div>
        <Button size="small" variant="secondary" isLoading={rebook.isPending} onClick={() => rebook.mutate()}>
          {i18n.t("bookAgain")}
        </Button>
      </div>
    </div>
  )
}

function ShipmentCard({ shipment, showPickupPoint, i18n }: { shipment: AdminShipment; showPickupPoint: boolean; i18n: Texts }) {
  // An unconfirmed attempt a later booking replaced: the server's text names the label to leave unused.
  const replaced = shipment.status === "failed" && Boolean(shipment.last_error?.superseded_by)
  const status: TextKey = shipment.unconfirmed ? "status_unconfirmed" : replaced ? "status_replaced" : `status_${shipment.status}`
  return (
    <div className="flex flex-col gap-y-3 px-6 py-4" data-testid="nordic-parcel-shipment">
      <div className="flex items-center justify-between">
        <Text weight="plus">
          {shipment.kind === "return" ? `${i18n.t("returnPrefix")} · ` : ""}
          {shipment.service_name ?? serviceInfo(shipment.service_code).name} <span className="text-ui-fg-muted">· {shipment.service_code}</span>
          {shipment.test ? ` · ${i18n.t("test")}` : ""}
        </Text>
        <Badge size="2xsmall" color={shipment.unconfirmed ? "red" : replaced ? "grey" : STATUS_COLOR[shipment.status]} data-testid="nordic-parcel-status">
          {i18n.t(status)}
        </Badge>
      </div>
      {shipment.consignment_number && (
        <Text size="small">
          {i18n.t("consignment")} {shipment.consignment_number}
          {shipment.package_numbers.length > 0 && ` · ${i18n.t("packages")} ${shipment.package_numbers.join(", ")}`}
        </Text>
      )}
      {shipment.unconfirmed && <BookAgain shipment={shipment} i18n={i18n} />}
      {replaced && (
        <Text size="small" className="text-ui-fg-subtle" data-testid="nordic-parcel-replaced">
          {shipment.last_error!.message}
        </Text>
      )}
      <div className="flex flex-wrap gap-2">
        {shipment.label_url && (
          <Button size="small" variant="secondary" asChild>
            <a href={shipment.label_download_url} target="_blank" rel="noreferrer" data-testid="nordic-parcel-label">{i18n.t("label")}</a>
          </Button>
        )}
        {shipment.return_shipment?.label_url && (
          <Button size="small" variant="secondary" asChild>
            <a href={`${shipment.label_download_url}?return=true`} target="_blank" rel="noreferrer">{i18n.t("returnLabel")}</a>
          </Button>
        )}
        {httpLink(shipment.tracking_url) && (
          <Button size="small" variant="transparent" asChild>
            <a href={httpLink(shipment.tracking_url) ?? undefined} target="_blank" rel="noreferrer">{i18n.t("track")}</a>
          </Button>
        )}
      </div>
      {shipment.return_shipment && shipment.return_shipment.qr_codes.length > 0 && (
        <div className="flex gap-2">
          {shipment.return_shipment.qr_codes.map((src) => (
            <img key={src} src={src} alt={i18n.t("returnQr")} className="h-20 w-20" />
          ))}
        </div>
      )}
      {showPickupPoint && shipment.pickup_point && <PickupPointView point={shipment.pickup_point} i18n={i18n} />}
      <Timeline events={shipment.tracking_events} i18n={i18n} />
      {shipment.return_shipment && shipment.return_tracking_events.length > 0 && (
        // The free return this parcel carries, once the shopper sends it: its own events, never the parcel's.
        <div className="flex flex-col gap-y-2" data-testid="nordic-parcel-carried-return">
          <Text size="small" weight="plus">
            {i18n.t("returnPrefix")} · {i18n.t("consignment")} {shipment.return_shipment.consignment_number}
          </Text>
          <Timeline events={shipment.return_tracking_events} i18n={i18n} />
        </div>
      )}
    </div>
  )
}

/**
 * The carrier side of an order: the service, pickup point and delivery date the shopper chose,
 * then bookings, labels and tracking per fulfillment. It polls while a parcel is on its way (the
 * carrier's events arrive by webhook) and reloads when the order's fulfilments change.
 */
const OrderNordicParcelWidget = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const i18n = texts()
  const queryClient = useQueryClient()
  const queryKey = ["nordic-parcel", "order", order.id]
  const { data, isLoading, isError, error } = useQuery({
    queryKey,
    queryFn: () => sdk.client.fetch<OrderCarrierView>(`/admin/nordic-parcel/orders/${order.id}`),
    refetchInterval: (query) => {
      const view = query.state.data as OrderCarrierView | undefined
      if (!view) return false
      if (view.shipments.some((shipment) => !SETTLED.has(shipment.status) || carriedReturnMoving(shipment))) return POLL_MS
      const awaitingBooking = view.shipping_methods.length > 0 && !view.shipments.some((s) => s.kind === "outbound")
      return awaitingBooking ? WAIT_FOR_BOOKING_MS : false
    },
  })
  // The dashboard refetches the order after a fulfilment (or its cancellation): follow it.
  const fulfilments = (order.fulfillments ?? []).map((f) => `${f.id}:${f.shipped_at ?? ""}:${f.delivered_at ?? ""}:${f.canceled_at ?? ""}`).join(",")
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fulfilments])

  const shipments = data?.shipments ?? []
  const planned = data?.shipping_methods ?? []
  if (!isLoading && !isError && shipments.length === 0 && planned.length === 0) {
    return null // not a carrier order: stay out of the way
  }
  return (
    <Container className="divide-y p-0" data-testid="nordic-parcel-widget" lang={i18n.language}>
      <div className="px-6 py-4">
        <Heading level="h2">{i18n.t("widgetTitle")}</Heading>
      </div>
      {isLoading && <Text className="px-6 py-4">{i18n.t("loading")}</Text>}
      {isError && <Text className="px-6 py-4 text-ui-fg-error">{(error as Error).message}</Text>}
      {planned.map((method) => (
        <PlannedCard
          key={method.shipping_method_id}
          orderId={order.id}
          planned={method}
          // As the server decides: a failed or unused booking no longer holds the goods.
          booked={shipments.some((s) => s.kind === "outbound" && holdsGoods(s.status))}
          i18n={i18n}
        />
      ))}
      {shipments.map((shipment) => (
        <ShipmentCard
          key={shipment.id}
          shipment={shipment}
          // Shown once: above, with what the shopper chose, unless this parcel went elsewhere.
          showPickupPoint={!planned.some((method) => method.pickup_point?.id === shipment.pickup_point?.id)}
          i18n={i18n}
        />
      ))}
    </Container>
  )
}

export const config = defineWidgetConfig({
  zone: "order.details.side.after",
})

export default OrderNordicParcelWidget
