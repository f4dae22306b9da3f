import { Select, Text } from "@medusajs/ui"
import { usePluginQuery } from "../lib/api"

type Customer = { customer_number: string; name: string | null; country_code: string | null }

const NONE = "__none__"

/**
 * A customer number chosen from the carrier's customer list (the numbers the credentials may book
 * with). A number set before that the list no longer holds stays shown, marked, so it is not lost.
 */
export function CustomerNumberSelect(props: { id: string; value: unknown; onChange: (value: string | null) => void; error?: string }) {
  const customers = usePluginQuery<{ customers: Customer[] }>("customers", "/customers")
  const value = (props.value as string | null) ?? null
  const listed = customers.data?.customers ?? []
  const unknown = value && !listed.some((c) => c.customer_number === value) ? [{ customer_number: value, name: "not in the carrier's list", country_code: null }] : []
  return (
    <div className="flex flex-col gap-y-1">
      <Select size="small" value={value ?? NONE} onValueChange={(v) => props.onChange(v === NONE ? null : v)}>
        <Select.Trigger id={props.id} aria-invalid={Boolean(props.error)}><Select.Value /></Select.Trigger>
        <Select.Content>
          <Select.Item value={NONE}>The service's or the default one</Select.Item>
          {[...listed, ...unknown].map((c) => (
            <Select.Item key={c.customer_number} value={c.customer_number}>
              {c.customer_number}{c.name ? ` · ${c.name}` : ""}{c.country_code ? ` (${c.country_code})` : ""}
            </Select.Item>
          ))}
        </Select.Content>
      </Select>
      {customers.error && <Text size="xsmall" className="text-ui-fg-error">The carrier's customer list is unavailable: {(customers.error as Error).message}</Text>}
    </div>
  )
}
