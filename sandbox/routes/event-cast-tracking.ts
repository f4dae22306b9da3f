import { randomUUID } from "node:crypto"
import type { CallbackDispatcher } from "../callbacks"
import type { Clock } from "../clock"
import { eventCastTimestamp } from "../dates"
import { trackingErrorResponse } from "../errors"
import { json, noContent, text, type HttpResponse } from "../http"
import { authenticatorFor } from "../ids"
import type { AuthenticatedContext, AuthenticatedRoute } from "../router"
import { ownerKey, TRACKING_LIFETIME_MS, trackingView, type SubscriptionStore, type TrackingRecord } from "../subscriptions"
import { isRecord } from "../values"
import { accessibleCustomerSubscription } from "./event-cast-customer"
import {
  checkCallbackConfiguration,
  checkEventNames,
  checkTrackingId,
  type CallbackConfiguration,
  type Checked,
} from "./event-cast-validation"

/** Tracking-number subscriptions and the test operation (carrier notes 20, 21, 22, 23, 27). */

const BASE = "/event-cast/api/v1/webhooks"
const MAX_BATCH = 100
const DEFAULT_LIST_LIMIT = 10_000
const MAX_LIST_LIMIT = 150_000

export function trackingSubscriptionRoutes(store: SubscriptionStore, dispatcher: CallbackDispatcher, clock: Clock): AuthenticatedRoute[] {
  const route = (method: AuthenticatedRoute["method"], pattern: string, handle: AuthenticatedRoute["handle"]): AuthenticatedRoute => ({
    method,
    pattern,
    group: "events",
    errorStyle: "tracking",
    concurrency: "events",
    handle,
  })
  const own = (ctx: AuthenticatedContext) => store.activeTracking().filter((s) => s.ownerUid === ownerKey(ctx.user.apiUid))
  const find = (ctx: AuthenticatedContext) => own(ctx).find((s) => s.subscriptionId === ctx.params.id)
  const notFound = () => trackingErrorResponse(404, "Webhook not found")

  /** Creates one subscription per tracking number, or none at all (carrier notes 22: a batch is all-or-nothing). */
  const create = (ctx: AuthenticatedContext, trackingIds: string[], body: Record<string, unknown>): HttpResponse | TrackingRecord[] => {
    const configuration = parseConfiguration(body)
    if (!configuration.ok) return trackingErrorResponse(400, configuration.reason)
    const events = checkEventNames(body.event_groups, "event_groups", false)
    if (!events.ok) return trackingErrorResponse(400, events.reason)
    // The carrier's behaviour: several webhooks on one number are allowed only when they subscribe to different events.
    const existing = own(ctx)
    // A number listed twice in one batch counts as a duplicate too.
    const duplicate = trackingIds.some(
      (id, index) =>
        trackingIds.indexOf(id) !== index || existing.some((s) => s.trackingId === id && sameEvents(s.eventGroups, events.value))
    )
    if (duplicate) return trackingErrorResponse(409, "subscription already exists")
    const now = clock.now()
    return trackingIds.map((trackingId) => {
      const record: TrackingRecord = {
        subscriptionId: randomUUID(),
        ownerUid: ownerKey(ctx.user.apiUid),
        authenticator: authenticatorFor(ctx.user.apiUid),
        trackingId,
        eventGroups: events.value,
        url: configuration.value.url,
        contentType: configuration.value.contentType,
        headers: configuration.value.headers,
        created: now,
        expiry: new Date(now.getTime() + TRACKING_LIFETIME_MS),
        ended: false,
      }
      store.addTracking(record)
      return record
    })
  }
  const view = (record: TrackingRecord) => trackingView(record)

  return [
    route("POST", BASE, (ctx) => {
      if (!isRecord(ctx.body)) return trackingErrorResponse(400, "The body must be a JSON object")
      const trackingId = checkTrackingId(ctx.body.trackingId)
      if (!trackingId.ok) return trackingErrorResponse(400, trackingId.reason)
      const created = create(ctx, [trackingId.value], ctx.body)
      return Array.isArray(created) ? json(201, view(created[0])) : created
    }),
    route("POST", "/event-cast/batch/api/v1/webhooks", (ctx) => {
      if (!isRecord(ctx.body)) return trackingErrorResponse(400, "The body must be a JSON object")
      const ids = ctx.body.trackingIds
      if (!Array.isArray(ids) || ids.length === 0 || ids.length > MAX_BATCH) {
        return trackingErrorResponse(400, `trackingIds must list 1 to ${MAX_BATCH} tracking numbers`)
      }
      if (!ids.every((id) => checkTrackingId(id).ok)) return trackingErrorResponse(400, "Invalid tracking number")
      const created = create(ctx, ids as string[], ctx.body)
      return Array.isArray(created) ? json(201, created.map(view)) : created
    }),
    route("GET", BASE, (ctx) => {
      const limitParam = ctx.query.get("limit")
      const limit = limitParam === null ? DEFAULT_LIST_LIMIT : Number(limitParam)
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIST_LIMIT) {
        return trackingErrorResponse(400, `limit must be an integer from 1 to ${MAX_LIST_LIMIT}`)
      }
      const subscriptions = own(ctx)
      if (subscriptions.length === 0) return trackingErrorResponse(404, "No webhooks registered")
      return json(200, subscriptions.slice(-limit).map(view))
    }),
    route("GET", `${BASE}/:id`, (ctx) => {
      const subscription = find(ctx)
      return subscription ? json(200, view(subscription)) : notFound()
    }),
    route("DELETE", `${BASE}/:id`, (ctx) => {
      const subscription = find(ctx)
      if (!subscription) return notFound()
      store.removeTracking(subscription.subscriptionId)
      return ctx.query.get("includeWebhook") === "true" ? json(200, view(subscription)) : noContent()
    }),
    {
      ...route("POST", `${BASE}/:id/test`, async (ctx) => {
        const target = find(ctx) ?? accessibleCustomerSubscription(store, ctx)
        if (!target) return notFound()
        const events = "eventGroups" in target ? target.eventGroups : target.eventSet
        // carrier notes 23: a normal payload about made-up test numbers.
        const outcome = await dispatcher.test(target, {
          status: events[0],
          id: randomUUID(),
          shipment: "TESTSHIPMENT",
          package: "TESTPACKAGE",
          created: eventCastTimestamp(clock.now()),
        })
        // The reference's answer: 202, request registered and dummy sent, with a free-text body.
        return text(202, outcome)
      }),
      group: "events-test",
      concurrency: "events-test",
    },
  ]
}

function parseConfiguration(body: Record<string, unknown>): Checked<CallbackConfiguration> {
  const configuration = body.configuration
  if (!isRecord(configuration)) return { ok: false, reason: "configuration is required" }
  return checkCallbackConfiguration(
    { url: configuration.url, contentType: configuration.content_type, headers: configuration.headers },
    { url: "configuration.url", contentType: "configuration.content_type", headers: "configuration.headers" },
    { contentTypeRequired: false, headersRequired: false, headerValueRequired: true }
  )
}

function sameEvents(a: string[], b: string[]): boolean {
  const left = [...new Set(a)].sort()
  const right = [...new Set(b)].sort()
  return left.length === right.length && left.every((name, i) => name === right[i])
}
