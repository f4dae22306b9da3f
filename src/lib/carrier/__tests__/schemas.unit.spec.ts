import { CarrierError } from "../errors"
import { fitsLocker, isProductAvailable } from "../lookup-rules"
import {
  bookingConfirmationSchema,
  bookingRequestSchema,
  bookingResponseSchema,
  customersResponseSchema,
} from "../schemas/booking"
import {
  createCustomerSubscriptionSchema,
  createTrackingSubscriptionSchema,
  customerSubscriptionListSchema,
  trackingSubscriptionSchema,
} from "../schemas/events"
import { pickupPointListSchema } from "../schemas/pickup-points"
import { cityAndTypeResponseSchema } from "../schemas/postal-codes"
import { shippingLookupQuerySchema, shippingLookupResponseSchema, shippingProductSchema } from "../schemas/shipping"
import { validateRequest } from "../validation"

const ref = { service: "booking", operation: "booking.book" } as const

function validationErrorOf(run: () => unknown): CarrierError {
  try {
    run()
  } catch (error) {
    if (error instanceof CarrierError) return error
    throw error
  }
  throw new Error("expected a CarrierError")
}

const party = {
  name: "Nordic Shop AS",
  addressLine: "Testsvingen 12",
  postalCode: "0951",
  city: "Oslo",
  countryCode: "NO",
  contact: { name: "Ola", email: "ola@example.test", phoneNumber: "+4791234567" },
}

const booking = () => structuredClone({
  testIndicator: true,
  consignments: [
    {
      correlationId: "ORDER-1001",
      shippingDateTime: "2025-06-09T10:49:00",
      parties: { sender: { ...party }, recipient: { ...party, name: "Kari Nordmann" } },
      product: { id: "5800", customerNumber: "5" },
      packages: [{ correlationId: "PKG-1", weightInKg: 1.2, dimensions: { heightInCm: 10, widthInCm: 20, lengthInCm: 30 } }],
    },
  ],
})

