import { startSandbox, type Sandbox } from "../../../../sandbox"
import { fitsLocker, isProductAvailable, type CarrierClients, type ShippingLookupRequest } from ".."
import { carrierErrorOf, clientsFor, recordingLogger, requestsTo } from "./support"

let sandbox: Sandbox
let carrier: CarrierClients
const logger = recordingLogger()

beforeAll(async () => {
  sandbox = await startSandbox()
  carrier = clientsFor(sandbox, { logger, clientUrl: "shop.example.test" })
})
afterAll(async () => {
  await carrier.close()
  await sandbox.close()
})
beforeEach(() => {
  sandbox.reset()
  logger.lines.length = 0
})

const lookup: ShippingLookupRequest = {
  consignments: [
    {
      id: 1,
      products: [{ id: "5800", customerNumber: "5" }, { id: "SERVICEPAKKE", customerNumber: "5" }, { id: "NO_SUCH_SERVICE" }],
      packages: [{ id: 1, length: 30, width: 20, height: 10, grossWeight: 1200 }],
      fromCountryCode: "NO",
      fromPostalCode: "0150",
      toCountryCode: "NO",
      toPostalCode: "5004",
      shippingDate: { year: "2025", month: "06", day: "09", hour: "10", minute: "00" },
    },
  ],
  withPrice: true,
  withExpectedDelivery: true,
  withGuiInformation: true,
}

