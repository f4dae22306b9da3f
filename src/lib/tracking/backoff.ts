/**
 * When to try again after `attempts` failures: one minute, doubling up to six hours. Used for
 * tracking events not yet applied and tracking subscriptions not yet made; both are retried by a
 * job, so a carrier or database outage of hours is bridged without hammering either.
 */
export const FIRST_RETRY_MS = 60_000
export const LONGEST_RETRY_MS = 6 * 60 * 60_000

export function retryDelayMs(attempts: number): number {
  const exponent = Math.max(0, Math.min(attempts - 1, 20))
  return Math.min(FIRST_RETRY_MS * 2 ** exponent, LONGEST_RETRY_MS)
}

export function nextAttemptAt(attempts: number, now: Date): Date {
  return new Date(now.getTime() + retryDelayMs(attempts))
}
