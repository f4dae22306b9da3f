/**
 * Carrier prices that gave no amount Medusa may take (not a finite, non-negative number), as the
 * status page lists them: the option got its fallback price or was hidden, and the merchant needs
 * to know why. One entry per service and currency (the latest reason, how often, when last), in
 * memory and per instance like the carrier error log: it must cost nothing on checkout's path.
 */
export type PricingProblemEntry = {
  service_code: string
  currency_code: string | null
  reason: string
  count: number
  last_at: string
}

/** Services × currencies worth listing; the oldest entry goes first past it. */
export const PRICING_PROBLEM_LOG_SIZE = 20

export class PricingProblemLog {
  private readonly entries_ = new Map<string, PricingProblemEntry>()

  constructor(private readonly size = PRICING_PROBLEM_LOG_SIZE) {}

  /** Records the problem; true when it is new for this service and currency (worth a log line). */
  record(serviceCode: string, currencyCode: string | null | undefined, reason: string, at = new Date()): boolean {
    const currency = currencyCode ? currencyCode.toUpperCase() : null
    const key = `${serviceCode}\n${currency ?? ""}`
    const previous = this.entries_.get(key)
    this.entries_.delete(key)
    this.entries_.set(key, { service_code: serviceCode, currency_code: currency, reason, count: (previous?.count ?? 0) + 1, last_at: at.toISOString() })
    while (this.entries_.size > this.size) {
      this.entries_.delete(this.entries_.keys().next().value as string)
    }
    return previous?.reason !== reason
  }

  /** Newest first. */
  list(): PricingProblemEntry[] {
    return [...this.entries_.values()].reverse().map((entry) => ({ ...entry }))
  }
}
