import { performance } from "node:perf_hooks"
import { WaitQueue } from "./wait-queue"

/** What a client waits on before sending a rate-limited request. */
export interface RateLimiter {
  /**
   * Resolves when the request may be sent; rejects with the signal's reason if aborted first.
   * `ahead` puts the caller before those already waiting: a request whose turn came but could not
   * be sent on time takes the next one.
   */
  acquire(signal?: AbortSignal, options?: AcquireOptions): Promise<void>
  /** Limiters shared between processes: whether the sharing works now (status page). */
  sharing?(): { shared: boolean; since: string | null; reason: string | null }
}

export interface AcquireOptions {
  ahead?: boolean
}

/**
 * Grants at most `limit` requests in any window of `windowMs`, in arrival order, spread evenly
 * over the window: one every `windowMs / limit` (61 ms for 18 in 1,100 ms).
 *
 * The sliding window (rather than fixed one-second slots) gives the guarantee the carrier checks:
 * no window of that length, wherever it starts, holds more than `limit` requests. The window is a
 * little longer than the carrier's because the carrier measures arrival times.
 *
 * The pacing keeps those arrival times where the grants put them. Granted all at once, a window's
 * requests leave together and queue in the network and at the carrier, which sees the last of
 * them tens of milliseconds late, while the next window's first request arrives on time: the gap
 * the margin was meant to keep shrinks by the length of that queue. One at a time they arrive
 * as they were sent. A queued grant keeps to the schedule even when its timer fired late on a
 * busy event loop (by up to half an interval), so lateness does not slow the rate down; the next
 * grant then comes a little sooner after it, and the sliding window still caps what that allows.
 *
 * A timer runs only while requests are waiting, so an idle limiter keeps nothing alive.
 */
export class PacedRateLimiter implements RateLimiter {
  /** The time between two grants when requests queue. */
  readonly intervalMs: number
  /** Monotonic times of the grants still inside the window, oldest first. */
  private readonly grants: number[] = []
  /** When the next grant is due on the even schedule. */
  private nextDue = -Infinity
  private readonly waiters = new WaitQueue<void>()
  private timer: NodeJS.Timeout | undefined

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = () => performance.now()
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError("limit must be a positive integer")
    if (!(windowMs > 0)) throw new RangeError("windowMs must be positive")
    this.intervalMs = windowMs / limit
  }

  acquire(signal?: AbortSignal, options?: AcquireOptions): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason)
    if (this.waiters.length === 0 && this.tryGrant(false)) return Promise.resolve()
    // One who leaves may have been the last waiter: the timer then stops.
    const turn = this.waiters.wait(signal, () => this.schedule(), options?.ahead)
    this.schedule()
    return turn
  }

  private tryGrant(queued: boolean): boolean {
    const now = this.now()
    if (now < this.earliest(now)) return false
    this.grants.push(now)
    const onSchedule = queued ? Math.max(this.nextDue, now - this.intervalMs / 2) : now
    this.nextDue = Math.max(this.nextDue, onSchedule) + this.intervalMs
    return true
  }

  /** The earliest time of the next grant: on the schedule, and once a window holds room for it. */
  private earliest(now: number): number {
    while (this.grants.length > 0 && this.grants[0] <= now - this.windowMs) this.grants.shift()
    const paced = this.nextDue
    const windowed = this.grants.length >= this.limit ? this.grants[0] + this.windowMs : -Infinity
    return Math.max(paced, windowed)
  }

  private release = (): void => {
    this.timer = undefined
    if (this.waiters.length > 0 && this.tryGrant(true)) this.waiters.grantNext()
    this.schedule()
  }

  /** Wakes up when the next grant is due; no timer when nobody waits. */
  private schedule(): void {
    if (this.waiters.length === 0) {
      if (this.timer) clearTimeout(this.timer)
      this.timer = undefined
      return
    }
    if (this.timer) return
    const now = this.now()
    const delay = Math.max(1, Math.ceil(this.earliest(now) - now))
    this.timer = setTimeout(this.release, delay)
  }
}
