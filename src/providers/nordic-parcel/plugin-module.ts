/*
 * `PluginModuleAccess`: the provider's only way to the plugin's module and query, resolved once.
 * Without the fulfillment module's `dependencies` every provider call fails with the fix named, and
 * `calculatePrice` logs it and hides the option: there is no second carrier pool to fall back on.
 */
import type { RemoteQueryFunction } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { resolveOptional } from "../../lib/resolve-optional"
import { REQUIRED_FULFILLMENT_DEPENDENCIES } from "../../lib/status-page/setup-problems"
import { NORDIC_PARCEL_MODULE } from "../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../modules/nordic_parcel/service"

/** What the provider reads through Medusa's query: orders, stock locations, shipping options, fulfillments. */
export type ProviderQuery = Omit<RemoteQueryFunction, symbol>

/** The plugin's module and query, as the fulfillment module's `dependencies` make them visible. */
export type PluginAccess = { nordicParcel: NordicParcelModuleService; query: ProviderQuery }

/**
 * The provider's one way to the carrier: options, clients, quoter, listings and names all come
 * from the plugin's module, so the admin settings and the carrier error log apply to every call.
 * A provider sees only its own module's container; the store makes the plugin's module and query
 * visible by listing them in the fulfillment module's `dependencies` (README, Install). Without
 * them there is no carrier at all (the start-up report names the fix); this error says so at the
 * first call. Each is resolved once, on first use: modules load in an order of Medusa's choosing,
 * so the provider's constructor may run before the plugin's module is registered.
 */
export class PluginModuleAccess {
  private access_?: PluginAccess

  constructor(private readonly cradle: Record<string, unknown>) {}

  /** The module and query; throws the set-up error when the store did not declare them. */
  get(): PluginAccess {
    if (this.access_) return this.access_
    const nordicParcel = resolveOptional<NordicParcelModuleService>(this.cradle, NORDIC_PARCEL_MODULE)
    const query = resolveOptional<ProviderQuery>(this.cradle, ContainerRegistrationKeys.QUERY)
    if (!nordicParcel || !query) {
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `medusa-plugin-nordic-parcel cannot reach its module: add dependencies: ${JSON.stringify(REQUIRED_FULFILLMENT_DEPENDENCIES)} ` +
          `to the @medusajs/medusa/fulfillment module in medusa-config (README, "Install in a store"), then restart.`
      )
    }
    this.access_ = { nordicParcel, query }
    return this.access_
  }
}
