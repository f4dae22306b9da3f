import { setMaxListeners } from "node:events"
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { Socket } from "node:net"
import { setTimeout as delay } from "node:timers/promises"
import type { Clock } from "./clock"
import { carrierFailure, tooManyRequests, unauthorized } from "./errors"
import type { FaultRegistry } from "./faults"
import { text, type HttpResponse } from "./http"
import type { ConcurrencyLimiter, RateLimiter } from "./rate-limit"
import type { RequestContext, Route, Router } from "./router"
import type { ReceivedRequest, SandboxUser } from "./types"

/** The event-cast test operation's own in-flight limit (carrier notes 3). */
const EVENTS_TEST_CONCURRENCY = 10
const MAX_BODY_BYTES = 5 * 1024 * 1024

export interface ServerDeps {
  router: Router
  users: SandboxUser[]
  faults: FaultRegistry
  rateLimiter: RateLimiter
  concurrency: ConcurrencyLimiter
  eventsConcurrency: number
  requestLog: ReceivedRequest[]
  clock: Clock
  log: (line: string) => void
}

/**
 * The HTTP front of the sandbox: reads and logs every request, then applies, in order, injected
 * faults, authentication, rate limits and event-cast concurrency limits before the route runs.
 */
export class SandboxServer {
  private readonly server: Server
  private readonly sockets = new Set<Socket>()
  /** Aborts latency faults on close so no timer outlives the sandbox. */
  private readonly closing = new AbortController()
  private baseUrl = ""

