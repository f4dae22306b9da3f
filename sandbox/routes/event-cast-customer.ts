import { randomUUID } from "node:crypto"
import type { Clock } from "../clock"
import { findCustomer } from "../data/customers"
import { customerErrorResponse } from "../errors"
import { json, noContent } from "../http"
import type { AuthenticatedContext, AuthenticatedRoute } from "../router"
import { CUSTOMER_LIFETIME_MS, customerView, ownerKey, type CustomerRecord, type SubscriptionStore } from "../subscriptions"
import { isRecord } from "../values"
import { checkCallbackConfiguration, checkEventNames } from "./event-cast-validation"

/**
 * Customer-number subscriptions (carrier notes 26). A user reaches its own
 * subscriptions; an admin also every subscription on its customer numbers.
 */

const BASE = "/event-cast/api/v1/customer/webhooks"

export function customerSubscriptionRoutes(store: SubscriptionStore, clock: Clock): AuthenticatedRoute[] {
  const route = (method: AuthenticatedRoute["method"], pattern: string, handle: AuthenticatedRoute["handle"]): AuthenticatedRoute => ({
    method,
    pattern,
    group: "events",
    errorStyle: "customer",
    concurrency: "events",
    handle,
  })
  const notFound = () => customerErrorResponse(404, "No customer webhook subscription found")
  const view = (record: CustomerRecord) => customerView(record, { withCreatedBy: false })

  return [
    route("POST", BASE, (ctx) => {
      const body = isRecord(ctx.body) ? ctx.body : {}
      const customer = findCustomer(body.customerNumber)
      if (typeof body.customerNumber !== "string" || body.customerNumber === "") {
        return customerErrorResponse(400, "customerNumber is required")
      }
      const events = checkEventNames(body.eventSet, "eventSet", true)
      if (!events.ok) return customerErrorResponse(400, events.reason)
      if (!isRecord(body.webhookConfiguration)) return customerErrorResponse(400, "webhookConfiguration is required")
      const webhook = body.webhookConfiguration
      const configuration = checkCallbackConfiguration(
        { url: webhook.webhookUrl, contentType: webhook.contentType, headers: webhook.headers },
        {
          url: "webhookConfiguration.webhookUrl",
          contentType: "webhookConfiguration.contentType",
          headers: "webhookConfiguration.headers",
        },
        { contentTypeRequired: true, headersRequired: true, headerValueRequired: false }
      )
      if (!configuration.ok) return customerErrorResponse(400, configuration.reason)
      if (!customer || !ctx.user.customerNumbers.includes(customer.customerNumber)) {
        return customerErrorResponse(401, `Not authorised for customer number ${body.customerNumber}`)
      }
      const now = clock.now()
      const record: CustomerRecord = {
        subscriptionId: randomUUID(),
        ownerUid: ownerKey(ctx.user.apiUid),
        createdBy: ctx.user.apiUid,
        customerNumber: body.customerNumber,
        shortCustomerNumber: customer.customerNumber,
        eventSet: events.value,
        ...configuration.value,
        created: now,
        expiry: new Date(now.getTime() + CUSTOMER_LIFETIME_MS),
      }
      store.addCustomer(record)
      return json(201, view(record))
    }),
    route("GET", BASE, (ctx) => {
      const own = store.activeCustomer().filter((s) => s.ownerUid === ownerKey(ctx.user.apiUid))
      return own.length > 0 ? json(200, own.map(view)) : notFound()
    }),
    route("GET", `${BASE}/all`, (ctx) => {
      const visible = store.activeCustomer().filter((s) => mayAccess(ctx, s))
      return visible.length > 0 ? json(200, visible.map((s) => customerView(s, { withCreatedBy: true }))) : notFound()
    }),
    route("POST", `${BASE}/renew/:id`, (ctx) => {
      const subscription = accessibleCustomerSubscription(store, ctx)
      if (!subscription) return notFound()
      subscription.expiry = new Date(clock.now().getTime() + CUSTOMER_LIFETIME_MS)
      return json(200, view(subscription))
    }),
    route("GET", `${BASE}/:id`, (ctx) => {
      const subscription = accessibleCustomerSubscription(store, ctx)
      return subscription ? json(200, view(subscription)) : notFound()
    }),
    route("DELETE", `${BASE}/:id`, (ctx) => {
      const subscription = accessibleCustomerSubscription(store, ctx)
      if (!subscription) return notFound()
      store.removeCustomer(subscription.subscriptionId)
      return noContent()
    }),
  ]
}

/** The active customer subscription `:id`, when the caller may see it. */
export function accessibleCustomerSubscription(store: SubscriptionStore, ctx: AuthenticatedContext): CustomerRecord | undefined {
  return store.activeCustomer().find((s) => s.subscriptionId === ctx.params.id && mayAccess(ctx, s))
}

/** Own subscriptions, plus, for admins, all on their customer numbers (events "Authentication" 4). */
function mayAccess(ctx: AuthenticatedContext, subscription: CustomerRecord): boolean {
  return (
    subscription.ownerUid === ownerKey(ctx.user.apiUid) ||
    (ctx.user.admin === true && ctx.user.customerNumbers.includes(subscription.shortCustomerNumber))
  )
}
