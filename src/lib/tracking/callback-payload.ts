/*
 * Lenient parsing of the carrier's callbacks (carrier notes 42): what can be read becomes events, what
 * cannot is a reason for a dead letter (models/tracking-dead-letter.ts, the module's
 * `recordTrackingDeadLetter`, listed by the tracking-health route); what the database cannot hold as
 * it came is made storable by storable-json.ts.
 */
import { z } from "@medusajs/framework/zod"
import { findUnstorable } from "./storable-json"

/**
 * The carrier's callback payload:
 * `{status, id, shipment, package, created, pushed}`, timestamps `yyyy-MM-dd'T'HH:mm:ssZ` in UTC
 * (offset written `+0000`). Unknown fields are ignored and unknown event names accepted: the
 * carrier adds events over time.
 *
 * Read as leniently as the carrier's documents allow (carrier notes 42), because a callback
 * refused is retried three times and then lost: an identifier sent as a number is its text,
 * `null` stands for a field left out, and a time without an offset is UTC (every time the carrier
 * sends is UTC). Only what still cannot be read is "not understood"; the route keeps it as a dead
 * letter with the reason this parser gives.
 */
const CARRIER_TIMESTAMP = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}(?::?\d{2})?)?$/i

/** `+0000`, `+00:00`, `+00`, `Z` or none (UTC) as the `±HH:mm` form Date reads. */
function isoOffset(offset: string | undefined): string {
  if (!offset || offset.toUpperCase() === "Z") return "Z"
  const [, sign, hours, minutes = "00"] = /^([+-])(\d{2}):?(\d{2})?$/.exec(offset)!
  return `${sign}${hours}:${minutes}`
}

/** A time as text (with or without offset) or as epoch milliseconds, checked to fit the database. */
function readTimestamp(value: unknown, ctx: z.RefinementCtx): Date {
  if (typeof value !== "string" && typeof value !== "number") {
    ctx.addIssue({ code: "custom", message: "is required and must be text" })
    return z.NEVER
  }
  let date: Date | null = null
  if (typeof value === "number") {
    date = Number.isFinite(value) ? new Date(value) : null
  } else {
    const match = CARRIER_TIMESTAMP.exec(value.trim())
    date = match ? new Date(`${match[1]}T${match[2]}${isoOffset(match[3])}`) : null
  }
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
}

// Each field is one transform rather than unions and pipes of schemas: this parser runs on every
// callback, and a union builds an issue for each branch it tries and rejects.
const timestamp = z.unknown().transform(readTimestamp)

/**
 * An identifier as text. A number is read as its digits, unless it is too large for JSON to have
 * carried it exactly (17-digit consignment numbers are): then the digits read would not be the
 * carrier's, and the callback is not understood.
 */
const identifier = (max: number) =>
  z.unknown().transform((value, ctx) => {
    if (typeof value === "number" && !Number.isSafeInteger(value)) {
      ctx.addIssue({ code: "custom", message: "is a number too large (or not whole) to be read exactly; the carrier must send it as text" })
      return z.NEVER
    }
    if (typeof value !== "string" && typeof value !== "number") {
      ctx.addIssue({ code: "custom", message: "is required and must be text" })
      return z.NEVER
    }
    const text = String(value).trim()
    if (text.length === 0) {
      ctx.addIssue({ code: "custom", message: "is required" })
      return z.NEVER
    }
    if (text.length > max) {
      ctx.addIssue({ code: "custom", message: `must be at most ${max} characters` })
      return z.NEVER
    }
    return text
  })

/**
 * Left out, `null` and `""` all mean "none". (Mapped before the schema rather than as a union
 * branch tried first: a union builds an issue for every branch that fails, on every callback.)
 */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === null || value === "" ? undefined : value), schema.optional())

export const callbackSchema = z.object({
  status: z.string().trim().min(1, "is required").max(64, "must be at most 64 characters"),
  id: identifier(100),
  shipment: identifier(35),
  package: optional(identifier(35)),
  created: timestamp,
  /** When the carrier sent it: informative only, so one that cannot be read is dropped, not a reason to refuse. */
  pushed: optional(timestamp).catch(undefined),
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
 * Parses a callback body; when it cannot be understood, the message names every field and rule
 * that failed. The whole body is stored as received, so anything in it the database cannot hold
 * makes it not understood too.
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
      return `${field}: ${issue.code === "invalid_type" || issue.code === "invalid_union" ? "is required and must be text" : issue.message}`
    })
    return { ok: false, message: [...new Set(problems)].join("; ") }
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
