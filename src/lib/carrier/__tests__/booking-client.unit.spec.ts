import { Agent } from "undici"
import { startSandbox, type Sandbox } from "../../../../sandbox"
import type { BookingRequest, CarrierClients } from ".."
import { bookingRequest, carrierErrorOf, clientsFor, requestsTo } from "./support"

let sandbox: Sandbox
let carrier: CarrierClients

beforeAll(async () => {
  // Real clock: the rate-limit test reads arrival times from the request log.
  sandbox = await startSandbox({ clock: "real" })
  carrier = clientsFor(sandbox)
})
afterAll(async () => {
  await carrier.close()
  await sandbox.close()
})
beforeEach(() => sandbox.reset())

const BOOK_PATH = "/booking/api/booking"

describe("book", () => {
  it("books and returns the typed confirmation; the request goes out as validated", async () => {
    const confirmation = await carrier.booking.book(bookingRequest())

    expect(confirmation.consignmentNumber).toMatch(/^\d{17}$/)
    expect(confirmation.packages).toEqual([
      expect.objectContaining({ correlationId: "PKG-1", packageNumber: expect.stringMatching(/^3704\d{14}$/), qrCodeLink: null }),
    ])
    expect(confirmation.links?.labels).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/booking\/labels\//)
    expect(confirmation.links?.tracking).toContain(confirmation.consignmentNumber)
    // The carrier sends its dates as epoch milliseconds: read as the same instant, an ISO string.
    expect(confirmation.dateAndTimes?.earliestPickup).toBe(new Date("2025-06-09T10:49:00+02:00").toISOString())
    expect(confirmation.returnConsignmentNumber).toBeUndefined()

    const [received] = requestsTo(sandbox, BOOK_PATH)
    expect(received.body).toEqual(bookingRequest())
    expect(received.headers["content-type"]).toBe("application/json")
    expect(sandbox.bookings).toHaveLength(1)
    expect(sandbox.bookings[0]).toMatchObject({ consignmentNumber: confirmation.consignmentNumber, test: true })
  })

  it("a free return with QR codes comes back in the same confirmation", async () => {
    const confirmation = await carrier.booking.book(
      bookingRequest({ product: { id: "5800" }, consignment: { returnProduct: { id: "9300" }, generateQrCodes: true } })
    )
    expect(confirmation.returnConsignmentNumber).toMatch(/^\d{17}$/)
    expect(confirmation.returnLinks?.labels).toContain(confirmation.returnConsignmentNumber)
    expect(confirmation.packages[0].qrCodeLink).toMatch(/\.png\?auth-token=/)
  })

  it.each([
    ["an invalid recipient postal code names the party", { recipient: { postalCode: "0000" } }, "BOOK_INPUT-057-RECIPIENT", "recipient"],
    ["an unknown service code", { product: { id: "NO_SUCH_SERVICE" } }, "BOOK-INPUT-020", undefined],
    ["a customer number without that service", { product: { customerNumber: "7" } }, "BOOK-AUTHORIZATION-001", undefined],
    ["a recipient without a phone number", { recipient: { contact: { email: "kari@example.test" } } }, "BOOK-INPUT-072", undefined],
  ])("400: %s", async (_name, overrides, code, field) => {
    const error = await carrierErrorOf(carrier.booking.book(bookingRequest(overrides)))
    expect(error).toMatchObject({ service: "booking", operation: "booking.book", kind: "validation", status: 400, code, field, retryable: false })
    expect(error.uniqueId).toMatch(/^[0-9a-f-]{36}$/)
    expect(error.message).toMatch(new RegExp(`^Carrier booking\\.book failed \\(400 ${code}\\): .+`))
    expect(requestsTo(sandbox, BOOK_PATH)).toHaveLength(1)
    expect(sandbox.bookings).toHaveLength(0)
  })

  it("400: a package-level error names the package", async () => {
    const error = await carrierErrorOf(
      carrier.booking.book(
        bookingRequest({ consignment: { packages: [{ correlationId: "PKG-9", weightInKg: 80, dimensions: { heightInCm: 10, widthInCm: 20, lengthInCm: 30 } }] } })
      )
    )
    expect(error).toMatchObject({ code: "BOOK-INPUT-023", field: "packages[PKG-9]" })
  })

  it("refuses an invalid request before sending it", async () => {
    const error = await carrierErrorOf(carrier.booking.book(bookingRequest({ recipient: { city: "x".repeat(36) } })))
    expect(error).toMatchObject({ kind: "validation", status: undefined, field: "consignments[0].parties.recipient.city" })
    expect(sandbox.requests).toHaveLength(0)
  })

  it("401 with bad credentials", async () => {
    const intruder = clientsFor(sandbox, { apiKey: "not-the-key" })
    try {
      const error = await carrierErrorOf(intruder.booking.book(bookingRequest()))
      expect(error).toMatchObject({ kind: "authentication", status: 401, retryable: false })
      expect(requestsTo(sandbox, BOOK_PATH)).toHaveLength(1)
    } finally {
      await intruder.close()
    }
  })

  it("429 is retried after Retry-After and then books once", async () => {
    sandbox.fault("booking", { kind: "status", status: 429, times: 1, retryAfter: 1 })
    const confirmation = await carrier.booking.book(bookingRequest())
    expect(confirmation.consignmentNumber).toMatch(/^\d{17}$/)
    const received = requestsTo(sandbox, BOOK_PATH)
    expect(received.map((request) => request.status)).toEqual([429, 200])
    expect(received[1].at.getTime() - received[0].at.getTime()).toBeGreaterThanOrEqual(1000)
    expect(sandbox.bookings).toHaveLength(1)
  })

  it("500 is not retried: the booking may exist", async () => {
    sandbox.fault("booking", { kind: "status", status: 500, times: 1 })
    const error = await carrierErrorOf(carrier.booking.book(bookingRequest()))
    expect(error).toMatchObject({ kind: "server", status: 500, code: "BOOK-INTERNAL-001", retryable: false })
    expect(requestsTo(sandbox, BOOK_PATH)).toHaveLength(1)
  })

  it("a hanging carrier is a time-out that is not retryable, after exactly one request", async () => {
    sandbox.fault("booking", { kind: "hang", times: 1 })
    const error = await carrierErrorOf(carrier.booking.book(bookingRequest(), { timeoutMs: 300 }))
    expect(error).toMatchObject({ kind: "timeout", status: undefined, retryable: false })
    expect(error.message).toBe("Carrier booking.book failed (timeout): no complete response within 300 ms")
    expect(requestsTo(sandbox, BOOK_PATH)).toHaveLength(1)
  })

  it("a dropped connection is not retried either", async () => {
    sandbox.fault("booking", { kind: "reset", times: 1 })
    const error = await carrierErrorOf(carrier.booking.book(bookingRequest()))
    expect(error).toMatchObject({ kind: "network", status: undefined, retryable: false })
    expect(requestsTo(sandbox, BOOK_PATH)).toHaveLength(1)
  })
})

