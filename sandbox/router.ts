import type { IncomingHttpHeaders } from "node:http"
import type { ErrorStyle } from "./errors"
import type { HttpResponse } from "./http"
import type { RateLimits, RouteGroup, SandboxUser } from "./types"

export interface RequestContext {
  method: string
  /** Path without the `.json` / `.xml` media-type extension (path parameters arrive decoded). */
  path: string
  mediaType: "json" | "xml"
  params: Record<string, string>
  query: URLSearchParams
  headers: IncomingHttpHeaders
  /** Parsed JSON when the body is JSON, else the raw text; undefined when empty. */
  body: unknown
  /** The body was not empty and was not valid JSON. */
  bodyUnparseable: boolean
  /** The carrier `{base_url}` as the caller reached it, for absolute links. */
  baseUrl: string
}

export interface AuthenticatedContext extends RequestContext {
  user: SandboxUser
}

interface RouteBase {
  method: "GET" | "POST" | "DELETE"
  /** Path with `:name` segments, e.g. `/booking/labels/:consignmentNumber`. */
  pattern: string
  group: RouteGroup
  errorStyle: ErrorStyle
  rateLimit?: keyof RateLimits
  /** Event-cast limits on requests in flight (carrier notes 3). */
  concurrency?: "events" | "events-test"
}

/** Routes answer only callers with valid `X-Portal-API-*` headers… */
export interface AuthenticatedRoute extends RouteBase {
  public?: false
  handle(ctx: AuthenticatedContext): HttpResponse | Promise<HttpResponse>
}

/** …except documents reached through links that carry their own token (labels, tracking page). */
export interface PublicRoute extends RouteBase {
  public: true
  handle(ctx: RequestContext): HttpResponse | Promise<HttpResponse>
}

export type Route = AuthenticatedRoute | PublicRoute

export type RouteMatch =
  | { kind: "found"; route: Route; params: Record<string, string> }
  | { kind: "method-not-allowed" }
  | { kind: "not-found" }

export class Router {
  private readonly routes: { route: Route; segments: string[] }[]

  constructor(routes: Route[]) {
    this.routes = routes.map((route) => ({ route, segments: route.pattern.split("/") }))
  }

  /** First matching route wins, so literal routes are listed before parameterised ones. */
  match(method: string, path: string): RouteMatch {
    const segments = path.split("/")
    let pathMatched = false
    for (const { route, segments: pattern } of this.routes) {
      const params = matchSegments(pattern, segments)
      if (!params) continue
      if (route.method === method) return { kind: "found", route, params }
      pathMatched = true
    }
    return pathMatched ? { kind: "method-not-allowed" } : { kind: "not-found" }
  }
}

function matchSegments(pattern: string[], segments: string[]): Record<string, string> | undefined {
  if (pattern.length !== segments.length) return undefined
  const params: Record<string, string> = {}
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i].startsWith(":")) {
      if (segments[i] === "") return undefined
      params[pattern[i].slice(1)] = decodeSegment(segments[i])
    } else if (pattern[i] !== segments[i]) {
      return undefined
    }
  }
  return params
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
