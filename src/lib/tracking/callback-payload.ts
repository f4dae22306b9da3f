import { z } from "@medusajs/framework/zod"
import { findUnstorable } from "./storable-json"

/**
 * The carrier's callback payload:
 * `{status, id, shipment, package, created, pushed}`, timestamps `yyyy-MM-dd'T'HH:mm:ssZ` in UTC
 * (offset written `+0000`). Unknown fields are ignored and unknown event names accepted: the
 * carrier adds events over time.
 */
const CARRIER_TIMESTAMP = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?)(Z|[+-]\d{2}:?\d{2})$/

const timestamp = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const match = CARRIER_TIMESTAMP.exec(value)
    const date = match ? new Date(`${match[1]}${match[2] === "Z" ? "Z" : match[2].replace(/^([+-]\d{2}):?(\d{2})$/, "$1:$2")}`) : null
    if (!date || Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: "custom", message: "must be a timestamp like 2026-11-21T10:15:00+0000" })
      return z.NEVER
    }
    // The database holds years 1 to 9999; an offset can push 9999-12-31 past that.
    const year = date.getUTCFullYear()
    if (year < 1 || year > 9999) {
      ctx.addIssue({ code: "custom", message: "must be between the years 0001 and 9999 in UTC" })
      return z.NEVER
    }
    return date
  })

const identifier = (max: number) => z.string().trim().min(1, "is required").max(max, `must be at most ${max} characters`)

export const callbackSchema = z.object({
  status: z.string().trim().min(1, "is required").max(64, "must be at most 64 characters"),
  id: identifier(100),
  shipment: identifier(35),
  package: identifier(35).optional().or(z.literal("").transform(() => undefined)),
  created: timestamp,
  pushed: timestamp.optional(),
})

export type TrackingCallback = {
  eventId: string
  status: string
  shipmentNumber: string
  packageNumber?: string
  occurredAt: Date
  pushedAt?: Date
}

export type ParsedCallback = { ok: true; callback: TrackingCallback } | { ok: false; message: string }

/**
 * Parses a callback body; the refusal names every field and rule that failed. The whole body is
 * stored as received, so anything in it the database cannot hold is refused too.
 */
export function parseCallback(body: unknown): ParsedCallback {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    return { ok: false, message: "the body must be a JSON object with status, id, shipment, package, created, pushed" }
  }
  const unstorable = findUnstorable(body)
  if (unstorable) {
    return { ok: false, message: `${unstorable.path}: ${unstorable.rule}` }
  }
  const result = callbackSchema.safeParse(body)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const field = issue.path.join(".") || "(body)"
      return `${field}: ${issue.code === "invalid_type" ? "is required and must be a string" : issue.message}`
    })
    return { ok: false, message: problems.join("; ") }
  }
  const { status, id, shipment, package: pkg, created, pushed } = result.data
  return {
    ok: true,
    callback: {
      eventId: id,
      status,
      shipmentNumber: shipment,
      ...(pkg ? { packageNumber: pkg } : {}),
      occurredAt: created,
      ...(pushed ? { pushedAt: pushed } : {}),
    },
  }
}