describe("booking rate limit", () => {
  // A sandbox of its own: the limiter is shared per carrier and user, and the other tests' bookings
  // would still be inside its window.
  let fresh: Sandbox
  let freshCarrier: CarrierClients
  let agent: Agent
  const sent: number[] = []
  beforeAll(async () => {
    fresh = await startSandbox({ clock: "real" })
    // Records when each booking leaves the client: that is what the limiter decides. Arrival
    // times at the carrier also depend on how busy the machine is (a stalled event loop sends a
    // spaced-out queue together), which is why a 429 is still retried.
    agent = new Agent()
    const recording = agent.compose((dispatch) => (options, handler) => {
      if (options.method === "POST" && options.path.startsWith(BOOK_PATH)) sent.push(Date.now())
      return dispatch(options, handler)
    })
    freshCarrier = clientsFor(fresh, { dispatcher: recording })
  })
  afterAll(async () => {
    await freshCarrier.close()
    await agent.close()
    await fresh.close()
  })

  it("40 bookings at once: never more than 18 sent in any second, each booked exactly once", async () => {
    const confirmations = await Promise.all(
      Array.from({ length: 40 }, (_, index) => freshCarrier.booking.book(bookingRequest({ correlationId: `ORDER-${index}` })))
    )
    expect(new Set(confirmations.map((confirmation) => confirmation.consignmentNumber)).size).toBe(40)

    const firstAttempts = sent.slice(0, 40).sort((a, b) => a - b)
    for (const start of firstAttempts) {
      expect(firstAttempts.filter((at) => at >= start && at < start + 1000).length).toBeLessThanOrEqual(18)
    }
    // Full use of the limit, spread over it: 18 in the first 1.1 s, one every ~61 ms, never bunched.
    expect(firstAttempts.filter((at) => at < firstAttempts[0] + 1_100).length).toBeGreaterThanOrEqual(17)
    const gaps = firstAttempts.slice(1).map((at, i) => at - firstAttempts[i])
    expect(gaps.filter((gap) => gap < 20)).toEqual([])

    // At the carrier: every order booked once; anything throttled was retried, never duplicated.
    const booked = requestsTo(fresh, BOOK_PATH).filter((request) => request.status === 200)
    const orders = booked.map((request) => (request.body as { consignments: { correlationId: string }[] }).consignments[0].correlationId)
    expect(orders.sort()).toEqual(Array.from({ length: 40 }, (_, i) => `ORDER-${i}`).sort())
  }, 20_000)
})

