import { setMaxListeners } from "node:events"
import { Agent, request } from "undici"
import type { Clock } from "./clock"
import { eventCastTimestamp } from "./dates"
import { correlationId } from "./ids"
import type { CallbackTarget } from "./subscriptions"
import type { CallbackAttempt, CallbackPayload } from "./types"

/**
 * Pushes event callbacks to subscribers (carrier notes 23, 24, 25). A delivery fails on any non-2xx answer (redirects are not followed), a connection error,
 * or no complete answer within the time-out. Failed deliveries are retried at +30, +60 and +120
 * minutes after the first attempt and then dropped; test callbacks are never retried.
 */

const RETRY_OFFSETS_MS = [30, 60, 120].map((minutes) => minutes * 60_000)

/** The event a callback reports; `pushed` is stamped per attempt. */
export type CallbackEvent = Omit<CallbackPayload, "pushed">

export interface CallbackDispatcherOptions {
  clock: Clock
  timeoutMs: number
  /** Multiplies the retry offsets on the real clock (the manual clock always uses real minutes). */
  retryScale: number
  /** Retries stop once the subscription is deleted. */
  isRegistered: (subscriptionId: string) => boolean
  log: (line: string) => void
}

type SendResult = { ok: true; status: number } | { ok: false; status?: number; error: string }

export class CallbackDispatcher {
  readonly attempts: CallbackAttempt[] = []
  private readonly agent = new Agent()
  /** Aborts callbacks in flight when the sandbox closes. */
  private readonly closing = new AbortController()

  constructor(private readonly options: CallbackDispatcherOptions) {
    // Each callback in flight listens on this signal; many at once are normal.
    setMaxListeners(Infinity, this.closing.signal)
  }

  /** First delivery of an event; failures schedule the retries on the clock. */
  async deliver(target: CallbackTarget, event: CallbackEvent): Promise<CallbackAttempt> {
    const first = await this.attempt(target, event, 1)
    if (first.outcome === "failed") this.scheduleRetry(target, event, first.at, 2)
    return first
  }

  /**
   * The test operation's single dummy callback, described in free text: the document leaves the
   * text's format open, so clients must not read it (the attempt itself is in `attempts`).
   */
  async test(target: CallbackTarget, event: CallbackEvent): Promise<string> {
    const attempt = await this.attempt(target, event, 1)
    if (attempt.status !== undefined) return `Test notification sent to ${target.url}; the webhook answered HTTP ${attempt.status}.`
    return `Test notification to ${target.url} could not be delivered (${attempt.error}).`
  }

  reset(): void {
    this.attempts.length = 0
  }

  async close(): Promise<void> {
    this.closing.abort()
    await this.agent.destroy()
  }

  private scheduleRetry(target: CallbackTarget, event: CallbackEvent, firstAt: Date, attemptNumber: number): void {
    const offset = RETRY_OFFSETS_MS[attemptNumber - 2]
    if (offset === undefined) return
    const scale = this.options.clock.mode === "real" ? this.options.retryScale : 1
    this.options.clock.schedule(new Date(firstAt.getTime() + offset * scale), async () => {
      if (this.closing.signal.aborted || !this.options.isRegistered(target.subscriptionId)) return
      const retry = await this.attempt(target, event, attemptNumber)
      if (retry.outcome === "failed") this.scheduleRetry(target, event, firstAt, attemptNumber + 1)
    })
  }

  private async attempt(target: CallbackTarget, event: CallbackEvent, attemptNumber: number): Promise<CallbackAttempt> {
    const at = this.options.clock.now()
    const payload: CallbackPayload = { ...event, pushed: eventCastTimestamp(at) }
    const headers: Record<string, string> = {
      "Content-Type": target.contentType,
      "X-Carrier-Application": "event-cast",
      "X-Carrier-Correlation": correlationId(),
      "X-Carrier-Version": "1.0.0",
    }
    for (const header of target.headers) {
      if (header.value !== null) headers[header.key] = header.value
    }
    const result = await this.post(target.url, headers, JSON.stringify(payload))
    const attempt: CallbackAttempt = {
      subscriptionId: target.subscriptionId,
      url: target.url,
      payload,
      headers,
      attempt: attemptNumber,
      at,
      outcome: result.ok ? "delivered" : "failed",
      ...(result.status !== undefined ? { status: result.status } : {}),
      ...(!result.ok ? { error: result.error } : {}),
    }
    this.attempts.push(attempt)
    this.options.log(`callback ${attempt.outcome} #${attemptNumber} ${target.url} ${result.ok ? result.status : result.error}`)
    return attempt
  }

  private async post(url: string, headers: Record<string, string>, body: string): Promise<SendResult> {
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, this.options.timeoutMs)
    const abortOnClose = () => controller.abort()
    this.closing.signal.addEventListener("abort", abortOnClose)
    try {
      const response = await request(url, { method: "POST", headers, body, dispatcher: this.agent, signal: controller.signal })
      // The answer counts only once it is complete, body included.
      await response.body.arrayBuffer()
      const status = response.statusCode
      return status >= 200 && status < 300 ? { ok: true, status } : { ok: false, status, error: `HTTP ${status}` }
    } catch (error) {
      if (timedOut) return { ok: false, error: "timeout" }
      return { ok: false, error: error instanceof Error ? error.message : String(error) }
    } finally {
      clearTimeout(timer)
      this.closing.signal.removeEventListener("abort", abortOnClose)
    }
  }
}
