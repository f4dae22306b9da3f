import { startSandbox, type Sandbox } from "../../../../sandbox"
import type { CarrierError } from "../../../lib/carrier"
import { parseOptions } from "../../../lib/options"
import { ServicesInUse } from "../../../lib/checkout/services-in-use"
import { createCarrierAccess } from "../../../modules/nordic_parcel/carrier-access"
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

  /** Medusa's query as the provider's cradle holds it: the store's one stock location. */
  const query = {
    graph: async ({ entity }: { entity: string }) => ({
      data: entity === "stock_location" ? [{ id: "sloc_1", address: { country_code: "no", postal_code: "0154" } }] : [],
    }),
  }

  /**
   * The provider as Medusa's loader builds it, with the plugin's module visible (the fulfillment
   * module's dependencies): the module stands in with the options in force, its carrier access and
   * its status log.
   */
  function withModule(settings: Record<string, unknown> = {}) {
    const recorded: CarrierError[] = []
    const effective = parseOptions({
      baseUrl: sandbox.url,
      ...sandbox.credentials,
      // The sandbox speaks plain http, which only test mode accepts.
      testMode: true,
      customerNumber: "5",
      services: [
        { code: "PA_DOREN", fallbackPrice: 149 },
        { code: "9300", isReturn: true },
      ],
      ...settings,
    })
    const access = createCarrierAccess({ options: effective, cradle: {}, logger, onError: (e: CarrierError) => recorded.push(e) })
    const inUse = new ServicesInUse(async () => [])
    const module = {
      getOptions: () => effective,
      getEffectiveOptions: async () => effective,
      carrier: () => access.clients,
      quoter: () => access.quoter,
      pickupPointListings: () => access.pickupPointListings,
      carrierServiceNames: () => access.names,
      learnServiceNames: access.learnNames,
      servicesInUse: () => inUse,
    }
    // The provider's own options (medusa-config) are not used once the module is visible.
    const own = { baseUrl: sandbox.url, ...sandbox.credentials, testMode: true, customerNumber: "5", services: [{ code: "3584" }] }
    return { provider: new NordicParcelProviderService({ logger, nordic_parcel: module, query } as never, own), recorded }
  }

  const provider = (settings: Record<string, unknown> = {}) => withModule(settings).provider

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

  it.each([
    ["a service code", { service_code: "PA_DOREN" }, true],
    ["no service code", {}, false],
    ["an empty service code", { service_code: "" }, false],
    ["a service code that is not text", { service_code: 3584 }, false],
  ])("validateOption and canCalculate agree on an option with %s", async (_name, optionData, valid) => {
    const subject = provider()
    expect(await subject.validateOption(optionData)).toBe(valid)
    expect(await subject.canCalculate({ data: optionData } as never)).toBe(valid)
  })

  it("lists the configured services and the customer numbers' other services for the admin", async () => {
    const options = await provider().getFulfillmentOptions()
    expect(options).toEqual(
      expect.arrayContaining([
        { id: "nordic-parcel-PA_DOREN", name: "På Døren · PA_DOREN", service_code: "PA_DOREN", requires_pickup_point: false, is_return: false },
        { id: "nordic-parcel-9300", name: "Returservice pakke fra hentested · 9300", service_code: "9300", requires_pickup_point: false, is_return: true },
        expect.objectContaining({ service_code: "SERVICEPAKKE", requires_pickup_point: true, customer_number: "PARCELS_NORWAY-00000000005" }),
      ])
    )
    const codes = options.map((o) => o.service_code)
    expect(new Set(codes).size).toBe(codes.length)
  })

  it("names the services as the carrier does, with the code second, asking once from the store's postal code to itself", async () => {
    const withQuery = provider({ services: [{ code: "PA_DOREN" }, { code: "SERVICEPAKKE", name: "Collect nearby" }] })
    const before = sandbox.requests.length
    const options = await withQuery.getFulfillmentOptions()
    const byCode = Object.fromEntries(options.map((o) => [o.service_code, o.name]))
    // The sandbox's display names (the carrier's, Norwegian by default); the merchant's own name wins.
    expect(byCode).toMatchObject({ PA_DOREN: "På Døren · PA_DOREN", SERVICEPAKKE: "Collect nearby · SERVICEPAKKE", "3584": "Pakke i postkassen · 3584" })
    const lookups = sandbox.requests.slice(before).filter((r) => r.path === "/shippingguide/v2/products")
    expect(lookups).toHaveLength(1)
    expect(lookups[0].body).toMatchObject({
      withGuiInformation: true,
      consignments: [{ fromCountryCode: "NO", fromPostalCode: "0154", toCountryCode: "NO", toPostalCode: "0154" }],
    })
    // Known now: the next listing does not ask again.
    await withQuery.getFulfillmentOptions()
    expect(sandbox.requests.slice(before).filter((r) => r.path === "/shippingguide/v2/products")).toHaveLength(1)
  })

  it("keeps the plugin's names when the carrier's lookup fails", async () => {
    sandbox.fault("shipping", { kind: "status", status: 503 })
    try {
      const options = await provider().getFulfillmentOptions()
      expect(options.find((o) => o.service_code === "PA_DOREN")?.name).toBe("Home delivery · PA_DOREN")
      expect(warnings.some((w) => /service names not available from the carrier/.test(w))).toBe(true)
    } finally {
      sandbox.clearFaults()
    }
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

  describe("the plugin's module is its one way to the carrier", () => {
    it("without the module (no fulfillment dependencies) hides the option and logs the fix, and refuses to list", async () => {
      const errors: string[] = []
      const bare = new NordicParcelProviderService({ logger: { ...logger, error: (m: string) => errors.push(m) } } as never, {
        baseUrl: sandbox.url,
        ...sandbox.credentials,
        testMode: true,
        services: [{ code: "PA_DOREN", fallbackPrice: 149 }],
      })
      const before = sandbox.requests.length
      const price = await bare.calculatePrice({ service_code: "PA_DOREN" }, {} as never, order as never)
      // No second carrier pool with the provider's own options: no price and no carrier call.
      expect(price.calculated_amount).toBeUndefined()
      expect(sandbox.requests.length).toBe(before)
      expect(errors).toEqual([expect.stringContaining('add dependencies: ["nordic_parcel","query"]')])
      await expect(bare.getFulfillmentOptions()).rejects.toThrow(/add dependencies: \["nordic_parcel","query"\] to the @medusajs\/medusa\/fulfillment module/)
    })

    it("lists and prices from the module's options in force, not its own", async () => {
      const { provider: withSettings } = withModule({
        services: [
          { code: "PA_DOREN", offered: false, fallbackPrice: 149 },
          { code: "9300", isReturn: true },
        ],
      })
      const codes = (await withSettings.getFulfillmentOptions()).map((o) => o.service_code)
      expect(codes).toContain("9300")
      expect(codes).not.toContain("PA_DOREN")
      const price = await withSettings.calculatePrice({ service_code: "PA_DOREN" }, {} as never, order as never)
      expect(price.calculated_amount).toBeUndefined()
    })

    it("calls the carrier through the module's clients, so its failures reach the module's status log", async () => {
      const { provider: withLog, recorded } = withModule({ timeouts: { quoteMs: 1000 } })
      sandbox.fault("shipping", { kind: "status", status: 503 })
      try {
        const price = await withLog.calculatePrice(
          { service_code: "PA_DOREN" },
          {} as never,
          { ...order, shipping_address: { country_code: "NO", postal_code: "9008" } } as never
        )
        expect(price.calculated_amount).toBe(149)
      } finally {
        sandbox.clearFaults()
      }
      expect(recorded.map((e) => [e.operation, e.status])).toEqual([["shipping.products", 503]])
    })
  })
})
