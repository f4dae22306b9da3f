import { Checkbox, Input, Select, Switch, Text } from "@medusajs/ui"
import type { FieldDescription } from "../../lib/settings/settings-fields"
import { canPairReturn, serviceInfo } from "../../lib/service-catalogue"
import { EVENT_GROUP_NAMES, EVENT_GROUP_TEXTS } from "../../lib/tracking/event-groups"
import { CustomerNumberSelect } from "./customer-number-select"
import { PerCurrencyInput } from "./per-currency-input"

type Dimensions = { length: number; width: number; height: number }

const numberOrNull = (value: string) => (value.trim() === "" ? null : Number(value))
const RETURN_CODES = ["9000", "9300", "9600", "9650", "BEDRIFTSPAKKE_RETUR", "EKSPRESS09_RETUR", "SERVICEPAKKE_RETUR"]
const NONE = "__none__"

/**
 * One setting as the field description says: its label, the input of its kind, its line of help,
 * and the server's refusal of it (400) right under it.
 */
export function SettingInput(props: {
  id: string
  field: FieldDescription
  value: unknown
  onChange: (value: unknown) => void
  error?: string
  /** The service a per-service setting belongs to (for the return services it may pair with). */
  serviceCode?: string
}) {
  const { id, field, value, onChange, error } = props
  const input = field.input
  let control
  switch (input.kind) {
    case "boolean":
      control = <Switch id={id} checked={Boolean(value)} onCheckedChange={onChange} aria-label={field.label} />
      break
    case "number":
      control = (
        <Input id={id} size="small" type="number" value={value === null || value === undefined ? "" : String(value)}
          placeholder={input.placeholder} onChange={(e) => onChange(numberOrNull(e.target.value))} aria-invalid={Boolean(error)} />
      )
      break
    case "text":
      control = (
        <Input id={id} size="small" value={(value as string | null) ?? ""} placeholder={input.placeholder}
          onChange={(e) => onChange(e.target.value === "" ? null : e.target.value)} aria-invalid={Boolean(error)} />
      )
      break
    case "list":
      control = (
        <Input id={id} size="small" value={((value as string[] | null) ?? []).join(", ")} placeholder={input.placeholder}
          onChange={(e) => onChange(e.target.value.split(",").map((s) => s.trim()).filter(Boolean))} aria-invalid={Boolean(error)} />
      )
      break
    case "choice":
    case "return_service": {
      const choices =
        input.kind === "choice"
          ? input.choices
          : [{ value: NONE, label: "None" }, ...RETURN_CODES.filter((code) => !props.serviceCode || canPairReturn(props.serviceCode, code) || code === value)
              .map((code) => ({ value: code, label: `${serviceInfo(code).name} · ${code}` }))]
      control = (
        <Select size="small" value={(value as string | null) ?? NONE} onValueChange={(v) => onChange(v === NONE ? null : v)}>
          <Select.Trigger id={id} aria-invalid={Boolean(error)}><Select.Value /></Select.Trigger>
          <Select.Content>
            {choices.map((choice) => <Select.Item key={choice.value} value={choice.value}>{choice.label}</Select.Item>)}
          </Select.Content>
        </Select>
      )
      break
    }
    case "dimensions": {
      const d = value as Dimensions | null
      const set = (key: keyof Dimensions, v: string) => {
        const next = { length: d?.length ?? 0, width: d?.width ?? 0, height: d?.height ?? 0, [key]: Number(v) }
        onChange(v.trim() === "" && !d ? null : next)
      }
      control = (
        <div className="flex gap-x-2" id={id}>
          {(["length", "width", "height"] as const).map((key) => (
            <Input key={key} size="small" type="number" placeholder={key} value={d ? String(d[key]) : ""} onChange={(e) => set(key, e.target.value)} />
          ))}
        </div>
      )
      break
    }
    case "per_currency":
      control = <PerCurrencyInput id={id} value={value} kind={input.value} onChange={onChange} error={error} />
      break
    case "customer_number":
      control = <CustomerNumberSelect id={id} value={value} onChange={onChange} error={error} />
      break
    case "event_groups": {
      const groups = (value as string[] | null) ?? []
      control = (
        <div className="grid grid-cols-1 gap-2 md:grid-cols-2" id={id}>
          {EVENT_GROUP_NAMES.map((group) => (
            <label key={group} className="flex items-start gap-x-2" data-testid={`event-group-${group}`}>
              <Checkbox checked={groups.includes(group)}
                onCheckedChange={(on) => onChange(on ? [...groups, group] : groups.filter((g) => g !== group))} />
              <span>
                <Text size="small" weight="plus">{EVENT_GROUP_TEXTS[group].label}</Text>
                <Text size="xsmall" className="text-ui-fg-subtle">{EVENT_GROUP_TEXTS[group].description}</Text>
              </span>
            </label>
          ))}
        </div>
      )
      break
    }
  }
  return (
    <div className="flex flex-col gap-y-1" data-testid={`setting-${id}`}>
      <label htmlFor={id}><Text size="small" weight="plus">{field.label}</Text></label>
      {control}
      <Text size="xsmall" className="text-ui-fg-subtle">{field.help}</Text>
      {error && <Text size="xsmall" className="text-ui-fg-error" data-testid={`error-${id}`} role="alert">{error}</Text>}
    </div>
  )
}
