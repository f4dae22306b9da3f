import { entityId } from "../entity-id"

describe("entityId", () => {
  it("gives Medusa's <prefix>_<ULID> form", () => {
    expect(entityId("npevt")).toMatch(/^npevt_[0-9A-HJKMNP-TV-Z]{26}$/)
  })

  it("never repeats, across more ids than one pool of random bytes serves", () => {
    const ids = Array.from({ length: 5_000 }, () => entityId("npevt"))
    expect(new Set(ids).size).toBe(ids.length)
  })

  it("orders ids made in later milliseconds after earlier ones, as ULIDs do", async () => {
    const first = entityId("npevt")
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(entityId("npevt") > first).toBe(true)
  })

  it("uses every character of the random part about equally", () => {
    const counts = new Map<string, number>()
    for (let i = 0; i < 2_000; i++) {
      for (const char of entityId("x").slice(-16)) counts.set(char, (counts.get(char) ?? 0) + 1)
    }
    // 32,000 characters over 32 symbols: 1,000 each expected.
    expect(counts.size).toBe(32)
    for (const count of counts.values()) expect(Math.abs(count - 1000)).toBeLessThan(200)
  })
})
