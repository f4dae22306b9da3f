import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

/**
 * Refuses a request body over `bytes` with 413. Declared on the route rather than as its own
 * bodyParser config: Medusa writes three debug log lines (json, text, urlencoded) for every request
 * of a route with a bodyParser config, formatted even when the level hides them, which on the
 * webhook cost more CPU than the plugin's own checks (bench:webhooks). Medusa's parser has read at
 * most its default 100 kB by then; the declared length is trusted, else the parsed body's size.
 */
export function refuseBodiesOver(bytes: number) {
  return (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction): void => {
    const declared = Number(req.headers["content-length"])
    const size = Number.isFinite(declared) ? declared : Buffer.byteLength(JSON.stringify(req.body ?? null) ?? "")
    if (size > bytes) {
      res.status(413).json({ type: "payload_too_large", message: `the request body is over ${Math.round(bytes / 1024)} kB` })
      return
    }
    next()
  }
}
