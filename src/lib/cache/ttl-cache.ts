import type { ICachingModuleService } from "@medusajs/framework/types"

/**
 * Carrier answers cached on two levels: an in-process map (always; the hot path of a cart refresh
 * never leaves the process) and Medusa's caching module when the store has one (shared by all
 * instances, e.g. Redis). In-flight loads are coalesced per key, so concurrent prices for one
 * cart make one carrier request.
 */
type Entry<T> = { value: T; expiresAt: number }

const MAX_ENTRIES = 5000

export class TtlCache<T> {
  private readonly memory = new Map<string, Entry<T>>()
  private readonly inflight = new Map<string, Promise<T>>()

  constructor(private readonly now: () => number = Date.now) {}

  async get(key: string, shared?: ICachingModuleService): Promise<T | undefined> {
    const hit = this.memory.get(key)
    if (hit && hit.expiresAt > this.now()) {
      return hit.value
    }
    if (hit) {
      this.memory.delete(key)
    }
    if (!shared) {
      return undefined
    }
    try {
      const value = (await shared.get({ key })) as T | null
      return value ?? undefined
    } catch {
      return undefined // a broken shared cache must not break checkout; the carrier answers instead
    }
  }

  async set(key: string, value: T, ttlSeconds: number, shared?: ICachingModuleService): Promise<void> {
    if (ttlSeconds <= 0) {
      return
    }
    if (this.memory.size >= MAX_ENTRIES) {
      // Map iteration is insertion order: drop the oldest entry.
      this.memory.delete(this.memory.keys().next().value as string)
    }
    this.memory.set(key, { value, expiresAt: this.now() + ttlSeconds * 1000 })
    if (shared) {
      try {
        await shared.set({ key, data: value as object, ttl: ttlSeconds })
      } catch {
        // the in-process copy still serves this instance
      }
    }
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

  clear(): void {
    this.memory.clear()
  }
}
