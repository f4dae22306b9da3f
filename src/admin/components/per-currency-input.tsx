import { Input, Text } from "@medusajs/ui"
import { currenciesOf, useStoreRegions } from "../lib/store-regions"

type PerCurrency = Record<string, number | string>

/**
 * One value per currency of the store's regions (a service's fallback price, free-from amount or
 * markup per currency). An empty box leaves that currency out; the whole record is sent as it is.
 */
export function PerCurrencyInput(props: {
  id: string
  value: unknown
  kind: "money" | "markup"
  onChange: (value: PerCurrency | null) => void
  error?: string
}) {
  const regions = useStoreRegions()
  const values = (props.value as PerCurrency | null) ?? {}
  const currencies = currenciesOf(regions.data, Object.keys(values))
  const set = (currency: string, text: string) => {
    const { [currency]: _dropped, ...rest } = values
    const next = text.trim() === "" ? rest : { ...rest, [currency]: props.kind === "money" ? Number(text) : text.trim() }
    props.onChange(Object.keys(next).length > 0 ? next : null)
  }
  if (currencies.length === 0) {
    return <Text size="xsmall" className="text-ui-fg-subtle" id={props.id}>No regions yet.</Text>
  }
  return (
    <div className="grid grid-cols-3 gap-2" id={props.id}>
      {currencies.map((currency) => (
        <label key={currency} className="flex items-center gap-x-1" data-testid={`${props.id}.${currency}`}>
          <Text size="xsmall" className="w-9 text-ui-fg-subtle">{currency}</Text>
          <Input size="small" type={props.kind === "money" ? "number" : "text"} value={values[currency] === undefined ? "" : String(values[currency])}
            placeholder={props.kind === "money" ? "none" : "e.g. p25"} aria-invalid={Boolean(props.error)}
            onChange={(e) => set(currency, e.target.value)} />
        </label>
      ))}
    </div>
  )
}
