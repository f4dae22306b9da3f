import http from "node:http"
import type { AddressInfo } from "node:net"

/**
 * The public URL of a store that runs as several instances: a real HTTP hop (the load balancer)
 * that forwards each request to the next instance in turn. The sibling of callback-gateway.ts,
 * which fronts the one in-process app of medusaIntegrationTestRunner; this one is started by the
 * spec itself, with the ports the instances will listen on.
 */
export type RoundRobinGateway = {
  url: string
  /** Requests forwarded, in order: which instance (index into the ports) and what it answered (502: unreachable). */
  seen: { path: string; instance: number; status: number }[]
  close(): Promise<void>
}

export async function startRoundRobinGateway(instancePorts: number[]): Promise<RoundRobinGateway> {
  if (instancePorts.length === 0) throw new Error("startRoundRobinGateway needs at least one instance port")
  const seen: RoundRobinGateway["seen"] = []
  let next = 0
  const server = http.createServer((req, res) => {
    const instance = next
    next = (next + 1) % instancePorts.length
    const upstream = http.request(
      { host: "127.0.0.1", port: instancePorts[instance], path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        seen.push({ path: req.url ?? "", instance, status: answer.statusCode ?? 0 })
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      }
    )
    upstream.on("error", () => {
      seen.push({ path: req.url ?? "", instance, status: 502 })
      if (!res.headersSent) res.writeHead(502)
      res.end()
    })
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  let closing: Promise<void> | undefined
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        // The carrier's client keeps connections alive: close() alone would wait for them.
        server.closeAllConnections()
      })),
  }
}
