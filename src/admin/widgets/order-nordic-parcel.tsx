import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { Badge, Button, Container, Heading, Text, toast } from "@medusajs/ui"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { sdk } from "../lib/sdk"
import type { AdminShipment, TrackingEvent } from "../lib/types"

const STATUS_COLOR: Record<AdminShipment["status"], "grey" | "blue" | "green" | "orange" | "red" | "purple"> = {
  booking: "orange",
  booked: "blue",
  shipped: "purple",
  delivered: "green",
  returned: "orange",
  failed: "red",
  cancelled: "grey",
}

function formatTime(iso: string): string {
  // The merchant's own locale and time zone, as the rest of the admin shows times.
  return new Intl.DateTimeFormat(navigator.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso))
}

function Timeline({ events }: { events: TrackingEvent[] }) {
  if (events.length === 0) {
    return <Text size="small" className="text-ui-fg-subtle">No tracking events yet.</Text>
  }
  return (
    <ol className="flex flex-col gap-y-1" data-testid="nordic-parcel-timeline">
      {events.map((event) => (
        <li key={event.id} className="flex justify-between gap-x-4">
          <Text size="small" weight="plus">{event.status.replace(/_/g, " ").toLowerCase()}</Text>
          <Text size="small" className="text-ui-fg-subtle">{formatTime(event.occurred_at)}</Text>
        </li>
      ))}
    </ol>
  )
}

/** A booking the carrier never confirmed may exist: the merchant checks the portal, then books again. */
function BookAgain({ shipment }: { shipment: AdminShipment }) {
  const queryClient = useQueryClient()
  const rebook = useMutation({
    mutationFn: () => sdk.client.fetch(`/admin/nordic-parcel/shipments/${shipment.id}/rebook`, { method: "POST" }),
    onSuccess: () => {
      toast.success("Booked again")
      queryClient.invalidateQueries({ queryKey: ["nordic-parcel"] })
      queryClient.invalidateQueries({ queryKey: ["orders"] })
    },
    onError: (error: Error) => toast.error(error.message),
  })
  return (
    <div className="flex flex-col gap-y-2">
      <Text size="small" className="text-ui-fg-error">
        The carrier never confirmed this booking ({shipment.last_error?.message ?? "no answer"}). It may exist: check
        the carrier's portal before booking again.
      </Text>
      <div>
        <Button size="small" variant="secondary" isLoading={rebook.isPending} onClick={() => rebook.mutate()}>
          Book again
        </Button>
      </div>
    </div>
  )
}

function ShipmentCard({ shipment }: { shipment: AdminShipment }) {
  const unconfirmed = shipment.status === "booking"
  return (
    <div className="flex flex-col gap-y-3 px-6 py-4" data-testid="nordic-parcel-shipment">
      <div className="flex items-center justify-between">
        <Text weight="plus">
          {shipment.kind === "return" ? "Return · " : ""}
          {shipment.service_code}
          {shipment.test ? " · test" : ""}
        </Text>
        <Badge size="2xsmall" color={STATUS_COLOR[shipment.status]}>{shipment.status}</Badge>
      </div>
      {shipment.consignment_number && (
        <Text size="small">
          Consignment {shipment.consignment_number}
          {shipment.package_numbers.length > 0 && ` · packages ${shipment.package_numbers.join(", ")}`}
        </Text>
      )}
      {unconfirmed && <BookAgain shipment={shipment} />}
      <div className="flex flex-wrap gap-2">
        {shipment.label_url && (
          <Button size="small" variant="secondary" asChild>
            <a href={shipment.label_download_url} target="_blank" rel="noreferrer" data-testid="nordic-parcel-label">Label</a>
          </Button>
        )}
        {shipment.return_shipment?.label_url && (
          <Button size="small" variant="secondary" asChild>
            <a href={`${shipment.label_download_url}?return=true`} target="_blank" rel="noreferrer">Return label</a>
          </Button>
        )}
        {shipment.tracking_url && (
          <Button size="small" variant="transparent" asChild>
            <a href={shipment.tracking_url} target="_blank" rel="noreferrer">Track</a>
          </Button>
        )}
      </div>
      {shipment.return_shipment && shipment.return_shipment.qr_codes.length > 0 && (
        <div className="flex gap-2">
          {shipment.return_shipment.qr_codes.map((src) => (
            <img key={src} src={src} alt="Return QR code" className="h-20 w-20" />
          ))}
        </div>
      )}
      {shipment.pickup_point && (
        <div>
          <Text size="small" weight="plus">Pickup point: {shipment.pickup_point.name}</Text>
          <Text size="small" className="text-ui-fg-subtle">
            {shipment.pickup_point.visiting_address ??
              `${shipment.pickup_point.address}, ${shipment.pickup_point.postal_code} ${shipment.pickup_point.city}`}
          </Text>
          {shipment.pickup_point.opening_hours && (
            <Text size="small" className="text-ui-fg-subtle">{shipment.pickup_point.opening_hours}</Text>
          )}
        </div>
      )}
      <Timeline events={shipment.tracking_events} />
    </div>
  )
}

/** The carrier side of an order: bookings, labels, pickup point and tracking, per fulfillment. */
const OrderNordicParcelWidget = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const { data, isLoading, isError, error } = useQuery({
    queryKey: ["nordic-parcel", "order", order.id],
    queryFn: () => sdk.client.fetch<{ shipments: AdminShipment[] }>(`/admin/nordic-parcel/orders/${order.id}`),
  })
  const shipments = data?.shipments ?? []
  if (!isLoading && !isError && shipments.length === 0) {
    return null // not a carrier order: stay out of the way
  }
  return (
    <Container className="divide-y p-0" data-testid="nordic-parcel-widget">
      <div className="px-6 py-4">
        <Heading level="h2">Nordic Parcel</Heading>
      </div>
      {isLoading && <Text className="px-6 py-4">Loading shipments…</Text>}
      {isError && <Text className="px-6 py-4 text-ui-fg-error">{(error as Error).message}</Text>}
      {shipments.map((shipment) => (
        <ShipmentCard key={shipment.id} shipment={shipment} />
      ))}
    </Container>
  )
}

export const config = defineWidgetConfig({
  zone: "order.details.side.after",
})

export default OrderNordicParcelWidget
