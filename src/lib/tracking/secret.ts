import { createHash, timingSafeEqual } from "node:crypto"

/**
 * Compares the callback's secret header with the configured secret in constant time. Both are
 * hashed first so that neither the comparison nor an early length mismatch reveals how much of a
 * guess was right.
 */
export function secretMatches(received: string | string[] | undefined, expected: string | undefined): boolean {
  if (!expected || typeof received !== "string" || received.length === 0) {
    return false
  }
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest()
  return timingSafeEqual(digest(received), digest(expected))
}
