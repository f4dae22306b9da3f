import { CallbackIntakeBound } from "../intake-bound"
import { parseOptions } from "../../options"

describe("CallbackIntakeBound: callbacks stored per minute on one instance", () => {
  it("admits a minute's worth at once, then turns callbacks away with a wait, counting each kind apart", () => {
    const bound = new CallbackIntakeBound()
    const warn = jest.fn()
    const at = new Date("2026-11-21T10:00:00Z")
    for (let i = 0; i < 3; i++) expect(bound.take("event", 3, warn, at)).toEqual({ allowed: true })
    const refused = bound.take("event", 3, warn, at)
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: expect.any(Number) })
    expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThanOrEqual(1)
    // Dead letters have their own bound.
    expect(bound.take("dead_letter", 1, warn, at)).toEqual({ allowed: true })
    expect(bound.take("dead_letter", 1, warn, at).allowed).toBe(false)
    bound.take("event", 3, warn, at)
    expect(bound.dropped()).toEqual({ events: 2, dead_letters: 1, last_at: "2026-11-21T10:00:00.000Z" })
    // Said at most once a minute, not per callback.
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0][0]).toMatch(/answering 503 with Retry-After/)
  })

  it.each<[string, object, string | { maxEventsPerMinute: number; maxDeadLettersPerMinute: number }]>([
    ["defaults: new events far above what an instance takes in (bench:webhooks ~1,100 a second = 66,000 a minute)", {}, { maxEventsPerMinute: 600_000, maxDeadLettersPerMinute: 120 }],
    ["a bound of its own", { maxEventsPerMinute: 600, maxDeadLettersPerMinute: 10 }, { maxEventsPerMinute: 600, maxDeadLettersPerMinute: 10 }],
    ["no dead letters at all is refused", { maxDeadLettersPerMinute: 0 }, "webhooks.maxDeadLettersPerMinute"],
    ["a fraction is refused", { maxEventsPerMinute: 12.5 }, "webhooks.maxEventsPerMinute: must be a whole number"],
  ])("options: %s", (_name, webhooks, expected) => {
    const parse = () => parseOptions({ baseUrl: "https://carrier.example", apiUid: "u", apiKey: "k", webhooks })
    if (typeof expected === "string") expect(parse).toThrow(expected)
    else expect(parse().webhooks).toMatchObject(expected)
  })
})
