import type { RateLimits } from "./types"

const WINDOW_MS = 1000

/**
 * Requests per second per API user and limit key, counted over a rolling one-second window:
 * "throttling begins above N requests per second" means the (N+1)th request within any second is
 * refused. Refused requests do not count. Uses the monotonic real clock, never the sandbox clock:
 * throttling is about how fast requests really arrive.
 */
export class RateLimiter {
  private readonly arrivals = new Map<string, number[]>()

  constructor(private readonly limits: RateLimits) {}

  tryAcquire(key: keyof RateLimits, user: string): boolean {
    const bucket = `${key}\u0000${user}`
    const now = performance.now()
    const recent = (this.arrivals.get(bucket) ?? []).filter((t) => t > now - WINDOW_MS)
    if (recent.length >= this.limits[key]) {
      this.arrivals.set(bucket, recent)
      return false
    }
    recent.push(now)
    this.arrivals.set(bucket, recent)
    return true
  }

  reset(): void {
    this.arrivals.clear()
  }
}

/** Requests in flight per user (event-cast limits carrier notes 3). */
export class ConcurrencyLimiter {
  private readonly inFlight = new Map<string, number>()

  /** Returns a release function, or undefined when the user is at the limit. */
  tryEnter(key: string, limit: number): (() => void) | undefined {
    const current = this.inFlight.get(key) ?? 0
    if (current >= limit) return undefined
    this.inFlight.set(key, current + 1)
    let released = false
    return () => {
      if (released) return
      released = true
      this.inFlight.set(key, (this.inFlight.get(key) ?? 1) - 1)
    }
  }
}
