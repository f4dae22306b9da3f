import { findService, startSandbox, type Sandbox } from ".."
import { api, jsonOf, type Api } from "./helpers"

interface Consignment {
  fromCountryCode?: string
  fromPostalCode?: string
  products?: { id: string; customerNumber?: string }[]
  toPostalCode?: string
  toCountryCode?: string
  packages?: Record<string, number>[]
  additionalServices?: string[]
  shippingDate?: Record<string, string>
}

/** One consignment from Oslo 0150 to Bergen 5003, a 1 kg parcel, unless overridden. */
function lookupBody(consignment: Consignment = {}, options: Record<string, boolean> = {}) {
  return {
    withPrice: true,
    ...options,
    consignments: [
      {
        id: 1,
        products: [{ id: "SERVICEPAKKE" }],
        fromCountryCode: "NO",
        fromPostalCode: "0150",
        toCountryCode: "NO",
        toPostalCode: "5003",
        packages: [{ id: 1, grossWeight: 1000, length: 30, width: 20, height: 10 }],
        ...consignment,
      },
    ],
  }
}

const amount = (value: string) => Number(value)

describe("shipping lookup", () => {
  let sandbox: Sandbox
  let client: Api

  beforeAll(async () => {
    sandbox = await startSandbox()
    client = api(sandbox)
  })
  afterAll(() => sandbox.close())

  async function products(consignment: Consignment = {}, options: Record<string, boolean> = {}) {
    const { status, body } = await jsonOf(client.post("/shippingguide/v2/products", lookupBody(consignment, options)))
    expect(status).toBe(200)
    return body.consignments[0].products
  }
  const listPrice = async (consignment: Consignment) =>
    amount((await products(consignment))[0].price.listPrice.priceWithoutAdditionalServices.amountWithoutVAT)

  it("answers list prices as decimal strings in NOK with the zone count", async () => {
    const [product] = await products()
    expect(product).toMatchObject({ id: "SERVICEPAKKE", productionCode: "1202" })
    expect(product.price.listPrice.currencyCode).toBe("NOK")
    expect(product.price.listPrice.priceWithoutAdditionalServices.amountWithoutVAT).toMatch(/^\d+\.\d{2}$/)
    expect(product.price.zones.totalZoneCount).toBe(3)
    expect(product).not.toHaveProperty("expectedDelivery")
    expect(product).not.toHaveProperty("guiInformation")
  })

  it("prices grow with weight and with distance", async () => {
    const light = await listPrice({ packages: [{ grossWeight: 1000 }] })
    const heavy = await listPrice({ packages: [{ grossWeight: 10_000 }] })
    const near = await listPrice({ toPostalCode: "0154" })
    const far = await listPrice({ toPostalCode: "9008" })
    expect(heavy).toBeGreaterThan(light)
    expect(far).toBeGreaterThan(near)
  })

  it("charges volumetric weight for the services the carrier names", async () => {
    const bulky = { packages: [{ grossWeight: 1000, length: 60, width: 40, height: 40 }] }
    const compact = { packages: [{ grossWeight: 1000, length: 20, width: 20, height: 10 }] }
    expect(await listPrice({ ...bulky, products: [{ id: "5800" }] })).toBeGreaterThan(await listPrice({ ...compact, products: [{ id: "5800" }] }))
    expect(await listPrice({ ...bulky, products: [{ id: "PA_DOREN" }] })).toBe(await listPrice({ ...compact, products: [{ id: "PA_DOREN" }] }))
  })

  it("adds 25 % VAT for a Norwegian sender", async () => {
    const [product] = await products({ additionalServices: ["EVARSLING"] })
    for (const block of [product.price.listPrice.priceWithoutAdditionalServices, product.price.listPrice.priceWithAdditionalServices]) {
      expect(amount(block.vat)).toBeCloseTo(amount(block.amountWithoutVAT) * 0.25, 2)
      expect(amount(block.amountWithVAT)).toBeCloseTo(amount(block.amountWithoutVAT) + amount(block.vat), 2)
    }
  })

  it.each([
    ["NO", "0150", "NOK", 0.25],
    ["SE", "41101", "SEK", 0.25],
    ["DK", "2100", "DKK", 0.25],
    ["FI", "00100", "EUR", 0.255],
  ])("a sender in %s is priced in its country's currency and VAT", async (country, postalCode, currency, vat) => {
    const [product] = await products({ products: [{ id: "BUSINESS_PARCEL" }], fromCountryCode: country, fromPostalCode: postalCode, toCountryCode: "SE", toPostalCode: "11122" } as Consignment)
    const block = product.price.listPrice
    expect(block.currencyCode).toBe(currency)
    expect(Math.abs(amount(block.priceWithAdditionalServices.vat) - amount(block.priceWithAdditionalServices.amountWithoutVAT) * vat)).toBeLessThanOrEqual(0.0051)
  })

  it("prices additional services and ignores those the service does not offer", async () => {
    const [product] = await products({ additionalServices: ["EVARSLING", "LORDAGSUTKJORING"] }, { trace: true })
    const list = product.price.listPrice
    expect(list.additionalServices.map((s: any) => s.additionalServiceId)).toEqual(["EVARSLING"])
    expect(amount(list.priceWithAdditionalServices.amountWithoutVAT)).toBeCloseTo(
      amount(list.priceWithoutAdditionalServices.amountWithoutVAT) + amount(list.additionalServices[0].additionalServicePrice.amountWithoutVAT),
      2
    )
  })

  it("gives the agreement price only for a customer number of the user with the service", async () => {
    const [withAgreement] = await products({ products: [{ id: "SERVICEPAKKE", customerNumber: "5" }] })
    const [noCustomer] = await products()
    const [otherAgreement] = await products({ products: [{ id: "SERVICEPAKKE", customerNumber: "7" }] })
    const [unknownCustomer] = await products({ products: [{ id: "SERVICEPAKKE", customerNumber: "99" }] })

    const list = amount(withAgreement.price.listPrice.priceWithAdditionalServices.amountWithoutVAT)
    const net = amount(withAgreement.price.netPrice.priceWithAdditionalServices.amountWithoutVAT)
    expect(net).toBeLessThan(list)
    expect(withAgreement.customerNumber).toBe("5")
    for (const product of [noCustomer, otherAgreement, unknownCustomer]) expect(product.price).not.toHaveProperty("netPrice")
  })

  it("answers an empty list when the parcel is too big for every requested service", async () => {
    const oversize = { products: [{ id: "SERVICEPAKKE" }, { id: "3584" }], packages: [{ grossWeight: 40_000 }] }
    expect(await products(oversize)).toEqual([])
  })

  it("leaves out only the services the parcel is too big for", async () => {
    const mailboxTooSmall = { products: [{ id: "SERVICEPAKKE" }, { id: "3584" }], packages: [{ grossWeight: 1000, length: 40, width: 30, height: 10 }] }
    expect((await products(mailboxTooSmall)).map((p: any) => p.id)).toEqual(["SERVICEPAKKE"])
    const twoPackages = { products: [{ id: "SERVICEPAKKE" }, { id: "3570" }], packages: [{ grossWeight: 500 }, { grossWeight: 500 }] }
    expect((await products(twoPackages)).map((p: any) => p.id)).toEqual(["SERVICEPAKKE"])
    expect(findService("3584")?.maxPackages).toBe(1)
  })

  it("reports per-service problems inside a 200", async () => {
    const entries = await products({
      toCountryCode: "NO",
      toPostalCode: "9170",
      products: [{ id: "SERVICEPAKKE" }, { id: "PA_DOREN" }, { id: "BUSINESS_PARCEL" }, { id: "TELEPORT" }],
    })
    expect(entries.map((p: any) => [p.id, p.errors?.[0]?.code ?? null])).toEqual([
      ["SERVICEPAKKE", null],
      ["PA_DOREN", "OUTSIDE_COVERAGE_AREA"],
      ["BUSINESS_PARCEL", "INVALID_COUNTRY_PAIR"],
      ["TELEPORT", "UNKNOWN_PRODUCT"],
    ])
    expect(entries[1]).not.toHaveProperty("price")
    expect(entries[1].errors[0].description).toBe("Outside of coverage area for product")
  })

  it("answers an empty list when no requested service covers the route", async () => {
    expect(await products({ toCountryCode: "SE", toPostalCode: "41101", products: [{ id: "SERVICEPAKKE" }] })).toEqual([])
  })

  it("estimates delivery in working days from the shipping date", async () => {
    // Friday 2 January 2026, Oslo → Oslo (zone 1): one working day later is Monday 5 January.
    const [product] = await products(
      { toPostalCode: "0154", shippingDate: { year: "2026", month: "01", day: "02", hour: "10", minute: "00" } },
      { withPrice: false, withExpectedDelivery: true, withGuiInformation: true }
    )
    expect(product).not.toHaveProperty("price")
    expect(product.expectedDelivery).toEqual({
      workingDays: "1",
      userMessage: "Forventet levert mandag 05.01.2026",
      formattedExpectedDeliveryDate: "05.01.2026",
      expectedDeliveryDate: { year: "2026", month: "1", day: "5" },
      alternativeDeliveryDates: [],
    })
    expect(product.guiInformation).toMatchObject({ displayName: "Klimanøytral Servicepakke", maxWeightInKgs: "35", sortOrder: "1" })
  })

  it("adds trace messages only when asked", async () => {
    const { body: traced } = await jsonOf(client.post("/shippingguide/v2/products", lookupBody({}, { trace: true })))
    const { body: plain } = await jsonOf(client.post("/shippingguide/v2/products", lookupBody()))
    expect(traced.traceMessages).toContainEqual(expect.stringContaining("paper notification fee"))
    expect(plain).not.toHaveProperty("traceMessages")
    expect(plain.uniqueId).toMatch(/^[0-9a-f-]{36}$/)
  })

  describe("request validation (400 fieldErrors)", () => {
    const fieldErrors = async (consignment: Consignment & Record<string, unknown>) => {
      const { status, body } = await jsonOf(client.post("/shippingguide/v2/products", lookupBody(consignment)))
      expect(status).toBe(400)
      return body.fieldErrors
    }

    it("names the missing product", async () => {
      expect(await fieldErrors({ products: [] })).toEqual([{ code: "INVALID_ARGUMENT", message: "product code is required", field: "consignments[0].products" }])
    })

    it("names a bad country code and a bad postal code", async () => {
      expect(await fieldErrors({ toCountryCode: "NOR" })).toEqual([expect.objectContaining({ code: "INVALID_ARGUMENT", field: "consignments[0].toCountryCode" })])
      expect(await fieldErrors({ toPostalCode: "50033" })).toEqual([expect.objectContaining({ field: "consignments[0].toPostalCode" })])
      expect(await fieldErrors({ toPostalCode: "9999" })).toEqual([expect.objectContaining({ field: "consignments[0].toPostalCode" })])
    })

    it("refuses more than 50 packages with the lookup's field-error body", async () => {
      const packages = Array.from({ length: 51 }, (_, i) => ({ id: i, grossWeight: 100 }))
      expect(await fieldErrors({ packages })).toEqual([
        { code: "INVALID_ARGUMENT", message: "Too many packages (max 50)", field: "consignments[0].packages" },
      ])
    })

    it("requires weight and a measurement for cargo", async () => {
      expect(await fieldErrors({ products: [{ id: "5100" }], packages: [{ grossWeight: 500 }] })).toEqual([
        expect.objectContaining({ field: "consignments[0].packages" }),
      ])
      expect(await products({ products: [{ id: "5100" }], packages: [{ grossWeight: 500, volumeInDm3: 900 }] })).toHaveLength(1)
    })

    it("refuses a body that is not a lookup", async () => {
      const { status, body } = await jsonOf(client.post("/shippingguide/v2/products", "nonsense"))
      expect(status).toBe(400)
      expect(body.fieldErrors[0].field).toBe("consignments")
    })
  })

  describe("GET variants", () => {
    const query = "product=SERVICEPAKKE:5&product=PA_DOREN&fromcountry=NO&frompostalcode=0150&tocountry=NO&topostalcode=7010&weight=2500&date=2026-11-23"

    it("answers the POST shape for one consignment", async () => {
      const { status, body } = await jsonOf(client.get(`/shippingguide/v2/products?${query}`))
      expect(status).toBe(200)
      const [servicepakke, paDoren] = body.consignments[0].products
      expect(servicepakke).toMatchObject({ id: "SERVICEPAKKE", customerNumber: "5", price: { netPrice: expect.any(Object) }, expectedDelivery: expect.any(Object) })
      expect(paDoren.price).not.toHaveProperty("netPrice")
    })

    it("answers price only and delivery only", async () => {
      const price = (await jsonOf(client.get(`/shippingguide/v2/products/price?${query}`))).body.consignments[0].products[0]
      const delivery = (await jsonOf(client.get(`/shippingguide/v2/products/expectedDelivery?${query}`))).body.consignments[0].products[0]
      expect(Object.keys(price)).toContain("price")
      expect(Object.keys(price)).not.toContain("expectedDelivery")
      expect(Object.keys(delivery)).toContain("expectedDelivery")
      expect(Object.keys(delivery)).not.toContain("price")
    })

    it("answers a field-error body when product is missing", async () => {
      const { status, body } = await jsonOf(client.get("/shippingguide/v2/products?fromcountry=NO&frompostalcode=0150&tocountry=NO&topostalcode=5003"))
      expect(status).toBe(400)
      expect(body).toEqual({ fieldErrors: [{ code: "INVALID_ARGUMENT", message: "product code is required", field: "product" }] })
    })

    it("validates dates and the address line", async () => {
      const { body } = await jsonOf(client.get(`/shippingguide/v2/products?${query.replace("2026-11-23", "23.11.2026")}&addressline=${"x".repeat(36)}`))
      expect(body.fieldErrors.map((e: any) => e.field)).toEqual(["date", "addressline"])
    })
  })
})

