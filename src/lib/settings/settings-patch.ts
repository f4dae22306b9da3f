import type { MerchantSettings, MerchantSettingsPatch } from "./settings-schema"

type Values = Record<string, unknown>

/**
 * The stored settings after a change from the admin. A value sets the setting, null drops it
 * (the option applies again), absent leaves it. Groups and services change field by field; lists
 * and dimensions are values, replaced whole. Whatever ends up empty is dropped, so the stored
 * settings hold exactly what differs from "use the options".
 */
export function applySettingsPatch(stored: MerchantSettings, patch: MerchantSettingsPatch): MerchantSettings {
  const { services, currencies, locations, packaging, customs, tracking, delivery, ...general } = patch
  const next: Values = patchValues(withoutGroups(stored), general)
  setOrDrop(next, "packaging", patchGroup(stored.packaging, packaging))
  setOrDrop(next, "customs", patchGroup(stored.customs, customs))
  setOrDrop(next, "tracking", patchGroup(stored.tracking, tracking))
  setOrDrop(next, "delivery", patchGroup(stored.delivery, delivery))
  setOrDrop(next, "services", patchKeyed(stored.services, services))
  setOrDrop(next, "currencies", patchKeyed(stored.currencies, currencies))
  setOrDrop(next, "locations", patchKeyed(stored.locations, locations))
  return next as MerchantSettings
}

function withoutGroups(stored: MerchantSettings): Values {
  const { services: _s, currencies: _cu, locations: _l, packaging: _p, customs: _c, tracking: _t, delivery: _d, ...general } = stored
  return general
}

/** Services, currencies or locations: keyed entries, each changed field by field; null drops an entry or all. */
function patchKeyed(
  stored: Record<string, Values> | undefined,
  patch: Record<string, Values | null> | null | undefined
): Record<string, Values> | undefined {
  if (patch === null) {
    return undefined
  }
  const next: Record<string, Values> = { ...(stored ?? {}) }
  for (const [code, change] of Object.entries(patch ?? {})) {
    setOrDrop(next, code, change === null ? undefined : patchValues(next[code] ?? {}, change))
  }
  return next
}

function patchGroup(stored: Values | undefined, patch: Values | null | undefined): Values | undefined {
  if (patch === null) {
    return undefined
  }
  return patchValues(stored ?? {}, patch ?? {})
}

function patchValues(stored: Values, patch: Values): Values {
  const next = { ...stored }
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) {
      delete next[key]
    } else if (value !== undefined) {
      next[key] = value
    }
  }
  return next
}

function setOrDrop(target: Values, key: string, value: Values | undefined): void {
  if (value === undefined || Object.keys(value).length === 0) {
    delete target[key]
  } else {
    target[key] = value
  }
}
