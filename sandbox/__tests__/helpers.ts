import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import type { Sandbox } from ".."

/** Plain HTTP against the sandbox, as any carrier client would talk to it. */
export interface Api {
  get(path: string, headers?: Record<string, string>): Promise<Response>
  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>
  delete(path: string): Promise<Response>
}

export function api(sandbox: Sandbox, credentials = sandbox.credentials): Api {
  const auth = { "X-Portal-API-Uid": credentials.apiUid, "X-Portal-API-Key": credentials.apiKey }
  return {
    get: (path, headers = {}) => fetch(`${sandbox.url}${path}`, { headers: { ...auth, accept: "application/json", ...headers } }),
    post: (path, body, headers = {}) =>
      fetch(`${sandbox.url}${path}`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json", ...headers },
        // A string is sent as is, so tests can send bodies that are not JSON.
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      }),
    delete: (path) => fetch(`${sandbox.url}${path}`, { method: "DELETE", headers: auth }),
  }
}

/** A JSON response's status and parsed body. */
export async function jsonOf(response: Promise<Response> | Response): Promise<{ status: number; body: any }> {
  const res = await response
  return { status: res.status, body: await res.json() }
}

export interface ReceivedCallback {
  headers: IncomingHttpHeaders
  body: any
}

/** A callback receiver; `answer` decides each response (default 200). */
export async function startReceiver(answer: (index: number, res: ServerResponse) => void = (_, res) => res.end("ok")) {
  const received: ReceivedCallback[] = []
  const server = createServer((req, res) => {
    let raw = ""
    req.on("data", (chunk) => (raw += chunk))
    req.on("end", () => {
      received.push({ headers: req.headers, body: JSON.parse(raw) })
      answer(received.length - 1, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/callbacks`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export function respondWith(status: number) {
  return (_: number, res: ServerResponse) => {
    res.statusCode = status
    res.end()
  }
}

export const MINUTE = 60_000
export const DAY = 24 * 60 * MINUTE

/** A deep copy, so table mutations never leak between cases. */
export function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value))
}
