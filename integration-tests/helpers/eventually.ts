/**
 * Waits for something that happens after an answer (a subscriber, a workflow, a callback) by
 * asking again until it holds. Resolves with the first defined, non-null, non-false value.
 */
export async function eventually<T>(probe: () => T | Promise<T>, { timeoutMs = 15000, intervalMs = 50 } = {}): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs
  let last: T | undefined
  while (Date.now() < deadline) {
    last = await probe()
    if (last !== undefined && last !== null && (last as unknown) !== false) {
      return last as NonNullable<T>
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
  throw new Error(`condition not met within ${timeoutMs} ms (last value: ${JSON.stringify(last)})`)
}
