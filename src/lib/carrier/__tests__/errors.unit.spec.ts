import { inspect } from "node:util"
import {
  CarrierError,
  carrierErrorFromResponse,
  carrierMayHaveActed,
  carrierErrorFromTransport,
  parseRetryAfter,
  type CarrierErrorKind,
  type Repeatability,
} from "../errors"

const API_KEY = "sk-live-0123456789abcdef"
const API_UID = "shop@example.test"

function fromResponse(
  status: number,
  body: unknown,
  overrides: { repeatability?: Repeatability; retryAfter?: string; operation?: string } = {}
) {
  return carrierErrorFromResponse({
    service: "booking",
    operation: overrides.operation ?? "booking.book",
    repeatability: overrides.repeatability ?? "not_repeatable",
    secrets: [API_KEY],
    status,
    body: typeof body === "string" ? body : JSON.stringify(body),
    retryAfter: overrides.retryAfter,
  })
}

const bookingEnvelope = (code: string, message: string, extra: Record<string, unknown> = {}) => ({
  consignments: [
    {
      correlationId: "ORDER-1001",
      confirmation: null,
      errors: [
        {
          uniqueId: "9c1f5e1e-5a8e-4b1e-9d6e-2a7c3b1f0d42",
          code,
          messages: [{ lang: "en", message }],
          consignmentCorrelationId: "ORDER-1001",
          packageCorrelationId: null,
          ...extra,
        },
      ],
    },
  ],
})

interface Row {
  name: string
  status: number
  body: unknown
  repeatability?: Repeatability
  retryAfter?: string
  expected: {
    kind: CarrierErrorKind
    code?: string
    field?: string
    uniqueId?: string
    retryable: boolean
    retryAfterMs?: number
    message: string
  }
}

