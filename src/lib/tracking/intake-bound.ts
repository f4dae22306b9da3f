import { TokenBuckets, type TakeResult } from "../rate-limit/token-buckets"

/**
 * What one instance stores per minute of what has no value to the store, so storage cannot be
 * flooded: dead letters (callbacks not understood, options webhooks.maxDeadLettersPerMinute) and,
 * far above what an instance can take in, new events (maxEventsPerMinute, a ceiling against a
 * leaked secret or a looping carrier, never the carrier's real traffic: a refused callback comes
 * back 30 minutes later at the earliest). A callback past the bound is not stored and is answered
 * 503 with Retry-After, so the carrier sends it again: nothing received and acknowledged is lost.
 * A repeat of a stored event is never refused (the webhook answers it 200: nothing to store).
 * A minute's worth may come at once. Per instance: N instances store up to N times the bound.
 * What was turned away is counted for the status page and tracking-health.
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
