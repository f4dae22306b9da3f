import type { Fault, RouteGroup } from "./types"

interface ActiveFault {
  fault: Fault
  /** Requests still to be hit; undefined = until cleared. */
  remaining?: number
}

/**
 * Injected failures per route group. A group's own fault wins over one set for "*"; setting a
 * fault for a group replaces the previous one.
 */
export class FaultRegistry {
  private readonly active = new Map<RouteGroup | "*", ActiveFault>()

  set(group: RouteGroup | "*", fault: Fault): void {
    this.active.set(group, { fault, remaining: fault.times })
  }

  clear(): void {
    this.active.clear()
  }

  /** The fault that applies to this request, counting it against `times`. */
  take(group: RouteGroup): Fault | undefined {
    for (const key of [group, "*"] as const) {
      const entry = this.active.get(key)
      if (!entry) continue
      if (entry.remaining !== undefined && --entry.remaining <= 0) this.active.delete(key)
      return entry.fault
    }
    return undefined
  }
}