const rows: Row[] = [
  {
    name: "booking 400 with a suffixed code names the party",
    status: 400,
    body: bookingEnvelope("BOOK-INPUT-016-RECIPIENT", "City must be provided"),
    expected: {
      kind: "validation",
      code: "BOOK-INPUT-016-RECIPIENT",
      field: "recipient",
      uniqueId: "9c1f5e1e-5a8e-4b1e-9d6e-2a7c3b1f0d42",
      retryable: false,
      message: "Carrier booking.book failed (400 BOOK-INPUT-016-RECIPIENT): City must be provided [recipient]",
    },
  },
  {
    name: "booking package-level error names the package",
    status: 400,
    body: bookingEnvelope("BOOK-INPUT-002", "Weight is required", { packageCorrelationId: "PKG-2" }),
    expected: {
      kind: "validation",
      code: "BOOK-INPUT-002",
      field: "packages[PKG-2]",
      uniqueId: "9c1f5e1e-5a8e-4b1e-9d6e-2a7c3b1f0d42",
      retryable: false,
      message: "Carrier booking.book failed (400 BOOK-INPUT-002): Weight is required [packages[PKG-2]]",
    },
  },
  {
    name: "booking 200 with errors is still an error (B3)",
    status: 200,
    body: bookingEnvelope("BOOK-INPUT-024", "The product is not available between the given addresses (outside coverage)"),
    expected: {
      kind: "validation",
      code: "BOOK-INPUT-024",
      uniqueId: "9c1f5e1e-5a8e-4b1e-9d6e-2a7c3b1f0d42",
      retryable: false,
      message:
        "Carrier booking.book failed (200 BOOK-INPUT-024): The product is not available between the given addresses (outside coverage)",
    },
  },
  {
    name: "booking 500 with the envelope is a server error that a booking must not repeat",
    status: 500,
    body: bookingEnvelope("BOOK-INTERNAL-001", "An unexpected error occurred"),
    expected: {
      kind: "server",
      code: "BOOK-INTERNAL-001",
      uniqueId: "9c1f5e1e-5a8e-4b1e-9d6e-2a7c3b1f0d42",
      retryable: false,
      message: "Carrier booking.book failed (500 BOOK-INTERNAL-001): An unexpected error occurred",
    },
  },
  {
    name: "lookup 400 with fieldErrors (L4)",
    status: 400,
    repeatability: "repeatable",
    body: { fieldErrors: [{ code: "INVALID_ARGUMENT", message: "product code is required", field: "product" }] },
    expected: {
      kind: "validation",
      code: "INVALID_ARGUMENT",
      field: "product",
      retryable: false,
      message: "Carrier booking.book failed (400 INVALID_ARGUMENT): product code is required [product]",
    },
  },
  {
    name: "fieldErrors with an empty field are not field related",
    status: 400,
    repeatability: "repeatable",
    body: { fieldErrors: [{ code: "INVALID_ARGUMENT", message: "bad combination", field: "" }] },
    expected: {
      kind: "validation",
      code: "INVALID_ARGUMENT",
      retryable: false,
      message: "Carrier booking.book failed (400 INVALID_ARGUMENT): bad combination",
    },
  },
  {
    name: "401 plain text (X4)",
    status: 401,
    body: "Authentication failed. Missing or invalid X-Portal-API-Uid / X-Portal-API-Key.",
    expected: {
      kind: "authentication",
      retryable: false,
      message:
        "Carrier booking.book failed (401): Authentication failed. Missing or invalid X-Portal-API-Uid / X-Portal-API-Key.",
    },
  },
  {
    name: "400 whose body starts with Authentication failed (X4)",
    status: 400,
    body: "Authentication failed. Missing or invalid X-Portal-API-Uid / X-Portal-API-Key.",
    expected: {
      kind: "authentication",
      retryable: false,
      message:
        "Carrier booking.book failed (400): Authentication failed. Missing or invalid X-Portal-API-Uid / X-Portal-API-Key.",
    },
  },
  {
    name: "event-cast tracking 400 {uuid,status,reason}",
    status: 400,
    repeatability: "repeatable",
    body: { uuid: "4b7e", status: "400", reason: "Invalid tracking number" },
    expected: {
      kind: "validation",
      uniqueId: "4b7e",
      retryable: false,
      message: "Carrier booking.book failed (400): Invalid tracking number",
    },
  },
  {
    name: "event-cast customer 401 {reason,status} (E8)",
    status: 401,
    repeatability: "repeatable",
    body: { reason: "Not authorised", status: 401 },
    expected: { kind: "authentication", retryable: false, message: "Carrier booking.book failed (401): Not authorised" },
  },
  {
    name: "event-cast clientMessage variant",
    status: 500,
    repeatability: "repeatable",
    body: { clientMessage: "Could not list", message: "internal", severity: "ERROR", shouldLog: true, status: "500 INTERNAL_SERVER_ERROR" },
    expected: {
      kind: "server",
      code: "INTERNAL_SERVER_ERROR",
      retryable: true,
      message: "Carrier booking.book failed (500 INTERNAL_SERVER_ERROR): Could not list",
    },
  },
  {
    name: "404",
    status: 404,
    repeatability: "repeatable",
    body: { uuid: "u1", status: "404", reason: "Webhook not found" },
    expected: { kind: "not_found", uniqueId: "u1", retryable: false, message: "Carrier booking.book failed (404): Webhook not found" },
  },
  {
    name: "409",
    status: 409,
    repeatability: "repeatable",
    body: { uuid: "u2", status: "409", reason: "subscription already exists" },
    expected: {
      kind: "conflict",
      uniqueId: "u2",
      retryable: false,
      message: "Carrier booking.book failed (409): subscription already exists",
    },
  },
  {
    name: "429 text with Retry-After seconds, even for a booking",
    status: 429,
    body: "Too many requests",
    retryAfter: "2",
    expected: {
      kind: "rate_limited",
      retryable: true,
      retryAfterMs: 2000,
      message: "Carrier booking.book failed (429): Too many requests",
    },
  },
  {
    name: "429 with an empty body and no Retry-After",
    status: 429,
    body: "",
    expected: { kind: "rate_limited", retryable: true, message: "Carrier booking.book failed (429): empty response body" },
  },
  {
    name: "503 HTML page of a proxy, repeatable operation",
    status: 503,
    repeatability: "repeatable",
    body: "<html>\n <body>Service   Unavailable</body></html>",
    expected: {
      kind: "server",
      retryable: true,
      message: "Carrier booking.book failed (503): <html> <body>Service Unavailable</body></html>",
    },
  },
  {
    name: "older interface {code,message}",
    status: 400,
    repeatability: "repeatable",
    body: { code: "FG_INPUT_018", message: "too many packages" },
    expected: {
      kind: "validation",
      code: "FG_INPUT_018",
      retryable: false,
      message: "Carrier booking.book failed (400 FG_INPUT_018): too many packages",
    },
  },
  {
    name: "unknown 4xx is a validation error",
    status: 422,
    body: "",
    expected: { kind: "validation", retryable: false, message: "Carrier booking.book failed (422): empty response body" },
  },
  {
    name: "an unfollowed redirect is not a usable answer",
    status: 302,
    body: "",
    expected: {
      kind: "invalid_response",
      retryable: false,
      message: "Carrier booking.book failed (302): empty response body",
    },
  },
]

