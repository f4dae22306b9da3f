import { parseOptions } from "../../options"
import { ServicesInUse, SERVICES_IN_USE_MAX_AGE_MS } from "../services-in-use"

const options = parseOptions({ baseUrl: "https://carrier.example", apiUid: "u", apiKey: "k", services: [{ code: "PA_DOREN" }] })

/** The store's shipping options as the database holds them, on a clock the test moves. */
function setup() {
  let now = 1_000_000
  let stored: Record<string, unknown>[] = [{ service_code: "PA_DOREN" }, { service_code: "5100" }]
  let reads = 0
  const inUse = new ServicesInUse(
    async () => {
      reads++
      return stored.map((data) => ({ ...data }))
    },
    undefined,
    () => now
  )
  const codes = async () => (await inUse.list(options)).map((s) => s.code).sort()
  return {
    inUse,
    codes,
    reads: () => reads,
    advance: (ms: number) => (now += ms),
    store: (data: Record<string, unknown>[]) => (stored = data),
  }
}

describe("services in use by shipping options", () => {
  it("a deleted option's service is gone within the refresh time, even after a quiet period", async () => {
    const { codes, advance, store } = setup()
    expect(await codes()).toEqual(["5100", "PA_DOREN"])
    store([{ service_code: "PA_DOREN" }]) // the cargo option is deleted in the admin
    advance(SERVICES_IN_USE_MAX_AGE_MS + 1_000) // the next cart comes 6 s later
    expect(await codes()).toEqual(["PA_DOREN"])
  })

  it("refreshes in the background before the limit, so a busy checkout does not wait", async () => {
    const { codes, advance, store, reads } = setup()
    await codes()
    store([{ service_code: "PA_DOREN" }])
    advance(3_000)
    expect(await codes()).toEqual(["5100", "PA_DOREN"]) // served at once, read started
    await new Promise((resolve) => setImmediate(resolve))
    expect(reads()).toBe(2)
    expect(await codes()).toEqual(["PA_DOREN"])
  })

  it("quotes an announced option at once, and drops the announcement once the database was read after it", async () => {
    const { inUse, codes, advance, store } = setup()
    await codes()
    inUse.announce({ service_code: "CARGO" })
    expect(await codes()).toEqual(["5100", "CARGO", "PA_DOREN"])
    // Created, then deleted before the database had it for long: a later read does not have it.
    advance(SERVICES_IN_USE_MAX_AGE_MS + 1_000)
    store([{ service_code: "PA_DOREN" }])
    expect(await codes()).toEqual(["PA_DOREN"])
  })

  it("keeps an announced option that is stored", async () => {
    const { inUse, codes, advance, store } = setup()
    await codes()
    inUse.announce({ service_code: "CARGO" })
    store([{ service_code: "PA_DOREN" }, { service_code: "CARGO" }])
    advance(SERVICES_IN_USE_MAX_AGE_MS + 1_000)
    expect(await codes()).toEqual(["CARGO", "PA_DOREN"])
  })
})
