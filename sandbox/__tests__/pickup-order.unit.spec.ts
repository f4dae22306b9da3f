import { DEMO_CREDENTIALS, startSandbox, type Sandbox } from ".."
import { api, jsonOf, type Api } from "./helpers"

/** Monday 23 November 2026, 09:00 in Oslo. */
const START = new Date("2026-11-23T08:00:00Z")

function pickupRequest(overrides: Record<string, unknown> = {}) {
  return {
    customerInformation: { customerNumber: "5", companyName: "Nordisk Hage AS" },
    pickupAddress: { street: "Karl Johans gate 1", postalCode: "0154", city: "Oslo", email: "lager@nordiskhage.no", phoneNumber: "+4791234567", message: "Ring the bell at gate 2" },
    pickupDate: "2026-11-24",
    pickupIsReadyAtTime: "10:30",
    pickupTimeZone: null,
    countryCode: "NO",
    service: "PARCEL",
    pickupDetails: { numberOfPackages: 10, numberOfPostContainers: 0, numberOfPallets: 0 },
    testIndicator: true,
    ...overrides,
  }
}

describe("pickup orders", () => {
  let sandbox: Sandbox
  let client: Api

  beforeAll(async () => {
    sandbox = await startSandbox({ startAt: START, users: [{ ...DEMO_CREDENTIALS, customerNumbers: ["5", "6", "7"], admin: true }] })
    client = api(sandbox)
  })
  beforeEach(() => sandbox.reset())
  afterAll(() => sandbox.close())

  it("confirms a pickup with its window in epoch milliseconds, a receipt page and the carrier's reference, and records it", async () => {
    const { status, body } = await jsonOf(client.post("/booking/api/pickupOrder", pickupRequest()))
    expect(status).toBe(200)
    expect(body.errors).toBeNull()
    const confirmation = body.pickupConfirmation
    expect(confirmation).toEqual({
      status: "OK",
      // Tuesday 24 November, 10:30 to 16:00 Oslo time (UTC+1 in winter).
      earliestPickupDate: Date.parse("2026-11-24T09:30:00Z"),
      latestPickupDate: Date.parse("2026-11-24T15:00:00Z"),
      url: `${sandbox.url}/booking/pickup-orders/${confirmation.packageNumber}`,
      packageNumber: expect.stringMatching(/^3704\d{14}$/),
    })
    expect(sandbox.pickupOrders).toEqual([
      expect.objectContaining({ request: pickupRequest(), packageNumber: confirmation.packageNumber, customerNumber: "5", test: true }),
    ])
    const receipt = await fetch(confirmation.url)
    expect(receipt.status).toBe(200)
    expect(await receipt.text()).toContain(confirmation.packageNumber)
  })

  it.each([
    ["today", 200, { pickupDate: "2026-11-23" }, undefined],
    ["the next Monday", 200, { pickupDate: "2026-11-30" }, undefined],
    ["the prefixed customer number", 200, { customerInformation: { customerNumber: "PARCELS_NORWAY-00000000005", companyName: "X" } }, undefined],
    ["no ready time (from 09:00)", 200, { pickupIsReadyAtTime: null }, undefined],
    ["pallets only, as cargo", 200, { service: "CARGO", pickupDetails: { numberOfPackages: 0, numberOfPallets: 2 } }, undefined],
    ["yesterday", 400, { pickupDate: "2026-11-22" }, ["PICKUP-INPUT-006", /pickupDate 2026-11-22 is in the past/]],
    ["a Saturday", 400, { pickupDate: "2026-11-28" }, ["PICKUP-INPUT-007", /weekend/]],
    ["a Sunday", 400, { pickupDate: "2026-11-29" }, ["PICKUP-INPUT-007", /weekend/]],
    ["a date that does not exist", 400, { pickupDate: "2026-02-30" }, ["PICKUP-INPUT-005", /yyyy-MM-dd/]],
    ["a date with a time", 400, { pickupDate: "2026-11-24T10:00:00" }, ["PICKUP-INPUT-005", /yyyy-MM-dd/]],
    ["a ready time out of range", 400, { pickupIsReadyAtTime: "25:00" }, ["PICKUP-INPUT-005", /HH:mm/]],
    ["no phone", 400, { pickupAddress: { ...pickupRequest().pickupAddress, phoneNumber: "" } }, ["PICKUP-INPUT-004", /phoneNumber/]],
    ["no street", 400, { pickupAddress: { ...pickupRequest().pickupAddress, street: undefined } }, ["PICKUP-INPUT-003", /pickupAddress.street/]],
    ["a lower-case country", 400, { countryCode: "no" }, ["PICKUP-INPUT-003", /countryCode/]],
    ["an unknown customer number", 400, { customerInformation: { customerNumber: "42" } }, ["PICKUP-INPUT-002", /Invalid customer number 42/]],
    ["a customer number the user may not use", 400, { customerInformation: { customerNumber: "8" } }, ["PICKUP-INPUT-002", /Invalid customer number 8/]],
    ["nothing to collect", 400, { pickupDetails: { numberOfPackages: 0, numberOfPostContainers: 0, numberOfPallets: 0 } }, ["PICKUP-INPUT-008", /at least one/]],
    ["a negative count", 400, { pickupDetails: { numberOfPackages: -1 } }, ["PICKUP-INPUT-008", /numberOfPackages/]],
    ["an unknown service", 400, { service: "BICYCLE" }, ["PICKUP-INPUT-009", /PARCEL, CARGO/]],
  ] as const)("%s → %i", async (_, expectedStatus, overrides, refusal) => {
    const { status, body } = await jsonOf(client.post("/booking/api/pickupOrder", pickupRequest(overrides as Record<string, unknown>)))
    expect(status).toBe(expectedStatus)
    if (!refusal) {
      expect(body.pickupConfirmation.status).toBe("OK")
      expect(sandbox.pickupOrders).toHaveLength(1)
      return
    }
    // The booking envelope's error form.
    expect(body.pickupConfirmation).toBeNull()
    expect(body.errors).toContainEqual({ code: refusal[0], messages: [{ lang: "en", message: expect.stringMatching(refusal[1]) }] })
    expect(sandbox.pickupOrders).toHaveLength(0)
  })

  it("refuses a body that is not an object, and lists every problem at once", async () => {
    expect((await jsonOf(client.post("/booking/api/pickupOrder", "[]"))).body.errors[0].code).toBe("PICKUP-INPUT-001")
    const { body } = await jsonOf(client.post("/booking/api/pickupOrder", pickupRequest({ pickupDate: "2026-11-28", pickupAddress: {} })))
    expect(body.errors.map((e: { code: string }) => e.code).sort()).toEqual(["PICKUP-INPUT-003", "PICKUP-INPUT-003", "PICKUP-INPUT-003", "PICKUP-INPUT-004", "PICKUP-INPUT-007"])
  })

  it("follows the clock: a date that was today is refused the next day", async () => {
    await sandbox.clock.advance(24 * 60 * 60 * 1000)
    const { status, body } = await jsonOf(client.post("/booking/api/pickupOrder", pickupRequest({ pickupDate: "2026-11-23" })))
    expect(status).toBe(400)
    expect(body.errors[0].code).toBe("PICKUP-INPUT-006")
  })

  it("is in the booking group for injected faults and needs credentials", async () => {
    sandbox.fault("booking", { kind: "status", status: 503, times: 1 })
    expect((await client.post("/booking/api/pickupOrder", pickupRequest())).status).toBe(503)
    const anonymous = await fetch(`${sandbox.url}/booking/api/pickupOrder`, { method: "POST", body: JSON.stringify(pickupRequest()) })
    expect(anonymous.status).toBe(401)
    expect(sandbox.pickupOrders).toHaveLength(0)
    expect((await fetch(`${sandbox.url}/booking/pickup-orders/370438100000000000`)).status).toBe(404)
  })
})