describe("carrierErrorFromResponse", () => {
  it.each(rows)("$name", ({ status, body, repeatability, retryAfter, expected }) => {
    const error = fromResponse(status, body, { repeatability, retryAfter })
    expect(error).toBeInstanceOf(CarrierError)
    expect(error).toBeInstanceOf(Error)
    expect(error.status).toBe(status)
    expect({
      kind: error.kind,
      code: error.code,
      field: error.field,
      uniqueId: error.uniqueId,
      retryable: error.retryable,
      retryAfterMs: error.retryAfterMs,
      message: error.message,
    }).toEqual({
      code: undefined,
      field: undefined,
      uniqueId: undefined,
      retryAfterMs: undefined,
      ...expected,
    })
  })

  it("keeps every booking error as a detail and names other codes in the message", () => {
    const body = {
      consignments: [
        {
          correlationId: "ORDER-1",
          confirmation: null,
          errors: [
            { uniqueId: "a", code: "BOOK-INPUT-016-RECIPIENT", messages: [{ lang: "en", message: "City must be provided" }] },
            { uniqueId: "b", code: "BOOK-INPUT-014-SENDER", messages: [{ lang: "no", message: "Navn" }, { lang: "en", message: "Name must be provided" }] },
          ],
        },
      ],
    }
    const error = fromResponse(400, body)
    expect(error.details).toEqual([
      { code: "BOOK-INPUT-016-RECIPIENT", message: "City must be provided", field: "recipient" },
      { code: "BOOK-INPUT-014-SENDER", message: "Name must be provided", field: "sender" },
    ])
    expect(error.message).toBe(
      "Carrier booking.book failed (400 BOOK-INPUT-016-RECIPIENT): City must be provided [recipient]; " +
        "BOOK-INPUT-014-SENDER: Name must be provided [sender]"
    )
  })

  it("accepts unknown codes with any prefix and unknown fields (B5, X7)", () => {
    const error = fromResponse(400, bookingEnvelope("BOOK_VALIDATION-999-NEW", "Something new", { extra: { nested: true } }))
    expect(error.code).toBe("BOOK_VALIDATION-999-NEW")
    expect(error.kind).toBe("validation")
  })

  it("reads Retry-After given as an HTTP date", () => {
    const now = Date.parse("2025-06-09T10:00:00Z")
    expect(parseRetryAfter("Mon, 09 Jun 2025 10:00:03 GMT", now)).toBe(3000)
    expect(parseRetryAfter("soon", now)).toBeUndefined()
    expect(parseRetryAfter(undefined, now)).toBeUndefined()
  })
})

describe("carrierErrorFromTransport", () => {
  const transport = (kind: "timeout" | "network", sent: boolean, repeatability: Repeatability) =>
    carrierErrorFromTransport({
      service: "booking",
      operation: "booking.book",
      repeatability,
      secrets: [API_KEY],
      kind,
      sent,
      summary: "no complete response within 500 ms",
    })

  it("a booking that may have reached the carrier is not retryable", () => {
    const error = transport("timeout", true, "not_repeatable")
    expect(error.status).toBeUndefined()
    expect(error.retryable).toBe(false)
    expect(error.message).toBe("Carrier booking.book failed (timeout): no complete response within 500 ms")
  })

  it("a request that never left is retryable, even a booking", () => {
    expect(transport("network", false, "not_repeatable").retryable).toBe(true)
  })

  it("a lookup time-out is retryable", () => {
    expect(transport("timeout", true, "repeatable").retryable).toBe(true)
  })
})