describe("request schemas are strict and name the field", () => {
  it("accepts a complete booking and fills in the schema version", () => {
    const parsed = bookingRequestSchema.parse({
      ...booking(),
      consignments: [
        {
          ...booking().consignments[0],
          shippingDateTime: new Date("2025-06-09T08:49:00Z"),
          parties: { ...booking().consignments[0].parties, pickupPoint: { id: "123", countryCode: "NO" } },
          product: {
            id: "SERVICEPAKKE",
            customerNumber: "5",
            additionalServices: [
              { id: "EVARSLING", email: "kari@example.test", mobile: "+4791234567" },
              { id: "1081" },
              { id: "SOME_NEW_SERVICE", anyField: 1 },
            ],
            services: { recipientNotification: { email: "kari@example.test" } },
            ediCustomsDeclarations: {
              natureOfTransaction: "SALE_OF_GOODS",
              ediCustomsDeclaration: [
                { quantity: 1, goodsDescription: "Sweater", itemNetWeightInKg: 0.4, tarriffLineAmount: 499, currency: "NOK", countryOfOrigin: "NO" },
              ],
            },
          },
          returnProduct: { id: "9300" },
          generateQrCodes: true,
        },
      ],
    })
    expect(parsed.schemaVersion).toBe(1)
    expect(parsed.consignments[0].shippingDateTime).toBe("2025-06-09T08:49:00.000Z")
  })

  it.each([
    ["a recipient city over 35 characters", (b: any) => (b.consignments[0].parties.recipient.city = "x".repeat(36)), "consignments[0].parties.recipient.city"],
    ["a contact e-mail over 60 characters", (b: any) => (b.consignments[0].parties.sender.contact.email = `${"x".repeat(55)}@ex.no`), "consignments[0].parties.sender.contact.email"],
    ["a VAT number over 30 characters", (b: any) => (b.consignments[0].parties.recipient.vatNumber = "9".repeat(31)), "consignments[0].parties.recipient.vatNumber"],
    ["a missing recipient name (B8)", (b: any) => delete b.consignments[0].parties.recipient.name, "consignments[0].parties.recipient.name"],
    ["a misspelt field", (b: any) => (b.consignments[0].product.customerNo = "5"), "consignments[0].product.customerNo"],
    ["two consignments (B6)", (b: any) => b.consignments.push(b.consignments[0]), "consignments"],
    ["51 packages (B6)", (b: any) => (b.consignments[0].packages = Array.from({ length: 51 }, () => ({ weightInKg: 1 }))), "consignments[0].packages"],
    ["a missing testIndicator", (b: any) => delete b.testIndicator, "testIndicator"],
    ["a field of a known additional service that is too long", (b: any) => (b.consignments[0].product.additionalServices = [{ id: "DANGEROUS_GOODS", commodity: "x".repeat(36) }]), "consignments[0].product.additionalServices[0].commodity"],
    ["an unknown field on a known additional service", (b: any) => (b.consignments[0].product.additionalServices = [{ id: "SIMPLE_DELIVERY", extra: true }]), "consignments[0].product.additionalServices[0].extra"],
    ["loadMeters above 49.9", (b: any) => (b.consignments[0].packages[0].loadMeters = 50), "consignments[0].packages[0].loadMeters"],
    ["a shipping time in the wrong format", (b: any) => (b.consignments[0].shippingDateTime = "09.06.2025 10:49"), "consignments[0].shippingDateTime"],
  ])("refuses %s", (_name, mutate, field) => {
    const request = booking()
    mutate(request)
    const error = validationErrorOf(() => validateRequest(bookingRequestSchema, request, ref))
    expect(error.kind).toBe("validation")
    expect(error.status).toBeUndefined()
    expect(error.retryable).toBe(false)
    expect(error.field).toBe(field)
    expect(error.message).toContain(`[${field}]`)
    expect(error.message).toMatch(/^Carrier booking\.book failed \(validation\): /)
  })

  it("customs lines take exactly one spelling of the amount, and IOSS only with SALE_OF_GOODS", () => {
    const withCustoms = (customs: unknown) => {
      const request: any = booking()
      request.consignments[0].product.ediCustomsDeclarations = customs
      return request
    }
    const line = { quantity: 1, goodsDescription: "Book", itemNetWeightInKg: 0.3, currency: "NOK" }
    expect(bookingRequestSchema.safeParse(withCustoms({ ediCustomsDeclaration: [{ ...line, tariffLineAmount: 100 }] })).success).toBe(true)
    const both = validationErrorOf(() =>
      validateRequest(bookingRequestSchema, withCustoms({ ediCustomsDeclaration: [{ ...line, tariffLineAmount: 1, tarriffLineAmount: 1 }] }), ref)
    )
    expect(both.field).toBe("consignments[0].product.ediCustomsDeclarations.ediCustomsDeclaration[0].tarriffLineAmount")
    const ioss = validationErrorOf(() =>
      validateRequest(bookingRequestSchema, withCustoms({ natureOfTransaction: "GIFT", iossNumber: "IM1234567890", ediCustomsDeclaration: [{ ...line, tariffLineAmount: 1 }] }), ref)
    )
    expect(ioss.field).toBe("consignments[0].product.ediCustomsDeclarations.iossNumber")
  })

  it("subscription configuration limits: url 250, content_type 40, headers 1024, no wildcards", () => {
    const valid = {
      trackingId: "TESTPACKAGEDELIVERED",
      configuration: { url: "https://shop.example/hooks/nordic-parcel/events", content_type: "application/json", headers: [{ key: "x-secret", value: "s" }] },
      event_groups: ["DELIVERED", "SOME_FUTURE_EVENT"],
    }
    expect(createTrackingSubscriptionSchema.safeParse(valid).success).toBe(true)
    const cases: [unknown, string][] = [
      [{ ...valid, configuration: { ...valid.configuration, url: `https://shop.example/${"x".repeat(240)}` } }, "configuration.url"],
      [{ ...valid, configuration: { ...valid.configuration, url: "ftp://shop.example/x" } }, "configuration.url"],
      [{ ...valid, configuration: { ...valid.configuration, content_type: "x".repeat(41) } }, "configuration.content_type"],
      [{ ...valid, configuration: { ...valid.configuration, headers: [{ key: "x-secret", value: "v".repeat(1020) }] } }, "configuration.headers"],
      [{ ...valid, event_groups: ["ALL"] }, "event_groups[0]"],
      [{ ...valid, event_groups: [] }, "event_groups"],
    ]
    for (const [request, field] of cases) {
      const error = validationErrorOf(() => validateRequest(createTrackingSubscriptionSchema, request, { service: "events", operation: "events.createTrackingSubscription" }))
      expect(error.field).toBe(field)
    }
  })

  it("customer subscriptions: unique event names and a required content type", () => {
    const error = validationErrorOf(() =>
      validateRequest(
        createCustomerSubscriptionSchema,
        { customerNumber: "5", eventSet: ["DELIVERED", "DELIVERED"], webhookConfiguration: { webhookUrl: "https://shop.example/h", headers: [] } },
        { service: "events", operation: "events.createCustomerSubscription" }
      )
    )
    expect(error.details.map((detail) => detail.field)).toEqual(["eventSet", "webhookConfiguration.contentType"])
  })

  it("shipping query: repeatable parameters, comma-joined pickup points, customernumber needed for estimated times", () => {
    const query = shippingLookupQuerySchema.parse({
      product: ["5800", "SERVICEPAKKE:5"],
      fromcountry: "NO",
      tocountry: "NO",
      frompostalcode: "0951",
      topostalcode: "5004",
      pickuppoints: ["123", "456"],
      customernumber: "5",
      estimateddeliverytime: true,
    })
    expect(query.product).toEqual(["5800", "SERVICEPAKKE:5"])
    expect(query.pickuppoints).toBe("123,456")
    const error = validationErrorOf(() =>
      validateRequest(
        shippingLookupQuerySchema,
        { product: ["5800"], fromcountry: "NO", tocountry: "NO", frompostalcode: "0951", topostalcode: "5004", estimateddeliverytime: true, addressline: "x".repeat(36) },
        { service: "shipping", operation: "shipping.price" }
      )
    )
    expect(error.details.map((detail) => detail.field).sort()).toEqual(["addressline", "customernumber"])
  })
})

