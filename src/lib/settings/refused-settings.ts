import { issuePath, type ValidationIssue } from "../validation-issues"
import { KEYED_SETTINGS, MerchantSettingsSchema, type MerchantSettings, type MerchantSettingsPatch } from "./settings-schema"

/**
 * Stored settings that today's rules refuse, one setting at a time. Settings are validated when
 * saved, but a plugin upgrade tightens rules (0.1.0 took any positive exchange rate, 0.2.0 takes
 * 0.0001–10000): a stored value saved under the old rules is then refused. Only that value is set
 * aside: the rest of the merchant's settings still apply, the value is kept in storage (a later
 * save does not lose it) and reported on the status page with its fix, until the merchant changes
 * or resets it.
 */
export type RefusedSetting = {
  /** Where it is stored, e.g. ["currencies", "SEK", "exchange_rate"]. */
  path: string[]
  /** As the admin API names it, e.g. `currencies[SEK].exchange_rate`. */
  field: string
  /** The stored value, kept as it was. */
  value: unknown
  /** The rule it breaks, e.g. "must be at most 10000". */
  rule: string
}

export type StoredSettings = {
  /** What applies: the stored settings without the refused values. */
  settings: MerchantSettings
  refused: RefusedSetting[]
  /** Set when the stored value is no settings object at all: then nothing of it applies. */
  unreadable: string | null
}

/**
 * How deep a setting lies, by its first key: a general setting is the key itself, a group's
 * setting one level down (`delivery.lead_time_days`), a service's, currency's or location's two
 * (`currencies[SEK].exchange_rate`). Values below that (per-currency prices, lists, dimensions)
 * are replaced whole when saved, so they are set aside whole too.
 */
const SETTING_DEPTH: Record<string, number> = { services: 3, currencies: 3, locations: 3, packaging: 2, customs: 2, tracking: 2, delivery: 2 }

/** Bounds the passes: each sets aside at least one stored value, and settings hold a few dozen. */
const MAX_PASSES = 50

type Values = Record<string, unknown>

export function readStoredSettings(raw: unknown): StoredSettings {
  let values: unknown = structuredClone(raw ?? {})
  const refused: RefusedSetting[] = []
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const parsed = MerchantSettingsSchema.safeParse(values)
    if (parsed.success) return { settings: parsed.data, refused, unreadable: null }
    let progressed = false
    for (const issue of parsed.error.issues) {
      for (const path of settingPaths(issue)) {
        if (path.length === 0 || !isObject(values)) {
          return { settings: {}, refused: [], unreadable: `${issuePath(issue.path, KEYED_SETTINGS) || "(root)"}: ${issue.message}` }
        }
        if (refused.some((r) => samePath(r.path, path))) continue
        const value = valueAt(values, path)
        if (value === undefined) continue
        refused.push({ path, field: issuePath(path, KEYED_SETTINGS), value, rule: ruleOf(issue) })
        deleteAt(values, path)
        progressed = true
      }
    }
    if (!progressed) break
  }
  return { settings: {}, refused: [], unreadable: "the stored settings could not be read setting by setting" }
}

/**
 * The settings to store after a change: `next` (the change applied to what applies) with each
 * refused value put back, unless the change set or reset it (or a group or entry above it), so
 * a save of another field never loses it.
 */
export function withRefusedKept(next: MerchantSettings, refused: readonly RefusedSetting[], change: MerchantSettingsPatch): Values {
  const stored: Values = structuredClone(next) as Values
  for (const setting of refused) {
    if (!changeTouches(change, setting.path)) setAt(stored, setting.path, setting.value)
  }
  return stored
}

/** The change that resets a refused value to the plugin option: `{ currencies: { SEK: { exchange_rate: null } } }`. */
export function resetChange(path: readonly string[]): Values {
  return path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), null) as Values
}

/** One line for logs and the settings page: the fields refused and their rules, never the values. */
export function refusedSettingsProblem(refused: readonly RefusedSetting[]): string | null {
  if (refused.length === 0) return null
  const list = refused.map((r) => `${r.field}: ${r.rule}`).join("; ")
  return `stored settings refused by this version's rules, kept but not applied (the plugin options apply in their place; the other settings apply): ${list}`
}

function settingPaths(issue: ValidationIssue): string[][] {
  const path = issue.path.map(String)
  const depth = SETTING_DEPTH[path[0] ?? ""] ?? 1
  if (issue.code === "unrecognized_keys" && issue.keys?.length && path.length < depth) {
    return issue.keys.map((key) => [...path, key])
  }
  return [path.slice(0, depth)]
}

function ruleOf(issue: ValidationIssue): string {
  return issue.code === "unrecognized_keys" ? "is not a known setting" : issue.message
}

function changeTouches(change: unknown, path: readonly string[]): boolean {
  let node: unknown = change
  for (const key of path) {
    if (node === null) return true
    if (!isObject(node) || !(key in node)) return false
    node = node[key]
  }
  return node !== undefined
}

function isObject(value: unknown): value is Values {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}

function samePath(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((key, i) => key === b[i])
}

function valueAt(values: Values, path: readonly string[]): unknown {
  let node: unknown = values
  for (const key of path) {
    if (!isObject(node) || !Object.prototype.hasOwnProperty.call(node, key)) return undefined
    node = node[key]
  }
  return node
}

function deleteAt(values: Values, path: readonly string[]): void {
  const parent = valueAt(values, path.slice(0, -1))
  if (isObject(parent)) delete parent[path[path.length - 1]!]
}

function setAt(values: Values, path: readonly string[], value: unknown): void {
  let node = values
  for (const key of path.slice(0, -1)) {
    if (!isObject(node[key])) node[key] = {}
    node = node[key] as Values
  }
  node[path[path.length - 1]!] = value
}
