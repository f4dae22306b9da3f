import { Alert, Badge, Table, Text } from "@medusajs/ui"
import { serviceInfo } from "../../lib/service-catalogue"
import { usePluginQuery } from "../lib/api"
import { Section } from "./section"

export type Status = {
  setup_problems: { code: string; message: string; fix: string }[]
  credentials: { valid: boolean | null; error: { kind: string; code: string | null; message: string } | null; api_uid_set: boolean; api_key_set: boolean; webhook_secret_set: boolean }
  test_mode: boolean
  base_url: string
  default_customer_number: string | null
  customer_numbers: { customer_number: string; listed_as: string; name: string | null; country_code: string | null; services: string[]; service_details?: { code: string; name: string; description: string | null }[]; default: boolean }[]
  webhook: {
    url: string | null
    secret_set: boolean
    header_name: string
    auto_subscribe: boolean
    event_groups: string[]
    last_event_at: string | null
    previous_secret_until?: string | null
    refused_callbacks?: { count: number; last_at: string | null }
    dead_letter_count?: number
    resubscription?: { at: string; stale: number; renewed: number; failed: { carrier_id: string; message: string }[] } | null
  }
  carrier_errors: { at: string; operation: string; kind: string; status: number | null; code: string | null; message: string }[]
}

/** Whether the carrier accepts the credentials, where callbacks go, and the customer numbers' services. */
export function ConnectionSection() {
  const { data, isLoading, error } = usePluginQuery<Status>("status", "/status")
  const valid = data?.credentials.valid
  return (
    <Section title="Connection" testId="nordic-parcel-connection"
      help="Whether the carrier accepts your credentials, and the customer numbers and services they may book." loading={isLoading} error={error}>
      {data && (
        <div className="flex flex-col gap-y-3">
          <div className="flex flex-wrap gap-2">
            <Badge color={valid ? "green" : valid === false ? "red" : "orange"} data-testid="nordic-parcel-credentials">
              {valid ? "Credentials accepted" : valid === false ? "Credentials refused" : "Carrier not reachable"}
            </Badge>
            <Badge color={data.test_mode ? "orange" : "green"}>{data.test_mode ? "Test mode" : "Production"}</Badge>
            <Badge color={data.webhook.secret_set ? "green" : "red"}>{data.webhook.secret_set ? "Webhook secret set" : "No webhook secret"}</Badge>
          </div>
          {data.credentials.error && <Text size="small" className="text-ui-fg-error">{data.credentials.error.message}</Text>}
          <Text size="small">Carrier: {data.base_url}</Text>
          <Text size="small">Callbacks: {data.webhook.url ?? "not set (webhooks.publicUrl)"}</Text>
          {data.webhook.last_event_at && <Text size="small">Last tracking event: {new Date(data.webhook.last_event_at).toLocaleString()}</Text>}
          {data.webhook.previous_secret_until && (
            <Text size="small">The previous webhook secret is accepted until {new Date(data.webhook.previous_secret_until).toLocaleString()}</Text>
          )}
          {(data.webhook.refused_callbacks?.count ?? 0) > 0 && (
            <Text size="small" className="text-ui-fg-error" data-testid="nordic-parcel-refused-callbacks">
              {data.webhook.refused_callbacks!.count} callbacks refused for a wrong secret since this instance started (last{" "}
              {new Date(data.webhook.refused_callbacks!.last_at!).toLocaleString()}): a subscription may still carry an old secret
            </Text>
          )}
          {data.webhook.resubscription && data.webhook.resubscription.stale > 0 && (
            <Text size="small" className={data.webhook.resubscription.failed.length ? "text-ui-fg-error" : undefined}>
              Subscriptions made again with the current secret and URL at start-up: {data.webhook.resubscription.renewed} of{" "}
              {data.webhook.resubscription.stale}
              {data.webhook.resubscription.failed.length ? ` (${data.webhook.resubscription.failed.length} tried again by the daily job)` : ""}
            </Text>
          )}
          <Table>
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>Customer number</Table.HeaderCell>
                <Table.HeaderCell>Name</Table.HeaderCell>
                <Table.HeaderCell>Services</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.customer_numbers.map((customer) => (
                <Table.Row key={customer.customer_number}>
                  <Table.Cell>{customer.customer_number}{customer.default ? " (default)" : ""}</Table.Cell>
                  <Table.Cell>{customer.name ?? "–"}</Table.Cell>
                  <Table.Cell className="whitespace-normal">
                    {(customer.service_details ?? customer.services.map((code) => ({ code, name: serviceInfo(code).name, description: null }))).map((service, i) => (
                      <span key={service.code} title={service.description ?? undefined}>{i > 0 && ", "}{service.name === service.code ? service.code : `${service.name} · ${service.code}`}</span>
                    ))}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        </div>
      )}
    </Section>
  )
}

/** The last errors the plugin met at the carrier (never with credentials). */
export function CarrierErrorsSection() {
  const { data, isLoading, error } = usePluginQuery<Status>("status", "/status")
  return (
    <Section title="Last carrier errors" testId="nordic-parcel-errors"
      help="The latest calls the carrier refused or did not answer, as this server saw them." loading={isLoading} error={error}>
      {data && data.carrier_errors.length === 0 && <Text size="small" className="text-ui-fg-subtle">No carrier errors.</Text>}
      {data && data.carrier_errors.length > 0 && (
        <ul className="flex flex-col gap-y-1">
          {data.carrier_errors.map((e, i) => (
            <li key={`${e.at}-${i}`}>
              <Text size="small">
                {new Date(e.at).toLocaleString()} · {e.operation} · {e.code ?? e.kind}: {e.message}
              </Text>
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}

/** The set-up mistakes found (as logged at start-up), each with its fix: one banner at the top. */
export function SetupBanner() {
  const { data } = usePluginQuery<Status>("status", "/status")
  const problems = data?.setup_problems ?? []
  if (problems.length === 0) return null
  return (
    <Alert variant="error" data-testid="nordic-parcel-setup-banner">
      <div className="flex flex-col gap-y-2">
        <Text weight="plus">The carrier integration is not set up completely</Text>
        {problems.map((problem) => (
          <div key={problem.code} data-testid={`setup-problem-${problem.code}`}>
            <Text size="small">{problem.message}</Text>
            <Text size="small" className="text-ui-fg-subtle">Fix: {problem.fix}</Text>
          </div>
        ))}
      </div>
    </Alert>
  )
}
