import { startSandbox, type Sandbox } from "../../../../sandbox"
import { NordicParcelProviderService } from "../service"

/**
 * The provider built the way Medusa's loader builds it (cradle, options), against the sandbox over
 * real HTTP: the order-side flows (returns, exchanges, claims, edits) pass an order as context and
 * no method data, and the admin's option list comes from the options and the customer list.
 */
describe("NordicParcelProviderService", () => {
  let sandbox: Sandbox
  const warnings: string[] = []
  const logger = { warn: (m: string) => warnings.push(m), info() {}, debug() {}, error() {} }

  beforeAll(async () => {
    sandbox = await startSandbox()
  })
  afterAll(() => sandbox.close())

  function provider(extra: Record<string, unknown> = {}) {
    return new NordicParcelProviderService({ logger } as never, {
      baseUrl: sandbox.url,
      ...sandbox.credentials,
      customerNumber: "5",
      services: [
        { code: "PA_DOREN", fallbackPrice: 149 },
        { code: "9300", isReturn: true },
      ],
      ...extra,
    })
  }

  const order = {
    id: "order_01",
    currency_code: "nok",
    items: [{ quantity: 1, unit_price: 399, variant: { weight: 800, length: 25, width: 20, height: 10 } }],
    shipping_address: { country_code: "NO", postal_code: "7010" },
    from_location: { id: "sloc_1", name: "Oslo", address: { country_code: "NO", postal_code: "0154" } },
  }

  it("prices a return on an order (no method data, order context) from the customer to the warehouse", async () => {
    const before = sandbox.requests.length
    const price = await provider().calculatePrice(
      { service_code: "9300" },
      undefined as never,
      { ...order, return_id: "ret_01", return_items: [] } as never
    )
    expect(price.calculated_amount).toBeGreaterThan(0)
    const lookup = sandbox.requests.slice(before).find((r) => r.path === "/shippingguide/v2/products")!
    expect(lookup.body).toMatchObject({
      consignments: [{ products: [{ id: "9300" }], fromPostalCode: "7010", toPostalCode: "0154" }],
    })
  })

  it("prices an exchange's outbound service on an order context", async () => {
    const price = await provider().calculatePrice({ service_code: "PA_DOREN" }, undefined as never, {
      ...order,
      exchange_id: "exc_01",
      exchange_items: [],
    } as never)
    expect(price).toEqual({ calculated_amount: expect.any(Number), is_calculated_price_tax_inclusive: true })
    expect(price.calculated_amount).not.toBe(149)
  })

  it("never throws into the cart flow, even for an option without a service code", async () => {
    const price = await provider().calculatePrice({} as never, {} as never, order as never)
    expect(price.calculated_amount).toBeUndefined()
    expect(warnings.some((w) => /service_code is missing/.test(w))).toBe(true)
  })

  it("lists the configured services and the customer numbers' other services for the admin", async () => {
    const options = await provider().getFulfillmentOptions()
    expect(options).toEqual(
      expect.arrayContaining([
        { id: "nordic-parcel-PA_DOREN", name: "Home delivery", service_code: "PA_DOREN", requires_pickup_point: false, is_return: false },
        { id: "nordic-parcel-9300", name: "Return pickup point parcel", service_code: "9300", requires_pickup_point: false, is_return: true },
        expect.objectContaining({ service_code: "SERVICEPAKKE", requires_pickup_point: true, customer_number: "5" }),
      ])
    )
    const codes = options.map((o) => o.service_code)
    expect(new Set(codes).size).toBe(codes.length)
  })

  it("still lists the configured services when the carrier cannot give the customer list", async () => {
    sandbox.fault("customers", { kind: "status", status: 500 })
    try {
      const options = await provider({ timeouts: { requestMs: 2000 } }).getFulfillmentOptions()
      expect(options.map((o) => o.service_code)).toEqual(["PA_DOREN", "9300"])
    } finally {
      sandbox.clearFaults()
    }
  })
})
