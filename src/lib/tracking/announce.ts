/**
 * The webhook's announcement of a stored event on Medusa's event bus, bounded in time. The event is
 * stored before it is announced, and the outbox job applies what was not announced, so answering
 * the carrier after the bound loses nothing; without it a stalled bus (Redis down: its client
 * queues commands until it reconnects) would hold every callback past the carrier's 10 s and make
 * it retry events that are stored already.
 */
export const ANNOUNCE_LIMIT_MS = 2_000

export type Announcer = { emit(message: { name: string; data: unknown }): Promise<unknown> }

export type AnnounceOutcome = { outcome: "announced" } | { outcome: "failed" | "timed_out"; message: string }

export async function announceWithin(
  bus: Announcer,
  message: { name: string; data: unknown },
  limitMs = ANNOUNCE_LIMIT_MS
): Promise<AnnounceOutcome> {
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<AnnounceOutcome>((resolve) => {
    timer = setTimeout(() => resolve({ outcome: "timed_out", message: `the event bus did not answer within ${limitMs} ms` }), limitMs)
  })
  const emitted = Promise.resolve()
    .then(() => bus.emit(message))
    .then(
      (): AnnounceOutcome => ({ outcome: "announced" }),
      (error: unknown): AnnounceOutcome => ({ outcome: "failed", message: (error as Error)?.message ?? String(error) })
    )
  try {
    return await Promise.race([emitted, timedOut])
  } finally {
    clearTimeout(timer)
  }
}
