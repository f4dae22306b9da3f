import { CarrierErrorLog } from "../error-log"
import { observeCarrierErrors } from "../error-observer"
import { CarrierError } from "../errors"

const carrierError = (operation: string, code?: string) =>
  new CarrierError({ service: "booking", operation, kind: "validation", retryable: false, status: 400, code, summary: "refused" })

describe("observeCarrierErrors", () => {
  class Client {
    calls = 0
    async fails(error: unknown): Promise<never> {
      this.calls++
      throw error
    }
    async viaOwnMethod(): Promise<never> {
      return this.fails(carrierError("booking.inner"))
    }
    async works(): Promise<string> {
      return "ok"
    }
    name(): string {
      return "sync"
    }
  }

  it("reports each carrier failure once and passes every result and error through unchanged", async () => {
    const seen: CarrierError[] = []
    const client = observeCarrierErrors(new Client(), (error) => seen.push(error))
    const refused = carrierError("booking.book", "BOOK-INPUT-016")
    await expect(client.fails(refused)).rejects.toBe(refused)
    await expect(client.viaOwnMethod()).rejects.toBeInstanceOf(CarrierError)
    const bug = new TypeError("not a carrier failure")
    await expect(client.fails(bug)).rejects.toBe(bug)
    expect(await client.works()).toBe("ok")
    expect(client.name()).toBe("sync")
    expect(client.calls).toBe(3)
    expect(client).toBeInstanceOf(Client)
    expect(seen.map((error) => error.operation)).toEqual(["booking.book", "booking.inner"])
  })

  it("never lets a failing observer change what the caller sees", async () => {
    const client = observeCarrierErrors(new Client(), () => {
      throw new Error("observer broke")
    })
    const refused = carrierError("booking.book")
    await expect(client.fails(refused)).rejects.toBe(refused)
  })
})

describe("CarrierErrorLog", () => {
  it("keeps the latest failures, newest first, with time, operation, kind, status, code and message", () => {
    const log = new CarrierErrorLog(3)
    for (let i = 1; i <= 5; i++) {
      log.record(carrierError(`booking.op${i}`, `CODE-${i}`), new Date(Date.UTC(2026, 10, 21, 10, i)))
    }
    const entries = log.list()
    expect(entries.map((entry) => entry.operation)).toEqual(["booking.op5", "booking.op4", "booking.op3"])
    expect(entries[0]).toEqual({
      at: "2026-11-21T10:05:00.000Z",
      operation: "booking.op5",
      kind: "validation",
      status: 400,
      code: "CODE-5",
      message: expect.stringContaining("booking.op5"),
    })
  })
})
