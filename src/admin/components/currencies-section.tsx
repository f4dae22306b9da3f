/*
 * Settings page, currencies: a summary per currency (`currencySummary` in admin/lib/summary.ts); its
 * drawer (edit-drawer.tsx) edits the rate, the rounding and each service's prices in it
 * (per-currency-input.tsx); Add currency.
 */
import { Badge, Input, Text } from "@medusajs/ui"
import { useState } from "react"
import { CURRENCY_FIELDS } from "../../lib/settings/settings-fields"
import { usePluginQuery } from "../lib/api"
import { useDraft } from "../lib/draft"
import { changes, useSaveSettings } from "../lib/save-settings"
import { currenciesOf, useStoreRegions } from "../lib/store-regions"
import { currencySummary, servicesSold, type UnpriceableInCurrency } from "../lib/summary"
import { EditButton, EditDrawer, InlineSummary } from "./edit-drawer"
import { Section } from "./section"
import { SettingInput } from "./setting-input"

type Values = Record<string, unknown>
type SettingsResponse = { effective: Values & { default_currency: string; currencies: Record<string, Values>; services: Record<string, Values> } }
/** GET /admin/nordic-parcel/status `unpriceable_options`. */
type Unpriceable = UnpriceableInCurrency & { shipping_option_id: string }

const EMPTY_CURRENCY: Values = { exchange_rate: null, rounding: "none" }

/**
 * A service's prices in one currency, as its drawer edits them: in the default currency the single
 * values, in any other the currency's entry of the per-currency record (replaced whole on save).
 */
const PRICE_KINDS = [
  { record: "fallback_prices", single: "fallback_price", label: "Fallback price", input: { kind: "number", placeholder: "none" } },
  { record: "free_shipping_thresholds", single: "free_shipping_threshold", label: "Free from", input: { kind: "number", placeholder: "never" } },
  { record: "markups", single: "markup", label: "Markup", input: { kind: "text", placeholder: "e.g. p25" } },
] as const

const priceKey = (service: string, record: string) => `price:${service}:${record}`

/** The drawer's values of the services' prices in `code`. */
function pricesIn(code: string, isDefault: boolean, services: [string, Values][]): Values {
  return Object.fromEntries(
    services.flatMap(([service, values]) =>
      PRICE_KINDS.map((kind) => [
        priceKey(service, kind.record),
        (isDefault ? values[kind.single] : ((values[kind.record] ?? {}) as Values)[code]) ?? null,
      ])
    )
  )
}

/** The settings change for the prices the merchant changed in the drawer: per service, only those fields. */
function pricesPatch(code: string, isDefault: boolean, services: [string, Values][], diff: Values): Record<string, Values> {
  const patch: Record<string, Values> = {}
  for (const [service, values] of services) {
    for (const kind of PRICE_KINDS) {
      const key = priceKey(service, kind.record)
      if (!(key in diff)) continue
      const value = diff[key] === "" ? null : diff[key]
      if (isDefault) {
        patch[service] = { ...patch[service], [kind.single]: value }
      } else {
        const { [code]: _replaced, ...others } = (values[kind.record] ?? {}) as Values
        const record = value === null ? others : { ...others, [code]: value }
        patch[service] = { ...patch[service], [kind.record]: Object.keys(record).length > 0 ? record : null }
      }
    }
  }
  return patch
}

const CURRENCY_CODE = /^[A-Z]{3}$/

/** The rate and rounding inputs of a currency's drawer (the default currency has no rate: it is 1). */
function CurrencyFields(props: { code: string; isDefault: boolean; draft: Values; setDraft: (next: Values) => void; errors: Record<string, string> }) {
  return (
    <>
      {Object.entries(CURRENCY_FIELDS)
        .filter(([key]) => !(props.isDefault && key === "exchange_rate"))
        .map(([key, field]) => (
          <SettingInput key={key} id={`currencies.${props.code}.${key}`} field={field} value={props.draft[key] ?? null}
            error={props.errors[`currencies.${props.code}.${key}`]} onChange={(value) => props.setDraft({ ...props.draft, [key]: value })} />
        ))}
    </>
  )
}

/**
 * One currency: a summary (rate, rounding, the services' fallback prices, free-from amounts and
 * markups in it, and what is missing), edited in a drawer: its rate and rounding, and each
 * service's prices in it (also in the service's own drawer, "… per currency").
 */
