/*
 * The bulk-booking page: unfulfilled carrier orders (`GET /admin/nordic-parcel/unfulfilled-orders`),
 * runs with each order's outcome, retry, and one PDF of a run's labels. The orders list's widget
 * (admin/widgets/order-list-nordic-parcel.tsx) links here from Medusa's orders page.
 */
import { defineRouteConfig } from "@medusajs/admin-sdk"
import { TruckFast } from "@medusajs/icons"
import { Badge, Button, Checkbox, Container, Heading, Table, Text, toast } from "@medusajs/ui"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useEffect, useState } from "react"
import { PickupsPanel } from "../../components/pickup-order"
import { sdk } from "../../lib/sdk"

/**
 * Nordic Parcel bookings: the unfulfilled orders that ship with the carrier, booked in bulk. The
 * run goes on on the server; this page starts it, polls its progress and shows each order's
 * outcome, the retry of the refused ones and the PDF of every label. The run's id is kept in the
 * address, so a reloaded or reopened page follows the same run. Above it, the next pickups and the
 * "Order pickup" action (components/pickup-order.tsx): after a run, the van for its parcels.
 */
const BASE = "/admin/nordic-parcel"
/** How often the page asks for the run's progress while it is going. */
const POLL_MS = 1000

type UnfulfilledOrder = {
  id: string
  display_id: number
  email: string | null
  created_at: string
  recipient: string
  destination: string
  shipping_method: string | null
  items_to_fulfil: number
  /** The delivery day the shopper (or you) asked for, yyyy-MM-dd: the booking sends it, or is refused naming it. */
  requested_delivery_date: string | null
  /** A booking the carrier never confirmed: it may exist under this reference; booked again from the order. */
  unconfirmed_booking: { id: string; carrier_reference: string; message: string | null } | null
}
type OutcomeStatus = "pending" | "booking" | "booked" | "refused" | "failed" | "skipped"
type BulkRun = {
  id: string
  status: "running" | "done"
  counts: Record<OutcomeStatus | "total", number>
  orders: { order_id: string; display_id: number | null; status: OutcomeStatus; consignment_number: string | null; message: string | null }[]
}

const OUTCOME_COLOR: Record<OutcomeStatus, "grey" | "blue" | "green" | "orange" | "red"> = {
  pending: "grey",
  booking: "blue",
  booked: "green",
  refused: "red",
  failed: "red",
  skipped: "orange",
}

function runIdInAddress(): string | null {
  return new URLSearchParams(window.location.search).get("run")
}

function keepRunIdInAddress(id: string | null) {
  const url = new URL(window.location.href)
  if (id) url.searchParams.set("run", id)
  else url.searchParams.delete("run")
  window.history.replaceState(window.history.state, "", url)
}

