import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

/**
 * Refuses a request body over `bytes` with 413, counted as it is after decompression. Declared on
 * the route rather than as its own bodyParser config: Medusa writes three debug log lines (json,
 * text, urlencoded) for every request of a route with a bodyParser config, formatted even when the
 * level hides them, which on the webhook cost more CPU than the plugin's own checks
 * (bench:webhooks). Medusa's parser has read at most its default 100 kB by then, inflating gzip and
 * deflate bodies first, and has checked that an uncompressed body is as long as its Content-Length.
 * So the declared length is used only for a body sent as it is; a compressed one, or one without a
 * length (chunked), is measured as parsed.
 */
export function refuseBodiesOver(bytes: number) {
  return (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction): void => {
    const encoding = String(req.headers["content-encoding"] ?? "identity").trim().toLowerCase()
    const declared = Number(req.headers["content-length"])
    const asSent = encoding === "identity" && req.headers["content-length"] !== undefined && Number.isFinite(declared)
    const size = asSent ? declared : parsedSize(req.body)
    if (size > bytes) {
      res.status(413).json({ type: "payload_too_large", message: `the request body is over ${Math.round(bytes / 1024)} kB` })
      return
    }
    next()
  }
}

/** The parsed body's size in bytes: its text as it came, or its JSON. */
function parsedSize(body: unknown): number {
  if (typeof body === "string") return Buffer.byteLength(body)
  if (Buffer.isBuffer(body)) return body.length
  return Buffer.byteLength(JSON.stringify(body ?? null) ?? "")
}
