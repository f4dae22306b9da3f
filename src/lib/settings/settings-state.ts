import type { NordicParcelOptions } from "../options"
import { describeIssues } from "../validation-issues"
import { effectiveOptions } from "./apply-settings"
import { MerchantSettingsSchema, type MerchantSettings } from "./settings-schema"

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
  /** Why the stored settings are not in force, e.g. a value a newer plugin version refuses. */
  problem: string | null
}

/**
 * The state of a settings row (none yet: the options alone). Stored settings were valid when
 * written, but a plugin upgrade or a changed medusa-config can make them invalid; checkout must
 * still price, so the options alone then apply and the problem is reported instead of thrown.
 */
export function settingsStateOf(options: NordicParcelOptions, record: SettingsRecord | undefined): SettingsState {
  const base = {
    version: record?.version ?? 0,
    updatedAt: record?.updated_at ? new Date(record.updated_at) : null,
    updatedBy: record?.updated_by ?? null,
  }
  const stored = MerchantSettingsSchema.safeParse(record?.values ?? {})
  if (!stored.success) {
    const problem = `stored settings ignored: ${describeIssues(stored.error.issues, ["services"]).join("; ")}`
    return { ...base, settings: {}, effective: options, problem }
  }
  try {
    return { ...base, settings: stored.data, effective: effectiveOptions(options, stored.data), problem: null }
  } catch (error) {
    return { ...base, settings: stored.data, effective: options, problem: `stored settings ignored: ${(error as Error).message}` }
  }
}
