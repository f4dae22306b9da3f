import { z } from "@medusajs/framework/zod"
import { lenient, lenientList, lenientStrings, pathSegment, text, wireString, type LenientString } from "./common"

/* Event-cast webhook subscriptions; carrier notes 2, 3, 20, 21, 22, 23, 24, 25, 26, 27. */

/**
 * The event names of the spec. The list changes over time, so requests and responses accept any
 * name; this list is for callers that offer a choice.
 */
export const trackingEventNames = [
  "ATTEMPTED_DELIVERY",
  "CUSTOMS",
  "COLLECTED",
  "DELIVERED",
  "DELIVERED_SENDER",
  "DELIVERY_CANCELLED",
  "DELIVERY_CHANGED",
  "DELIVERY_ORDERED",
  "DEVIATION",
  "HANDED_IN",
  "INTERNATIONAL",
  "IN_TRANSIT",
  "NOTIFICATION_SENT",
  "PRE_NOTIFIED",
  "READY_FOR_PICKUP",
  "RETURN",
  "TRANSPORT_TO_RECIPIENT",
  "TERMINAL",
] as const
export type KnownTrackingEventName = (typeof trackingEventNames)[number]

// ------------------------------------------------------------------ requests

/** The wildcards `*` and `ALL` are not supported by the carrier. */
const eventName = text().refine((name) => name !== "*" && name !== "ALL", "wildcards (* and ALL) are not supported")

const eventNames = z
  .array(eventName)
  .min(1, "at least one event is required")
  .refine((names) => new Set(names).size === names.length, "event names must be unique")

/** Callback URLs must be reachable from the internet over HTTP(S). */
function callbackUrl(max?: number) {
  const base = max === undefined ? z.string() : z.string().max(max, `must be at most ${max} characters`)
  return base.refine((value) => {
    try {
      const url = new URL(value)
      return url.protocol === "https:" || url.protocol === "http:"
    } catch {
      return false
    }
  }, "must be an absolute http(s) URL")
}

/** Limits of the tracking configuration. */
const CALLBACK_URL_MAX_LENGTH = 250
const CONTENT_TYPE_MAX_LENGTH = 40
const HEADERS_MAX_LENGTH = 1024

/**
 * Combined length of the configured headers "including separators": counted as they travel,
 * `key: value` with a CRLF after each, which is the longest reading of the limit.
 */
function combinedHeaderLength(headers: readonly { key: string; value?: string | null }[]): number {
  return headers.reduce((total, header) => total + header.key.length + 2 + (header.value ?? "").length + 2, 0)
}

/** The callback carries these as HTTP headers, so a key must be a valid header name (RFC 9110 token). */
const headerName = z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, "must be a valid HTTP header name")

const headerEntry = z.strictObject({ key: headerName, value: z.string() })

export const trackingConfigurationSchema = z.strictObject({
  url: callbackUrl(CALLBACK_URL_MAX_LENGTH),
  content_type: text(CONTENT_TYPE_MAX_LENGTH).optional(),
  /** Sent with every callback; the place for the shared secret (carrier notes 25). */
  headers: z
    .array(headerEntry)
    .refine(
      (headers) => combinedHeaderLength(headers) <= HEADERS_MAX_LENGTH,
      `keys and values together must be at most ${HEADERS_MAX_LENGTH} characters`
    )
    .optional(),
})
export type TrackingConfiguration = z.input<typeof trackingConfigurationSchema>

export const createTrackingSubscriptionSchema = z.strictObject({
  /** Parcel or shipment number; opaque (carrier notes 20). Reference numbers and label-free codes are refused. */
  trackingId: text(),
  configuration: trackingConfigurationSchema,
  event_groups: eventNames,
})
export type CreateTrackingSubscriptionRequest = z.input<typeof createTrackingSubscriptionSchema>

/** Any number of ids; the client sends them in batches of at most 100. */
export const createTrackingSubscriptionsSchema = z.strictObject({
  trackingIds: z.array(text()),
  configuration: trackingConfigurationSchema,
  event_groups: eventNames,
})
export type CreateTrackingSubscriptionsRequest = z.input<typeof createTrackingSubscriptionsSchema>

export const MAX_TRACKING_IDS_PER_BATCH = 100

