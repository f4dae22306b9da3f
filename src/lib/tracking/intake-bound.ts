import { TokenBuckets, type TakeResult } from "../rate-limit/token-buckets"

/**
 * How many carrier callbacks one instance stores per minute, events and dead letters apart
 * (options webhooks.maxEventsPerMinute, maxDeadLettersPerMinute). A callback past the bound is not
 * stored and is answered 503 with Retry-After, so the carrier sends it again: nothing received and
 * acknowledged is lost, and an authenticated flood (a leaked secret, a looping carrier) cannot
 * grow the tables faster than the bound until retention runs. A minute's worth may come at once
 * (a carrier catching up after an outage). Per instance: N instances store up to N times the
 * bound. What was turned away is counted for the status page and tracking-health.
 */
export type CallbackKind = "event" | "dead_letter"

export type DroppedCallbacks = { events: number; dead_letters: number; last_at: string | null }

export class CallbackIntakeBound {
  private readonly buckets = new TokenBuckets()
  private events_ = 0
  private deadLetters_ = 0
  private lastAt_: Date | null = null
  private lastWarnedAt_ = 0

  /** Takes a place for one callback of `kind`; refused ones are counted. `warn` is told at most once a minute. */
  take(kind: CallbackKind, perMinute: number, warn?: (message: string) => void, now = new Date()): TakeResult {
    const taken = this.buckets.take(kind, { burst: perMinute, perMinute })
    if (!taken.allowed) {
      if (kind === "event") this.events_ += 1
      else this.deadLetters_ += 1
      this.lastAt_ = now
      if (warn && now.getTime() - this.lastWarnedAt_ >= 60_000) {
        this.lastWarnedAt_ = now.getTime()
        warn(
          `nordic-parcel: more than ${perMinute} carrier callbacks ${kind === "event" ? "(events)" : "not understood (dead letters)"} a minute on this instance: ` +
            `answering 503 with Retry-After so the carrier sends them again (dropped so far: ${this.events_} events, ${this.deadLetters_} dead letters)`
        )
      }
    }
    return taken
  }

  dropped(): DroppedCallbacks {
    return { events: this.events_, dead_letters: this.deadLetters_, last_at: this.lastAt_?.toISOString() ?? null }
  }
}