describe("carrierMayHaveActed: may a failed booking or pickup order exist at the carrier?", () => {
  const answered = (status: number, body = "") =>
    carrierErrorFromResponse({ service: "booking", operation: "booking.pickupOrder", status, body, repeatability: "not_repeatable", secrets: [] } as never)
  it.each<[string, unknown, boolean]>([
    ["a gateway's 502", answered(502, "<html>Bad Gateway</html>"), true],
    ["a gateway's 504", answered(504, "upstream timed out"), true],
    ["the carrier's 500", answered(500), true],
    ["the carrier's 503", answered(503), true],
    ["a 200 that cannot be read", new CarrierError({ service: "booking", operation: "booking.pickupOrder", kind: "invalid_response", status: 200, retryable: false, summary: "unexpected response body" }), true],
    ["a time-out after sending", carrierErrorFromTransport({ service: "booking", operation: "booking.pickupOrder", kind: "timeout", sent: true, repeatability: "not_repeatable", summary: "timeout", secrets: [] } as never), true],
    ["a broken connection after sending", carrierErrorFromTransport({ service: "booking", operation: "booking.pickupOrder", kind: "network", sent: true, repeatability: "not_repeatable", summary: "ECONNRESET", secrets: [] } as never), true],
    ["not a CarrierError (a bug, a crash)", new Error("boom"), true],
    ["a refusal (400)", answered(400, JSON.stringify({ errors: [{ code: "PICKUP-INPUT-002", message: "Invalid customer number" }] })), false],
    ["refused credentials (401)", answered(401), false],
    ["throttled (429: not processed)", answered(429), false],
    ["never sent (connection refused)", carrierErrorFromTransport({ service: "booking", operation: "booking.pickupOrder", kind: "network", sent: false, repeatability: "not_repeatable", summary: "ECONNREFUSED", secrets: [] } as never), false],
  ])("%s: %p", (_name, error, mayHave) => {
    expect(carrierMayHaveActed(error)).toBe(mayHave)
  })
})

describe("CarrierError never carries the API key", () => {
  const leakyBodies: [string, number, unknown][] = [
    ["plain text echoing the key", 401, `Authentication failed for ${API_UID}:${API_KEY}`],
    ["booking envelope echoing the key", 400, bookingEnvelope("BOOK-INPUT-001", `Bad request with key ${API_KEY}`)],
    ["fieldErrors echoing the key in field and code", 400, { fieldErrors: [{ code: API_KEY, message: "x", field: API_KEY }] }],
    ["event-cast body echoing the key in uuid", 400, { uuid: API_KEY, status: "400", reason: `bad ${API_KEY}` }],
    // JSON escaping must not let the key through either.
    ["JSON-escaped key", 400, `{"fieldErrors":[{"code":"X","message":"key ${API_KEY.replace("-", "\\u002d")}","field":""}]}`],
  ]

  it.each(leakyBodies)("%s", (_name, status, body) => {
    const error = fromResponse(status, body)
    for (const rendering of [JSON.stringify(error), error.message, error.stack ?? "", inspect(error, { depth: 10 })]) {
      expect(rendering).not.toContain(API_KEY)
      expect(rendering).not.toContain(`${API_UID}:${API_KEY}`)
    }
    expect(error.message).toContain("[redacted]")
  })

  it("also for transport failures whose text contains the key", () => {
    const error = carrierErrorFromTransport({
      service: "events",
      operation: "events.getTrackingSubscription",
      repeatability: "repeatable",
      secrets: [API_KEY],
      kind: "network",
      sent: true,
      summary: `socket hang up (${API_KEY})`,
    })
    expect(JSON.stringify(error) + error.stack + inspect(error)).not.toContain(API_KEY)
  })

  it("serialises to a plain object with the documented fields", () => {
    const error = fromResponse(400, bookingEnvelope("BOOK-INPUT-016-RECIPIENT", "City must be provided"))
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: "CarrierError",
      message: "Carrier booking.book failed (400 BOOK-INPUT-016-RECIPIENT): City must be provided [recipient]",
      service: "booking",
      operation: "booking.book",
      kind: "validation",
      status: 400,
      code: "BOOK-INPUT-016-RECIPIENT",
      uniqueId: "9c1f5e1e-5a8e-4b1e-9d6e-2a7c3b1f0d42",
      field: "recipient",
      details: [{ code: "BOOK-INPUT-016-RECIPIENT", message: "City must be provided", field: "recipient" }],
      retryable: false,
    })
    expect(error.stack).toMatch(/^CarrierError: Carrier booking\.book failed/)
  })
})
