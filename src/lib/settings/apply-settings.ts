import { parseOptions, type NordicParcelOptions, type NordicParcelOptionsInput, type ServiceOptions } from "../options"
import {
  CUSTOMS_FIELDS,
  DELIVERY_FIELDS,
  GENERAL_FIELDS,
  PACKAGING_FIELDS,
  SERVICE_FIELDS,
  TRACKING_FIELDS,
  toOptionValues,
} from "./settings-fields"
import type { MerchantSettings, ServiceSettings } from "./settings-schema"

/**
 * The options in force: the plugin options (medusa-config) with the merchant's settings over them,
 * validated with the options schema itself, so whatever reads options reads a valid
 * NordicParcelOptions whichever source a value came from. Throws like parseOptions (naming the
 * option) if the combination is refused.
 */
export function effectiveOptions(options: NordicParcelOptions, settings: MerchantSettings): NordicParcelOptions {
  return parseOptions(applySettings(options, settings))
}

/**
 * The merge, without validation. Rules:
 * - a setting that is present replaces the option; an absent one leaves the option as configured;
 * - lists (additional services, event groups) and the default item dimensions are replaced whole,
 *   never concatenated, so a merchant can switch an additional service off;
 * - groups (packaging, customs, delivery, tracking → webhooks) merge field by field; the rest of `webhooks`
 *   (URL, secret, header) and the credentials, time-outs and caches are never touched;
 * - services merge by code: a configured service gets its settings field by field and keeps its
 *   place; a code only the settings name is a service added in the admin, appended in code order;
 *   `offered: false` switches a service off but keeps it (orders placed with it still book).
 */
export function applySettings(options: NordicParcelOptions, settings: MerchantSettings): NordicParcelOptionsInput {
  return {
    ...options,
    ...toOptionValues(settings, GENERAL_FIELDS),
    services: mergeServices(options.services, settings.services ?? {}),
    packaging: { ...options.packaging, ...toOptionValues(settings.packaging, PACKAGING_FIELDS) },
    customs: { ...options.customs, ...toOptionValues(settings.customs, CUSTOMS_FIELDS) },
    webhooks: { ...options.webhooks, ...toOptionValues(settings.tracking, TRACKING_FIELDS) },
    delivery: { ...options.delivery, ...toOptionValues(settings.delivery, DELIVERY_FIELDS) },
  } as NordicParcelOptionsInput
}

function mergeServices(configured: ServiceOptions[], settings: Record<string, ServiceSettings>) {
  const configuredCodes = new Set(configured.map((service) => service.code))
  const added = Object.keys(settings)
    .filter((code) => !configuredCodes.has(code))
    .sort()
  return [
    ...configured.map((service) => ({ ...service, ...toOptionValues(settings[service.code], SERVICE_FIELDS) })),
    ...added.map((code) => ({ code, ...toOptionValues(settings[code], SERVICE_FIELDS) })),
  ]
}
