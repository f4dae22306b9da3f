import type { ICachingModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createCarrierClients, type CarrierClients, type CarrierError, type CarrierLogger } from "../../lib/carrier"
import { PickupPointListings } from "../../lib/checkout/pickup-point-listings"
import { CheckoutQuoter } from "../../lib/checkout/quoter"
import type { NordicParcelOptions } from "../../lib/options"
import { resolveOptional } from "../../lib/resolve-optional"

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
    timeoutMs: options.timeouts.requestMs,
    // A store with Redis (Medusa's Redis modules read REDIS_URL too) runs several instances: they
    // share the carrier's 18 bookings per second through it.
    sharedLimitRedisUrl: process.env.REDIS_URL,
    logger,
    onError,
  })
  const quoter = new CheckoutQuoter({
    lookup: clients.lookup,
    options,
    logger,
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
  return { clients, quoter, pickupPointListings, sharedCache }
}
