/**
 * What PostgreSQL cannot hold of a JSON body, found before it reaches the database: a callback
 * the database would refuse must be refused on its own (400 naming the field), not fail the
 * statement it shares with other callbacks. Text and jsonb columns refuse the NUL character and
 * UTF-16 halves without their pair (lone surrogates); very deep nesting exhausts the parser's stack.
 */

/** Deeper than any real callback (the carrier's is flat) and far below what the database parses. */
export const MAX_JSON_DEPTH = 32

export interface UnstorableValue {
  /** Where in the body, as `field.sub[2]`; `(body)` for the top level. */
  path: string
  rule: string
}

// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

function textProblem(text: string): string | undefined {
  if (text.includes("\u0000")) return "must not contain the NUL character (\\u0000)"
  if (LONE_SURROGATE.test(text)) return "must not contain an unpaired UTF-16 surrogate"
  return undefined
}

function join(path: string, key: string | number): string {
  if (typeof key === "number") return `${path}[${key}]`
  return path ? `${path}.${key}` : key
}

/** The first part of a parsed JSON value the database could not store, or undefined. */
export function findUnstorable(value: unknown, maxDepth = MAX_JSON_DEPTH): UnstorableValue | undefined {
  const visit = (node: unknown, path: string, depth: number): UnstorableValue | undefined => {
    if (typeof node === "string") {
      const rule = textProblem(node)
      return rule ? { path: path || "(body)", rule } : undefined
    }
    if (node === null || typeof node !== "object") return undefined
    if (depth >= maxDepth) {
      return { path: path || "(body)", rule: `must not nest objects or arrays more than ${maxDepth} levels deep` }
    }
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index++) {
        const found = visit(node[index], join(path, index), depth + 1)
        if (found) return found
      }
      return undefined
    }
    for (const [key, child] of Object.entries(node)) {
      const keyRule = textProblem(key)
      if (keyRule) return { path: join(path, JSON.stringify(key)), rule: `field name ${keyRule}` }
      const found = visit(child, join(path, key), depth + 1)
      if (found) return found
    }
    return undefined
  }
  return visit(value, "", 0)
}

/**
 * Text cut to at most `max` characters that any text column takes: the NUL character written as
 * `\u0000`, unpaired surrogates (also one left by the cut) replaced by U+FFFD.
 */
export function storableText(text: string, max: number): string {
  return text
    .replace(/\u0000/g, "\\u0000")
    .slice(0, max)
    .replace(new RegExp(LONE_SURROGATE.source, "g"), "\uFFFD")
}
