/*
 * The carrier's service names in memory, a day: fed by every quote's answer and by one names-only
 * lookup (names-lookup-request.ts: the sender's postal code to itself, sender-place.ts) when the admin
 * needs missing ones; concurrent asks share one lookup, a failure leaves the catalogue's names. One
 * per process, in the module's carrier access.
 */
import type { CarrierServiceName } from "./carrier-names"

/**
 * How long a carrier name is trusted. The carrier renames services rarely; a day keeps names
 * current without asking the carrier for them more than once a day per instance.
 */
export const CARRIER_NAME_TTL_MS = 24 * 60 * 60 * 1000

/** Kept for a code the carrier answered without a name, so it is not asked again until the TTL ends. */
const NAMELESS: CarrierServiceName = { name: null, description: null }

/**
 * The carrier's names of services, learned from every shipping-lookup answer with GuiInformation
 * that passes through the plugin (checkout quotes) and, where the admin needs names still
 * missing, from one lookup asked just for them. In memory per instance: names are display text,
 * losing them at a restart costs one lookup.
 */
export class CarrierNameCache {
  private readonly entries = new Map<string, { value: CarrierServiceName; expiresAt: number }>()
  private readonly inflight = new Map<string, Promise<void>>()

  constructor(
    private readonly now: () => number = Date.now,
    private readonly ttlMs = CARRIER_NAME_TTL_MS
  ) {}

  /** Records names from a lookup answer (a later answer replaces an older name). */
  learn(names: Record<string, CarrierServiceName>): void {
    const expiresAt = this.now() + this.ttlMs
    for (const [code, value] of Object.entries(names)) {
      this.entries.set(code, { value, expiresAt })
    }
  }

  /** The carrier's name of a service, if known and fresh. */
  get(code: string): CarrierServiceName | undefined {
    const entry = this.entries.get(code)
    if (!entry) return undefined
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(code)
      return undefined
    }
    return entry.value
  }

  /** Of these codes, those the carrier has not been asked about lately. */
  missing(codes: Iterable<string>): string[] {
    return [...new Set(codes)].filter((code) => !this.get(code))
  }

  /**
   * Asks for the names of the codes still missing, once (concurrent callers with the same codes
   * share the request). Never throws: a carrier that cannot answer leaves the other names in
   * place (the plugin's catalogue), and is asked again by the next caller. A code the answer
   * leaves without a name is recorded as nameless, so it is not asked about on every page.
   */
  async fill(
    codes: Iterable<string>,
    ask: (codes: string[]) => Promise<Record<string, CarrierServiceName>>,
    onError?: (error: unknown) => void
  ): Promise<void> {
    const missing = this.missing(codes).sort()
    if (!missing.length) return
    const key = missing.join("\n")
    let pending = this.inflight.get(key)
    if (!pending) {
      pending = ask(missing)
        .then(
          (names) => this.learn({ ...Object.fromEntries(missing.map((code) => [code, NAMELESS])), ...names }),
          (error: unknown) => onError?.(error)
        )
        .finally(() => this.inflight.delete(key))
      this.inflight.set(key, pending)
    }
    await pending
  }
}
