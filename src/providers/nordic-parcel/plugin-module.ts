import type { CarrierError } from "../../lib/carrier"
import type { NordicParcelOptions } from "../../lib/options"
import { resolveOptional } from "../../lib/resolve-optional"
import { NORDIC_PARCEL_MODULE } from "../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../modules/nordic_parcel/service"

/*
 * What the provider takes from the plugin's module when it can see it. A provider sees only its
 * own module's container; the store makes the plugin's module visible by listing it in the
 * fulfillment module's `dependencies` (README, Install). Resolved per call: modules load in an
 * order of Medusa's choosing.
 */

/**
 * The options a provider call works with: the module's effective options (medusa-config with the
 * merchant's admin settings over them; in memory, refreshed every few seconds), else the
 * provider's own options, so a store that did not declare the dependencies still lists and prices
 * its services as configured.
 */
export async function optionsInForce(
  cradle: Record<string, unknown>,
  ownOptions: NordicParcelOptions
): Promise<NordicParcelOptions> {
  const module = resolveOptional<NordicParcelModuleService>(cradle, NORDIC_PARCEL_MODULE)
  return module ? module.getEffectiveOptions() : ownOptions
}

/** Reports a failure of the provider's own carrier clients to the module's status log, when visible. */
export function reportCarrierError(cradle: Record<string, unknown>, error: CarrierError): void {
  resolveOptional<NordicParcelModuleService>(cradle, NORDIC_PARCEL_MODULE)?.recordCarrierError(error)
}