describe("shipping lookup", () => {
  it("POST /v2/products: sends the body and the headers, reads prices, delivery and unavailable services", async () => {
    const response = await carrier.lookup.getShippingProducts(lookup)

    const [received] = requestsTo(sandbox, "/shippingguide/v2/products", "POST")
    expect(received.body).toEqual(lookup)
    expect(received.headers).toMatchObject({
      "x-portal-api-uid": sandbox.credentials.apiUid,
      "x-portal-api-key": sandbox.credentials.apiKey,
      "x-carrier-client-url": "shop.example.test",
      accept: "application/json",
      "content-type": "application/json",
    })

    const products = response.consignments[0].products
    const byId = Object.fromEntries(products.map((product) => [product.id, product]))
    expect(isProductAvailable(byId["5800"])).toBe(true)
    expect(byId["5800"].price?.listPrice?.priceWithAdditionalServices?.amountWithVAT).toMatch(/^\d+\.\d{2}$/)
    expect(byId["5800"].price?.netPrice).toBeDefined()
    expect(byId["5800"].expectedDelivery?.formattedExpectedDeliveryDate).toMatch(/^\d{2}\.\d{2}\.\d{4}/)
    expect(byId["5800"].guiInformation?.displayName).toEqual(expect.any(String))
    expect(isProductAvailable(byId.NO_SUCH_SERVICE)).toBe(false)
    expect(byId.NO_SUCH_SERVICE.errors[0].code).toBe("UNKNOWN_PRODUCT")
  })

  it("GET variants send every parameter, repeatable ones repeated", async () => {
    const query = {
      product: ["5800", "SERVICEPAKKE"],
      fromcountry: "NO",
      tocountry: "NO",
      frompostalcode: "0150",
      topostalcode: "5004",
      customernumber: "5",
      additionalservice: ["EVARSLING", "1081"],
      date: "2025-06-09",
      time: "10:00",
      weight: 1200,
      length: 30,
      width: 20,
      height: 10,
      pickuppoints: ["150041", "150043"],
      edi: true,
    }
    const all = await carrier.lookup.getShippingProductsByQuery(query)
    const price = await carrier.lookup.getShippingPrices(query)
    const delivery = await carrier.lookup.getExpectedDelivery(query)

    const received = requestsTo(sandbox, "/shippingguide/v2/products", "GET")
    expect(received.map((request) => request.path)).toEqual([
      "/shippingguide/v2/products",
      "/shippingguide/v2/products/price",
      "/shippingguide/v2/products/expectedDelivery",
    ])
    expect(received[0].query).toEqual({
      product: ["5800", "SERVICEPAKKE"],
      fromcountry: "NO",
      tocountry: "NO",
      frompostalcode: "0150",
      topostalcode: "5004",
      customernumber: "5",
      additionalservice: ["EVARSLING", "1081"],
      date: "2025-06-09",
      time: "10:00",
      weight: "1200",
      length: "30",
      width: "20",
      height: "10",
      pickuppoints: "150041,150043",
      edi: "true",
    })
    expect(all.consignments[0].products.map((product) => product.id)).toEqual(["5800", "SERVICEPAKKE"])
    expect(price.consignments[0].products[0].price).toBeDefined()
    expect(delivery.consignments[0].products[0].expectedDelivery).toBeDefined()
  })

  it("a 400 carries the carrier's code and field", async () => {
    const error = await carrierErrorOf(
      carrier.lookup.getShippingProducts({
        ...lookup,
        consignments: [{ ...lookup.consignments[0], toPostalCode: "0000" }],
      })
    )
    expect(error).toMatchObject({
      service: "shipping",
      operation: "shipping.products",
      kind: "validation",
      status: 400,
      code: "INVALID_ARGUMENT",
      field: "consignments[0].toPostalCode",
      retryable: false,
    })
    expect(requestsTo(sandbox, "/shippingguide")).toHaveLength(1)
  })

  it("an invalid request is refused before anything is sent", async () => {
    const error = await carrierErrorOf(
      carrier.lookup.getShippingProducts({ ...lookup, consignments: [{ ...lookup.consignments[0], fromCountryCode: "Norway" }] })
    )
    expect(error).toMatchObject({ kind: "validation", status: undefined, field: "consignments[0].fromCountryCode" })
    expect(sandbox.requests).toHaveLength(0)
  })

  it("401 with bad credentials is not retried and never shows the key", async () => {
    const wrongKey = "definitely-not-the-key-42"
    const intruder = clientsFor(sandbox, { apiKey: wrongKey, logger })
    try {
      const error = await carrierErrorOf(intruder.lookup.getShippingProducts(lookup))
      expect(error).toMatchObject({ kind: "authentication", status: 401, retryable: false })
      expect(error.message).toContain("Authentication failed")
      expect(JSON.stringify(error) + error.stack + error.message).not.toContain(wrongKey)
      expect(logger.lines.map((line) => line.message).join("\n")).not.toContain(wrongKey)
      expect(requestsTo(sandbox, "/shippingguide")).toHaveLength(1)
    } finally {
      await intruder.close()
    }
  })

  it("500 is retried and then succeeds", async () => {
    sandbox.fault("shipping", { kind: "status", status: 500, times: 1 })
    const response = await carrier.lookup.getShippingProducts(lookup)
    expect(response.consignments[0].products.length).toBeGreaterThan(0)
    expect(requestsTo(sandbox, "/shippingguide").map((request) => request.status)).toEqual([500, 200])
    expect(logger.lines.some((line) => line.level === "warn" && line.message.includes("retrying in 500 ms"))).toBe(true)
    expect(logger.lines.map((line) => line.message).join("\n")).not.toContain(sandbox.credentials.apiKey)
  })

  it("a dropped connection is retried", async () => {
    sandbox.fault("shipping", { kind: "reset", times: 1 })
    await expect(carrier.lookup.getShippingProducts(lookup)).resolves.toBeDefined()
    expect(requestsTo(sandbox, "/shippingguide")).toHaveLength(2)
  })

  it("429 is retried after Retry-After", async () => {
    sandbox.fault("shipping", { kind: "status", status: 429, times: 1, retryAfter: 1 })
    const startedAt = Date.now()
    await expect(carrier.lookup.getShippingProducts(lookup)).resolves.toBeDefined()
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1000)
    expect(requestsTo(sandbox, "/shippingguide").map((request) => request.status)).toEqual([429, 200])
  })

  it("a Retry-After beyond the call's budget fails at once instead of waiting", async () => {
    sandbox.fault("shipping", { kind: "status", status: 429, times: 1, retryAfter: 5 })
    const startedAt = Date.now()
    const error = await carrierErrorOf(carrier.lookup.getShippingProducts(lookup, { timeoutMs: 1000 }))
    expect(Date.now() - startedAt).toBeLessThan(500)
    expect(error).toMatchObject({ kind: "rate_limited", status: 429, retryable: true, retryAfterMs: 5000 })
    expect(requestsTo(sandbox, "/shippingguide")).toHaveLength(1)
  })

  it("with maxAttempts 1 a 500 fails at once, marked retryable", async () => {
    sandbox.fault("shipping", { kind: "status", status: 500 })
    const error = await carrierErrorOf(carrier.lookup.getShippingProducts(lookup, { maxAttempts: 1 }))
    expect(error).toMatchObject({ kind: "server", status: 500, retryable: true })
    expect(requestsTo(sandbox, "/shippingguide")).toHaveLength(1)
  })

  it("gives up after three attempts", async () => {
    sandbox.fault("shipping", { kind: "status", status: 503 })
    const error = await carrierErrorOf(carrier.lookup.getShippingProducts(lookup))
    expect(error).toMatchObject({ kind: "server", status: 503 })
    expect(requestsTo(sandbox, "/shippingguide")).toHaveLength(3)
  })

  it("a hanging carrier is a time-out within the call's budget", async () => {
    sandbox.fault("shipping", { kind: "hang", times: 1 })
    const startedAt = Date.now()
    const error = await carrierErrorOf(carrier.lookup.getShippingProducts(lookup, { timeoutMs: 300, maxAttempts: 1 }))
    expect(Date.now() - startedAt).toBeLessThan(1000)
    expect(error).toMatchObject({ kind: "timeout", status: undefined, retryable: true })
    expect(error.message).toBe("Carrier shipping.products failed (timeout): no complete response within 300 ms")
  })

  it("the caller's signal aborts the call", async () => {
    sandbox.fault("shipping", { kind: "hang", times: 1 })
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 50)
    const error = await carrierErrorOf(carrier.lookup.getShippingProducts(lookup, { signal: controller.signal }))
    expect(error.kind).toBe("timeout")
    expect(error.message).toContain("aborted by the caller")
  })
})

