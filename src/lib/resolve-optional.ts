/**
 * Reads an optional registration from a module's container. A provider or module sees only what
 * its module declares (and a few defaults); reading anything else from the cradle throws, and
 * modules may load in an order of Medusa's choosing, so optional ones are resolved per use.
 */
export function resolveOptional<T>(cradle: Record<string, unknown>, key: string): T | undefined {
  try {
    return (cradle[key] as T | undefined) ?? undefined
  } catch {
    return undefined
  }
}
