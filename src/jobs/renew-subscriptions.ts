/*
 * Renews the carrier's subscriptions before they expire; a subscription is retired only after two 404s
 * of its own id (carrier notes 44). Also runs the rotation of stale subscriptions
 * (modules/nordic_parcel/subscription-rotation.ts).
 */
import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { CarrierError, reviveCarrierError } from "../lib/carrier"
import { NORDIC_PARCEL_MODULE } from "../modules/nordic_parcel"
import type NordicParcelModuleService from "../modules/nordic_parcel/service"
import { renewCustomerSubscriptionWorkflow } from "../workflows/subscriptions/renew-customer-subscription"

const DAY_MS = 24 * 60 * 60 * 1000
/** Renewing a month ahead leaves thirty daily runs to get past a carrier outage. */
const RENEWAL_WINDOW_MS = 30 * DAY_MS
/** The carrier's largest list; it has no pagination. */
const TRACKING_LIST_LIMIT = 150_000

/** What one run changed, by the carrier's subscription id. */
export interface SubscriptionUpkeep {
  /** Customer subscriptions renewed for another 365 days. */
  renewed: string[]
  /** Tracking subscriptions the carrier no longer has before their expiry: the parcel was delivered. */
  ended: string[]
  /** Subscriptions whose expiry passed. */
  expired: string[]
  /** Customer subscriptions removed at the carrier by someone else before they expired. */
  deleted: string[]
  /** Subscriptions the carrier could not be asked about; the next run tries again. */
  failed: { id: string; message: string }[]
}

type StoredSubscription = Awaited<ReturnType<NordicParcelModuleService["listSubscriptions"]>>[number]

/**
 * Keeps the plugin's subscription records true to the carrier. Customer subscriptions live 365
 * days and stop silently when they lapse, so active ones expiring within 30 days are renewed.
 * Tracking subscriptions end when the parcel is delivered or after 30 days, and the carrier says
 * nothing when they do, so records the carrier no longer has are marked ended, or expired once
 * their expiry has passed. A subscription is retired only when two lookups of its own id answer
 * 404 (carrier notes 44); an empty list, or a run in which the carrier fails other lookups,
 * retires nothing.
 *
 * `now` is the carrier's present; tests pass the sandbox's clock.
 */
export async function renewSubscriptions(
  container: MedusaContainer,
  { now = new Date() }: { now?: Date } = {}
): Promise<SubscriptionUpkeep> {
  const nordicParcel = container.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const upkeep: SubscriptionUpkeep = { renewed: [], ended: [], expired: [], deleted: [], failed: [] }
  // Subscriptions start-up could not make again after a change of secret or URL get another try.
  await nordicParcel.resubscribeStale().catch((error: Error) => upkeep.failed.push({ id: "(resubscription)", message: error.message }))
  await renewCustomerSubscriptions(container, nordicParcel, now, upkeep)
  await retireTrackingSubscriptions(nordicParcel, now, upkeep)
  return upkeep
}

async function renewCustomerSubscriptions(
  container: MedusaContainer,
  nordicParcel: NordicParcelModuleService,
  now: Date,
  upkeep: SubscriptionUpkeep
): Promise<void> {
  const active = await nordicParcel.listSubscriptions({ kind: "customer", status: "active" })
  // A record without an expiry is renewed too: that is how it learns one.
  const due = active.filter((s) => !s.expires_at || expiresBy(s, now.getTime() + RENEWAL_WINDOW_MS))
  await Promise.all(
    due.map(async (subscription) => {
      try {
        await renewCustomerSubscriptionWorkflow(container).run({
          input: { carrier_id: subscription.carrier_id!, now: now.toISOString() },
        })
        upkeep.renewed.push(subscription.carrier_id!)
      } catch (thrown) {
        const error = reviveCarrierError(thrown)
        if (!isNotFound(error)) return noteFailure(upkeep, subscription, error)
        // A 404 on the renewal alone is not proof (carrier notes 44): its own path must say so twice.
        const gone = await confirmedGone(() => nordicParcel.carrier().events.getCustomerSubscription(subscription.carrier_id!))
        if (gone !== true) return noteFailure(upkeep, subscription, gone === false ? error : gone)
        const status = expiresBy(subscription, now.getTime()) ? "expired" : "deleted"
        await nordicParcel.retireSubscriptions([subscription.id], status)
        upkeep[status].push(subscription.carrier_id!)
      }
    })
  )
}