describe("pickup points", () => {
  it("by postal code, with filters, nearest first; lockers carry their limits", async () => {
    const points = await carrier.lookup.getPickupPointsByPostalCode({
      countryCode: "NO",
      postalCode: "0150",
      numberOfResponses: 3,
      pickupPointType: "locker",
      openingHoursSearchType: "MONDAY",
      openOnOrBefore: "1000",
    })
    const [received] = requestsTo(sandbox, "/pickuppoint/api/pickuppoint")
    expect(received.path).toBe("/pickuppoint/api/pickuppoint/NO/postalCode/0150.json")
    expect(received.query).toEqual({ numberOfResponses: "3", pickupPointType: "locker", openingHoursSearchType: "MONDAY", openOnOrBefore: "1000" })
    expect(points.length).toBeGreaterThan(0)
    expect(points.length).toBeLessThanOrEqual(3)
    const distances = points.map((point) => Number(point.distanceInKm))
    expect(distances).toEqual([...distances].sort((a, b) => a - b))
    for (const point of points) {
      expect(point.maxParcelDimensions).toEqual({ length: 44, width: 50, height: 60 })
      expect(fitsLocker({ length: 60, width: 50, height: 44 }, point.maxParcelDimensions)).toBe(true)
      expect(fitsLocker({ length: 61, width: 10, height: 10 }, point.maxParcelDimensions)).toBe(false)
    }
  })

  it("an unserved postal code has no points", async () => {
    await expect(carrier.lookup.getPickupPointsByPostalCode({ countryCode: "NO", postalCode: "0101" })).resolves.toEqual([])
  })

  it("by location, by id, all and default", async () => {
    const near = await carrier.lookup.getPickupPointsByLocation({ countryCode: "NO", latitude: 59.9115, longitude: 10.7496, numberOfResponses: 2 })
    expect(near).toHaveLength(2)
    const byId = await carrier.lookup.getPickupPointById({ countryCode: "NO", id: near[0].id })
    expect(byId?.id).toBe(near[0].id)
    expect(await carrier.lookup.getPickupPointById({ countryCode: "NO", id: "999999" })).toBeNull()
    const lockers = await carrier.lookup.getAllPickupPoints({ countryCode: "NO", pickupPointType: "locker" })
    expect(lockers.length).toBeGreaterThan(0)
    expect(lockers.every((point) => point.maxParcelDimensions)).toBe(true)
    const defaults = await carrier.lookup.getDefaultPickupPoints({ countryCode: "NO", postalCode: "0150" })
    expect(defaults.length).toBeGreaterThan(0)
    expect(requestsTo(sandbox, "/pickuppoint/api/pickuppoint").map((request) => request.path)).toEqual([
      "/pickuppoint/api/pickuppoint/NO/location/59.911500,10.749600.json",
      `/pickuppoint/api/pickuppoint/NO/id/${near[0].id}.json`,
      "/pickuppoint/api/pickuppoint/NO/id/999999.json",
      "/pickuppoint/api/pickuppoint/NO/all.json",
      "/pickuppoint/api/pickuppoint/NO/postalCode/0150/default.json",
    ])
  })

  it("a listing the carrier refuses throws like the id lookup: a refusal is not an area without points", async () => {
    const intruder = clientsFor(sandbox, { apiKey: "wrong", logger })
    try {
      const listing = await carrierErrorOf(intruder.lookup.getPickupPointsByPostalCode({ countryCode: "NO", postalCode: "0150" }))
      expect(listing).toMatchObject({ service: "pickup", kind: "authentication", status: 401 })
      const error = await carrierErrorOf(intruder.lookup.getPickupPointById({ countryCode: "NO", id: "101501" }))
      expect(error).toMatchObject({ service: "pickup", kind: "authentication", status: 401 })
    } finally {
      await intruder.close()
    }
  })

  it("a listing that keeps failing with 500 throws after the retries; an unserved postal code is an empty list", async () => {
    sandbox.fault("pickup", { kind: "status", status: 500 })
    const error = await carrierErrorOf(carrier.lookup.getAllPickupPoints({ countryCode: "SE" }, { maxAttempts: 2 }))
    expect(error).toMatchObject({ service: "pickup", status: 500 })
    expect(requestsTo(sandbox, "/pickuppoint/api/pickuppoint")).toHaveLength(2)
    sandbox.clearFaults()
    await expect(carrier.lookup.getPickupPointsByPostalCode({ countryCode: "NO", postalCode: "0001" })).resolves.toEqual([])
  })

  it("a time-out is not hidden behind an empty listing", async () => {
    sandbox.fault("pickup", { kind: "hang", times: 1 })
    const error = await carrierErrorOf(carrier.lookup.getDefaultPickupPoints({ countryCode: "NO", postalCode: "0150" }, { timeoutMs: 200 }))
    expect(error.kind).toBe("timeout")
  })

  it("refuses a country the carrier does not serve before sending", async () => {
    const error = await carrierErrorOf(carrier.lookup.getAllPickupPoints({ countryCode: "DE" as "NO" }))
    expect(error).toMatchObject({ kind: "validation", field: "countryCode", status: undefined })
    expect(sandbox.requests).toHaveLength(0)
  })
})

