import { performance } from "node:perf_hooks"

interface Waiter {
  resolve: () => void
  reject: (reason: unknown) => void
  signal?: AbortSignal
  onAbort?: () => void
}

/** What a client waits on before sending a rate-limited request. */
export interface RateLimiter {
  /** Resolves when the request may be sent; rejects with the signal's reason if aborted first. */
  acquire(signal?: AbortSignal): Promise<void>
}

/**
 * Grants at most `limit` requests in any window of `windowMs`, in arrival order.
 *
 * A sliding window (rather than a token bucket or fixed one-second slots) gives the guarantee
 * the carrier checks: no window of that length, wherever it starts, holds more than `limit`
 * requests. The window should be a little longer than the carrier's, because the carrier
 * measures arrival times and network jitter can pull two requests closer together.
 *
 * A timer runs only while requests are waiting, so an idle limiter keeps nothing alive.
 */
export class SlidingWindowRateLimiter implements RateLimiter {
  /** Monotonic times of the grants still inside the window, oldest first. */
  private readonly grants: number[] = []
  private readonly waiters: Waiter[] = []
  private timer: NodeJS.Timeout | undefined

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = () => performance.now()
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError("limit must be a positive integer")
    if (!(windowMs > 0)) throw new RangeError("windowMs must be positive")
  }

  /** Resolves when the request may be sent; rejects with the signal's reason if aborted first. */
  acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason)
    if (this.waiters.length === 0 && this.tryGrant()) return Promise.resolve()
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, signal }
      if (signal) {
        waiter.onAbort = () => {
          this.waiters.splice(this.waiters.indexOf(waiter), 1)
          reject(signal.reason)
          this.schedule()
        }
        signal.addEventListener("abort", waiter.onAbort, { once: true })
      }
      this.waiters.push(waiter)
      this.schedule()
    })
  }

  private tryGrant(): boolean {
    const now = this.now()
    while (this.grants.length > 0 && this.grants[0] <= now - this.windowMs) this.grants.shift()
    if (this.grants.length >= this.limit) return false
    this.grants.push(now)
    return true
  }

  private release = (): void => {
    this.timer = undefined
    while (this.waiters.length > 0 && this.tryGrant()) {
      const waiter = this.waiters.shift()!
      if (waiter.onAbort) waiter.signal?.removeEventListener("abort", waiter.onAbort)
      waiter.resolve()
    }
    this.schedule()
  }

  /** Wakes up when the oldest grant leaves the window; no timer when nobody waits. */
  private schedule(): void {
    if (this.waiters.length === 0) {
      if (this.timer) clearTimeout(this.timer)
      this.timer = undefined
      return
    }
    if (this.timer) return
    const oldest = this.grants[0] ?? this.now()
    const delay = Math.max(1, Math.ceil(oldest + this.windowMs - this.now()))
    this.timer = setTimeout(this.release, delay)
  }
}