describe("response schemas are lenient", () => {
  it("shipping: unknown fields, unknown codes and numbers as strings or numbers", () => {
    const parsed = shippingLookupResponseSchema.parse({
      uniqueId: "u",
      somethingNew: { a: 1 },
      consignments: [
        {
          id: 1,
          products: [
            {
              id: 5800,
              price: {
                listPrice: {
                  currencyCode: "NOK",
                  priceWithoutAdditionalServices: { amountWithoutVAT: 99, vat: "24.75", amountWithVAT: "123.75" },
                  newPriceKind: true,
                },
                zones: { totalZoneCount: "3" },
              },
              expectedDelivery: { workingDays: 1, expectedDeliveryDate: { year: "2025", month: "6", day: "9" } },
              warnings: [{ code: "BRAND_NEW_WARNING", description: "x" }],
              guiInformation: "not an object",
            },
            { id: "3584", errors: [{ code: "SOME_FUTURE_ERROR", description: "nope" }] },
            { noId: true },
          ],
        },
      ],
    })
    const [available, unavailable] = parsed.consignments[0].products
    expect(parsed.consignments[0].products).toHaveLength(2)
    expect(available.id).toBe("5800")
    expect(available.price?.listPrice?.priceWithoutAdditionalServices?.amountWithoutVAT).toBe("99")
    expect(available.price?.zones?.totalZoneCount).toBe(3)
    expect(available.expectedDelivery?.workingDays).toBe("1")
    expect(available.guiInformation).toBeUndefined()
    expect(available.warnings[0].code).toBe("BRAND_NEW_WARNING")
    expect(isProductAvailable(available)).toBe(true)
    expect(isProductAvailable(unavailable)).toBe(false)
    expect(isProductAvailable(shippingProductSchema.parse({ id: "5800" }))).toBe(false)
  })

  it("booking: dateAndTimes as ISO, epoch ms or null; unknown fields kept", () => {
    const parsed = bookingResponseSchema.parse({
      consignments: [
        {
          correlationId: "ORDER-1",
          confirmation: {
            consignmentNumber: 7043810343,
            links: { labels: "https://x/labels/1", tracking: "https://x/t", waybill: null },
            dateAndTimes: { earliestPickup: 1749459000000, expectedDelivery: null },
            packages: [{ correlationId: "PKG-1", packageNumber: "370438103696484710", qrCodeLink: null, somethingNew: 1 }],
            futureField: "kept",
          },
          errors: null,
        },
      ],
    })
    expect(parsed.consignments[0].errors).toEqual([])
    const confirmation = bookingConfirmationSchema.parse(parsed.consignments[0].confirmation)
    expect(confirmation.consignmentNumber).toBe("7043810343")
    expect(confirmation.dateAndTimes?.earliestPickup).toBe("2025-06-09T08:50:00.000Z")
    expect(confirmation.dateAndTimes?.expectedDelivery).toBeNull()
    expect(confirmation.futureField).toBe("kept")
    expect(confirmation.packages[0]).toMatchObject({ packageNumber: "370438103696484710", qrCodeLink: null, somethingNew: 1 })
  })

  it("customers, pickup points, postal codes and subscriptions tolerate new fields and values", () => {
    expect(customersResponseSchema.parse({ customers: [{ customerNumber: "PARCELS_NORWAY-00000000005", products: ["NEW_SERVICE"], x: 1 }] }).customers[0].products).toEqual(["NEW_SERVICE"])
    const points = pickupPointListSchema.parse({
      pickupPoint: [
        { id: 123, latitude: "59.91", longitude: 10.75, distanceInKm: 0.4, maxParcelDimensions: { length: 44, width: "50", height: 60 }, type: "NEW_TYPE", brandNew: {} },
        { id: "124", maxParcelDimensions: "bogus" },
      ],
    }).pickupPoint
    expect(points[0]).toMatchObject({ id: "123", latitude: 59.91, distanceInKm: "0.4", maxParcelDimensions: { length: 44, width: 50, height: 60 } })
    expect(points[1].maxParcelDimensions).toBeUndefined()
    expect(cityAndTypeResponseSchema.parse({ postalCode: { city: "OSLO", postalcode: "0951", postalCodeType: "NEW_KIND" } }).postalCode.postalCodeType).toBe("NEW_KIND")
    expect(trackingSubscriptionSchema.parse({ id: "s1", event_groups: ["NOT_REGISTERED", "DELIVERED"], unknown: true }).event_groups).toEqual(["NOT_REGISTERED", "DELIVERED"])
    expect(customerSubscriptionListSchema.parse([{ id: "c1", eventSet: ["X"], createdBy: "someone" }])[0].createdBy).toBe("someone")
  })
})

describe("fitsLocker", () => {
  const locker = { length: 44, width: 50, height: 60 }
  it.each([
    [{ length: 60, width: 50, height: 44 }, true],
    [{ length: 44, width: 60, height: 50 }, true],
    [{ length: 61, width: 10, height: 10 }, false],
    [{ length: 55, width: 55, height: 10 }, false],
    [{ length: 45, width: 45, height: 45 }, false],
    [{}, true],
    [{ length: 59 }, true],
    [{ length: 70 }, false],
  ])("%j fits a 60×50×44 locker: %s", (parcel, fits) => {
    expect(fitsLocker(parcel, locker)).toBe(fits)
  })

  it("any parcel fits a point without limits, and an unknown parcel fits any locker", () => {
    expect(fitsLocker({ length: 500, width: 500, height: 500 }, undefined)).toBe(true)
    expect(fitsLocker(undefined, locker)).toBe(true)
  })
})
