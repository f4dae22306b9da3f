import type { NordicParcelOptions } from "../options"
import {
  CUSTOMS_FIELDS,
  DELIVERY_FIELDS,
  GENERAL_FIELDS,
  PACKAGING_FIELDS,
  SERVICE_FIELDS,
  TRACKING_FIELDS,
  toSettingValues,
} from "./settings-fields"

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
    packaging: toSettingValues(options.packaging, PACKAGING_FIELDS),
    customs: toSettingValues(options.customs, CUSTOMS_FIELDS),
    tracking: toSettingValues(options.webhooks, TRACKING_FIELDS),
    delivery: toSettingValues(options.delivery, DELIVERY_FIELDS),
  }
}

export type SettingsView = ReturnType<typeof settingsView>

/** Whether the secrets are configured, the only thing ever said about them. */
export function credentialsView(options: NordicParcelOptions) {
  return {
    api_uid_set: options.apiUid.length > 0,
    api_key_set: options.apiKey.length > 0,
    webhook_secret_set: Boolean(options.webhooks.secret),
  }
}
