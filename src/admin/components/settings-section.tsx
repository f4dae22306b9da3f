import { Button, Checkbox, Input, Label, Select, Switch, Table, Text } from "@medusajs/ui"
import { useEffect, useState } from "react"
import { usePluginMutation, usePluginQuery } from "../lib/api"
import { Section } from "./section"

type ServiceSettings = {
  offered: boolean
  name: string | null
  price_source: "net" | "list"
  fallback_price: number | null
  markup: string | null
  free_shipping_threshold: number | null
  additional_services: string[]
  return_service: string | null
  qr_codes: boolean
}

type SettingsView = {
  test_mode: boolean
  customer_number: string | null
  services: Record<string, ServiceSettings>
  packaging: { weight_unit: string; default_item_weight: number; packaging_weight: number }
  tracking: { event_groups: string[]; auto_subscribe: boolean }
}

type SettingsResponse = { effective: SettingsView; defaults: SettingsView; version: number; problem: string | null }

export const EVENT_GROUPS = [
  "HANDED_IN", "IN_TRANSIT", "TERMINAL", "TRANSPORT_TO_RECIPIENT", "READY_FOR_PICKUP", "ATTEMPTED_DELIVERY",
  "DELIVERED", "RETURN", "DELIVERED_SENDER", "CUSTOMS", "INTERNATIONAL", "COLLECTED", "DEVIATION",
  "DELIVERY_ORDERED", "DELIVERY_CHANGED", "DELIVERY_CANCELLED", "NOTIFICATION_SENT", "PRE_NOTIFIED",
]

const numberOrNull = (value: string) => (value.trim() === "" ? null : Number(value))

function ServiceRow({ code, service }: { code: string; service: ServiceSettings }) {
  const [draft, setDraft] = useState(service)
  useEffect(() => setDraft(service), [service])
  const save = usePluginMutation<Partial<ServiceSettings>>("POST", () => "/settings", {
    invalidate: ["settings", "status"],
    success: () => `${code} saved; the next quotes use it`,
    body: (changes) => ({ services: { [code]: changes } }),
  })
  const changed = JSON.stringify(draft) !== JSON.stringify(service)
  return (
    <Table.Row data-testid={`nordic-parcel-service-${code}`}>
      <Table.Cell>
        <Switch checked={draft.offered} onCheckedChange={(offered) => setDraft({ ...draft, offered })} aria-label={`${code} offered`} />
      </Table.Cell>
      <Table.Cell>{code}</Table.Cell>
      <Table.Cell>
        <Input size="small" value={draft.name ?? ""} placeholder="carrier's name" onChange={(e) => setDraft({ ...draft, name: e.target.value || null })} />
      </Table.Cell>
      <Table.Cell>
        <Select size="small" value={draft.price_source} onValueChange={(v) => setDraft({ ...draft, price_source: v as "net" | "list" })}>
          <Select.Trigger><Select.Value /></Select.Trigger>
          <Select.Content>
            <Select.Item value="net">Agreement (net)</Select.Item>
            <Select.Item value="list">List</Select.Item>
          </Select.Content>
        </Select>
      </Table.Cell>
      <Table.Cell>
        <Input size="small" type="number" data-testid="fallback-price" value={draft.fallback_price ?? ""} placeholder="none"
          onChange={(e) => setDraft({ ...draft, fallback_price: numberOrNull(e.target.value) })} />
      </Table.Cell>
      <Table.Cell>
        <Input size="small" data-testid="markup" value={draft.markup ?? ""} placeholder="e.g. p10p"
          onChange={(e) => setDraft({ ...draft, markup: e.target.value || null })} />
      </Table.Cell>
      <Table.Cell>
        <Input size="small" type="number" value={draft.free_shipping_threshold ?? ""} placeholder="none"
          onChange={(e) => setDraft({ ...draft, free_shipping_threshold: numberOrNull(e.target.value) })} />
      </Table.Cell>
      <Table.Cell>
        <Button size="small" variant="secondary" disabled={!changed} isLoading={save.isPending}
          onClick={() => save.mutate({ offered: draft.offered, name: draft.name, price_source: draft.price_source, fallback_price: draft.fallback_price, markup: draft.markup, free_shipping_threshold: draft.free_shipping_threshold })}>
          Save
        </Button>
      </Table.Cell>
    </Table.Row>
  )
}

