export type RefreshingValueConfig<T> = {
  /** Reads the value from its source (the database). */
  load: () => Promise<T>
  /** How old a value may get before it is read again (in the background, the value still served). */
  maxAgeMs: number
  /**
   * Optional bound on what is served: a value this old is not served, the read waits for the
   * source instead. Gives a guarantee ("at most 5 s old") that stale-while-revalidate alone does
   * not: after a quiet period the first read would otherwise get the old value.
   */
  maxServedAgeMs?: number
  /**
   * What to serve when the source has never been read successfully (e.g. the plugin was upgraded
   * and its migrations not run yet); tried again after maxAgeMs. Without it, such a read rejects.
   */
  fallback?: (error: unknown) => T
  /** Told about each failed read (the last value, or the fallback, is served meanwhile). */
  onError?: (error: unknown) => void
  now?: () => number
}

/**
 * A value kept in memory and read again from its source when older than `maxAgeMs`, so that
 * instances which did not make a change converge within that time.
 *
 * Built for the checkout hot path: only the very first read waits for the source. A stale value is
 * served at once while one refresh runs in the background (stale-while-revalidate), concurrent
 * reads share that refresh, and a failed refresh keeps the last value (tried again after
 * `maxAgeMs`, so a database outage costs one query per period, not one per checkout). A value set
 * locally (after this instance wrote a change) wins over a refresh that started before it, which
 * could otherwise bring back what was just replaced.
 */
export class RefreshingValue<T> {
  private value_: { current: T; at: number } | undefined
  private refreshing_: Promise<T> | undefined
  /** Bumped by set(): a refresh started under an older generation is discarded. */
  private generation_ = 0
  private readonly now_: () => number

  constructor(private readonly config: RefreshingValueConfig<T>) {
    this.now_ = config.now ?? Date.now
  }

  async get(): Promise<T> {
    const value = this.value_
    if (!value) {
      return this.refresh()
    }
    const age = this.now_() - value.at
    if (this.config.maxServedAgeMs !== undefined && age >= this.config.maxServedAgeMs) {
      return this.refresh()
    }
    if (age >= this.config.maxAgeMs) {
      void this.refresh().catch(() => undefined)
    }
    return value.current
  }

  /** Reads the source now (one read at a time). */
  refresh(): Promise<T> {
    if (this.refreshing_) {
      return this.refreshing_
    }
    const generation = this.generation_
    const refreshing = this.config
      .load()
      .then((loaded) => {
        if (generation === this.generation_) {
          this.value_ = { current: loaded, at: this.now_() }
        }
        return this.value_?.current ?? loaded
      })
      .catch((error: unknown) => {
        this.config.onError?.(error)
        const kept = this.value_?.current ?? this.config.fallback?.(error)
        if (kept === undefined) {
          throw error
        }
        this.value_ = { current: kept, at: this.now_() }
        return kept
      })
      .finally(() => {
        if (this.refreshing_ === refreshing) {
          this.refreshing_ = undefined
        }
      })
    this.refreshing_ = refreshing
    return refreshing
  }

  set(value: T): void {
    this.generation_++
    this.value_ = { current: value, at: this.now_() }
  }
}