const NordicParcelBookingsPage = () => {
  const queryClient = useQueryClient()
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [runId, setRunId] = useState<string | null>(runIdInAddress)
  useEffect(() => keepRunIdInAddress(runId), [runId])

  const orders = useQuery({
    queryKey: ["nordic-parcel", "unfulfilled-orders"],
    queryFn: () => sdk.client.fetch<{ orders: UnfulfilledOrder[] }>(`${BASE}/unfulfilled-orders`),
  })
  const run = useQuery({
    queryKey: ["nordic-parcel", "bulk-booking", runId],
    queryFn: () => sdk.client.fetch<{ bulk_booking: BulkRun }>(`${BASE}/bulk-bookings/${runId}`),
    enabled: !!runId,
    refetchInterval: (query) => (query.state.data?.bulk_booking.status === "done" ? false : POLL_MS),
  })
  const status = run.data?.bulk_booking.status
  useEffect(() => {
    // The booked orders leave the list once the run ends.
    if (status === "done") void queryClient.invalidateQueries({ queryKey: ["nordic-parcel", "unfulfilled-orders"] })
  }, [status, queryClient])

  const book = useMutation({
    mutationFn: (orderIds: string[]) =>
      sdk.client.fetch<{ bulk_booking: { id: string } }>(`${BASE}/bulk-bookings`, { method: "POST", body: { order_ids: orderIds } }),
    onSuccess: ({ bulk_booking }) => {
      setSelected(new Set())
      setRunId(bulk_booking.id)
    },
    onError: (error: Error) => toast.error(error.message),
  })
  const retry = useMutation({
    mutationFn: (id: string) => sdk.client.fetch(`${BASE}/bulk-bookings/${id}/retry`, { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["nordic-parcel", "bulk-booking", runId] }),
    onError: (error: Error) => toast.error(error.message),
  })

  const list = orders.data?.orders ?? []
  const allSelected = list.length > 0 && list.every((order) => selected.has(order.id))
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })

  return (
    <div className="flex flex-col gap-y-3" data-testid="nordic-parcel-bookings">
      <div className="px-1">
        <Heading level="h1">Nordic Parcel bookings</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          Select orders and book their shipments in one go. Each order is fulfilled with all its unfulfilled items; the run goes on if you close this page.
        </Text>
      </div>
      <Container className="p-0">
        <PickupsPanel />
      </Container>
      {runId && <RunSection run={run.data?.bulk_booking} requestedDays={new Map(list.map((o) => [o.id, o.requested_delivery_date]))} loading={run.isLoading} onRetry={() => runId && retry.mutate(runId)} retrying={retry.isPending} onClose={() => setRunId(null)} />}
      <Container className="divide-y p-0">
        <div className="flex items-center justify-between px-6 py-4">
          <Heading level="h2">Unfulfilled orders</Heading>
          <Button
            size="small"
            data-testid="nordic-parcel-book-selected"
            disabled={selected.size === 0 || book.isPending}
            isLoading={book.isPending}
            onClick={() => book.mutate([...selected])}
          >
            Book shipments{selected.size ? ` (${selected.size})` : ""}
          </Button>
        </div>
        {orders.isLoading ? (
          <Text size="small" className="px-6 py-4">Loading…</Text>
        ) : list.length === 0 ? (
          <Text size="small" className="text-ui-fg-subtle px-6 py-4" data-testid="nordic-parcel-no-orders">
            No unfulfilled orders ship with Nordic Parcel.
          </Text>
        ) : (
          <Table>
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>
                  <Checkbox
                    aria-label="Select all orders"
                    data-testid="nordic-parcel-select-all"
                    checked={allSelected}
                    onCheckedChange={() => setSelected(allSelected ? new Set() : new Set(list.map((order) => order.id)))}
                  />
                </Table.HeaderCell>
                <Table.HeaderCell>Order</Table.HeaderCell>
                <Table.HeaderCell>Recipient</Table.HeaderCell>
                <Table.HeaderCell>Destination</Table.HeaderCell>
                <Table.HeaderCell>Shipping</Table.HeaderCell>
                <Table.HeaderCell>Requested day</Table.HeaderCell>
                <Table.HeaderCell>Items</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.map((order) => (
                <Table.Row key={order.id} data-testid="nordic-parcel-order-row" data-order-id={order.id}>
                  <Table.Cell>
                    <Checkbox aria-label={`Select order #${order.display_id}`} checked={selected.has(order.id)} onCheckedChange={() => toggle(order.id)} />
                  </Table.Cell>
                  <Table.Cell>
                    <a href={`/app/orders/${order.id}`} className="text-ui-fg-interactive">#{order.display_id}</a>
                    {order.unconfirmed_booking && (
                      <Badge size="2xsmall" color="red" className="ml-2" data-testid="nordic-parcel-unconfirmed" title={order.unconfirmed_booking.message ?? undefined}>
                        Unconfirmed booking · reference {order.unconfirmed_booking.carrier_reference}: check the carrier, then Book again on the order
                      </Badge>
                    )}
                  </Table.Cell>
                  <Table.Cell>{order.recipient || order.email}</Table.Cell>
                  <Table.Cell>{order.destination}</Table.Cell>
                  <Table.Cell>{order.shipping_method}</Table.Cell>
                  <Table.Cell data-testid="nordic-parcel-requested-day">{order.requested_delivery_date ?? ""}</Table.Cell>
                  <Table.Cell>{order.items_to_fulfil}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        )}
      </Container>
    </div>
  )
}

function RunSection({
  run,
  requestedDays,
  loading,
  onRetry,
  retrying,
  onClose,
}: {
  run?: BulkRun
  /** The requested delivery day of the orders still listed (a booked one leaves the list; its label carries the day). */
  requestedDays: Map<string, string | null>
  loading: boolean; onRetry: () => void; retrying: boolean; onClose: () => void }) {
  if (loading || !run) {
    return (
      <Container>
        <Text size="small">Loading the booking run…</Text>
      </Container>
    )
  }
  const { counts } = run
  const finished = counts.total - counts.pending - counts.booking
  const retryable = counts.refused + counts.failed
  return (
    <Container className="divide-y p-0" data-testid="nordic-parcel-run" data-status={run.status}>
      <div className="flex items-center justify-between px-6 py-4">
        <div>
          <Heading level="h2">{run.status === "done" ? "Booking run done" : "Booking…"}</Heading>
          <Text size="small" className="text-ui-fg-subtle" data-testid="nordic-parcel-run-progress">
            {finished} of {counts.total} orders: {counts.booked} booked, {counts.refused} refused, {counts.failed} failed, {counts.skipped} skipped
          </Text>
        </div>
        <div className="flex gap-x-2">
          {retryable > 0 && run.status === "done" && (
            <Button size="small" variant="secondary" onClick={onRetry} isLoading={retrying} data-testid="nordic-parcel-run-retry">
              Retry {retryable} failed
            </Button>
          )}
          {counts.booked > 0 && (
            <a href={`${BASE}/bulk-bookings/${run.id}/labels`} target="_blank" rel="noreferrer" data-testid="nordic-parcel-run-labels">
              <Button size="small" variant="secondary" type="button">
                Download labels PDF
              </Button>
            </a>
          )}
          <Button size="small" variant="transparent" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
      <div className="px-6 py-2">
        <div className="bg-ui-bg-subtle h-2 w-full overflow-hidden rounded">
          <div className="bg-ui-fg-interactive h-2" style={{ width: `${counts.total ? (100 * finished) / counts.total : 0}%` }} />
        </div>
      </div>
      <Table>
        <Table.Body>
          {run.orders.map((order) => (
            <Table.Row key={order.order_id} data-testid="nordic-parcel-run-order" data-status={order.status}>
              <Table.Cell>#{order.display_id ?? order.order_id}</Table.Cell>
              <Table.Cell>
                <Badge size="2xsmall" color={OUTCOME_COLOR[order.status]}>
                  {order.status}
                </Badge>
              </Table.Cell>
              <Table.Cell data-testid="nordic-parcel-run-requested-day">{requestedDays.get(order.order_id) ?? ""}</Table.Cell>
              <Table.Cell>{order.consignment_number ?? order.message ?? ""}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    </Container>
  )
}

export const config = defineRouteConfig({ label: "Nordic Parcel bookings", icon: TruckFast })

export default NordicParcelBookingsPage
