import type { Sandbox } from "../../../../sandbox"
import { CarrierError, createCarrierClients, type CarrierClientConfig, type CarrierLogger } from ".."

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
