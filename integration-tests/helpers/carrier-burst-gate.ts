import http from "node:http"
import type { AddressInfo } from "node:net"

/**
 * A forwarding hop between the store and the carrier sandbox that can hold requests of one kind
 * and let them go together. The network between several instances and the carrier does this on
 * its own at times (requests sent over a few seconds arrive in one burst); a busy test machine
 * spreads them out instead, so a test that needs the burst makes it here. Everything else, and
 * everything while no hold is armed, passes straight through.
 */
export type CarrierBurstGate = {
  url: string
  /**
   * Holds the next matching requests until `count` are held or `maxHoldMs` has passed since the
   * first one, then forwards them all at once; later ones pass through. Resolves on release.
   */
  hold(match: { method: string; path: string }, options: { count: number; maxHoldMs: number }): Promise<{ released: number; heldMs: number }>
  /** Forwards whatever is held now and disarms the hold (resolving it). */
  release(): void
  close(): Promise<void>
}

export async function startCarrierBurstGate(carrierUrl: string): Promise<CarrierBurstGate> {
  const target = new URL(carrierUrl)
  let armed:
    | { match: { method: string; path: string }; count: number; maxHoldMs: number; waiting: (() => void)[]; firstAt?: number; timer?: NodeJS.Timeout; done: (r: { released: number; heldMs: number }) => void }
    | undefined

  const release = () => {
    const gate = armed
    if (!gate) return
    armed = undefined
    clearTimeout(gate.timer)
    gate.waiting.forEach((forward) => forward())
    gate.done({ released: gate.waiting.length, heldMs: gate.firstAt ? Date.now() - gate.firstAt : 0 })
  }

  const server = http.createServer((req, res) => {
    // The body is read first, so a held request is complete and goes out in one piece on release.
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => {
      const forward = () => {
        const upstream = http.request(
          { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers)
            answer.pipe(res)
          }
        )
        upstream.on("error", () => {
          if (!res.headersSent) res.writeHead(502)
          res.end()
        })
        upstream.end(Buffer.concat(chunks))
      }
      const pathname = new URL(req.url ?? "/", "http://gate.invalid").pathname
      const gate = armed
      if (!gate || req.method !== gate.match.method || pathname !== gate.match.path) return forward()
      gate.waiting.push(forward)
      if (gate.firstAt === undefined) {
        gate.firstAt = Date.now()
        gate.timer = setTimeout(release, gate.maxHoldMs)
      }
      if (gate.waiting.length >= gate.count) release()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  let closing: Promise<void> | undefined
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hold: (match, { count, maxHoldMs }) => {
      release()
      return new Promise((done) => {
        armed = { match, count, maxHoldMs, waiting: [], done }
      })
    },
    release,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        release()
        server.close(() => resolve())
        server.closeAllConnections()
      })),
  }
}
