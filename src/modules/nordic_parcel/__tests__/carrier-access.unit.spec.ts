import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { inspect } from "node:util"
import { CarrierError } from "../../../lib/carrier"
import { recordingLogger } from "../../../lib/carrier/__tests__/support"
import { parseOptions } from "../../../lib/options"
import { createCarrierAccess } from "../carrier-access"

/**
 * Every secret the plugin holds is scrubbed from carrier errors and the clients' log lines: the API
 * key, and the webhook secrets the plugin sends in subscription headers, should a carrier echo
 * what it was sent.
 */
const WEBHOOK_SECRET = "current-webhook-secret-0123456789"
const PREVIOUS_SECRET = "previous-webhook-secret-0123456789"
const API_KEY = "api-key-that-must-not-leak"

let echo: Server
let url: string

beforeAll(async () => {
  // A carrier that refuses every request and echoes what it was sent: headers and body.
  echo = createServer((request, response) => {
    let body = ""
    request.on("data", (chunk) => (body += chunk))
    request.on("end", () => {
      response.writeHead(400, { "content-type": "application/json" })
      response.end(JSON.stringify({ uuid: "x", status: "400", reason: `refused ${body} ${JSON.stringify(request.headers)} ${PREVIOUS_SECRET}` }))
    })
  })
  await new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", resolve))
  url = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`
})
afterAll(() => new Promise((resolve) => echo.close(resolve)))

it("scrubs the API key, the webhook secret and the previous secret from a carrier error that echoes them", async () => {
  const options = parseOptions({
    baseUrl: url,
    apiUid: "shop@example.com",
    apiKey: API_KEY,
    testMode: true,
    webhooks: { publicUrl: "https://shop.example", secret: WEBHOOK_SECRET, previousSecret: PREVIOUS_SECRET, previousSecretUntil: "2026-12-01T00:00:00Z" },
  })
  const logger = recordingLogger()
  const errors: CarrierError[] = []
  const access = createCarrierAccess({ options, cradle: {}, logger, onError: (error) => errors.push(error) })
  try {
    const failure = await access.clients.events
      .createTrackingSubscription(
        { trackingId: "70438101234567891", configuration: { url: "https://shop.example/hooks/nordic-parcel/events", headers: [{ key: "X-Nordic-Parcel-Secret", value: WEBHOOK_SECRET }] }, event_groups: ["DELIVERED"] },
        { maxAttempts: 1 }
      )
      .then(() => undefined, (error: unknown) => error)
    expect(failure).toBeInstanceOf(CarrierError)
    const renderings = [JSON.stringify(failure), (failure as Error).message, (failure as Error).stack ?? "", inspect(failure, { depth: 10 }), ...logger.lines.map((line) => line.message)]
    expect(renderings.join("\n")).toContain("[redacted]")
    for (const secret of [API_KEY, WEBHOOK_SECRET, PREVIOUS_SECRET]) {
      for (const rendering of renderings) expect(rendering).not.toContain(secret)
    }
  } finally {
    await access.clients.close()
  }
})