export const listTrackingSubscriptionsSchema = z.strictObject({
  /** How many of the latest subscriptions; default 10000 on the carrier. */
  limit: z.number().int().min(1).max(150_000).optional(),
})
export type ListTrackingSubscriptionsRequest = z.input<typeof listTrackingSubscriptionsSchema>

/** The carrier's subscription ids are at most 36 characters (a uuid for customer subscriptions). */
export const subscriptionIdSchema = z.strictObject({
  id: pathSegment.pipe(z.string().regex(/^[A-Za-z0-9_-]{1,36}$/, "must be a subscription id: 1 to 36 letters, digits, - or _")),
})

export const createCustomerSubscriptionSchema = z.strictObject({
  customerNumber: text(),
  eventSet: eventNames,
  webhookConfiguration: z.strictObject({
    webhookUrl: callbackUrl(),
    contentType: text(),
    headers: z.array(z.strictObject({ key: headerName, value: z.string().nullish() })).default([]),
  }),
})
export type CreateCustomerSubscriptionRequest = z.input<typeof createCustomerSubscriptionSchema>

// ------------------------------------------------------------------ responses

/** How one kind of subscription spells the parts that both kinds answer with. */
interface SubscriptionSpelling {
  /** What it follows: a tracking id or a customer number. */
  follows: string
  events: string
  configuration: string
  url: string
  contentType: string
}

const returnedEventNames = lenientList(wireString)

/**
 * What the carrier answers about a subscription, in the spelling of its kind: the id, what it
 * follows, the event names, the callback configuration (header values are never returned, only
 * keys) and, kept verbatim, when it was made and when it ends. Both kinds write those times in UTC:
 * a tracking subscription as yyyy-MM-dd'T'HH:mm:ssZ (offset +0000), a customer subscription as
 * ISO 8601 without offset, with fractional seconds.
 */
function subscriptionAnswerSchema<const Spelling extends SubscriptionSpelling>(spelling: Spelling) {
  const headers = lenientList(z.looseObject({ key: wireString, value: lenient(wireString) }))
  type Configuration = Record<Spelling["url"] | Spelling["contentType"], LenientString> & { headers: typeof headers }
  // Keys from the spelling widen to string in the objects below: their shapes are named so they keep their names.
  const configuration = lenient(z.looseObject<Configuration>({ ...lenientStrings(spelling.url, spelling.contentType), headers } as Configuration))
  type Answer = { id: typeof wireString } & Record<Spelling["follows"] | "created" | "expiry", LenientString> &
    Record<Spelling["events"], typeof returnedEventNames> &
    Record<Spelling["configuration"], typeof configuration>
  const answer = {
    id: wireString,
    ...lenientStrings(spelling.follows, "created", "expiry"),
    [spelling.events]: returnedEventNames,
    [spelling.configuration]: configuration,
  }
  return z.looseObject<Answer>(answer as Answer)
}

export const trackingSubscriptionSchema = subscriptionAnswerSchema({ follows: "trackingId", events: "event_groups", configuration: "configuration", url: "url", contentType: "content_type" }).extend({
  /** Derived from the login id; never the API key (carrier notes 26). */
  authenticator: lenient(wireString),
})
export type TrackingSubscription = z.output<typeof trackingSubscriptionSchema>
export const trackingSubscriptionListSchema = z.array(trackingSubscriptionSchema)

export const customerSubscriptionSchema = subscriptionAnswerSchema({ follows: "customerNumber", events: "eventSet", configuration: "webhookConfiguration", url: "webhookUrl", contentType: "contentType" }).extend({
  /** The carrier login that created it; only in the all-accessible list. */
  createdBy: lenient(wireString),
})
export type CustomerSubscription = z.output<typeof customerSubscriptionSchema>
export const customerSubscriptionListSchema = z.array(customerSubscriptionSchema)

/**
 * Result of the test operation. The carrier answered 2xx: it registered the test and sent the
 * dummy callback. Its text has no documented format, so it is passed on exactly as it came.
 */
export interface SubscriptionTestResult {
  /** The carrier's HTTP status (2xx; anything else is thrown as a CarrierError). */
  status: number
  /** The carrier's text as it came; empty when it sent none. */
  outcome: string
}
