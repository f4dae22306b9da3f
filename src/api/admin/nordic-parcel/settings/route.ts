import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { SettingsState } from "../../../../lib/settings/settings-state"
import { credentialsView, settingsView } from "../../../../lib/settings/settings-view"
import { NORDIC_PARCEL_MODULE } from "../../../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../../../modules/nordic_parcel/service"

/**
 * GET /admin/nordic-parcel/settings: what the merchant changed (`settings`), the plugin options
 * it falls back to (`defaults`) and what is in force (`effective`), the last two in the settings'
 * own shape. The credentials and the webhook secret appear only as "set or not". `service_names`
 * names each service (merchant's, else the carrier's display name, else the plugin's) with the
 * carrier's description; names the carrier has not given yet are asked for once.
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const state = await nordicParcel.getSettings()
  res.json(await settingsAnswer(req, nordicParcel, state))
}

/**
 * POST /admin/nordic-parcel/settings: a partial change (null returns a setting to its default),
 * validated like the options: 400 naming the field, e.g. `services[PA_DOREN].markup`. The next
 * quote and booking use it; other instances within a few seconds.
 */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse) {
  const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
  const state = await nordicParcel.updateSettings(req.body, req.auth_context.actor_id)
  res.json(await settingsAnswer(req, nordicParcel, state))
}

async function settingsAnswer(req: AuthenticatedMedusaRequest, nordicParcel: NordicParcelModuleService, state: SettingsState) {
  const config = nordicParcel.getOptions()
  const codes = state.effective.services.map((service) => service.code)
  // Names the carrier has not given yet are asked for once; without an answer the plugin's stay.
  const serviceNames = await nordicParcel.serviceLabels(codes, req.scope.resolve(ContainerRegistrationKeys.QUERY), state.effective)
  return {
    settings: state.settings,
    defaults: settingsView(config),
    effective: settingsView(state.effective),
    credentials: credentialsView(config),
    version: state.version,
    updated_at: state.updatedAt?.toISOString() ?? null,
    updated_by: state.updatedBy,
    problem: state.problem,
    /** Each service's name (merchant's, else carrier's, else the plugin's) and the carrier's description. */
    service_names: serviceNames,
  }
}
