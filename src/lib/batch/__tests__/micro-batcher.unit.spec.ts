import { MicroBatcher } from "../micro-batcher"

describe("MicroBatcher", () => {
  it("hands items submitted together to one flush and gives each caller its own result", async () => {
    const flushes: number[][] = []
    const batcher = new MicroBatcher<number, number>(async (items) => {
      flushes.push(items)
      return items.map((n) => n * 10)
    })
    const results = await Promise.all([1, 2, 3].map((n) => batcher.submit(n)))
    expect(results).toEqual([10, 20, 30])
    expect(flushes).toEqual([[1, 2, 3]])
  })

  it("flushes at maxSize and carries the rest into the next batch", async () => {
    const flushes: number[][] = []
    const batcher = new MicroBatcher<number, number>(async (items) => {
      flushes.push(items)
      return items
    }, 2)
    await Promise.all([1, 2, 3, 4, 5].map((n) => batcher.submit(n)))
    expect(flushes).toEqual([[1, 2], [3, 4], [5]])
  })

  it("rejects every caller of a failed batch, and later batches still run", async () => {
    let fail = true
    const batcher = new MicroBatcher<number, number>(async (items) => {
      if (fail) throw new Error("database down")
      return items
    })
    await expect(Promise.all([batcher.submit(1), batcher.submit(2)])).rejects.toThrow("database down")
    fail = false
    await expect(batcher.submit(3)).resolves.toBe(3)
  })
})
