import { Button, Checkbox, Select, Table, Text, toast, usePrompt } from "@medusajs/ui"
import { useState } from "react"
import { usePluginMutation, usePluginQuery } from "../lib/api"
import type { Status } from "./connection-section"
import { Section } from "./section"
import { EVENT_GROUP_NAMES, EVENT_GROUP_TEXTS, eventGroupLabel } from "../../lib/tracking/event-groups"

type Subscription = {
  id: string
  customer_number?: string
  tracking_id?: string
  event_groups: string[]
  webhook: { url: string | null; header_keys: string[] }
  expires_at: string | null
  created_by?: string | null
}

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : "–")

function SubscriptionActions({ subscription, kind }: { subscription: Subscription; kind: "customer" | "tracking" }) {
  const prompt = usePrompt()
  const base = kind === "customer" ? "/customer-subscriptions" : "/tracking-subscriptions"
  const invalidate = ["customer-subscriptions", "customer-subscriptions-all", "tracking-subscriptions"]
  const renew = usePluginMutation("POST", () => `/customer-subscriptions/${subscription.id}/renew`, {
    invalidate,
    success: () => "Renewed for 365 days",
  })
  const remove = usePluginMutation("DELETE", () => `${base}/${subscription.id}`, { invalidate, success: () => "Subscription deleted" })
  const test = usePluginMutation<unknown, { sent: boolean; carrier_status: number; outcome: string }>("POST", () => `/subscriptions/${subscription.id}/test`, {
    invalidate: [],
  })
  return (
    <div className="flex gap-x-2">
      <Button size="small" variant="secondary" isLoading={test.isPending}
        onClick={() => test.mutate({}, { onSuccess: (r) => toast.success(`Test callback sent (carrier HTTP ${r.carrier_status})${r.outcome ? `: ${r.outcome}` : ""}`) })}>
        Test
      </Button>
      {kind === "customer" && (
        <Button size="small" variant="secondary" isLoading={renew.isPending} onClick={() => renew.mutate({})}>Renew</Button>
      )}
      <Button size="small" variant="danger" isLoading={remove.isPending}
        onClick={async () => {
          const confirmed = await prompt({ title: "Delete subscription?", description: "The carrier stops sending these tracking events.", confirmText: "Delete", cancelText: "Cancel" })
          if (confirmed) remove.mutate({})
        }}>
        Delete
      </Button>
    </div>
  )
}

function SubscriptionTable({ rows, kind, showCreator }: { rows: Subscription[]; kind: "customer" | "tracking"; showCreator?: boolean }) {
  if (rows.length === 0) {
    return (
      <Text size="small" className="text-ui-fg-subtle">
        {kind === "customer"
          ? "No subscription yet: subscribe a customer number to receive events for every parcel booked on it, also those booked outside this store."
          : "No parcel is followed yet: each booked parcel appears here when it is subscribed to tracking events."}
      </Text>
    )
  }
  return (
    <Table>
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell>{kind === "customer" ? "Customer number" : "Tracking number"}</Table.HeaderCell>
          <Table.HeaderCell>Events</Table.HeaderCell>
          <Table.HeaderCell>Expires</Table.HeaderCell>
          {showCreator && <Table.HeaderCell>Created by</Table.HeaderCell>}
          <Table.HeaderCell />
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => (
          <Table.Row key={row.id} data-testid={`nordic-parcel-subscription-${row.id}`}>
            <Table.Cell>{row.customer_number ?? row.tracking_id}</Table.Cell>
            <Table.Cell className="whitespace-normal">{row.event_groups.map(eventGroupLabel).join(", ")}</Table.Cell>
            <Table.Cell data-testid="expires">{day(row.expires_at)}</Table.Cell>
            {showCreator && <Table.Cell>{row.created_by ?? "–"}</Table.Cell>}
            <Table.Cell><SubscriptionActions subscription={row} kind={kind} /></Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  )
}

function CreateCustomerSubscription() {
  const status = usePluginQuery<Status>("status", "/status")
  const [customerNumber, setCustomerNumber] = useState<string>("")
  const [groups, setGroups] = useState<string[]>(["HANDED_IN", "DELIVERED"])
  const create = usePluginMutation<{ customer_number: string; event_groups: string[] }>("POST", () => "/customer-subscriptions", {
    invalidate: ["customer-subscriptions", "customer-subscriptions-all"],
    success: () => "Subscription created",
  })
  return (
    <div className="flex flex-col gap-y-3" data-testid="nordic-parcel-create-subscription">
      <Select size="small" value={customerNumber} onValueChange={setCustomerNumber}>
        <Select.Trigger data-testid="customer-number"><Select.Value placeholder="Customer number" /></Select.Trigger>
        <Select.Content>
          {(status.data?.customer_numbers ?? []).map((c) => (
            <Select.Item key={c.customer_number} value={c.customer_number}>{c.customer_number} {c.name ? `· ${c.name}` : ""}</Select.Item>
          ))}
        </Select.Content>
      </Select>
      <div className="grid grid-cols-3 gap-2">
        {EVENT_GROUP_NAMES.map((group) => (
          <label key={group} className="flex items-center gap-x-2" title={EVENT_GROUP_TEXTS[group].description}>
            <Checkbox checked={groups.includes(group)} onCheckedChange={(on) => setGroups(on ? [...groups, group] : groups.filter((g) => g !== group))} />
            <Text size="small">{EVENT_GROUP_TEXTS[group].label}</Text>
          </label>
        ))}
      </div>
      <div>
        <Button size="small" disabled={!customerNumber || groups.length === 0} isLoading={create.isPending}
          onClick={() => create.mutate({ customer_number: customerNumber, event_groups: groups })}>
          Subscribe
        </Button>
      </div>
    </div>
  )
}

/** Customer-number subscriptions: every consignment of a customer number, pushed to this store. */
export function CustomerSubscriptionsSection() {
  const own = usePluginQuery<{ customer_subscriptions: Subscription[] }>("customer-subscriptions", "/customer-subscriptions")
  const all = usePluginQuery<{ customer_subscriptions: Subscription[] }>("customer-subscriptions-all", "/customer-subscriptions/all")
  return (
    <Section title="Customer-number subscriptions" testId="nordic-parcel-customer-subscriptions"
      help="Events for every parcel on a customer number, pushed to this store (renew yearly)." loading={own.isLoading} error={own.error}>
      <div className="flex flex-col gap-y-6">
        <CreateCustomerSubscription />
        <div>
          <Text weight="plus" className="mb-2">This store's</Text>
          <SubscriptionTable rows={own.data?.customer_subscriptions ?? []} kind="customer" />
        </div>
        <div>
          <Text weight="plus" className="mb-2">All on your customer numbers</Text>
          <SubscriptionTable rows={all.data?.customer_subscriptions ?? []} kind="customer" showCreator />
        </div>
      </div>
    </Section>
  )
}

/** Tracking-number subscriptions, made for each booking. */
export function TrackingSubscriptionsSection() {
  const { data, isLoading, error } = usePluginQuery<{ tracking_subscriptions: Subscription[] }>("tracking-subscriptions", "/tracking-subscriptions")
  return (
    <Section title="Tracking subscriptions" testId="nordic-parcel-tracking-subscriptions"
      help="The parcels this store follows, one subscription per booked parcel." loading={isLoading} error={error}>
      <SubscriptionTable rows={data?.tracking_subscriptions ?? []} kind="tracking" />
    </Section>
  )
}
