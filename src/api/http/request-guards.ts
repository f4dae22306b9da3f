/*
 * The routes' guards, applied in api/middlewares.ts: unsafe text refused (lib/unsafe-text.ts),
 * and per-client token buckets (lib/rate-limit/token-buckets.ts) on the public lookup routes (pickup
 * points, postal codes, return documents) keyed by who the client is (lib/rate-limit/client-key.ts).
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { findUnsafeText, UNSAFE_TEXT_RULE } from "../../lib/unsafe-text"
import { clientKey } from "../../lib/rate-limit/client-key"
import { ignoresForwardedFor } from "../../lib/rate-limit/forwarded-for-notice"
import { TokenBuckets } from "../../lib/rate-limit/token-buckets"
import { NORDIC_PARCEL_MODULE } from "../../modules/nordic_parcel"
import type NordicParcelModuleService from "../../modules/nordic_parcel/service"

/**
 * Refuses text the carrier and PostgreSQL cannot take (NUL, unpaired surrogates) anywhere in the
 * path parameters, query or body, with a 400 naming the field, before a route can pass it on and
 * fail with a 500.
 */
export function refuseUnsafeText(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction): void {
  // Wildcard matches give positional params ("0"); routes with named params are matched by name.
  const named = Object.fromEntries(Object.entries(req.params ?? {}).filter(([key]) => !/^\d+$/.test(key)))
  for (const [part, value] of [["path", named], ["query", req.query], ["body", req.body]] as const) {
    const field = findUnsafeText(value)
    if (field) {
      return next(new MedusaError(MedusaError.Types.INVALID_DATA, `${field} ${UNSAFE_TEXT_RULE} (in the request ${part})`))
    }
  }
  next()
}

/**
 * The per-client token bucket of the public lookup routes (options.storeRateLimit). A client is
 * the address options.clientAddress says to read (lib/rate-limit/client-key.ts): by default the
 * connection's own, not `req.ip`, which follows X-Forwarded-For one hop because Medusa sets
 * `trust proxy` to 1. Each instance counts its own clients. A request with X-Forwarded-For while no
 * proxy is trusted is noted (lib/rate-limit/forwarded-for-notice.ts): behind a load balancer all
 * shoppers would share one bucket, which the log and the status page then say.
 */
export function storeLookupRateLimit(group: string) {
  const buckets = new TokenBuckets()
  return async (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => {
    try {
      const nordicParcel = req.scope.resolve<NordicParcelModuleService>(NORDIC_PARCEL_MODULE)
      const { storeRateLimit: limits, clientAddress } = nordicParcel.getOptions()
      if (!limits.enabled) {
        return next()
      }
      const forwardedFor = req.headers["x-forwarded-for"]
      if (ignoresForwardedFor(forwardedFor, clientAddress)) {
        nordicParcel.noteForwardedForIgnored()
      }
      const client = clientKey(
        {
          socket: req.socket.remoteAddress,
          forwardedFor,
          named: clientAddress.header ? req.headers[clientAddress.header.toLowerCase()] : undefined,
        },
        clientAddress
      )
      const taken = buckets.take(`${group}:${client}`, limits)
      if (!taken.allowed) {
        res.setHeader("Retry-After", String(taken.retryAfterSeconds))
        res.status(429).json({
          type: "too_many_requests",
          message: `Too many ${group} lookups from this client; try again in ${taken.retryAfterSeconds} s`,
        })
        return
      }
      next()
    } catch (error) {
      next(error)
    }
  }
}

/** Runs `middleware` only for requests that carry `header` (e.g. the per-client limit of a guest's e-mail proof). */
export function whenHeader(header: string, middleware: (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => unknown) {
  return (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => (req.headers[header] === undefined ? next() : middleware(req, res, next))
}
