/**
 * Where Redis' clock stands against this process's monotonic clock, learnt from the round trips
 * of the commands that read it.
 *
 * A reply carrying Redis' time was written somewhere between when the command was sent and when
 * the reply was handled, so it places Redis' time at the middle of that round trip, give or take
 * half of it. A round trip that a busy event loop stretched (the reply sat unhandled) says little;
 * the shortest recent one says the most, so the estimate is the one from the shortest round trip
 * of the last minute (older ones drift with the clocks, by parts per million). When a new reading
 * cannot agree with that estimate within both readings' margins, a clock was set (NTP stepped
 * Redis' host): the older readings are dropped.
 */
export type ClockReading = {
  /** Redis' time minus this process's, in ms. */
  offsetMs: number
  /** How far off `offsetMs` can be either way, in ms: half the round trip it was read in. */
  uncertaintyMs: number
}

type Sample = ClockReading & { at: number }

/** Readings older than this no longer count: a minute of drift at 50 ppm is 3 ms. */
const SAMPLE_LIFETIME_MS = 60_000

export class RedisClock {
  private samples: Sample[] = []

  /**
   * Records Redis' time `redisNowMs` read by a command sent at `sentAt` and handled at
   * `repliedAt` (this process's monotonic ms), and returns the best estimate now.
   */
  read(redisNowMs: number, sentAt: number, repliedAt: number): ClockReading {
    const reading: Sample = { offsetMs: redisNowMs - (sentAt + repliedAt) / 2, uncertaintyMs: (repliedAt - sentAt) / 2, at: repliedAt }
    this.samples = this.samples.filter((s) => repliedAt - s.at <= SAMPLE_LIFETIME_MS)
    const best = this.best()
    if (best && Math.abs(best.offsetMs - reading.offsetMs) > best.uncertaintyMs + reading.uncertaintyMs) this.samples = []
    this.samples.push(reading)
    if (this.samples.length > 32) this.samples.shift()
    const { offsetMs, uncertaintyMs } = this.best()!
    return { offsetMs, uncertaintyMs }
  }

  private best(): Sample | undefined {
    let best: Sample | undefined
    for (const sample of this.samples) if (!best || sample.uncertaintyMs < best.uncertaintyMs) best = sample
    return best
  }
}
