import { Container, Heading, Text } from "@medusajs/ui"
import type { ReactNode } from "react"

/** A titled block of the settings page, with its loading and error states. */
export function Section(props: { title: string; testId: string; help?: string; loading?: boolean; error?: unknown; actions?: ReactNode; children?: ReactNode }) {
  return (
    <Container className="divide-y p-0" data-testid={props.testId}>
      <div className="flex items-center justify-between px-6 py-4">
        <div>
          <Heading level="h2">{props.title}</Heading>
          {props.help && <Text size="small" className="text-ui-fg-subtle" data-testid="section-help">{props.help}</Text>}
        </div>
        {props.actions}
      </div>
      <div className="px-6 py-4">
        {props.loading ? (
          <Text size="small" className="text-ui-fg-subtle">Loading…</Text>
        ) : props.error ? (
          <Text size="small" className="text-ui-fg-error">{(props.error as Error).message}</Text>
        ) : (
          props.children
        )}
      </div>
    </Container>
  )
}