describe("customer numbers per country", () => {
  let sandbox: Sandbox
  let client: Api

  beforeAll(async () => {
    sandbox = await startSandbox({ users: [{ apiUid: "nordic@shop.test", apiKey: "nordic-key", customerNumbers: ["5", "6", "8"] }] })
    client = api(sandbox)
  })
  afterAll(() => sandbox.close())

  it("lists a Swedish agreement with the Nordic parcel services", async () => {
    const { body } = await jsonOf(client.get("/booking/api/customers"))
    const swedish = body.customers.find((c: any) => c.customerNumber === "PARCELS_SWEDEN-00000000008")
    expect(swedish).toMatchObject({ countryCode: "SE", products: expect.arrayContaining(["BUSINESS_PARCEL", "PICKUP_PARCEL"]) })
  })

  it("gives a Gothenburg sender on the Swedish agreement its agreement price in SEK", async () => {
    const consignment = {
      products: [{ id: "BUSINESS_PARCEL", customerNumber: "8" }],
      fromCountryCode: "SE",
      fromPostalCode: "41101",
      toCountryCode: "SE",
      toPostalCode: "11122",
    }
    const { body } = await jsonOf(client.post("/shippingguide/v2/products", lookupBody(consignment)))
    const [product] = body.consignments[0].products
    expect(product.price.netPrice.currencyCode).toBe("SEK")
    expect(amount(product.price.netPrice.priceWithAdditionalServices.amountWithoutVAT)).toBeCloseTo(
      amount(product.price.listPrice.priceWithAdditionalServices.amountWithoutVAT) * 0.8,
      1
    )
  })
})