/** Per service: offered or not, name, price source, fallback price, markup, free-shipping threshold. */
export function ServicesSection() {
  const { data, isLoading, error } = usePluginQuery<SettingsResponse>("settings", "/settings")
  return (
    <Section title="Services and prices" testId="nordic-parcel-services" loading={isLoading} error={error}>
      {data?.problem && <Text size="small" className="text-ui-fg-error">{data.problem}</Text>}
      {data && (
        <Table>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>Offered</Table.HeaderCell>
              <Table.HeaderCell>Service</Table.HeaderCell>
              <Table.HeaderCell>Name</Table.HeaderCell>
              <Table.HeaderCell>Price</Table.HeaderCell>
              <Table.HeaderCell>Fallback</Table.HeaderCell>
              <Table.HeaderCell>Markup</Table.HeaderCell>
              <Table.HeaderCell>Free from</Table.HeaderCell>
              <Table.HeaderCell />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {Object.entries(data.effective.services).map(([code, service]) => (
              <ServiceRow key={code} code={code} service={service} />
            ))}
          </Table.Body>
        </Table>
      )}
    </Section>
  )
}

/** Test mode, default customer number, packaging defaults and the tracking events subscribed to. */
export function GeneralSection() {
  const { data, isLoading, error } = usePluginQuery<SettingsResponse>("settings", "/settings")
  const [draft, setDraft] = useState<SettingsView | undefined>()
  useEffect(() => setDraft(data?.effective), [data])
  const save = usePluginMutation<Partial<SettingsView>>("POST", () => "/settings", {
    invalidate: ["settings", "status"],
    success: () => "Settings saved",
  })
  return (
    <Section title="General" testId="nordic-parcel-general" loading={isLoading} error={error}>
      {draft && (
        <div className="flex flex-col gap-y-4">
          <div className="flex items-center gap-x-2">
            <Switch id="np-test-mode" checked={draft.test_mode} onCheckedChange={(test_mode) => setDraft({ ...draft, test_mode })} />
            <Label htmlFor="np-test-mode">Test mode (bookings are test bookings: no shipment, no invoice)</Label>
          </div>
          <div className="grid grid-cols-3 gap-4">
            <div>
              <Label>Default customer number</Label>
              <Input size="small" value={draft.customer_number ?? ""} onChange={(e) => setDraft({ ...draft, customer_number: e.target.value || null })} />
            </div>
            <div>
              <Label>Weight unit of variants</Label>
              <Select size="small" value={draft.packaging.weight_unit} onValueChange={(weight_unit) => setDraft({ ...draft, packaging: { ...draft.packaging, weight_unit } })}>
                <Select.Trigger><Select.Value /></Select.Trigger>
                <Select.Content>
                  {["g", "kg", "lb", "oz"].map((unit) => <Select.Item key={unit} value={unit}>{unit}</Select.Item>)}
                </Select.Content>
              </Select>
            </div>
            <div>
              <Label>Weight of a variant without one</Label>
              <Input size="small" type="number" value={draft.packaging.default_item_weight}
                onChange={(e) => setDraft({ ...draft, packaging: { ...draft.packaging, default_item_weight: Number(e.target.value) } })} />
            </div>
          </div>
          <div>
            <Label>Tracking events subscribed to</Label>
            <div className="mt-2 grid grid-cols-3 gap-2">
              {EVENT_GROUPS.map((group) => (
                <label key={group} className="flex items-center gap-x-2">
                  <Checkbox checked={draft.tracking.event_groups.includes(group)}
                    onCheckedChange={(checked) => setDraft({ ...draft, tracking: { ...draft.tracking,
                      event_groups: checked ? [...draft.tracking.event_groups, group] : draft.tracking.event_groups.filter((g) => g !== group) } })} />
                  <Text size="small">{group}</Text>
                </label>
              ))}
            </div>
          </div>
          <div>
            <Button size="small" isLoading={save.isPending}
              onClick={() => save.mutate({ test_mode: draft.test_mode, customer_number: draft.customer_number,
                packaging: { ...draft.packaging }, tracking: { ...draft.tracking } })}>
              Save
            </Button>
          </div>
        </div>
      )}
    </Section>
  )
}
