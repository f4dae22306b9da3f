import { Badge, Text } from "@medusajs/ui"
import { useQuery } from "@tanstack/react-query"
import { useState } from "react"
import { serviceInfo } from "../../lib/service-catalogue"
import { SERVICE_FIELDS, SETTINGS_SECTIONS, type FieldDescription } from "../../lib/settings/settings-fields"
import { usePluginQuery } from "../lib/api"
import { useDraft } from "../lib/draft"
import { changes, useSaveSettings } from "../lib/save-settings"
import { sdk } from "../lib/sdk"
import { summaryRows } from "../lib/summary"
import { EditButton, EditDrawer, SummaryRows } from "./edit-drawer"
import { Section } from "./section"
import { SettingInput } from "./setting-input"

type Values = Record<string, unknown>
type SettingsView = Values & { services: Record<string, Values> }
/** A service's name by precedence (merchant, carrier, plugin, code) and the carrier's description. */
type ServiceName = { name: string; description: string | null; source: string }
type SettingsResponse = {
  effective: SettingsView
  defaults: SettingsView
  version: number
  problem: string | null
  service_names?: Record<string, ServiceName>
}

const PROVIDER_ID = "nordic-parcel_nordic-parcel"

/** A shipping option of this store that books with the carrier, and where it is edited. */
type UsingOption = { id: string; name: string; serviceCode: string; href: string }

/** The store's carrier shipping options (from its stock locations, where the admin edits them). */
function useCarrierShippingOptions() {
  return useQuery({
    queryKey: ["nordic-parcel", "shipping-options"],
    queryFn: async () => {
      const { stock_locations } = await sdk.client.fetch<{
        stock_locations: { id: string; fulfillment_sets?: { service_zones?: { shipping_options?: { id: string; name: string; provider_id: string; data?: Values | null }[] }[] }[] }[]
      }>("/admin/stock-locations", {
        query: { limit: 100, fields: "id,name,*fulfillment_sets,*fulfillment_sets.service_zones,*fulfillment_sets.service_zones.shipping_options" },
      })
      const options: UsingOption[] = []
      for (const location of stock_locations) {
        for (const set of location.fulfillment_sets ?? []) {
          for (const zone of set.service_zones ?? []) {
            for (const option of zone.shipping_options ?? []) {
              const code = option.data?.service_code
              if (option.provider_id === PROVIDER_ID && typeof code === "string") {
                options.push({ id: option.id, name: option.name, serviceCode: code, href: `/app/settings/locations/${location.id}` })
              }
            }
          }
        }
      }
      return options
    },
  })
}

/** What a service's summary row shows of its settings; the rest is in its drawer. */
const SERVICE_SUMMARY = ["price_source", "fallback_price", "fallback_prices", "markup", "free_shipping_threshold"] as const

/**
 * One service: a summary (name, what it is, offered or not, its prices, the shipping options that
 * use it and what looks wrong) and its every setting in a drawer.
 */
