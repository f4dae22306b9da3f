import { RedisClock } from "../redis-clock"

/** Readings as [Redis' time, sent, handled]; the process's clock starts at 0, Redis' at 1,000,000. */
describe("RedisClock", () => {
  it.each([
    ["one reading: the middle of its round trip, give or take half", [[1_000_005, 0, 10]], { offsetMs: 1_000_000, uncertaintyMs: 5 }],
    ["a later reading stretched by a busy event loop does not move the estimate", [[1_000_001, 0, 2], [1_000_101, 100, 300]], { offsetMs: 1_000_000, uncertaintyMs: 1 }],
    ["a shorter round trip sharpens it", [[1_000_005, 0, 10], [1_000_051, 50, 52]], { offsetMs: 1_000_000, uncertaintyMs: 1 }],
    ["readings older than a minute no longer count", [[1_000_001, 0, 2], [1_070_010, 70_000, 70_020]], { offsetMs: 1_000_000, uncertaintyMs: 10 }],
    ["a reading that cannot agree (Redis' clock was set) drops the older ones", [[1_000_001, 0, 2], [1_000_600, 100, 110]], { offsetMs: 1_000_495, uncertaintyMs: 5 }],
  ] as const)("%s", (_case, readings, expected) => {
    const clock = new RedisClock()
    let last
    for (const [redisNow, sent, handled] of readings) last = clock.read(redisNow, sent, handled)
    expect(last).toEqual(expected)
  })
})
