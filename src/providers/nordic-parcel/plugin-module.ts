import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { CarrierClients } from "../../lib/carrier"
import type { PickupPointListings } from "../../lib/checkout/pickup-point-listings"
import type { CheckoutQuoter } from "../../lib/checkout/quoter"
import { ServicesInUse, type ShippingOptionQuery } from "../../lib/checkout/services-in-use"
import type { NordicParcelOptions } from "../../lib/options"
import { resolveOptional } from "../../lib/resolve-optional"
import { NORDIC_PARCEL_MODULE } from "../../modules/nordic_parcel"
import { createCarrierAccess, type CarrierAccess } from "../../modules/nordic_parcel/carrier-access"
import type NordicParcelModuleService from "../../modules/nordic_parcel/service"
import { PROVIDER_ID } from "./provider-id"

/*
 * The provider's one way to the plugin's module. A provider sees only its own module's container;
 * the store makes the plugin's module visible by listing it in the fulfillment module's
 * `dependencies` (README, Install). Resolved per call: modules load in an order of Medusa's choosing.
 */

/** The plugin's module, when the store made it visible to the fulfillment module. */
export function pluginModule(cradle: Record<string, unknown>): NordicParcelModuleService | undefined {
  return resolveOptional<NordicParcelModuleService>(cradle, NORDIC_PARCEL_MODULE)
}

/**
 * What a provider call works with: the options in force, the carrier clients, the quoter, the
 * pickup-point listings and the services the store's shipping options use (unknown without
 * `query` among the fulfillment module's dependencies: then only configured services are quoted).
 */
export type ProviderRuntime = {
  options: NordicParcelOptions
  carrier: CarrierClients
  quoter: CheckoutQuoter
  listings: PickupPointListings
  servicesInUse?: ServicesInUse
  /** The carrier's names of services, and the way to ask for missing ones. */
  names: Pick<CarrierAccess, "names" | "learnNames">
}

/**
 * The module's options in force (medusa-config with the merchant's admin settings over them) and
 * the module's carrier clients and quoter. A store that did not declare the dependencies still
 * lists and prices its services as configured: the provider then builds its own set from its own
 * options, with the same factory, once.
 */
export class ProviderRuntimeSource {
  private own_?: { options: NordicParcelOptions; access: CarrierAccess }
  private ownServicesInUse_?: ServicesInUse

  constructor(
    private readonly cradle: Record<string, unknown> & { logger: CarrierAccessLogger },
    private readonly ownOptions: () => NordicParcelOptions
  ) {}

  async get(): Promise<ProviderRuntime> {
    const module = pluginModule(this.cradle)
    const query = resolveOptional<ShippingOptionQuery>(this.cradle, ContainerRegistrationKeys.QUERY)
    if (module) {
      return {
        options: await module.getEffectiveOptions(),
        carrier: module.carrier(),
        quoter: module.quoter(),
        listings: module.pickupPointListings(),
        servicesInUse: query ? module.servicesInUse(query) : undefined,
        names: {
          names: module.carrierServiceNames(),
          learnNames: (codes, from) => module.learnServiceNames(codes, from),
        },
      }
    }
    const own = this.own()
    this.ownServicesInUse_ ??= query ? ServicesInUse.fromQuery(query, PROVIDER_ID) : undefined
    return {
      options: own.options,
      carrier: own.access.clients,
      quoter: own.access.quoter,
      listings: own.access.pickupPointListings,
      servicesInUse: this.ownServicesInUse_,
      names: own.access,
    }
  }

  /** The connection options of the carrier set in use (time-outs of a pickup-point check). */
  connection(): NordicParcelOptions {
    return pluginModule(this.cradle)?.getOptions() ?? this.own().options
  }

  private own() {
    if (!this.own_) {
      const options = this.ownOptions()
      this.own_ = {
        options,
        access: createCarrierAccess({ options, cradle: this.cradle, logger: this.cradle.logger, onError: () => {} }),
      }
    }
    return this.own_
  }
}

type CarrierAccessLogger = Parameters<typeof createCarrierAccess>[0]["logger"]
