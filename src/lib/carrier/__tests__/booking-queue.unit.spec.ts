import { startSandbox, type Sandbox } from "../../../../sandbox"
import type { BookingRequest, CarrierClients } from ".."
import { bookingRequest, carrierErrorOf, clientsFor, requestsTo } from "./support"

/**
 * A booking's time limit starts when it is sent; its wait for a turn at the (shared) rate limit is
 * bounded apart, and a booking that waited too long was certainly not sent.
 */
let sandbox: Sandbox
let carrier: CarrierClients

beforeAll(async () => {
  sandbox = await startSandbox({ clock: "real" })
  // One booking per second and a time limit of 1.5 s: the fourth of a burst waits about 3 s for its turn.
  carrier = clientsFor(sandbox, { bookingRatePerSecond: 1, timeoutMs: 1500 })
})
afterAll(async () => {
  await carrier.close()
  await sandbox.close()
})
beforeEach(() => sandbox.reset())

const BOOK_PATH = "/booking/api/booking"

const request = (id: string) => bookingRequest({ correlationId: id })

it("bookings queued behind others at the rate limit are all booked: the time limit starts when each is sent", async () => {
  const results = await Promise.allSettled(["Q1", "Q2", "Q3", "Q4"].map((id) => carrier.booking.book(request(id))))
  expect(results.map((result) => result.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "fulfilled"])
  expect(sandbox.bookings).toHaveLength(4)
})

it("a booking whose turn does not come within queueMs is not sent, fails as throttled (retryable), and its onTurn never runs", async () => {
  await emptyWindow()
  const turns: string[] = []
  const book = (id: string) => carrier.booking.book(request(id), { queueMs: 200, onTurn: async () => void turns.push(id) })
  const results = await Promise.allSettled(["W1", "W2"].map(book))
  expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected"])
  const error = await carrierErrorOf(Promise.reject((results[1] as PromiseRejectedResult).reason))
  expect(error).toMatchObject({ kind: "rate_limited", retryable: true })
  expect(error.message).toMatch(/no turn at the rate limit within 200 ms/)
  expect(turns).toEqual(["W1"])
  expect(requestsTo(sandbox, BOOK_PATH).map((r) => (r.body as BookingRequest).consignments[0].correlationId)).toEqual(["W1"])
})

it("onTurn runs once the turn has come and before the request leaves; a throw there sends nothing", async () => {
  await emptyWindow()
  const seenBeforeSend: number[] = []
  await carrier.booking.book(request("T1"), { onTurn: async () => void seenBeforeSend.push(requestsTo(sandbox, BOOK_PATH).length) })
  expect(seenBeforeSend).toEqual([0])
  await expect(
    carrier.booking.book(request("T2"), {
      onTurn: async () => {
        throw new Error("the order's units are already booked")
      },
    })
  ).rejects.toThrow("the order's units are already booked")
  expect(requestsTo(sandbox, BOOK_PATH)).toHaveLength(1)
})

/** Waits until the bookings of the test before have left the rate limit's window. */
function emptyWindow(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 1100))
}

it("a booking whose turn's work (the ledger's write) outlasts the margin takes the next slot, ahead of the queue: no two bookings reach the carrier closer than the pace", async () => {
  const paced = await startSandbox({ clock: "real" })
  const client = clientsFor(paced, { bookingRatePerSecond: 18 })
  try {
    const book = (id: string, turnMs: number) =>
      client.booking.book(request(id), { onTurn: () => new Promise<void>((resolve) => setTimeout(resolve, turnMs)) })
    // S1's write takes 150 ms: sent at once after it, it would land between F2 and F3.
    await Promise.all([book("S1", 150), book("F1", 0), book("F2", 0), book("F3", 0)])
    const arrivals = requestsTo(paced, BOOK_PATH)
      .map((r) => ({ id: (r.body as BookingRequest).consignments[0].correlationId, at: r.at.getTime() }))
      .sort((a, b) => a.at - b.at)
    expect(arrivals.map((a) => a.id)).toEqual(["F1", "F2", "S1", "F3"])
    const gaps = arrivals.slice(1).map((a, i) => a.at - arrivals[i].at)
    // One every 1100/18 ≈ 61 ms, less what timers and the loopback may blur.
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(40)
  } finally {
    await client.close()
    await paced.close()
  }
})

it("a booking aborted by its caller while it waits for the next slot after a slow turn was not sent, and says so", async () => {
  const paced = await startSandbox({ clock: "real" })
  const client = clientsFor(paced, { bookingRatePerSecond: 18 })
  try {
    const caller = new AbortController()
    // Others take the next slots; S1's write outlasts the margin, and its caller gives up meanwhile.
    const others = ["F1", "F2", "F3"].map((id) => client.booking.book(request(id)))
    const slow = client.booking.book(request("S1"), {
      signal: caller.signal,
      onTurn: () => new Promise<void>((resolve) => setTimeout(() => (caller.abort(), resolve()), 150)),
    })
    const error = await carrierErrorOf(slow)
    expect(error).toMatchObject({ kind: "timeout", retryable: true })
    expect(error.message).toMatch(/before it was sent/)
    await Promise.all(others)
    expect(requestsTo(paced, BOOK_PATH).map((r) => (r.body as BookingRequest).consignments[0].correlationId)).not.toContain("S1")
  } finally {
    await client.close()
    await paced.close()
  }
})
