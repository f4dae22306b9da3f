import { startSandbox, type Sandbox } from "../../../../sandbox"
import type { CarrierClients, PickupOrderRequest } from ".."
import { nextWorkingDay, carrierToday } from "../../pickup-order/pickup-date"
import { carrierErrorOf, clientsFor, requestsTo } from "./support"

let sandbox: Sandbox
let carrier: CarrierClients

beforeAll(async () => {
  sandbox = await startSandbox({ clock: "real" })
  carrier = clientsFor(sandbox)
})
afterAll(async () => {
  await carrier.close()
  await sandbox.close()
})
beforeEach(() => sandbox.reset())

const PICKUP_PATH = "/booking/api/pickupOrder"
/** The next working day after the sandbox's today: valid whatever day the test runs. */
const workingDay = () => nextWorkingDay(carrierToday(new Date()))

function pickupRequest(overrides: Partial<PickupOrderRequest> = {}): PickupOrderRequest {
  return {
    customerInformation: { customerNumber: "5", companyName: "Nordisk Hage AS" },
    pickupAddress: { street: "Karl Johans gate 1", postalCode: "0154", city: "Oslo", email: null, phoneNumber: "+4791234567", message: null },
    pickupDate: workingDay(),
    pickupIsReadyAtTime: "10:00",
    pickupTimeZone: null,
    countryCode: "NO",
    service: "PARCEL",
    pickupDetails: { numberOfPackages: 4, numberOfPostContainers: 0, numberOfPallets: 0 },
    testIndicator: true,
    ...overrides,
  }
}

describe("orderPickup", () => {
  it("orders and returns the typed confirmation; the request goes out as validated", async () => {
    const confirmation = await carrier.booking.orderPickup(pickupRequest())
    expect(confirmation).toMatchObject({ status: "OK", packageNumber: expect.stringMatching(/^3704\d{14}$/), url: expect.stringContaining("/booking/pickup-orders/") })
    expect(confirmation.latestPickupDate).toBeGreaterThan(confirmation.earliestPickupDate)
    expect(requestsTo(sandbox, PICKUP_PATH)[0].body).toEqual(pickupRequest())
    expect(sandbox.pickupOrders).toHaveLength(1)
  })

  it("a refusal is a validation error with the carrier's code and message", async () => {
    const saturday = (() => {
      let date = workingDay()
      while (new Date(`${date}T00:00:00Z`).getUTCDay() !== 6) date = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
      return date
    })()
    const error = await carrierErrorOf(carrier.booking.orderPickup(pickupRequest({ pickupDate: saturday })))
    expect(error).toMatchObject({ service: "booking", operation: "booking.pickupOrder", kind: "validation", status: 400, code: "PICKUP-INPUT-007", retryable: false })
    expect(error.message).toMatch(/^Carrier booking\.pickupOrder failed \(400 PICKUP-INPUT-007\): .*weekend/)
  })

  it("a request the schema refuses is not sent", async () => {
    const error = await carrierErrorOf(carrier.booking.orderPickup(pickupRequest({ countryCode: "no" })))
    expect(error).toMatchObject({ kind: "validation", status: undefined })
    expect(requestsTo(sandbox, PICKUP_PATH)).toHaveLength(0)
  })

  it("503 is a server error, not retried: the order may exist", async () => {
    sandbox.fault("booking", { kind: "status", status: 503, times: 1 })
    const error = await carrierErrorOf(carrier.booking.orderPickup(pickupRequest()))
    expect(error).toMatchObject({ kind: "server", status: 503, retryable: false })
    expect(requestsTo(sandbox, PICKUP_PATH)).toHaveLength(1)
    expect(sandbox.pickupOrders).toHaveLength(0)
  })
})
