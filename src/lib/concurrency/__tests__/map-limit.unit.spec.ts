import { mapLimit } from "../map-limit"

describe("mapLimit: many carrier calls, a few at a time, results in order", () => {
  it("keeps the items' order however the calls finish, and never has more than the limit in flight", async () => {
    let inFlight = 0
    let most = 0
    const results = await mapLimit([5, 1, 4, 2, 3, 0], 2, async (n) => {
      inFlight++
      most = Math.max(most, inFlight)
      await new Promise((resolve) => setTimeout(resolve, n))
      inFlight--
      return n * 10
    })
    expect(results).toEqual([50, 10, 40, 20, 30, 0])
    expect(most).toBe(2)
  })

  it("answers [] for no items without calling", async () => {
    const work = jest.fn()
    expect(await mapLimit([], 8, work)).toEqual([])
    expect(work).not.toHaveBeenCalled()
  })

  it("rejects with the first failure", async () => {
    await expect(mapLimit([1, 2, 3], 2, async (n) => {
      if (n === 2) throw new Error("label 2 could not be downloaded")
      return n
    })).rejects.toThrow("label 2 could not be downloaded")
  })
})