  constructor(private readonly deps: ServerDeps) {
    // Every request delayed by a latency fault listens on this signal; dozens at once are normal.
    setMaxListeners(Infinity, this.closing.signal)
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        this.deps.log(`sandbox error: ${String(error)}`)
        res.destroy()
      })
    })
    this.server.on("connection", (socket) => {
      this.sockets.add(socket)
      socket.on("close", () => this.sockets.delete(socket))
    })
  }

  listen(port: number, host: string): Promise<string> {
    return new Promise((resolve, reject) => {
      this.server.once("error", reject)
      this.server.listen(port, host, () => {
        const address = this.server.address()
        const boundPort = typeof address === "object" && address ? address.port : port
        this.baseUrl = `http://${host.includes(":") ? `[${host}]` : host}:${boundPort}`
        resolve(this.baseUrl)
      })
    })
  }

  /** Stops listening and destroys every connection, including requests left hanging by a fault. */
  close(): Promise<void> {
    this.closing.abort()
    return new Promise((resolve) => {
      this.server.close(() => resolve())
      for (const socket of this.sockets) socket.destroy()
    })
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawBody = await readBody(req).catch(() => undefined)
    if (rawBody === undefined) {
      req.socket.destroy()
      return
    }
    const url = new URL(req.url ?? "/", "http://sandbox.invalid")
    const { path, mediaType } = splitMediaType(url.pathname)
    const { body, bodyUnparseable } = parseBody(rawBody)
    const entry: ReceivedRequest = {
      method: req.method ?? "GET",
      path: url.pathname,
      query: queryRecord(url.searchParams),
      headers: headerRecord(req),
      body,
      at: this.deps.clock.now(),
      status: 0,
    }
    this.deps.requestLog.push(entry)

    const ctx: RequestContext = {
      method: entry.method,
      path,
      mediaType,
      params: {},
      query: url.searchParams,
      headers: req.headers,
      body,
      bodyUnparseable,
      baseUrl: req.headers.host ? `http://${req.headers.host}` : this.baseUrl,
    }
    const response = await this.respond(ctx, req, res)
    if (response === "no-answer") return
    entry.status = response.status
    this.send(res, response)
    this.deps.log(`${entry.method} ${entry.path} → ${response.status}`)
  }

  private async respond(ctx: RequestContext, req: IncomingMessage, res: ServerResponse): Promise<HttpResponse | "no-answer"> {
    const match = this.deps.router.match(ctx.method, ctx.path)
    if (match.kind === "not-found") return text(404, `No sandbox endpoint for ${ctx.method} ${ctx.path}`)
    if (match.kind === "method-not-allowed") return text(405, `${ctx.method} is not supported on ${ctx.path}`)
    const { route } = match
    ctx.params = match.params

    const fault = this.deps.faults.take(route.group)
    if (fault?.kind === "reset") {
      req.socket.destroy()
      return "no-answer"
    }
    if (fault?.kind === "hang") return "no-answer"
    if (fault?.kind === "status") {
      return carrierFailure(route.errorStyle, fault.status, `Injected fault: HTTP ${fault.status}`, fault.retryAfter)
    }
    if (fault?.kind === "answer") return { status: fault.status, headers: fault.headers, body: fault.body }
    if (fault?.kind === "latency") {
      const aborted = await delay(fault.ms, false, { signal: this.closing.signal }).catch(() => true)
      if (aborted) return "no-answer"
    }

    if (route.public) return this.run(route, () => route.handle(ctx))
    const user = this.authenticate(ctx)
    if (!user) return unauthorized(route.errorStyle)
    if (route.rateLimit && !this.deps.rateLimiter.tryAcquire(route.rateLimit, user.apiUid.toLowerCase())) {
      return tooManyRequests(route.errorStyle, 1)
    }
    const release = this.enterConcurrency(route, user)
    if (release === undefined) return tooManyRequests(route.errorStyle, 1)
    res.once("close", release)
    return this.run(route, () => route.handle({ ...ctx, user }))
  }

  private async run(route: Route, handler: () => HttpResponse | Promise<HttpResponse>): Promise<HttpResponse> {
    try {
      return await handler()
    } catch (error) {
      this.deps.log(`sandbox error on ${route.method} ${route.pattern}: ${String(error)}`)
      return carrierFailure(route.errorStyle, 500, "Internal sandbox error")
    }
  }

  /** `X-Portal-API-Uid` (login ID, case-insensitive like an e-mail address) and `X-Portal-API-Key`. */
  private authenticate(ctx: RequestContext): SandboxUser | undefined {
    const uid = ctx.headers["x-portal-api-uid"]
    const key = ctx.headers["x-portal-api-key"]
    if (typeof uid !== "string" || typeof key !== "string") return undefined
    return this.deps.users.find((u) => u.apiUid.toLowerCase() === uid.toLowerCase() && u.apiKey === key)
  }

  /** Returns the release function, a no-op for routes without a limit, or undefined when over the limit. */
  private enterConcurrency(route: Route, user: SandboxUser): (() => void) | undefined {
    if (!route.concurrency) return () => {}
    const key = user.apiUid.toLowerCase()
    const releaseAll = this.deps.concurrency.tryEnter(`events:${key}`, this.deps.eventsConcurrency)
    if (!releaseAll || route.concurrency === "events") return releaseAll
    const releaseTest = this.deps.concurrency.tryEnter(`events-test:${key}`, EVENTS_TEST_CONCURRENCY)
    if (!releaseTest) {
      releaseAll()
      return undefined
    }
    return () => {
      releaseAll()
      releaseTest()
    }
  }

  private send(res: ServerResponse, response: HttpResponse): void {
    if (res.destroyed) return
    const body = response.body ?? ""
    res.writeHead(response.status, { ...response.headers, "content-length": Buffer.byteLength(body) })
    res.end(body)
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on("data", (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) reject(new Error("body too large"))
      else chunks.push(chunk)
    })
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
    req.on("error", reject)
  })
}

/** Pickup-point and postal-code paths end in `.json` or `.xml` (or nothing, meaning JSON). */
function splitMediaType(pathname: string): { path: string; mediaType: "json" | "xml" } {
  const match = /\.(json|xml)$/.exec(pathname)
  if (!match) return { path: pathname, mediaType: "json" }
  return { path: pathname.slice(0, match.index), mediaType: match[1] as "json" | "xml" }
}

function parseBody(raw: string): { body: unknown; bodyUnparseable: boolean } {
  if (raw.trim() === "") return { body: undefined, bodyUnparseable: false }
  try {
    return { body: JSON.parse(raw), bodyUnparseable: false }
  } catch {
    return { body: raw, bodyUnparseable: true }
  }
}

function queryRecord(params: URLSearchParams): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {}
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key)
    record[key] = values.length === 1 ? values[0] : values
  }
  return record
}

function headerRecord(req: IncomingMessage): Record<string, string> {
  const record: Record<string, string> = {}
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) record[name] = Array.isArray(value) ? value.join(", ") : value
  }
  return record
}
