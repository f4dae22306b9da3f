import type { PickupPoint } from "../carrier"
import type { PickupArea } from "./pickup-point-choice"
import { toPickupPointSnapshot } from "./pickup-point"

/** Shipping method data as this plugin stores it (only what following the address reads). */
export type PickupMethodData = Record<string, unknown> & {
  pickup_point_id?: string
  pickup_point_area?: PickupArea
  pickup_point_pending?: boolean
}

/** Whether the method holds a pickup point (or awaits one) that was chosen for another address. */
export function needsFollowing(data: PickupMethodData | null | undefined, area: PickupArea): boolean {
  if (!data || !(data.pickup_point_id || data.pickup_point_pending)) {
    return false
  }
  const chosenFor = data.pickup_point_area
  return Boolean(data.pickup_point_pending) || !chosenFor || chosenFor.country_code !== area.country_code || chosenFor.postal_code !== area.postal_code
}

/**
 * The method data after the shopper's address moved to `area`, given the carrier's points there
 * (nearest first, already limited to those the parcel fits). A point that still serves the new
 * address is kept (the shopper's choice stands); otherwise the nearest one replaces it. Undefined:
 * nothing to change (no point serves the new address; booking checks the stored one again).
 */
export function followAddress(data: PickupMethodData, area: PickupArea, fitting: PickupPoint[]): PickupMethodData | undefined {
  const { pickup_point_pending: _pending, pickup_point_verified: _verified, ...rest } = data
  const kept = data.pickup_point_id ? fitting.find((point) => point.id === data.pickup_point_id) : undefined
  if (kept) {
    // The carrier's answer also confirms a point stored unverified while it could not be asked.
    return { ...rest, pickup_point: toPickupPointSnapshot(kept, area.country_code), pickup_point_area: area }
  }
  const nearest = fitting[0]
  if (!nearest) {
    return undefined
  }
  return {
    ...rest,
    pickup_point_id: nearest.id,
    pickup_point: toPickupPointSnapshot(nearest, area.country_code),
    pickup_point_chosen_by: "nearest",
    pickup_point_area: area,
  }
}
