import type { Sandbox } from "../../../../sandbox"
import { CarrierError, createCarrierClients, type BookingRequest, type CarrierClientConfig, type CarrierLogger } from ".."

/** Collects log lines so tests can check what was logged, and that no secret was. */
export function recordingLogger(): CarrierLogger & { lines: { level: string; message: string }[] } {
  const lines: { level: string; message: string }[] = []
  const record = (level: string) => (message: string) => void lines.push({ level, message })
  return { lines, debug: record("debug"), info: record("info"), warn: record("warn"), error: record("error") }
}

export function clientsFor(sandbox: Sandbox, overrides: Partial<CarrierClientConfig> = {}) {
  return createCarrierClients({ baseUrl: sandbox.url, ...sandbox.credentials, ...overrides })
}

/** Awaits a rejection and checks it is a `CarrierError` with the given properties. */
export async function carrierErrorOf(promise: Promise<unknown>): Promise<CarrierError> {
  const error = await promise.then(
    () => {
      throw new Error("expected the call to fail with a CarrierError")
    },
    (reason: unknown) => reason
  )
  expect(error).toBeInstanceOf(CarrierError)
  return error as CarrierError
}

/** Requests the sandbox received on paths starting with `prefix` (the log also holds other calls). */
export function requestsTo(sandbox: Sandbox, prefix: string, method?: string) {
  return sandbox.requests.filter((request) => request.path.startsWith(prefix) && (!method || request.method === method))
}

/** A valid PA_DOREN booking from Oslo to Bergen; parts overridden per test. */
export function bookingRequest(overrides: { correlationId?: string; product?: object; recipient?: object; consignment?: object } = {}): BookingRequest {
  return {
    testIndicator: true,
    schemaVersion: 1,
    consignments: [
      {
        correlationId: overrides.correlationId ?? "ORDER-1001",
        shippingDateTime: "2025-06-09T10:49:00",
        parties: {
          sender: {
            name: "Nordic Shop AS",
            addressLine: "Storgata 1",
            postalCode: "0150",
            city: "OSLO",
            countryCode: "NO",
            contact: { name: "Lager", email: "lager@shop.example", phoneNumber: "+4712345678" },
          },
          recipient: {
            name: "Kari Nordmann",
            addressLine: "Bryggen 2",
            postalCode: "5004",
            city: "BERGEN",
            countryCode: "NO",
            contact: { email: "kari@example.test", phoneNumber: "+4791234567" },
            ...overrides.recipient,
          },
        },
        product: { id: "PA_DOREN", customerNumber: "5", ...overrides.product },
        packages: [{ correlationId: "PKG-1", weightInKg: 1.2, dimensions: { heightInCm: 10, widthInCm: 20, lengthInCm: 30 } }],
        ...overrides.consignment,
      },
    ],
  }
}