describe("labels", () => {
  it("follows the 302 to the stored PDF", async () => {
    const confirmation = await carrier.booking.book(bookingRequest())
    const label = await carrier.booking.downloadLabel(confirmation.links!.labels!)
    expect(label.contentType).toBe("application/pdf")
    expect(label.body.subarray(0, 5).toString("latin1")).toBe("%PDF-")
    expect(sandbox.requests.filter((request) => request.path.includes("label")).map((request) => request.path)).toEqual([
      `/booking/labels/${confirmation.consignmentNumber}`,
      `/label-storage/${confirmation.consignmentNumber}/label.pdf`,
    ])
  })

  it("sends the credentials only to the configured carrier origin", async () => {
    const confirmation = await carrier.booking.book(bookingRequest())
    // Same server, other origin: as if the carrier handed out a link to a storage host.
    const foreign = confirmation.links!.labels!.replace("127.0.0.1", "localhost")
    await carrier.booking.downloadLabel(foreign)
    const [labelRequest] = requestsTo(sandbox, "/booking/labels")
    expect(labelRequest.headers["x-portal-api-key"]).toBeUndefined()
    expect(labelRequest.headers["x-portal-api-uid"]).toBeUndefined()
  })

  it("a wrong token is an authentication error; a malformed URL is refused before sending", async () => {
    const confirmation = await carrier.booking.book(bookingRequest())
    const wrongToken = confirmation.links!.labels!.replace(/auth-token=[^&]+/, "auth-token=nope")
    const error = await carrierErrorOf(carrier.booking.downloadLabel(wrongToken))
    expect(error).toMatchObject({ operation: "booking.downloadLabel", kind: "authentication", status: 401 })
    const malformed = await carrierErrorOf(carrier.booking.downloadLabel("file:///etc/passwd"))
    expect(malformed).toMatchObject({ kind: "validation", field: "url", status: undefined })
  })
})

describe("customers and error codes", () => {
  it("lists the user's customer numbers with their services", async () => {
    const customers = await carrier.booking.listCustomers()
    expect(customers.map((customer) => customer.customerNumber)).toEqual([
      "PARCELS_NORWAY-00000000005",
      "PARCELS_NORWAY-00000000006",
      "CARGO-00000000007",
    ])
    expect(customers[0].products).toEqual(expect.arrayContaining(["SERVICEPAKKE", "PA_DOREN", "5800"]))
  })

  it("401 on the customer list", async () => {
    const intruder = clientsFor(sandbox, { apiKey: "not-the-key" })
    try {
      const error = await carrierErrorOf(intruder.booking.listCustomers())
      expect(error).toMatchObject({ operation: "booking.customers", kind: "authentication", status: 401 })
    } finally {
      await intruder.close()
    }
  })

  it("reads the error catalogue", async () => {
    const errorTypes = await carrier.booking.listErrorCodes()
    expect(errorTypes).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: "BOOK-INPUT-016", suffixable: true })])
    )
    expect(requestsTo(sandbox, "/booking/api/errors")).toHaveLength(1)
  })
})
