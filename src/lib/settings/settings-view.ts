import type { NordicParcelOptions } from "../options"
import { entriesOf, FIELD_COLLECTIONS, FIELD_GROUPS, GENERAL_FIELDS, SERVICE_FIELDS, toSettingValues, type FieldTable } from "./settings-fields"

/**
 * Options shown in the settings' own shape (GET /admin/nordic-parcel/settings `defaults` and
 * `effective`): every setting present, null where unset, services keyed by code. A view is a
 * valid settings change, so the admin can send back what it was given. Nothing of the
 * credentials or the webhook secret is in it: the fields tables do not name them.
 */
export function settingsView(options: NordicParcelOptions) {
  return {
    ...toSettingValues(options, GENERAL_FIELDS),
    services: Object.fromEntries(options.services.map((service) => [service.code, toSettingValues(service, SERVICE_FIELDS)])),
    ...collectionViews(options),
    ...groupViews(options),
  }
}

export type SettingsView = ReturnType<typeof settingsView>

type Values = Record<string, unknown>

/** Each collection by the keys of its entries: currencies by code, locations by stock location id. */
function collectionViews(options: NordicParcelOptions) {
  const views = {} as Record<keyof typeof FIELD_COLLECTIONS, Record<string, Values>>
  for (const [collection, fields] of entriesOf(FIELD_COLLECTIONS)) {
    views[collection] = keyedView(options[collection], fields)
  }
  return views
}

function groupViews(options: NordicParcelOptions) {
  const views = {} as Record<keyof typeof FIELD_GROUPS, Values>
  for (const [group, { overrides, fields }] of entriesOf(FIELD_GROUPS)) {
    views[group] = toSettingValues(options[overrides], fields)
  }
  return views
}

function keyedView(entries: Record<string, object>, fields: FieldTable): Record<string, Values> {
  return Object.fromEntries(Object.entries(entries).map(([key, values]) => [key, toSettingValues(values, fields)]))
}

/** Whether the secrets are configured, the only thing ever said about them. */
export function credentialsView(options: NordicParcelOptions) {
  return {
    api_uid_set: options.apiUid.length > 0,
    api_key_set: options.apiKey.length > 0,
    webhook_secret_set: Boolean(options.webhooks.secret),
  }
}
