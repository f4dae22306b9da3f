import type { PickupConfirmation } from "../carrier"

/**
 * What the plugin keeps of the carrier's pickup confirmation (carrier notes 47): the window, sent
 * as epoch milliseconds; the receipt page, kept only as an absolute http(s) link (the admin opens
 * it); and the carrier's reference. A time that is not a plausible instant is kept as unknown, and
 * a window whose end is before its start keeps only its start.
 */
export type PickupConfirmationRecord = {
  earliest_pickup_at: Date | null
  latest_pickup_at: Date | null
  receipt_url: string | null
  carrier_reference: string
}

/** 2000-01-01 and 2100-01-01: an epoch value outside is a unit mix-up (seconds), not a pickup time. */
const PLAUSIBLE_FROM_MS = Date.UTC(2000, 0, 1)
const PLAUSIBLE_UNTIL_MS = Date.UTC(2100, 0, 1)

export function pickupConfirmationRecord(confirmation: PickupConfirmation): PickupConfirmationRecord {
  const earliest = instant(confirmation.earliestPickupDate)
  const latest = instant(confirmation.latestPickupDate)
  return {
    earliest_pickup_at: earliest,
    latest_pickup_at: latest && earliest && latest < earliest ? null : latest,
    receipt_url: webLink(confirmation.url),
    carrier_reference: confirmation.packageNumber,
  }
}

function instant(epochMs: number): Date | null {
  return Number.isFinite(epochMs) && epochMs >= PLAUSIBLE_FROM_MS && epochMs < PLAUSIBLE_UNTIL_MS ? new Date(epochMs) : null
}

function webLink(value: string | null | undefined): string | null {
  if (!value) return null
  try {
    const url = new URL(value)
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null
  } catch {
    return null
  }
}
