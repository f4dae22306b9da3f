import type { ICachingModuleService } from "@medusajs/framework/types"

/**
 * Carrier answers cached on two levels: an in-process map (always; the hot path of a cart refresh
 * never leaves the process) and Medusa's caching module when the store has one (shared by all
 * instances, e.g. Redis). In-flight loads are coalesced per key, so concurrent prices for one
 * cart make one carrier request.
 *
 * The in-process map is bounded by entries and by bytes (the JSON size of the values): past
 * either bound the oldest entries are dropped, so a flood of distinct keys cannot grow memory.
 *
 * Every read and write of the shared cache has a time limit (`sharedTimeoutMs`): the caching
 * module's Redis client may have none, and a stalled Redis must not cost a checkout more than the
 * limit (the read counts as a miss, the write is given up; the in-process copy still serves).
 */
type Entry<T> = { value: T; expiresAt: number; bytes: number }

export type TtlCacheLimits = { maxEntries?: number; maxBytes?: number; sharedTimeoutMs?: number }

/** The shared cache's default time limit per read or write: a Redis nearby answers in a millisecond. */
export const DEFAULT_SHARED_TIMEOUT_MS = 250

const DEFAULT_MAX_ENTRIES = 5000
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024

export class TtlCache<T> {
  private readonly memory = new Map<string, Entry<T>>()
  private readonly inflight = new Map<string, Promise<T>>()
  private bytes_ = 0
  private readonly maxEntries: number
  private readonly maxBytes: number
  private readonly sharedTimeoutMs: number

  constructor(limits: TtlCacheLimits = {}, private readonly now: () => number = Date.now) {
    this.maxEntries = limits.maxEntries ?? DEFAULT_MAX_ENTRIES
    this.maxBytes = limits.maxBytes ?? DEFAULT_MAX_BYTES
    this.sharedTimeoutMs = limits.sharedTimeoutMs ?? DEFAULT_SHARED_TIMEOUT_MS
  }

  async get(key: string, shared?: ICachingModuleService): Promise<T | undefined> {
    const hit = this.memory.get(key)
    if (hit && hit.expiresAt > this.now()) {
      return hit.value
    }
    if (hit) {
      this.drop(key)
    }
    if (!shared) {
      return undefined
    }
    try {
      const value = (await this.bounded(shared.get({ key }))) as T | null
      return value ?? undefined
    } catch {
      return undefined // a broken shared cache must not break checkout; the carrier answers instead
    }
  }

  async set(key: string, value: T, ttlSeconds: number, shared?: ICachingModuleService): Promise<void> {
    if (ttlSeconds <= 0) {
      return
    }
    const bytes = Buffer.byteLength(JSON.stringify(value) ?? "")
    this.drop(key)
    if (bytes <= this.maxBytes) {
      // Map iteration is insertion order: drop the oldest entries until the new one fits.
      while (this.memory.size > 0 && (this.memory.size >= this.maxEntries || this.bytes_ + bytes > this.maxBytes)) {
        this.drop(this.memory.keys().next().value as string)
      }
      this.memory.set(key, { value, expiresAt: this.now() + ttlSeconds * 1000, bytes })
      this.bytes_ += bytes
    }
    if (shared) {
      try {
        await this.bounded(shared.set({ key, data: value as object, ttl: ttlSeconds }))
      } catch {
        // the in-process copy still serves this instance
      }
    }
  }

  /** The shared cache's answer, or a rejection once its time limit has passed. */
  private bounded<R>(call: Promise<R>): Promise<R> {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`shared cache did not answer within ${this.sharedTimeoutMs} ms`)), this.sharedTimeoutMs)
      timer.unref?.()
    })
    // A late answer or failure after the limit is dropped, never unhandled.
    call.catch(() => undefined)
    return Promise.race([call, timeout]).finally(() => clearTimeout(timer))
  }

  /** Runs `load` once per key at a time; callers arriving meanwhile share its promise. */
  coalesce(key: string, load: () => Promise<T>): Promise<T> {
    const running = this.inflight.get(key)
    if (running) {
      return running
    }
    const promise = load().finally(() => this.inflight.delete(key))
    this.inflight.set(key, promise)
    return promise
  }

  /** Entries and bytes held in memory now. */
  size(): { entries: number; bytes: number } {
    return { entries: this.memory.size, bytes: this.bytes_ }
  }

  clear(): void {
    this.memory.clear()
    this.bytes_ = 0
  }

  private drop(key: string): void {
    const entry = this.memory.get(key)
    if (entry) {
      this.bytes_ -= entry.bytes
      this.memory.delete(key)
    }
  }
}
