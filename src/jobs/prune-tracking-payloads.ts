/*
 * Daily: the module's `pruneTrackingPayloads` (empties the raw body of applied events older than
 * `webhooks.payloadRetentionDays`, admin setting `payload_retention_days`) and
 * `pruneTrackingDeadLetters` (deletes dead letters received before the same day), so a year of
 * callbacks does not keep its bodies.
 */
import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { NORDIC_PARCEL_MODULE } from "../modules/nordic_parcel"
import type NordicParcelModuleService from "../modules/nordic_parcel/service"

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Once a day, empties the raw body of the carrier callbacks whose events were applied more than
 * the merchant's `webhooks.payloadRetentionDays` ago (admin: Tracking → Keep raw callbacks). The
 * events stay, with their status, times and fulfilment: only the carrier's message as received
 * goes, which is most of the table's size. An event not applied yet keeps its body. Dead letters
 * (callbacks that could not be understood, kept whole with their reason) are raw callbacks too:
 * those received longer ago than the same retention are deleted.
 */
export default async function pruneTrackingPayloadsJob(
  container: MedusaContainer,
  now = new Date()
): Promise<{ payloads: number; deadLetters: number }> {
  const nordicParcel = container.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const { webhooks } = await nordicParcel.getEffectiveOptions()
  const before = new Date(now.getTime() - webhooks.payloadRetentionDays * DAY_MS)
  const payloads = await nordicParcel.pruneTrackingPayloads(before)
  const deadLetters = await nordicParcel.pruneTrackingDeadLetters(before)
  if (payloads > 0 || deadLetters > 0) {
    container
      .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
      .info(
        `nordic-parcel: emptied the raw callback of ${payloads} tracking events applied, and deleted ${deadLetters} dead letters received, ` +
          `over ${webhooks.payloadRetentionDays} days ago`
      )
  }
  return { payloads, deadLetters }
}

export const config = {
  name: "nordic-parcel-prune-tracking-payloads",
  schedule: "40 3 * * *",
}
