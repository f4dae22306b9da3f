import { announceWithin, ANNOUNCE_LIMIT_MS } from "../announce"

/**
 * The webhook's announcement of a stored event on Medusa's event bus: the callback is stored
 * already, so the carrier's answer never waits on a bus that stalls (a Redis outage) past the bound.
 */
describe("announceWithin", () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  const message = { name: "nordic_parcel.tracking.received", data: { event_id: "e1" } }

  it.each([
    ["a bus that answers", () => Promise.resolve(), { outcome: "announced" }],
    ["a bus that fails", () => Promise.reject(new Error("Connection is closed.")), { outcome: "failed", message: "Connection is closed." }],
  ] as const)("%s", async (_name, emit, expected) => {
    await expect(announceWithin({ emit }, message)).resolves.toEqual(expected)
  })

  it("a bus that stalls (Redis down, commands queued forever) is given up after the bound, well inside the carrier's 10 s", async () => {
    const emitted: unknown[] = []
    const stalled = { emit: (m: unknown) => (emitted.push(m), new Promise<void>(() => undefined)) }
    let settled: unknown
    const announcing = announceWithin(stalled, message).then((outcome) => (settled = outcome))
    await jest.advanceTimersByTimeAsync(ANNOUNCE_LIMIT_MS - 1)
    expect(settled).toBeUndefined()
    await jest.advanceTimersByTimeAsync(1)
    await announcing
    expect(settled).toEqual({ outcome: "timed_out", message: `the event bus did not answer within ${ANNOUNCE_LIMIT_MS} ms` })
    expect(emitted).toEqual([message])
    expect(ANNOUNCE_LIMIT_MS).toBeLessThanOrEqual(3_000)
  })
})
