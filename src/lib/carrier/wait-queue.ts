interface Waiter<Grant> {
  grant: (value: Grant) => void
  reject: (reason: unknown) => void
  signal?: AbortSignal
  onAbort?: () => void
}

/**
 * Callers waiting their turn, served in arrival order: what the rate limiter and the semaphore
 * both hold while their limit is reached. A caller whose signal aborts leaves the queue, and its
 * wait rejects with the signal's reason.
 */
export class WaitQueue<Grant> {
  private readonly waiters: Waiter<Grant>[] = []

  get length(): number {
    return this.waiters.length
  }

  /** Joins the queue (at its head when `ahead`); `onLeave` runs after an aborted caller has left it. */
  wait(signal?: AbortSignal, onLeave?: () => void, ahead = false): Promise<Grant> {
    return new Promise<Grant>((grant, reject) => {
      const waiter: Waiter<Grant> = { grant, reject, signal }
      if (signal) {
        waiter.onAbort = () => {
          this.waiters.splice(this.waiters.indexOf(waiter), 1)
          reject(signal.reason)
          onLeave?.()
        }
        signal.addEventListener("abort", waiter.onAbort, { once: true })
      }
      if (ahead) this.waiters.unshift(waiter)
      else this.waiters.push(waiter)
    })
  }

  /** Gives the oldest caller its turn with `value`; false when nobody waits. */
  grantNext(value: Grant): boolean {
    const next = this.waiters.shift()
    if (!next) return false
    if (next.onAbort) next.signal?.removeEventListener("abort", next.onAbort)
    next.grant(value)
    return true
  }
}
