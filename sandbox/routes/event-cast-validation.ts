import { EVENT_NAMES, isEventName } from "../data/events"
import { isRecord } from "../values"

/** Field rules shared by both kinds of event-cast subscription (carrier notes 20). */

const MAX_URL = 250
const MAX_CONTENT_TYPE = 40
const MAX_HEADERS_LENGTH = 1024
const TRACKING_ID = /^[A-Za-z0-9]{1,35}$/
/** HTTP header names are tokens; anything else could not be sent with the callback. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string }

export interface CallbackConfiguration {
  url: string
  contentType: string
  headers: { key: string; value: string | null }[]
}

export function checkTrackingId(value: unknown): Checked<string> {
  return typeof value === "string" && TRACKING_ID.test(value) ? { ok: true, value } : { ok: false, reason: "Invalid tracking number" }
}

/**
 * URL, content type and headers. The headers' combined length counts each as `key:value`, joined
 * by commas, so "keys and values with separators" stays within 1024 characters.
 */
export function checkCallbackConfiguration(
  input: { url: unknown; contentType: unknown; headers: unknown },
  names: { url: string; contentType: string; headers: string },
  rules: { contentTypeRequired: boolean; headersRequired: boolean; headerValueRequired: boolean }
): Checked<CallbackConfiguration> {
  const { url, contentType, headers } = input
  if (typeof url !== "string" || !isHttpUrl(url)) return { ok: false, reason: `${names.url} must be an http or https URL` }
  if (url.length > MAX_URL) return { ok: false, reason: `${names.url} must be at most ${MAX_URL} characters` }

  const contentTypeGiven = contentType !== undefined && contentType !== null
  if (!contentTypeGiven && rules.contentTypeRequired) return { ok: false, reason: `${names.contentType} is required` }
  if (contentTypeGiven && (typeof contentType !== "string" || contentType === "" || contentType.length > MAX_CONTENT_TYPE)) {
    return { ok: false, reason: `${names.contentType} must be 1 to ${MAX_CONTENT_TYPE} characters` }
  }

  if ((headers === undefined || headers === null) && rules.headersRequired) return { ok: false, reason: `${names.headers} is required` }
  const list = headers ?? []
  if (!Array.isArray(list)) return { ok: false, reason: `${names.headers} must be a list` }
  const parsed: CallbackConfiguration["headers"] = []
  for (const header of list) {
    if (!isRecord(header) || typeof header.key !== "string" || !HEADER_NAME.test(header.key)) {
      return { ok: false, reason: `every entry of ${names.headers} needs a valid key` }
    }
    const value = header.value ?? null
    if (value === null ? rules.headerValueRequired : typeof value !== "string") {
      return { ok: false, reason: `header ${header.key} needs a string value` }
    }
    parsed.push({ key: header.key, value: value as string | null })
  }
  if (parsed.map((h) => `${h.key}:${h.value ?? ""}`).join(",").length > MAX_HEADERS_LENGTH) {
    return { ok: false, reason: `${names.headers} may hold at most ${MAX_HEADERS_LENGTH} characters` }
  }
  return { ok: true, value: { url, contentType: contentTypeGiven ? (contentType as string) : "application/json", headers: parsed } }
}

/** A non-empty list of the carrier's event names (no wildcards); `unique` for customer `eventSet`. */
export function checkEventNames(value: unknown, field: string, unique: boolean): Checked<string[]> {
  if (!Array.isArray(value) || value.length === 0) return { ok: false, reason: `${field} must list at least one event` }
  const unknown = value.filter((name) => !isEventName(name))
  if (unknown.length > 0) {
    return { ok: false, reason: `${field} has unknown events: ${unknown.map(String).join(", ")} (known: ${EVENT_NAMES.join(", ")})` }
  }
  if (unique && new Set(value).size !== value.length) return { ok: false, reason: `${field} must not repeat an event` }
  return { ok: true, value: value as string[] }
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === "http:" || url.protocol === "https:"
  } catch {
    return false
  }
}