describe("the size of an answer", () => {
  // Pickup-point searches are reachable from public store routes: a huge answer (a broken proxy, a
  // hostile host on the way) must not be read whole into memory.
  const ANSWER_CAP_BYTES = 8 * 1024 * 1024
  it.each([
    ["pickup points by postal code", () => carrier.lookup.getPickupPointsByPostalCode({ countryCode: "NO", postalCode: "0150" }), "pickup"],
    ["shipping lookup", () => carrier.lookup.getShippingProducts(lookup), "shipping"],
  ] as const)("%s: an answer over the cap fails as a CarrierError, unread past the cap", async (_name, call, group) => {
    const huge = `{"pickupPoints":[${'{"id":"1","name":"x"},'.repeat(ANSWER_CAP_BYTES / 20)}{"id":"2"}]}`
    sandbox.fault(group, { kind: "answer", status: 200, headers: { "content-type": "application/json" }, body: huge })
    const error = await carrierErrorOf(call())
    expect({ kind: error.kind, message: error.message }).toEqual({ kind: "invalid_response", message: expect.stringContaining(`larger than ${ANSWER_CAP_BYTES} bytes`) })
  })

  it("an answer under the cap is read as before", async () => {
    const points = await carrier.lookup.getPickupPointsByPostalCode({ countryCode: "NO", postalCode: "0150" })
    expect(points.length).toBeGreaterThan(0)
  })
})

