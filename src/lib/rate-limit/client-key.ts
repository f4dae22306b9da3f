/*
 * Who a client is for the per-client limits: the connection's address by default, or what
 * `options.clientAddress` says to trust (a count of proxies, or a named header); IPv6 addresses by
 * their /64. A client header the store was not told to trust is never read.
 */
import { isIP } from "node:net"

/**
 * Who a client of the public store routes is, for its per-client limit (options.clientAddress).
 *
 * By default the connection's own address: X-Forwarded-For is written by whoever sends the
 * request, so trusting it lets one client take a new bucket per request (Medusa's `trust proxy`
 * of 1 does exactly that for `req.ip` when no proxy is in front). Behind proxies the merchant says
 * how many there are (each appends the address it received from, so the client is the address
 * that many places from the right, counting the connection's), or names the header the last proxy
 * sets to the client's address. IPv6 clients are grouped by their /64: one host holds a whole /64.
 */
export type ClientAddressOptions = { trustedProxies: number; header?: string }

export type ClientRequestAddresses = {
  /** The TCP peer (`req.socket.remoteAddress`). */
  socket: string | undefined
  /** The X-Forwarded-For header(s) as received. */
  forwardedFor?: string | string[]
  /** The value of the merchant's header, when one is named. */
  named?: string | string[]
}

/** The key a client's requests are counted under. */
export function clientKey(request: ClientRequestAddresses, options: ClientAddressOptions): string {
  const socket = normalise(request.socket)
  if (options.header) {
    const named = first(request.named)?.split(",")[0]
    return normalise(named) ?? socket ?? "unknown"
  }
  if (options.trustedProxies > 0) {
    // Nearest first: the connection, then X-Forwarded-For from its right end.
    const forwarded = ([] as string[])
      .concat(request.forwardedFor ?? [])
      .flatMap((value) => value.split(","))
      .map((value) => value.trim())
      .filter(Boolean)
      .reverse()
    const hops = [request.socket, ...forwarded]
    // As Express counts `trust proxy` hops: past the trusted ones, or the furthest one known.
    const client = normalise(hops[Math.min(options.trustedProxies, hops.length - 1)])
    return client ?? socket ?? "unknown"
  }
  return socket ?? "unknown"
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}

/** An IP address as a key: IPv4 as is, IPv4-mapped IPv6 as IPv4, IPv6 as its /64; anything else undefined. */
export function normalise(address: string | undefined): string | undefined {
  const trimmed = address?.trim().replace(/^\[(.*)\]$/, "$1").replace(/%.*$/, "")
  if (!trimmed) return undefined
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed)
  if (mapped && isIP(mapped[1]) === 4) return mapped[1]
  const version = isIP(trimmed)
  if (version === 4) return trimmed
  if (version === 6) return `${expandIPv6(trimmed).slice(0, 4).join(":")}::/64`
  return undefined
}

/** The eight 16-bit groups of an IPv6 address, in lower-case hexadecimal without leading zeros. */
function expandIPv6(address: string): string[] {
  let text = address.toLowerCase()
  // A trailing dotted IPv4 part stands for the last two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number)
    text = text.slice(0, dotted.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined]
  const headGroups = head ? head.split(":") : []
  const tailGroups = tail ? tail.split(":") : []
  const missing = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length
  return [...headGroups, ...Array(missing).fill("0"), ...tailGroups].map((group) => parseInt(group, 16).toString(16))
}
