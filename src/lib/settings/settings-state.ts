import type { NordicParcelOptions } from "../options"
import { describeIssues } from "../validation-issues"
import { effectiveOptions } from "./apply-settings"
import { readStoredSettings, refusedSettingsProblem, type RefusedSetting } from "./refused-settings"
import type { MerchantSettings } from "./settings-schema"

/** The stored settings row, as the module reads it. */
export type SettingsRecord = {
  values: unknown
  version: number
  updated_at: Date | string | null
  updated_by: string | null
}

/** The stored settings with the options they produce: what the module caches and serves. */
export type SettingsState = {
  settings: MerchantSettings
  /** Bumped by every change; 0 before the first one. */
  version: number
  updatedAt: Date | null
  updatedBy: string | null
  effective: NordicParcelOptions
  /** Why the stored settings are not (all) in force, e.g. a value a newer plugin version refuses. */
  problem: string | null
  /** Stored values today's rules refuse: kept in storage, not applied, reported with their fix. */
  refused: RefusedSetting[]
}

/**
 * The state of a settings row (none yet: the options alone). Stored settings were valid when
 * written, but a plugin upgrade or a changed medusa-config can make them invalid; checkout must
 * still price, so problems are reported instead of thrown. A value the rules refuse is set aside
 * on its own (refused-settings.ts) and the rest applies; only a row that is no settings object,
 * or a combination the options refuse, leaves the options alone in force.
 */
export function settingsStateOf(options: NordicParcelOptions, record: SettingsRecord | undefined): SettingsState {
  const base = {
    version: record?.version ?? 0,
    updatedAt: record?.updated_at ? new Date(record.updated_at) : null,
    updatedBy: record?.updated_by ?? null,
  }
  const stored = readStoredSettings(record?.values ?? {})
  if (stored.unreadable) {
    return { ...base, settings: {}, effective: options, problem: `stored settings ignored: ${stored.unreadable}`, refused: [] }
  }
  const refused = stored.refused
  try {
    return { ...base, settings: stored.settings, effective: effectiveOptions(options, stored.settings), problem: refusedSettingsProblem(refused), refused }
  } catch (error) {
    return { ...base, settings: stored.settings, effective: options, problem: `stored settings ignored: ${(error as Error).message}`, refused }
  }
}
