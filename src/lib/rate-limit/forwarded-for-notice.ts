import type { ClientAddressOptions } from "./client-key"

/**
 * Requests that arrive with X-Forwarded-For while the plugin trusts no proxy (the default
 * `clientAddress`): behind a load balancer every shopper then comes from the balancer's address,
 * so all of them share one rate-limit bucket and one busy client gets everybody 429 on pickup
 * points, postal codes and documents. The plugin cannot tell a proxy from a client writing the
 * header itself, so it does not start trusting it; it tells the operator (once in the log, and on
 * the status page for as long as the process runs) what to set.
 */
export function ignoresForwardedFor(forwardedFor: string | string[] | undefined, options: ClientAddressOptions): boolean {
  const present = Array.isArray(forwardedFor) ? forwardedFor.some((value) => value.trim()) : Boolean(forwardedFor?.trim())
  return present && !options.header && options.trustedProxies <= 0
}

export const SHARED_BUCKET_MESSAGE =
  "Store requests arrive with X-Forwarded-For but no proxy is trusted: if Medusa runs behind a load balancer or proxy, every shopper behind it shares one rate-limit bucket (pickup points, postal codes, documents), and one busy client gets everybody 429."

export const SHARED_BUCKET_FIX =
  'Tell the plugin what is in front of Medusa: clientAddress: { trustedProxies: 1 } behind one load balancer or reverse proxy, { trustedProxies: 2 } behind a CDN and a load balancer, or { header: "CF-Connecting-IP" } (the header your proxy sets to the client\'s address). If nothing is in front of Medusa, clients are writing the header themselves and nothing needs to change.'

export type ForwardedForView = { requests: number; first_at: string; last_at: string }

/** What this process saw of such requests: counted, the first one said in the log. */
export class ForwardedForNotice {
  private requests_ = 0
  private firstAt_?: Date
  private lastAt_?: Date

  /** Counts a request; true for the first one (the caller logs it then, never again). */
  note(now = new Date()): boolean {
    this.requests_ += 1
    this.lastAt_ = now
    if (this.firstAt_) return false
    this.firstAt_ = now
    return true
  }

  view(): ForwardedForView | null {
    return this.firstAt_ && this.lastAt_
      ? { requests: this.requests_, first_at: this.firstAt_.toISOString(), last_at: this.lastAt_.toISOString() }
      : null
  }
}
