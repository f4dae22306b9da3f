/*
 * The latest carrier failures of this instance, newest first, for the status page: held by the module
 * (`recordCarrierError`, `listCarrierErrors`), fed by every client through
 * lib/carrier/error-observer.ts.
 */
import type { CarrierError, CarrierErrorKind } from "./errors"

/** One carrier failure as the admin's status page shows it; the message is already free of credentials. */
export type CarrierErrorEntry = {
  at: string
  /** `<service>.<operation>`, e.g. "booking.book". */
  operation: string
  kind: CarrierErrorKind
  status: number | null
  code: string | null
  message: string
}

/** How many failures the status page shows: enough to see a pattern, small enough to keep in memory. */
export const CARRIER_ERROR_LOG_SIZE = 20

/**
 * The latest carrier failures of this process, newest first. In memory on purpose: it answers
 * "what went wrong lately" on the status page, not an audit, and must cost nothing on the paths
 * that fail (checkout during an outage).
 */
export class CarrierErrorLog {
  private readonly entries_: CarrierErrorEntry[] = []

  constructor(private readonly size = CARRIER_ERROR_LOG_SIZE) {}

  record(error: CarrierError, at = new Date()): void {
    this.entries_.unshift({
      at: at.toISOString(),
      operation: error.operation,
      kind: error.kind,
      status: error.status ?? null,
      code: error.code ?? null,
      message: error.message,
    })
    this.entries_.length = Math.min(this.entries_.length, this.size)
  }

  list(): CarrierErrorEntry[] {
    return this.entries_.map((entry) => ({ ...entry }))
  }
}
