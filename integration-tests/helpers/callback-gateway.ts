import http from "node:http"
import type { AddressInfo } from "node:net"
import { freePort } from "./free-port"

/**
 * The store's public URL in tests: a real HTTP hop in front of the Medusa app, started before
 * Medusa boots (the plugin reads webhooks.publicUrl at boot, when Medusa's own port is chosen).
 * It can answer the next callbacks itself with an error, to show the carrier's retries.
 */
export type CallbackGateway = {
  url: string
  /** Answer the next `count` requests with `status` instead of forwarding them. */
  failNext(count: number, status: number): void
  /** Requests that reached the gateway, with the status they got. */
  seen: { path: string; status: number }[]
}


export function useCallbackGateway(): () => CallbackGateway {
  let server: http.Server | undefined
  let gateway: CallbackGateway | undefined
  const previous = { PORT: process.env.PORT, NP_PUBLIC_URL: process.env.NP_PUBLIC_URL }

  beforeAll(async () => {
    const medusaPort = await freePort()
    process.env.PORT = String(medusaPort)
    let failures: { count: number; status: number } = { count: 0, status: 500 }
    const seen: CallbackGateway["seen"] = []
    server = http.createServer((req, res) => {
      if (failures.count > 0) {
        failures.count -= 1
        seen.push({ path: req.url ?? "", status: failures.status })
        req.resume()
        res.writeHead(failures.status, { "content-type": "text/plain" }).end("injected failure")
        return
      }
      const upstream = http.request(
        { host: "127.0.0.1", port: medusaPort, path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          seen.push({ path: req.url ?? "", status: answer.statusCode ?? 0 })
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(res)
        }
      )
      upstream.on("error", () => res.writeHead(502).end())
      req.pipe(upstream)
    })
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    process.env.NP_PUBLIC_URL = url
    gateway = {
      url,
      failNext: (count, status) => {
        failures = { count, status }
      },
      seen,
    }
  })

  afterAll(async () => {
    process.env.PORT = previous.PORT
    process.env.NP_PUBLIC_URL = previous.NP_PUBLIC_URL
    if (previous.PORT === undefined) delete process.env.PORT
    if (previous.NP_PUBLIC_URL === undefined) delete process.env.NP_PUBLIC_URL
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  })

  return () => {
    if (!gateway) throw new Error("the callback gateway starts in beforeAll")
    return gateway
  }
}
