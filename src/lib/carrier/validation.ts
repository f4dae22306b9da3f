import type { z } from "@medusajs/framework/zod"
import type { CarrierService } from "./config"
import { CarrierError, type CarrierErrorDetail } from "./errors"

interface OperationRef {
  service: CarrierService
  operation: string
}

/**
 * Checks one of our own requests before anything is sent. A failure is a `CarrierError` of kind
 * "validation" without a status, naming the offending field (e.g. `consignments[0].parties.recipient.city`).
 */
export function validateRequest<T extends z.ZodType>(schema: T, input: unknown, ref: OperationRef): z.output<T> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const details: CarrierErrorDetail[] = result.error.issues.flatMap((issue) => {
    // Unknown keys are reported on their parent; name each key instead, it is what to fix.
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({
        message: "is not a field of this request",
        field: formatPath([...issue.path, key]),
      }))
    }
    const field = formatPath(issue.path)
    return field ? [{ message: issue.message, field }] : [{ message: issue.message }]
  })
  throw new CarrierError({
    ...ref,
    kind: "validation",
    retryable: false,
    field: details.find((detail) => detail.field)?.field,
    details,
  })
}

/**
 * Reads a successful answer. Response schemas are lenient, so this fails only when something the
 * client cannot do without (an id, a consignment number) is missing: kind "invalid_response".
 */
export function parseResponse<T extends z.ZodType>(
  schema: T,
  body: unknown,
  ref: OperationRef & { status: number }
): z.output<T> {
  const result = schema.safeParse(body)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const field = issue ? formatPath(issue.path) : ""
  throw new CarrierError({
    ...ref,
    kind: "invalid_response",
    // The carrier answered; sending again would get the same answer (and a booking may exist).
    retryable: false,
    summary: `unexpected response body${field ? ` at ${field}` : ""}: ${issue?.message ?? "unreadable"}`,
  })
}

/** `["consignments", 0, "parties", "recipient"]` → `consignments[0].parties.recipient`. */
function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((formatted, segment) => {
    if (typeof segment === "number") return `${formatted}[${segment}]`
    const name = String(segment)
    return formatted ? `${formatted}.${name}` : name
  }, "")
}