function ServiceCard({ code, service, named, using }: { code: string; service: Values; named?: ServiceName; using: UsingOption[] | undefined }) {
  const [draft, setDraft] = useDraft(service)
  const [open, setOpen] = useState(false)
  const info = serviceInfo(code)
  const name = named?.name ?? (service.name as string | null) ?? info.name
  const { save, errors } = useSaveSettings(`${name} (${code}) saved; the next quotes use it`, () => setOpen(false))
  const changed = Object.keys(changes(draft, service)).length > 0
  const offered = Boolean(service.offered)
  const priced = summaryRows(SERVICE_FIELDS, service, SERVICE_SUMMARY).map((row) => `${row.label}: ${row.value}`).join(" · ")
  return (
    <div className="flex flex-col gap-y-1 py-3" data-testid={`nordic-parcel-service-${code}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <Text weight="plus">{name} <span className="text-ui-fg-muted">· {code}</span></Text>
          {named?.description && <Text size="xsmall" className="text-ui-fg-subtle" data-testid="service-description">{named.description}</Text>}
        </div>
        <div className="flex items-center gap-x-2">
          <Badge size="2xsmall" color={offered ? "green" : "grey"}>{offered ? "Offered" : "Switched off"}</Badge>
          <EditButton onClick={() => setOpen(true)} />
        </div>
      </div>
      <Text size="xsmall" className="text-ui-fg-subtle" data-testid="service-summary">
        {[info.deliversToPickupPoints && "pickup point", info.isReturn && "return", info.mailbox && "mailbox", info.cargo && "cargo"].filter(Boolean).join(", ") || "door delivery"}
        {" · "}{priced}
      </Text>
      {/* Until the shipping options are read nothing is said about them (no false "unused" warning). */}
      {using === undefined ? (
        <Text size="small" className="text-ui-fg-subtle">Reading the shipping options…</Text>
      ) : (
      <div data-testid="used-by">
        {using.length > 0 ? (
          <Text size="small">
            Used by:{" "}
            {using.map((option, i) => (
              <span key={option.id}>{i > 0 && ", "}<a className="text-ui-fg-interactive underline" href={option.href}>{option.name}</a></span>
            ))}
          </Text>
        ) : (
          <Text size="small" className="text-ui-fg-subtle">No shipping option uses this service.</Text>
        )}
        {offered && using.length === 0 && !info.isReturn && (
          <Text size="small" className="text-ui-fg-error" data-testid="warning-unused">
            Offered, but no shipping option uses it: shoppers never see it. Create a shipping option with this service under Locations & Shipping, or switch it off.
          </Text>
        )}
        {!offered && using.length > 0 && (
          <Text size="small" className="text-ui-fg-error" data-testid="warning-switched-off">
            Switched off, but {using.map((o) => o.name).join(", ")} still use{using.length === 1 ? "s" : ""} it: they are hidden at checkout. Switch it on or remove them.
          </Text>
        )}
      </div>
      )}
      <EditDrawer title={`${name} · ${code}`} description="How shoppers are offered and charged this service, and how it is booked."
        testId={`nordic-parcel-service-drawer-${code}`} open={open} onOpenChange={setOpen}
        saveDisabled={!changed} saving={save.isPending} error={errors[`services.${code}`]}
        onSave={() => save.mutate({ services: { [code]: changes(draft, service) } })}>
        {Object.entries(SERVICE_FIELDS).map(([key, field]) => (
          <SettingInput key={key} id={`services.${code}.${key}`} field={field} value={draft[key] ?? null} serviceCode={code}
            error={errors[`services.${code}.${key}`]} onChange={(value) => setDraft({ ...draft, [key]: value })} />
        ))}
      </EditDrawer>
    </div>
  )
}

/** Each service with every setting, which shipping options use it, and what looks wrong. */
export function ServicesSection() {
  const { data, isLoading, error } = usePluginQuery<SettingsResponse>("settings", "/settings")
  const options = useCarrierShippingOptions()
  return (
    <Section title="Services and prices" testId="nordic-parcel-services" loading={isLoading} error={error}
      help="The carrier's services you offer, what shoppers pay for each, and the shipping options that sell them.">
      {data?.problem && <Text size="small" className="text-ui-fg-error">{data.problem}</Text>}
      {data && (
        <div className="flex flex-col divide-y">
          {Object.entries(data.effective.services).map(([code, service]) => (
            <ServiceCard key={code} code={code} service={service} named={data.service_names?.[code]} using={options.data?.filter((o) => o.serviceCode === code)} />
          ))}
          {(options.data ?? [])
            .filter((o) => !(o.serviceCode in data.effective.services))
            .map((o) => (
              <Text key={o.id} size="small" className="text-ui-fg-error">
                Shipping option <a className="underline" href={o.href}>{o.name}</a> uses {serviceInfo(o.serviceCode).name} ({o.serviceCode}), which is not among your services.
              </Text>
            ))}
        </div>
      )}
    </Section>
  )
}

/**
 * One group of settings (agreement and prices, delivery promise, packaging, customs, tracking): a
 * summary of its values, edited in a drawer. Sections added later (currencies, stock locations)
 * follow the same summary + EditDrawer pattern.
 */
function SettingsGroup({ section, data }: { section: (typeof SETTINGS_SECTIONS)[number]; data: SettingsResponse }) {
  const current = (section.key === "general" ? data.effective : data.effective[section.key]) as Values
  const pick = (values: Values): Values => Object.fromEntries(Object.keys(section.fields).map((key) => [key, values[key] ?? null]))
  const [draft, setDraft] = useDraft(pick(current))
  const [open, setOpen] = useState(false)
  const { save, errors } = useSaveSettings(`${section.title} saved`, () => setOpen(false))
  const diff = changes(draft, pick(current))
  const prefix = section.key === "general" ? "" : `${section.key}.`
  const fields = section.fields as Readonly<Record<string, FieldDescription>>
  return (
    <Section title={section.title} testId={`nordic-parcel-${section.key}`} help={section.help} actions={<EditButton onClick={() => setOpen(true)} />}>
      <SummaryRows rows={summaryRows(fields, pick(current))} testId={`summary-${section.key}`} />
      <EditDrawer title={section.title} description={section.help} testId={`nordic-parcel-${section.key}-drawer`} open={open} onOpenChange={setOpen}
        saveDisabled={Object.keys(diff).length === 0} saving={save.isPending}
        onSave={() => save.mutate(section.key === "general" ? diff : { [section.key]: diff })}>
        {Object.entries(section.fields).map(([key, field]) => (
          <SettingInput key={key} id={`${prefix}${key}`} field={field} value={draft[key]} error={errors[`${prefix}${key}`]}
            onChange={(value) => setDraft({ ...draft, [key]: value })} />
        ))}
      </EditDrawer>
    </Section>
  )
}

export function SettingsGroups() {
  const { data } = usePluginQuery<SettingsResponse>("settings", "/settings")
  if (!data) return null
  return (
    <>
      {SETTINGS_SECTIONS.map((section) => (
        <SettingsGroup key={section.key} section={section} data={data} />
      ))}
    </>
  )
}
