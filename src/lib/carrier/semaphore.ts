import { WaitQueue } from "./wait-queue"

/** Releases a slot; calling it again does nothing, so `finally` blocks can always call it. */
export type Release = () => void

/**
 * Caps the number of requests in flight (event-cast allows 50 per user, 10 on the test
 * operation). Waiters are served in arrival order; no timers are involved.
 */
export class Semaphore {
  private active = 0
  private readonly waiters = new WaitQueue<Release>()

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError("capacity must be a positive integer")
  }

  get inFlight(): number {
    return this.active
  }

  /** Resolves with a release function once a slot is free; rejects with the signal's reason if aborted first. */
  acquire(signal?: AbortSignal): Promise<Release> {
    if (signal?.aborted) return Promise.reject(signal.reason)
    if (this.active < this.capacity && this.waiters.length === 0) {
      this.active++
      return Promise.resolve(this.releaser())
    }
    return this.waiters.wait(signal)
  }

  private releaser(): Release {
    let released = false
    return () => {
      if (released) return
      released = true
      // The slot passes straight to the next waiter, so `active` stays the same.
      if (this.waiters.length > 0) this.waiters.grantNext(this.releaser())
      else this.active--
    }
  }
}