function CurrencyCard({ code, data, unpriceable }: { code: string; data: SettingsResponse; unpriceable: Unpriceable[] }) {
  const effective = data.effective
  const isDefault = code === effective.default_currency
  const services = servicesSold(effective.services)
  const currency = { ...EMPTY_CURRENCY, ...effective.currencies[code] }
  const current = { ...currency, ...pricesIn(code, isDefault, services) }
  const [draft, setDraft] = useDraft(current)
  const [open, setOpen] = useState(false)
  const { save, errors } = useSaveSettings(`${code} saved; the next quotes use it`, () => setOpen(false))
  const diff = changes(draft, current)
  const currencyDiff = changes(Object.fromEntries(Object.keys(currency).map((key) => [key, draft[key]])), currency)
  const servicesPatch = pricesPatch(code, isDefault, services, diff)
  const body = {
    ...(Object.keys(currencyDiff).length > 0 ? { currencies: { [code]: currencyDiff } } : {}),
    ...(Object.keys(servicesPatch).length > 0 ? { services: servicesPatch } : {}),
  }
  const summary = currencySummary(code, effective, unpriceable)
  return (
    <div className="flex flex-col gap-y-1 py-2" data-testid={`nordic-parcel-currency-${code}`}>
      <div className="flex items-center justify-between gap-2">
        <div className="flex items-center gap-x-2">
          <Text weight="plus">{code}</Text>
          {isDefault && <Badge size="2xsmall">Default currency</Badge>}
          {summary.missing.length > 0 && <Badge size="2xsmall" color="orange">{summary.missing.length} to fix</Badge>}
        </div>
        <EditButton onClick={() => setOpen(true)} />
      </div>
      <InlineSummary rows={summary.rows} testId={`summary-currency-${code}`} />
      {summary.missing.map((line) => (
        <Text key={line} size="small" className="text-ui-fg-error" data-testid="currency-missing">{line}</Text>
      ))}
      <EditDrawer title={`Currency ${code}`} description={isDefault ? "The default currency: every rate is against it." : `How carrier prices in other currencies are brought into ${code}.`}
        testId={`nordic-parcel-currency-drawer-${code}`} open={open} onOpenChange={setOpen}
        saveDisabled={Object.keys(diff).length === 0} saving={save.isPending}
        onSave={() => save.mutate(body)}>
        <CurrencyFields code={code} isDefault={isDefault} draft={draft} setDraft={setDraft} errors={errors} />
        <Text size="small" weight="plus">Prices in {code}</Text>
        <Text size="xsmall" className="text-ui-fg-subtle">
          {isDefault
            ? "Each service's fallback price, free-from amount and markup; other currencies without their own take the markup (an amount converted at their rate), not the fallback or free-from amount."
            : `Each service's own values for ${code} carts. Empty: no fallback and no free-from amount in ${code}, and the default currency's markup (a percentage as it is, an amount converted at the rate).`}
        </Text>
        {services.map(([service]) => (
          <div key={service} className="grid grid-cols-3 gap-2" data-testid={`currency-${code}-prices-${service}`}>
            <Text size="xsmall" weight="plus" className="col-span-3">{service}</Text>
            {PRICE_KINDS.map((kind) => {
              const key = priceKey(service, kind.record)
              const errorKey = isDefault ? `services.${service}.${kind.single}` : `services.${service}.${kind.record}.${code}`
              return (
                <SettingInput key={key} id={`currencies.${code}.services.${service}.${kind.record}`}
                  field={{ option: kind.record, label: kind.label, help: "", input: kind.input }}
                  value={draft[key] ?? null} error={errors[errorKey]} onChange={(value) => setDraft({ ...draft, [key]: value })} />
              )
            })}
          </div>
        ))}
      </EditDrawer>
    </div>
  )
}

/** A currency no region uses yet (a region planned, or prices converted through it): code, rate and rounding. */
function AddCurrency({ existing }: { existing: string[] }) {
  const [open, setOpen] = useState(false)
  const [code, setCode] = useState("")
  const [draft, setDraft] = useState<Values>(EMPTY_CURRENCY)
  const { save, errors } = useSaveSettings(`${code} added; the next quotes use it`, () => {
    setOpen(false)
    setCode("")
    setDraft(EMPTY_CURRENCY)
  })
  const valid = CURRENCY_CODE.test(code) && !existing.includes(code)
  return (
    <>
      <EditButton label="Add currency" onClick={() => setOpen(true)} />
      <EditDrawer title="Add a currency" description="Its rate against the default currency and how converted prices are rounded."
        testId="nordic-parcel-currency-drawer-new" open={open} onOpenChange={setOpen}
        saveDisabled={!valid} saving={save.isPending}
        onSave={() => save.mutate({ currencies: { [code]: changes(draft, {}) } })}>
        <div className="flex flex-col gap-y-1" data-testid="setting-currencies.new.code">
          <label htmlFor="currencies.new.code"><Text size="small" weight="plus">Currency code</Text></label>
          <Input id="currencies.new.code" size="small" value={code} placeholder="e.g. SEK" maxLength={3}
            onChange={(e) => setCode(e.target.value.trim().toUpperCase())} />
          <Text size="xsmall" className="text-ui-fg-subtle">
            {existing.includes(code) ? `${code} is listed already: edit it there.` : "The ISO code, three letters."}
          </Text>
        </div>
        <CurrencyFields code={code || "new"} isDefault={false} draft={draft} setDraft={setDraft} errors={errors} />
      </EditDrawer>
    </>
  )
}

/**
 * The currencies of the store's regions (and any the merchant added): the rate that converts the
 * carrier's price (in the shipping warehouse's currency) into each, its rounding, and the shipping
 * options a region cannot be priced for until a rate or a fallback price in its currency is set.
 */
export function CurrenciesSection() {
  const settings = usePluginQuery<SettingsResponse>("settings", "/settings")
  const status = usePluginQuery<{ unpriceable_options?: Unpriceable[] }>("status", "/status")
  const regions = useStoreRegions()
  const effective = settings.data?.effective
  const codes = effective ? currenciesOf(regions.data, Object.keys(effective.currencies), [effective.default_currency]) : []
  const unpriceable = status.data?.unpriceable_options ?? []
  return (
    <Section title="Currencies" testId="nordic-parcel-currencies" loading={settings.isLoading} error={settings.error}
      help="The carrier prices in the currency of the warehouse that ships. A cart in another currency is priced with your exchange rate, rounded as you choose."
      actions={effective && <AddCurrency existing={codes} />}>
      {settings.data && (
        <div className="flex flex-col divide-y">
          {codes.map((code) => (
            <CurrencyCard key={code} code={code} data={settings.data} unpriceable={unpriceable} />
          ))}
        </div>
      )}
      {unpriceable.length > 0 && (
        <Text size="xsmall" className="text-ui-fg-subtle" data-testid="nordic-parcel-unpriceable">
          {unpriceable.length} shipping option{unpriceable.length === 1 ? "" : "s"} cannot be priced in a region's currency and {unpriceable.length === 1 ? "is" : "are"} hidden there at checkout (listed under the currency).
        </Text>
      )}
    </Section>
  )
}
