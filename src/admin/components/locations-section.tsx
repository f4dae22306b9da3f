/*
 * Settings page, stock locations: a summary per warehouse (`locationSummary` in admin/lib/summary.ts),
 * its customer number (customer-number-select.tsx) and sender details in a drawer (edit-drawer.tsx).
 */
import { Badge, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { useState } from "react"
import { LOCATION_FIELDS } from "../../lib/settings/settings-fields"
import { usePluginQuery } from "../lib/api"
import { useDraft } from "../lib/draft"
import { changes, useSaveSettings } from "../lib/save-settings"
import { sdk } from "../lib/sdk"
import { locationSummary, type ListedCustomer, type WarehouseLocation } from "../lib/summary"
import { EditButton, EditDrawer, InlineSummary } from "./edit-drawer"
import { NextPickup, OrderPickupAction } from "./pickup-order"
import { Section } from "./section"
import { SettingInput } from "./setting-input"

type Values = Record<string, unknown>
type SettingsResponse = { effective: Values & { customer_number: string | null; locations: Record<string, Values> } }

const EMPTY_LOCATION: Values = Object.fromEntries(Object.keys(LOCATION_FIELDS).map((key) => [key, null]))

function useStockLocations() {
  return useQuery({
    queryKey: ["nordic-parcel", "stock-locations"],
    queryFn: async () =>
      (
        await sdk.client.fetch<{ stock_locations: WarehouseLocation[] }>("/admin/stock-locations", {
          query: { limit: 100, fields: "id,name,address.city,address.country_code,address.postal_code,address.phone,address.company" },
        })
      ).stock_locations,
  })
}

/**
 * One warehouse: a summary (the customer number its quotes and bookings use, the sender on its
 * labels, its contact, what is missing, its next pickup), its settings edited in a drawer, and
 * "Order pickup" for it.
 */
function LocationCard({ location, current, defaultCustomerNumber, customers }: {
  location: WarehouseLocation
  current: Values
  defaultCustomerNumber: string | null
  customers: ListedCustomer[] | undefined
}) {
  const [draft, setDraft] = useDraft(current)
  const [open, setOpen] = useState(false)
  const { save, errors } = useSaveSettings(`${location.name} saved; its next quotes and bookings use it`, () => setOpen(false))
  const diff = changes(draft, current)
  const place = [location.address?.city, location.address?.country_code?.toUpperCase()].filter(Boolean).join(", ")
  const summary = locationSummary(location, current, defaultCustomerNumber, customers)
  return (
    <div className="flex flex-col gap-y-1 py-2" data-testid={`nordic-parcel-location-${location.id}`}>
      <div className="flex items-center justify-between gap-2">
        <div className="flex items-center gap-x-2">
          <Text weight="plus">{location.name}{place && <span className="text-ui-fg-muted"> · {place}</span>}</Text>
          {summary.missing.length > 0 && <Badge size="2xsmall" color="orange">{summary.missing.length} to fix</Badge>}
        </div>
        <div className="flex items-center gap-x-2">
          <OrderPickupAction locationId={location.id} />
          <EditButton onClick={() => setOpen(true)} />
        </div>
      </div>
      <InlineSummary rows={summary.rows} testId={`summary-location-${location.id}`} />
      <NextPickup locationId={location.id} />
      {summary.missing.map((line) => (
        <Text key={line} size="small" className="text-ui-fg-error" data-testid="location-missing">{line}</Text>
      ))}
      <EditDrawer title={location.name} description="The agreement this warehouse ships on and what its labels say; empty fields use the defaults and the location's address."
        testId={`nordic-parcel-location-drawer-${location.id}`} open={open} onOpenChange={setOpen}
        saveDisabled={Object.keys(diff).length === 0} saving={save.isPending}
        onSave={() => save.mutate({ locations: { [location.id]: diff } })}>
        {Object.entries(LOCATION_FIELDS).map(([key, field]) => (
          <SettingInput key={key} id={`locations.${location.id}.${key}`} field={field} value={draft[key] ?? null}
            error={errors[`locations.${location.id}.${key}`]} onChange={(value) => setDraft({ ...draft, [key]: value })} />
        ))}
      </EditDrawer>
    </div>
  )
}

/**
 * Each stock location with its own agreement (customer number from the carrier's list) and the
 * sender details Medusa's location does not hold: quotes from a location use its customer number
 * and are priced in its country's currency, bookings use its number and sender.
 */
export function LocationsSection() {
  const settings = usePluginQuery<SettingsResponse>("settings", "/settings")
  const customers = usePluginQuery<{ customers: ListedCustomer[] }>("customers", "/customers")
  const locations = useStockLocations()
  return (
    <Section title="Warehouses" testId="nordic-parcel-locations" loading={settings.isLoading || locations.isLoading} error={settings.error ?? locations.error}
      help="Each stock location ships with its own customer number and sender details; empty fields use the defaults and the location's address.">
      {settings.data && (
        <div className="flex flex-col divide-y">
          {(locations.data ?? []).map((location) => (
            <LocationCard key={location.id} location={location} current={{ ...EMPTY_LOCATION, ...settings.data.effective.locations[location.id] }}
              defaultCustomerNumber={settings.data.effective.customer_number} customers={customers.data?.customers} />
          ))}
        </div>
      )}
    </Section>
  )
}
