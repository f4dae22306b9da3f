import { Table, Text } from "@medusajs/ui"
import type { ReactNode } from "react"
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
  dead_letters: { id: string; received_at: string; reason: string; body: string }[]
  dead_letter_count: number
}

type UnappliedEvent = TrackingHealth["unapplied_events"][number]
type UnsubscribedShipment = TrackingHealth["unsubscribed_shipments"][number]
type DeadLetter = TrackingHealth["dead_letters"][number]

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "–")

/** A column of a backlog table; `wraps` for long text (errors, bodies) that would widen the table. */
type Column<Row> = { header: string; cell: (row: Row) => ReactNode; wraps?: string }

/** A column that shows a field as it is. */
function shown<Row>(header: string, field: keyof Row): Column<Row> {
  return { header, cell: (row) => row[field] as ReactNode }
}

/** A column that shows a time field in the admin's locale ("–" when there is none). */
function time<Row>(header: string, field: keyof Row): Column<Row> {
  return { header, cell: (row) => when(row[field] as string | null) }
}

const WRAPS = "whitespace-normal"

type Retried = { attempts: number; last_error: string | null; next_attempt_at: string | null }

/** What both retried backlogs show last: the attempts so far, why the last one failed, when the next is. */
function retryColumns<Row extends Retried>(whyHeader: string, beforeFirstAttempt: string): Column<Row>[] {
  return [
    shown("Attempts", "attempts"),
    { header: whyHeader, cell: (row) => row.last_error ?? beforeFirstAttempt, wraps: WRAPS },
    time("Next attempt", "next_attempt_at"),
  ]
}

const UNAPPLIED_COLUMNS: Column<UnappliedEvent>[] = [
  shown("Event", "status"),
  shown("Shipment", "shipment_number"),
  time("Received", "received_at"),
  ...retryColumns<UnappliedEvent>("Why", "not tried yet"),
]

const UNSUBSCRIBED_COLUMNS: Column<UnsubscribedShipment>[] = [
  shown("Consignment", "consignment_number"),
  time("Since", "since"),
  ...retryColumns<UnsubscribedShipment>("Carrier's answer", "–"),
]

const DEAD_LETTER_COLUMNS: Column<DeadLetter>[] = [
  time("Received", "received_at"),
  { header: "Why", cell: (letter) => letter.reason, wraps: WRAPS },
  { header: "Body as received", cell: (letter) => letter.body.slice(0, 300), wraps: `${WRAPS} break-all font-mono text-xs` },
]

/**
 * What tracking has not done yet: carrier events stored but not applied to their order (with why
 * and when they are tried again), booked shipments whose tracking subscription failed, and
 * callbacks the plugin could not understand (dead letters, with the reason and the body).
 */
export function StuckEventsSection() {
  const health = usePluginQuery<TrackingHealth>("tracking-health", "/tracking-health")
  const data = health.data
  return (
    <Section title="Tracking not applied yet" testId="nordic-parcel-tracking-health" loading={health.isLoading} error={health.error}>
      {data && data.unapplied_count === 0 && data.unsubscribed_count === 0 && data.dead_letter_count === 0 ? (
        <Text size="small" className="text-ui-fg-subtle">Every carrier event is applied and every shipment is subscribed.</Text>
      ) : (
        <div className="flex flex-col gap-y-6">
          {data && data.unapplied_count > 0 && (
            <BacklogTable title={`${data.unapplied_count} carrier events not applied (retried automatically)`} columns={UNAPPLIED_COLUMNS}
              rows={data.unapplied_events} rowId={(event) => event.event_id} testIdPrefix="nordic-parcel-unapplied" />
          )}
          {data && data.unsubscribed_count > 0 && (
            <BacklogTable title={`${data.unsubscribed_count} shipments without tracking subscription (retried automatically)`} columns={UNSUBSCRIBED_COLUMNS}
              rows={data.unsubscribed_shipments} rowId={(shipment) => shipment.consignment_number} testIdPrefix="nordic-parcel-unsubscribed" />
          )}
          {data && data.dead_letter_count > 0 && (
            <BacklogTable title={`${data.dead_letter_count} carrier callbacks not understood (kept, not applied)`} columns={DEAD_LETTER_COLUMNS}
              rows={data.dead_letters} rowId={(letter) => letter.id} testIdPrefix="nordic-parcel-dead-letter" />
          )}
        </div>
      )}
    </Section>
  )
}

/** One kind of backlog: how many there are and what happens to them, then a table of them. */
function BacklogTable<Row>(props: { title: string; columns: Column<Row>[]; rows: Row[]; rowId: (row: Row) => string; testIdPrefix: string }) {
  return (
    <div>
      <Text weight="plus" className="mb-2">{props.title}</Text>
      <Table>
        <Table.Header>
          <Table.Row>
            {props.columns.map((column) => (
              <Table.HeaderCell key={column.header}>{column.header}</Table.HeaderCell>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {props.rows.map((row) => (
            <Table.Row key={props.rowId(row)} data-testid={`${props.testIdPrefix}-${props.rowId(row)}`}>
              {props.columns.map((column) => (
                <Table.Cell key={column.header} className={column.wraps}>{column.cell(row)}</Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    </div>
  )
}