/**
 * Whether the carrier says a subscription is gone: two lookups of its own id both answer 404.
 * `false` when one finds it, the error when the carrier could not be asked.
 */
async function confirmedGone(lookup: () => Promise<unknown>): Promise<boolean | CarrierError> {
  for (let look = 0; look < 2; look++) {
    try {
      await lookup()
      return false
    } catch (error) {
      if (!isNotFound(error)) {
        if (error instanceof CarrierError) return error
        throw error
      }
    }
  }
  return true
}

async function retireTrackingSubscriptions(
  nordicParcel: NordicParcelModuleService,
  now: Date,
  upkeep: SubscriptionUpkeep
): Promise<void> {
  const active = await nordicParcel.listSubscriptions({ kind: "tracking", status: "active" })
  if (active.length === 0) return

  // The carrier drops a subscription at its expiry exactly (carrier notes 21): no need to ask.
  const lapsed = active.filter((s) => expiresBy(s, now.getTime()))
  if (lapsed.length > 0) {
    await nordicParcel.retireSubscriptions(lapsed.map((s) => s.id), "expired")
    upkeep.expired.push(...lapsed.map((s) => s.carrier_id!))
  }

  const current = active.filter((s) => !expiresBy(s, now.getTime()))
  if (current.length === 0) return
  const events = nordicParcel.carrier().events
  let listed: Set<string>
  try {
    // One list instead of a request per record; a store has one subscription per shipment.
    listed = new Set((await events.listTrackingSubscriptions({ limit: TRACKING_LIST_LIMIT })).map((s) => s.id))
  } catch (error) {
    current.forEach((subscription) => noteFailure(upkeep, subscription, error))
    return
  }
  // An empty list (the carrier answers 404 when it has none) says nothing about any one of them
  // (carrier notes 44): they end at their expiry, which needs no asking.
  if (listed.size === 0) return
  // The list holds only the latest subscriptions, so one missing from it is confirmed one by one,
  // each by two lookups of its own id.
  const missing = current.filter((s) => !listed.has(s.carrier_id!))
  const gone: StoredSubscription[] = []
  let incident = false
  await Promise.all(
    missing.map(async (subscription) => {
      const answer = await confirmedGone(() => events.getTrackingSubscription(subscription.carrier_id!))
      if (answer === true) gone.push(subscription)
      else if (answer !== false) {
        incident = true
        noteFailure(upkeep, subscription, answer)
      }
    })
  )
  // A carrier failing some lookups may be answering 404 wrongly to others: retire nothing this run.
  if (incident) {
    gone.forEach((subscription) => upkeep.failed.push({ id: subscription.carrier_id!, message: "not retired: the carrier failed other lookups in this run" }))
    return
  }
  await nordicParcel.retireSubscriptions(gone.map((s) => s.id), "ended")
  upkeep.ended.push(...gone.map((s) => s.carrier_id!))
}

function expiresBy(subscription: StoredSubscription, instant: number): boolean {
  return subscription.expires_at !== null && new Date(subscription.expires_at).getTime() <= instant
}

function isNotFound(error: unknown): boolean {
  return error instanceof CarrierError && error.kind === "not_found"
}

function noteFailure(upkeep: SubscriptionUpkeep, subscription: StoredSubscription, error: unknown): void {
  if (!(error instanceof CarrierError)) throw error
  upkeep.failed.push({ id: subscription.carrier_id!, message: error.message })
}

/** Daily upkeep of the plugin's event-cast subscriptions (see renewSubscriptions). */
export default async function renewSubscriptionsJob(container: MedusaContainer): Promise<void> {
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const upkeep = await renewSubscriptions(container)
  const changed = ["renewed", "ended", "expired", "deleted"] as const
  logger.info(
    `nordic-parcel subscriptions: ${changed.map((key) => `${upkeep[key].length} ${key}`).join(", ")}, ` +
      `${upkeep.failed.length} failed`
  )
  for (const failure of upkeep.failed) {
    logger.warn(`nordic-parcel subscription ${failure.id} could not be checked: ${failure.message}`)
  }
}

export const config = {
  name: "nordic-parcel-renew-subscriptions",
  // Daily at 03:17, away from the top of the hour when other stores' jobs crowd the carrier.
  schedule: "17 3 * * *",
}
