import { text, json, type HttpResponse } from "../http"
import type { AuthenticatedRoute } from "../router"
import type { SandboxEvent, CallbackAttempt } from "../types"
import { isRecord } from "../values"

/**
 * The sandbox's control surface over HTTP, for a caller in another process than the sandbox (the
 * browser tests drive `npm run demo`, whose sandbox runs in the demo's process). Not a carrier
 * operation: it makes something happen at the carrier, which then acts as the carrier does.
 *
 * `POST /sandbox/events` `{ status, shipment?, package?, id? }`: a tracking event happens to that
 * consignment or package, as `Sandbox.emitEvent`: pushed to the subscriptions that watch it (and to
 * no one else), answered with the first delivery attempts. Portal credentials required.
 */
export function controlRoutes(emit: (event: SandboxEvent) => Promise<CallbackAttempt[]>): AuthenticatedRoute[] {
  return [
    {
      method: "POST",
      pattern: "/sandbox/events",
      group: "control",
      errorStyle: "plain",
      async handle(ctx): Promise<HttpResponse> {
        const body = ctx.body
        const field = (name: string) => (isRecord(body) && typeof body[name] === "string" && body[name] !== "" ? (body[name] as string) : undefined)
        const status = field("status")
        if (!status || (!field("shipment") && !field("package"))) {
          return text(400, "status and a shipment or package number are required")
        }
        const attempts = await emit({ status, shipment: field("shipment"), package: field("package"), id: field("id") })
        return json(200, {
          attempts: attempts.map((a) => ({ subscription_id: a.subscriptionId, outcome: a.outcome, status: a.status ?? null, payload: a.payload })),
        })
      },
    },
  ]
}
