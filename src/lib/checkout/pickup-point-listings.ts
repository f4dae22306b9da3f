/*
 * The pickup-point listings cache, bounded by entries and bytes, shared by the store route and
 * checkout's nearest point; one per process, in the module's carrier access.
 */
import type { ICachingModuleService } from "@medusajs/framework/types"
import type { LookupClient, PickupPoint } from "../carrier"
import { TtlCache, type TtlCacheLimits } from "../cache/ttl-cache"
import type { Parcel } from "../packing/parcel"
import type { PickupCountry } from "../postal-codes"
import { parcelFits } from "./pickup-point"

export type ListingQuery = {
  countryCode: PickupCountry
  postalCode: string
  street?: string
  streetNumber?: string
  pickupPointType?: "manned" | "locker"
  numberOfResponses: number
}

type Deps = {
  lookup: () => LookupClient
  ttlSeconds: () => number
  shared?: () => ICachingModuleService | undefined
  limits: TtlCacheLimits
}

/**
 * Pickup-point listings by postal code (and street), nearest first, cached per query (in memory,
 * bounded by entries and bytes, and in Medusa's caching module when the store has one). A carrier
 * failure throws; only the carrier's own "none here" is an empty list, and an empty list is never
 * cached, so a carrier that just came back is asked again.
 */
export class PickupPointListings {
  private readonly cache: TtlCache<PickupPoint[]>

  constructor(private readonly deps: Deps) {
    this.cache = new TtlCache<PickupPoint[]>(deps.limits)
  }

  async list(query: ListingQuery, callOptions?: { timeoutMs?: number }): Promise<PickupPoint[]> {
    const key = `nordic-parcel:pickup-points:v1:${JSON.stringify(query)}`
    const shared = this.deps.shared?.()
    return (
      (await this.cache.get(key, shared)) ??
      this.cache.coalesce(key, async () => {
        const fresh = await this.deps.lookup().getPickupPointsByPostalCode(query, callOptions)
        if (fresh.length > 0) {
          await this.cache.set(key, fresh, this.deps.ttlSeconds(), shared)
        }
        return fresh
      })
    )
  }

  size(): { entries: number; bytes: number } {
    return this.cache.size()
  }
}

/** How many points are asked for when choosing one: enough that lockers a parcel misses leave some. */
export const NEAREST_CANDIDATES = 20

/** "Nearest suitable": the first point of the carrier's answer (nearest first) the parcel fits. */
export function nearestFitting(points: PickupPoint[], parcel: Parcel | undefined): PickupPoint | undefined {
  return points.find((point) => !parcel || parcelFits(point, parcel))
}

/**
 * Street and number of an address line ("Strandgaten 1B" → Strandgaten, 1B), which the carrier
 * uses to order points by distance from the address rather than from the postal code's centre.
 */
export function streetOf(addressLine: string | null | undefined): { street?: string; streetNumber?: string } {
  const line = addressLine?.trim().replace(/\s+/g, " ").slice(0, 100)
  if (!line) return {}
  const match = /^(.*?[^\d\s,])[\s,]+(\d+\s?[A-Za-z]?)$/.exec(line)
  return match ? { street: match[1], streetNumber: match[2].replace(/\s/g, "") } : { street: line }
}
