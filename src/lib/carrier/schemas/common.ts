/*
 * Shared pieces of the carrier schemas; `pathSegment` checks an id before it reaches a URL path
 * (subscription ids: schemas/events.ts).
 */
import { z } from "@medusajs/framework/zod"

/*
 * Building blocks shared by the schemas of the three services.
 *
 * Requests are ours, so they are strict: unknown keys are refused and the spec's limits enforced
 * before anything is sent. Responses are the carrier's, so they are lenient (the carrier adds
 * fields and codes, carrier notes 4): unknown keys pass through, numbers may arrive as strings
 * and the other way round, and an optional field with an unexpected shape degrades to
 * `undefined` instead of failing the whole response.
 */

// ---------------------------------------------------------------- responses

/** A string field; numbers and booleans are turned into their text. */
export const wireString = z.union([z.string(), z.number(), z.boolean()]).transform(String)

/** A number field; numeric strings (`"12.5"`) are accepted. */
export const wireNumber = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
])

export const wireBoolean = z.union([
  z.boolean(),
  z.enum(["true", "false"]).transform((value) => value === "true"),
])

/** Optional response field: absent, null or of an unexpected shape all read as `undefined`. */
export function lenient<T extends z.ZodType>(schema: T) {
  return schema.nullish().catch(undefined)
}

const lenientString = lenient(wireString)
export type LenientString = typeof lenientString

/**
 * Text fields of a response, each a lenient `wireString`: most of what the carrier answers is
 * text, so a response schema lists its text fields by name and spells out only the others.
 */
export function lenientStrings<Name extends string>(...names: Name[]): Record<Name, LenientString> {
  return Object.fromEntries(names.map((name) => [name, lenientString])) as Record<Name, LenientString>
}

/** Optional response list: an absent or malformed list reads as `[]`; malformed entries are dropped. */
export function lenientList<T extends z.ZodType>(item: T) {
  return z
    .array(z.unknown())
    .nullish()
    .catch(undefined)
    .transform((entries): z.output<T>[] => {
      const parsed: z.output<T>[] = []
      for (const entry of entries ?? []) {
        const result = item.safeParse(entry)
        if (result.success) parsed.push(result.data)
      }
      return parsed
    })
}

/**
 * A point in time as the carrier may send it (carrier notes 18): ISO string with offset, epoch
 * milliseconds, or null. Epoch values are turned into ISO strings so callers handle one form;
 * strings are kept verbatim because they carry the carrier's offset.
 */
export const wireDateTime = z
  .union([z.string(), z.number().transform((epochMs) => new Date(epochMs).toISOString()), z.null()])
  .optional()
  .catch(undefined)
  .transform((value) => value ?? null)

// ---------------------------------------------------------------- requests

/** A required request string of at most `max` characters (the spec's limits are in characters). */
export function text(max?: number) {
  const nonEmpty = z.string().min(1, "must not be empty")
  return max === undefined ? nonEmpty : nonEmpty.max(max, `must be at most ${max} characters`)
}

export const countryCode = z.string().regex(/^[A-Z]{2}$/, "must be an ISO 3166-1 alpha-2 code in capitals")

export const positiveInteger = z.number().int().positive()
export const nonNegativeInteger = z.number().int().nonnegative()

/** Path segments come from callers; they are checked here and URI-encoded by the client. */
export const pathSegment = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(200, "must be at most 200 characters")
  // URI encoding leaves dots alone, and a URL resolves `.` and `..`: they would reach another path.
  .refine((segment) => segment !== "." && segment !== "..", "must not be . or ..")
