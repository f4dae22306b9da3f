import { parseOptions, type NordicParcelOptions, type NordicParcelOptionsInput, type ServiceOptions } from "../options"
import { entriesOf, FIELD_COLLECTIONS, FIELD_GROUPS, GENERAL_FIELDS, SERVICE_FIELDS, toOptionValues, type FieldTable } from "./settings-fields"
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
 *   `offered: false` switches a service off but keeps it (orders placed with it still book);
 * - currencies and locations merge by code or id, field by field; per-currency records of a
 *   service (fallback prices, thresholds, markups) are values, replaced whole.
 */
export function applySettings(options: NordicParcelOptions, settings: MerchantSettings): NordicParcelOptionsInput {
  const merged: Record<string, unknown> = {
    ...options,
    ...toOptionValues(settings, GENERAL_FIELDS),
    services: mergeServices(options.services, settings.services ?? {}),
  }
  for (const [collection, fields] of entriesOf(FIELD_COLLECTIONS)) {
    merged[collection] = mergeKeyed(options[collection], settings[collection], fields)
  }
  for (const [group, { overrides, fields }] of entriesOf(FIELD_GROUPS)) {
    merged[overrides] = { ...options[overrides], ...toOptionValues(settings[group], fields) }
  }
  return merged as NordicParcelOptionsInput
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

/** A keyed collection (currencies by code, locations by id): each entry field by field over the options' entry. */
function mergeKeyed(configured: Record<string, object>, settings: Record<string, object> | undefined, fields: FieldTable) {
  const merged: Record<string, object> = { ...configured }
  for (const [key, values] of Object.entries(settings ?? {})) {
    merged[key] = { ...configured[key], ...toOptionValues(values, fields) }
  }
  return merged
}