describe("postal codes", () => {
  it("city and type, or null for an unknown code", async () => {
    await expect(carrier.lookup.getCityAndType({ postalCode: "0951" })).resolves.toMatchObject({
      city: "OSLO",
      postalcode: "0951",
      postalCodeType: "NORMAL",
    })
    await expect(carrier.lookup.getCityAndType({ countryCode: "NO", postalCode: "0000" })).resolves.toBeNull()
    expect(requestsTo(sandbox, "/pickuppoint/api/postalCode").map((request) => request.path)).toEqual([
      "/pickuppoint/api/postalCode/NO/getCityAndType/0951.json",
      "/pickuppoint/api/postalCode/NO/getCityAndType/0000.json",
    ])
  })

  it("several cities for one code, [] for an unknown one", async () => {
    const cities = await carrier.lookup.getCitiesAndTypes({ postalCode: "1480" })
    expect(cities.map((record) => record.city).sort()).toEqual(["NITTEDAL", "SLATTUM"])
    await expect(carrier.lookup.getCitiesAndTypes({ postalCode: "0000" })).resolves.toEqual([])
  })

  it("all valid codes, with and without details", async () => {
    const codes = await carrier.lookup.getAllValidPostalCodes()
    expect(codes).toEqual(expect.arrayContaining(["0951", "4050", "5004", "9600"]))
    const details = await carrier.lookup.getAllValidPostalCodesDetails({ countryCode: "SE" })
    expect(details.length).toBeGreaterThan(0)
    expect(details.every((record) => typeof record.postalcode === "string")).toBe(true)
    expect(requestsTo(sandbox, "/pickuppoint/api/postalCode").map((request) => request.path)).toEqual([
      "/pickuppoint/api/postalCode/NO/getAllValidPostalCodes.json",
      "/pickuppoint/api/postalCode/SE/allValidPostalCodesDetails.json",
    ])
  })

  it("a 400 from the carrier carries its code and field", async () => {
    const error = await carrierErrorOf(carrier.lookup.getAllValidPostalCodes({ countryCode: "DE" }))
    expect(error).toMatchObject({ service: "postal", kind: "validation", status: 400, code: "INVALID_ARGUMENT", field: "countryCode" })
  })

  it("401 with bad credentials", async () => {
    const intruder = clientsFor(sandbox, { apiKey: "wrong" })
    try {
      const error = await carrierErrorOf(intruder.lookup.getCityAndType({ postalCode: "0951" }))
      expect(error).toMatchObject({ service: "postal", kind: "authentication", status: 401 })
    } finally {
      await intruder.close()
    }
  })

  it("path segments are encoded, so a postal code cannot reach another endpoint", async () => {
    await expect(carrier.lookup.getCityAndType({ postalCode: "../getAllValidPostalCodes" })).resolves.toBeNull()
    expect(requestsTo(sandbox, "/pickuppoint/api/postalCode")[0].path).toBe(
      "/pickuppoint/api/postalCode/NO/getCityAndType/..%2FgetAllValidPostalCodes.json"
    )
  })
})
