import { issuePath } from "./validation-issues"

/**
 * Text the carrier and PostgreSQL cannot take: NUL (refused in text and jsonb columns, cut off
 * by C-based parsers) and UTF-16 surrogates without their pair (not encodable as UTF-8, so
 * `encodeURIComponent` throws and the database refuses the row).
 */
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export function isUnsafeText(value: string): boolean {
  return UNSAFE.test(value)
}

export const UNSAFE_TEXT_RULE = "must not contain NUL characters or unpaired UTF-16 surrogates"

/**
 * The path of the first string (or object key) in a request part that is unsafe, written the way
 * the request wrote it (`data.pickup_point_id`; with `keyed: ["services"]`,
 * `services[PA_DOREN].name`); undefined when all text is safe. Depth-limited, since request bodies are already size-limited by Medusa.
 */
export function findUnsafeText(value: unknown, keyed: readonly string[] = []): string | undefined {
  return find(value, [], keyed, 0)
}

function find(value: unknown, path: (string | number)[], keyed: readonly string[], depth: number): string | undefined {
  if (typeof value === "string") {
    return isUnsafeText(value) ? issuePath(path, keyed) || "(value)" : undefined
  }
  if (!value || typeof value !== "object" || depth > 20) {
    return undefined
  }
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value as Record<string, unknown>)
  for (const [key, item] of entries) {
    if (typeof key === "string" && isUnsafeText(key)) {
      return `${issuePath(path, keyed) || "(root)"}: a key`
    }
    const found = find(item, [...path, key], keyed, depth + 1)
    if (found) return found
  }
  return undefined
}
