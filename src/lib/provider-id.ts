/**
 * Medusa stores a provider as `<identifier>_<id>`: the identifier of the provider class and the
 * id the store gave the registration in medusa-config (any id; the README's is `nordic-parcel`).
 * Medusa does not tell the provider its id, so every reader (services-in-use pricing, the
 * delivery-options route, the bulk runner) recognises the plugin's shipping options by the
 * identifier alone, whatever id, and however many registrations, the store chose.
 */
export const PROVIDER_IDENTIFIER = "nordic-parcel"

/** Whether a shipping option's or fulfillment's `provider_id` is a registration of this provider. */
export function isNordicParcelProviderId(providerId: string | null | undefined): boolean {
  return typeof providerId === "string" && providerId.startsWith(`${PROVIDER_IDENTIFIER}_`)
}
