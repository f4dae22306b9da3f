import { Button, Drawer, Text } from "@medusajs/ui"
import type { ReactNode } from "react"

/**
 * The settings page's edit pattern, as Medusa's own settings pages have it: a section shows a
 * short summary with an Edit button, and the fields open in a drawer with Save and Cancel. Every
 * section that grows (services, currencies, stock locations) uses this one drawer.
 */
export function EditDrawer(props: {
  title: string
  description?: string
  testId: string
  open: boolean
  onOpenChange: (open: boolean) => void
  onSave: () => void
  saveDisabled: boolean
  saving: boolean
  error?: string
  /** The main button's text (default Save), e.g. "Order pickup" for a drawer that sends an order. */
  saveLabel?: string
  cancelLabel?: string
  children: ReactNode
}) {
  return (
    <Drawer open={props.open} onOpenChange={props.onOpenChange}>
      <Drawer.Content data-testid={props.testId}>
        <Drawer.Header>
          <Drawer.Title>{props.title}</Drawer.Title>
          {props.description && <Drawer.Description>{props.description}</Drawer.Description>}
        </Drawer.Header>
        <Drawer.Body className="flex flex-col gap-y-4 overflow-y-auto">
          {props.children}
          {props.error && <Text size="small" className="text-ui-fg-error">{props.error}</Text>}
        </Drawer.Body>
        <Drawer.Footer>
          <Drawer.Close asChild>
            <Button size="small" variant="secondary">{props.cancelLabel ?? "Cancel"}</Button>
          </Drawer.Close>
          <Button size="small" disabled={props.saveDisabled} isLoading={props.saving} onClick={props.onSave} data-testid={`${props.testId}-save`}>
            {props.saveLabel ?? "Save"}
          </Button>
        </Drawer.Footer>
      </Drawer.Content>
    </Drawer>
  )
}

/** The Edit button of a section's header or a summary row. */
export function EditButton(props: { onClick: () => void; label?: string }) {
  return (
    <Button size="small" variant="secondary" onClick={props.onClick}>
      {props.label ?? "Edit"}
    </Button>
  )
}

/** A summary: one row per setting, label left, value right, as Medusa's detail sections show them. */
export function SummaryRows(props: { rows: { key: string; label: string; value: string }[]; testId?: string }) {
  return (
    <dl className="divide-y" data-testid={props.testId}>
      {props.rows.map((row) => (
        <div key={row.key} className="grid grid-cols-2 items-center py-2" data-testid={`summary-${row.key}`}>
          <dt><Text size="small" leading="compact" weight="plus" className="text-ui-fg-subtle">{row.label}</Text></dt>
          <dd><Text size="small" leading="compact">{row.value}</Text></dd>
        </div>
      ))}
    </dl>
  )
}

/**
 * A summary on one wrapping line, "Label: value · Label: value", as the services' cards show
 * theirs: for sections with an entry per currency or warehouse, so each entry takes two or three
 * lines however many settings it has.
 */
export function InlineSummary(props: { rows: { key: string; label: string; value: string }[]; testId?: string }) {
  return (
    <Text size="xsmall" className="text-ui-fg-subtle" data-testid={props.testId}>
      {props.rows.map((row, i) => (
        <span key={row.key} data-testid={`summary-${row.key}`}>
          {i > 0 && " · "}
          <span className="text-ui-fg-base">{row.label}:</span> {row.value}
        </span>
      ))}
    </Text>
  )
}
