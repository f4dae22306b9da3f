/**
 * Groups work that arrives together into one call: items submitted in the same turn of the event
 * loop (or until `maxSize`) are handed to `flush` at once, and each caller gets its own result.
 * The webhook route uses it so that callbacks arriving in a burst share one database statement
 * and one commit, while each is still answered only after its row is committed.
 */
export class MicroBatcher<I, O> {
  private queue: { item: I; resolve: (out: O) => void; reject: (error: unknown) => void }[] = []
  private scheduled = false

  constructor(
    private readonly flush: (items: I[]) => Promise<O[]>,
    private readonly maxSize = 100
  ) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject })
      if (this.queue.length >= this.maxSize) {
        void this.run()
      } else if (!this.scheduled) {
        this.scheduled = true
        setImmediate(() => void this.run())
      }
    })
  }

  private async run(): Promise<void> {
    this.scheduled = false
    const batch = this.queue.splice(0, this.maxSize)
    if (batch.length === 0) {
      return
    }
    if (this.queue.length > 0 && !this.scheduled) {
      this.scheduled = true
      setImmediate(() => void this.run())
    }
    try {
      const results = await this.flush(batch.map((entry) => entry.item))
      batch.forEach((entry, index) => entry.resolve(results[index]))
    } catch (error) {
      batch.forEach((entry) => entry.reject(error))
    }
  }
}
