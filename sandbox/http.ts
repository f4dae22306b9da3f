/** What a route handler answers; the server writes it to the socket. */
export interface HttpResponse {
  status: number
  headers?: Record<string, string>
  body?: string | Buffer
}

export function json(status: number, value: unknown, headers: Record<string, string> = {}): HttpResponse {
  return {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
    body: JSON.stringify(value),
  }
}

export function text(status: number, body: string, headers: Record<string, string> = {}): HttpResponse {
  return { status, headers: { "content-type": "text/plain; charset=utf-8", ...headers }, body }
}

export function xml(status: number, body: string): HttpResponse {
  return { status, headers: { "content-type": "application/xml; charset=utf-8" }, body }
}

export function binary(contentType: string, body: Buffer): HttpResponse {
  return { status: 200, headers: { "content-type": contentType }, body }
}

export function redirect(location: string): HttpResponse {
  return { status: 302, headers: { location } }
}

export function noContent(): HttpResponse {
  return { status: 204 }
}
