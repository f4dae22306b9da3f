/*
 * Owns the one carrier pool of a process: `createCarrierAccess` is the only factory of the carrier
 * clients, the checkout quoter (lib/checkout/quoter.ts), the pickup-point listings cache
 * (lib/checkout/pickup-point-listings.ts, bounded by entries and bytes) and the carrier-name cache
 * (lib/service-names/carrier-name-cache.ts). The module holds the instance (`carrier()`, `quoter()`,
 * `pickupPointListings()`); the provider reaches it only through
 * providers/nordic-parcel/plugin-module.ts, so there is no second pool. The clients log through
 * `scrubbingLogger` (lib/carrier/errors.ts: the API key and webhook secrets never reach a log line),
 * and REDIS_URL is handed to them (`sharedLimitRedisUrl`), so the booking rate limit is shared by
 * every instance through Redis when the store has it (lib/carrier/user-limits.ts,
 * shared-rate-limit.ts), per process otherwise.
 */
import type { ICachingModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createCarrierClients, type CarrierClients, type CarrierError, type CarrierLogger } from "../../lib/carrier"
import { PickupPointListings } from "../../lib/checkout/pickup-point-listings"
import { CheckoutQuoter } from "../../lib/checkout/quoter"
import type { NordicParcelOptions } from "../../lib/options"
import { resolveOptional } from "../../lib/resolve-optional"
import { CarrierNameCache } from "../../lib/service-names/carrier-name-cache"
import { carrierServiceNames } from "../../lib/service-names/carrier-names"
import { namesLookupRequest, type Place } from "../../lib/service-names/names-lookup-request"

/**
 * Everything that talks to the carrier, built once per owner: the clients (one keep-alive pool),
 * the checkout quoter (quote cache, in-flight lookups, remembered failures) and the pickup-point
 * listings cache. The plugin's module owns the one instance the provider, routes and jobs use.
 */
export interface CarrierAccess {
  clients: CarrierClients
  quoter: CheckoutQuoter
  /** Listings by search (bounded by entries and bytes), shared by the store route and checkout's nearest point. */
  pickupPointListings: PickupPointListings
  /** Medusa's caching module when the store has one (several instances then share entries). */
  sharedCache(): ICachingModuleService | undefined
  /** The carrier's names of services, learned from every quote's answer. */
  names: CarrierNameCache
  /**
   * Asks the carrier for the names of those codes it has not named lately: one lookup from the
   * place `from` gives to itself, within the checkout's time budget. `from` is only read when a
   * name is missing, so a page whose names are known does no extra work. Never throws (the
   * catalogue's names stay; without a place nothing is asked); a failure is in the carrier error log.
   */
  learnNames(codes: Iterable<string>, from: () => Promise<Place | null>): Promise<void>
}

/** The one factory of carrier clients and quoter. */
export function createCarrierAccess({
  options,
  cradle,
  logger,
  onError,
}: {
  /** Connection options only (address, credentials, time-outs, cache lifetimes). */
  options: NordicParcelOptions
  /** The owner's container: the caching module is resolved per use, it may load after the owner. */
  cradle: Record<string, unknown>
  logger: CarrierLogger
  onError: (error: CarrierError) => void
}): CarrierAccess {
  const sharedCache = () => resolveOptional<ICachingModuleService>(cradle, Modules.CACHING)
  const clients = createCarrierClients({
    baseUrl: options.baseUrl,
    apiUid: options.apiUid,
    apiKey: options.apiKey,
    // Sent in subscription headers, so the carrier may echo them: scrubbed like the key.
    secrets: [options.webhooks.secret, options.webhooks.previousSecret],
    timeoutMs: options.timeouts.requestMs,
    // A store with Redis (Medusa's Redis modules read REDIS_URL too) runs several instances: they
    // share the carrier's 18 bookings per second through it.
    sharedLimitRedisUrl: process.env.REDIS_URL,
    logger,
    onError,
  })
  const names = new CarrierNameCache()
  const quoter = new CheckoutQuoter({
    lookup: clients.lookup,
    options,
    logger,
    onAnswer: (response) => names.learn(carrierServiceNames(response)),
    get caching() {
      return sharedCache()
    },
  })
  const pickupPointListings = new PickupPointListings({
    lookup: () => clients.lookup,
    ttlSeconds: () => options.cache.pickupPointTtlSeconds,
    shared: sharedCache,
    limits: { maxEntries: options.cache.pickupPointMaxEntries, maxBytes: options.cache.pickupPointMaxBytes },
  })
  const learnNames = async (codes: Iterable<string>, from: () => Promise<Place | null>) => {
    const missing = names.missing(codes)
    if (!missing.length) return
    const place = await from().catch(() => null)
    if (!place) return
    await names.fill(
      missing,
      async (missing) => {
        const request = namesLookupRequest(missing, place)
        if (!request) return {}
        const response = await clients.lookup.getShippingProducts(request, {
          timeoutMs: options.timeouts.quoteMs,
          maxAttempts: 1,
        })
        return carrierServiceNames(response)
      },
      (error) => logger.warn(`nordic-parcel: service names not available from the carrier, using the plugin's: ${(error as Error).message}`)
    )
  }
  return { clients, quoter, pickupPointListings, sharedCache, names, learnNames }
}
