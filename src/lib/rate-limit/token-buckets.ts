/**
 * Per-client token buckets: each client may spend `burst` requests at once and gets `perMinute`
 * back per minute. Bounded: past `maxClients`, the clients not seen for longest are forgotten
 * (a forgotten client starts again with a full bucket, which is what an idle one would have).
 */
export type TokenBucketLimits = { burst: number; perMinute: number }

export type TakeResult = { allowed: true } | { allowed: false; retryAfterSeconds: number }

type Bucket = { tokens: number; at: number }

export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>()

  constructor(
    private readonly maxClients = 10_000,
    private readonly now: () => number = Date.now
  ) {}

  take(client: string, limits: TokenBucketLimits): TakeResult {
    const now = this.now()
    const ratePerMs = limits.perMinute / 60_000
    const bucket = this.buckets.get(client) ?? { tokens: limits.burst, at: now }
    const tokens = Math.min(limits.burst, bucket.tokens + (now - bucket.at) * ratePerMs)
    // Re-inserted so the map stays ordered by last use, least recent first.
    this.buckets.delete(client)
    if (tokens >= 1) {
      this.remember(client, { tokens: tokens - 1, at: now })
      return { allowed: true }
    }
    this.remember(client, { tokens, at: now })
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / ratePerMs / 1000)) }
  }

  size(): number {
    return this.buckets.size
  }

  private remember(client: string, bucket: Bucket): void {
    while (this.buckets.size >= this.maxClients) {
      this.buckets.delete(this.buckets.keys().next().value as string)
    }
    this.buckets.set(client, bucket)
  }
}
