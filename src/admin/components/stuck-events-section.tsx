import { Table, Text } from "@medusajs/ui"
import { usePluginQuery } from "../lib/api"
import { Section } from "./section"

type TrackingHealth = {
  unapplied_events: {
    event_id: string
    status: string
    shipment_number: string
    order_id: string | null
    received_at: string
    attempts: number
    last_error: string | null
    next_attempt_at: string | null
  }[]
  unapplied_count: number
  unsubscribed_shipments: {
    consignment_number: string
    since: string
    attempts: number
    last_error: string | null
    next_attempt_at: string | null
  }[]
  unsubscribed_count: number
}

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "–")

/**
 * What tracking has not done yet: carrier events stored but not applied to their order (with why
 * and when they are tried again), and booked shipments whose tracking subscription failed.
 */
export function StuckEventsSection() {
  const health = usePluginQuery<TrackingHealth>("tracking-health", "/tracking-health")
  const data = health.data
  return (
    <Section title="Tracking not applied yet" testId="nordic-parcel-tracking-health" loading={health.isLoading} error={health.error}>
      {data && data.unapplied_count === 0 && data.unsubscribed_count === 0 ? (
        <Text size="small" className="text-ui-fg-subtle">Every carrier event is applied and every shipment is subscribed.</Text>
      ) : (
        <div className="flex flex-col gap-y-6">
          {data && data.unapplied_count > 0 && (
            <div>
              <Text weight="plus" className="mb-2">{data.unapplied_count} carrier events not applied (retried automatically)</Text>
              <Table>
                <Table.Header>
                  <Table.Row>
                    <Table.HeaderCell>Event</Table.HeaderCell>
                    <Table.HeaderCell>Shipment</Table.HeaderCell>
                    <Table.HeaderCell>Received</Table.HeaderCell>
                    <Table.HeaderCell>Attempts</Table.HeaderCell>
                    <Table.HeaderCell>Why</Table.HeaderCell>
                    <Table.HeaderCell>Next attempt</Table.HeaderCell>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {data.unapplied_events.map((event) => (
                    <Table.Row key={event.event_id} data-testid={`nordic-parcel-unapplied-${event.event_id}`}>
                      <Table.Cell>{event.status}</Table.Cell>
                      <Table.Cell>{event.shipment_number}</Table.Cell>
                      <Table.Cell>{when(event.received_at)}</Table.Cell>
                      <Table.Cell>{event.attempts}</Table.Cell>
                      <Table.Cell className="whitespace-normal">{event.last_error ?? "not tried yet"}</Table.Cell>
                      <Table.Cell>{when(event.next_attempt_at)}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table>
            </div>
          )}
          {data && data.unsubscribed_count > 0 && (
            <div>
              <Text weight="plus" className="mb-2">{data.unsubscribed_count} shipments without tracking subscription (retried automatically)</Text>
              <Table>
                <Table.Header>
                  <Table.Row>
                    <Table.HeaderCell>Consignment</Table.HeaderCell>
                    <Table.HeaderCell>Since</Table.HeaderCell>
                    <Table.HeaderCell>Attempts</Table.HeaderCell>
                    <Table.HeaderCell>Carrier's answer</Table.HeaderCell>
                    <Table.HeaderCell>Next attempt</Table.HeaderCell>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {data.unsubscribed_shipments.map((shipment) => (
                    <Table.Row key={shipment.consignment_number} data-testid={`nordic-parcel-unsubscribed-${shipment.consignment_number}`}>
                      <Table.Cell>{shipment.consignment_number}</Table.Cell>
                      <Table.Cell>{when(shipment.since)}</Table.Cell>
                      <Table.Cell>{shipment.attempts}</Table.Cell>
                      <Table.Cell className="whitespace-normal">{shipment.last_error ?? "–"}</Table.Cell>
                      <Table.Cell>{when(shipment.next_attempt_at)}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table>
            </div>
          )}
        </div>
      )}
    </Section>
  )
}
