import { findService, type Sandbox } from "../sandbox"

/**
 * In `npm run demo`, the sandbox plays the carrier's part after a booking: every consignment the
 * store subscribes to gets its tracking events pushed to the store's webhook, a few seconds apart,
 * so an order fulfilled in the admin becomes shipped, then delivered, on its own.
 */
const JOURNEY = [
  { status: "HANDED_IN", afterMs: 15_000 },
  { status: "IN_TRANSIT", afterMs: 30_000 },
  { status: "READY_FOR_PICKUP", afterMs: 45_000, pickupPointOnly: true },
  { status: "DELIVERED", afterMs: 60_000 },
]

export function playCarrier(sandbox: Sandbox, say: (line: string) => void): () => void {
  const seen = new Set<string>()
  const timers = new Set<NodeJS.Timeout>()
  let stopped = false

  const poll = setInterval(() => {
    for (const subscription of sandbox.trackingSubscriptions()) {
      const consignment = subscription.trackingId
      if (seen.has(consignment)) continue
      seen.add(consignment)
      const booking = sandbox.bookings.find((b) => b.consignmentNumber === consignment)
      const request = booking?.request as { product?: { id?: string }; parties?: { pickupPoint?: unknown } } | undefined
      const service = request?.product?.id
      if (!booking || (service && findService(service)?.isReturn)) continue
      const toPickupPoint = Boolean(request?.parties?.pickupPoint)
      const journey = JOURNEY.filter((step) => !step.pickupPointOnly || toPickupPoint)
      say(`consignment ${consignment} (${service}) booked: pushing ${journey.map((s) => s.status).join(", ")} over the next minute`)
      for (const step of journey) {
        const timer = setTimeout(() => {
          timers.delete(timer)
          if (stopped) return
          sandbox.emitEvent({ status: step.status, shipment: consignment }).then(
            (attempts) =>
              say(
                `${consignment} ${step.status}: ` +
                  (attempts.length
                    ? attempts.map((a) => `${a.outcome} (${a.status ?? a.error ?? "no answer"})`).join(", ")
                    : "no subscription listens to it")
              ),
            (error: unknown) => say(`${consignment} ${step.status}: ${(error as Error).message}`)
          )
        }, step.afterMs)
        timers.add(timer)
      }
    }
  }, 2_000)

  return () => {
    stopped = true
    clearInterval(poll)
    for (const timer of timers) clearTimeout(timer)
  }
}
