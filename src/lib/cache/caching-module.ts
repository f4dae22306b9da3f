import type { ICachingModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

/**
 * Medusa's caching module when the store has one (then several instances share entries), else
 * undefined. Resolved per use: modules load in an order of Medusa's choosing.
 */
export function resolveCachingModule(cradle: Record<string, unknown>): ICachingModuleService | undefined {
  try {
    return (cradle[Modules.CACHING] as ICachingModuleService | undefined) ?? undefined
  } catch {
    return undefined
  }
}
