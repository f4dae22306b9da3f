import type { z } from "@medusajs/framework/zod"
import type { BookingConsignment, BookingRequest } from "../../carrier"
import { bookingRequestSchema } from "../../carrier/schemas/booking"
import { ServiceOptionsSchema } from "../../options"
import type { BookingInput, BookingItem, BookingProblem } from "../booking-input"
import { toBookingRequest } from "../booking-request"

// ---------------------------------------------------------------- fixtures

function service(code: string, settings: Omit<z.input<typeof ServiceOptionsSchema>, "code"> = {}) {
  return ServiceOptionsSchema.parse({ code, ...settings })
}

const osloWarehouse: BookingInput["stockLocation"] = {
  name: "Oslo warehouse",
  address: {
    company: "Nordisk Hage AS",
    address_1: "Alnabruveien 10",
    postal_code: "0668",
    city: "OSLO",
    country_code: "no",
    phone: "+4712345678",
  },
}

const stockholmWarehouse: BookingInput["stockLocation"] = {
  name: "Stockholm warehouse",
  address: { address_1: "Lagervägen 3", postal_code: "120 30", city: "STOCKHOLM", country_code: "se", phone: "+46812345678" },
}

const kari: BookingInput["deliveryAddress"] = {
  first_name: "Kari",
  last_name: "Nordmann",
  address_1: "Storgata 1",
  postal_code: "5004",
  city: "BERGEN",
  country_code: "no",
  phone: "+4791234567",
}

const sven: BookingInput["deliveryAddress"] = {
  first_name: "Sven",
  last_name: "Svensson",
  address_1: "Drottninggatan 5",
  postal_code: "111 22",
  city: "STOCKHOLM",
  country_code: "se",
  phone: "+46701234567",
}

const bench: BookingItem = {
  title: "Garden bench",
  quantity: 1,
  unit_price: 1499,
  variant: { sku: "BENCH-1", weight: 12000, length: 120, width: 50, height: 40, hs_code: "940179", origin_country: "se" },
  product: { weight: 15000 },
}

/** The tariff number is on the product only, the other customs data on the variant. */
const cushion: BookingItem = {
  title: "Cushion",
  quantity: 2,
  unit_price: 199.9,
  variant: { sku: "CUSH-1", weight: 400, length: 40, width: 40, height: 10, origin_country: "cn" },
  product: { hs_code: "940490" },
}

const seeds: BookingItem = {
  title: "Seed packet",
  quantity: 3,
  unit_price: 49,
  variant: { weight: 20, length: 15, width: 10, height: 1 },
}

function input(overrides: Partial<BookingInput> = {}): BookingInput {
  return {
    kind: "outbound",
    fulfillmentId: "ful_01",
    orderDisplayId: 1001,
    service: service("PA_DOREN", { additionalServices: ["EVARSLING"] }),
    customerNumber: "5",
    returnQrCodes: false,
    testMode: true,
    shippingDateTime: new Date("2026-11-23T09:41:00.250Z"),
    stockLocation: osloWarehouse,
    deliveryAddress: kari,
    customerEmail: "kari@example.com",
    // A mailbox parcel takes at most 5 kg in 35 x 25 x 7 cm: a bench would not fit.
    items: overrides.service && ["3584", "3570", "9650"].includes(overrides.service.code) ? [seeds] : [bench, cushion],
    currencyCode: "nok",
    packaging: { weightUnit: "g", dimensionUnit: "cm", defaultItemWeight: 500, packagingWeight: 100 },
    ...overrides,
  }
}

/** The request, which must also pass the client's own schema: a request it refuses fails here. */
function book(bookingInput: BookingInput): BookingRequest {
  const result = toBookingRequest(bookingInput)
  if (!result.ok) {
    throw new Error(`expected a request, got problems: ${JSON.stringify(result.problems, null, 2)}`)
  }
  const check = bookingRequestSchema.safeParse(result.request)
  if (!check.success) {
    throw new Error(`the client's schema refuses the request: ${JSON.stringify(check.error.issues, null, 2)}`)
  }
  return result.request
}

function consignment(bookingInput: BookingInput): BookingConsignment {
  return book(bookingInput).consignments[0]
}

function problems(bookingInput: BookingInput): BookingProblem[] {
  const result = toBookingRequest(bookingInput)
  if (result.ok) {
    throw new Error("expected problems, got a request")
  }
  return result.problems
}

const osloSender = {
  name: "Nordisk Hage AS",
  addressLine: "Alnabruveien 10",
  postalCode: "0668",
  city: "OSLO",
  countryCode: "NO",
  contact: { phoneNumber: "+4712345678" },
}

const kariParty = {
  name: "Kari Nordmann",
  addressLine: "Storgata 1",
  postalCode: "5004",
  city: "BERGEN",
  countryCode: "NO",
  contact: { email: "kari@example.com", phoneNumber: "+4791234567" },
}

/** Bench and two cushions: 100 g packaging + 12 000 g + 2 × 400 g; cushions stacked beside the bench. */
const benchAndCushionsPackage = {
  correlationId: "ful_01-1",
  weightInKg: 12.9,
  dimensions: { lengthInCm: 120, widthInCm: 60, heightInCm: 50 },
  goodsDescription: "Garden bench, Cushion",
  numberOfItems: 3,
}

// ---------------------------------------------------------------- main cases: the exact request

describe("toBookingRequest: the exact request of the main cases", () => {
  it.each<[string, BookingInput, BookingRequest]>([
    [
      "home delivery PA_DOREN with EVARSLING",
      input(),
      {
        testIndicator: true,
        schemaVersion: 1,
        consignments: [
          {
            correlationId: "ful_01",
            shippingDateTime: "2026-11-23T10:41:00+01:00",
            parties: { sender: osloSender, recipient: kariParty },
            product: {
              id: "PA_DOREN",
              customerNumber: "5",
              additionalServices: [{ id: "EVARSLING", email: "kari@example.com", mobile: "+4791234567" }],
            },
            purchaseOrder: { purchaseOrderNumber: "1001" },
            packages: [benchAndCushionsPackage],
          },
        ],
      },
    ],
    [
      "SERVICEPAKKE to a pickup point",
      input({
        service: service("SERVICEPAKKE", { additionalServices: ["EVARSLING"] }),
        pickupPoint: { id: "112233", country_code: "no" },
        testMode: false,
      }),
      {
        testIndicator: false,
        schemaVersion: 1,
        consignments: [
          {
            correlationId: "ful_01",
            shippingDateTime: "2026-11-23T10:41:00+01:00",
            parties: { sender: osloSender, recipient: kariParty, pickupPoint: { id: "112233", countryCode: "NO" } },
            product: {
              id: "SERVICEPAKKE",
              customerNumber: "5",
              additionalServices: [{ id: "EVARSLING", email: "kari@example.com", mobile: "+4791234567" }],
            },
            purchaseOrder: { purchaseOrderNumber: "1001" },
            packages: [benchAndCushionsPackage],
          },
        ],
      },
    ],
    [
      "mailbox parcel 3584 without sender phone, with bag on door, short customer number",
      input({
        service: service("3584", { additionalServices: ["1081"] }),
        customerNumber: "PARCELS_NORWAY-00000000005",
        stockLocation: { ...osloWarehouse, address: { ...osloWarehouse.address, phone: null } },
        items: [seeds],
        orderDisplayId: "1002",
      }),
      {
        testIndicator: true,
        schemaVersion: 1,
        consignments: [
          {
            correlationId: "ful_01",
            shippingDateTime: "2026-11-23T10:41:00+01:00",
            parties: { sender: { ...osloSender, contact: undefined }, recipient: kariParty },
            product: { id: "3584", customerNumber: "5", additionalServices: [{ id: "1081" }] },
            purchaseOrder: { purchaseOrderNumber: "1002" },
            packages: [
              {
                correlationId: "ful_01-1",
                weightInKg: 0.16,
                dimensions: { lengthInCm: 15, widthInCm: 10, heightInCm: 3 },
                goodsDescription: "Seed packet",
                numberOfItems: 3,
              },
            ],
          },
        ],
      },
    ],
    [
      "export to SE with PICKUP_PARCEL: customs lines, IOSS number, pickup point",
      input({
        service: service("PICKUP_PARCEL"),
        customerNumber: "6",
        deliveryAddress: sven,
        customerEmail: "sven@example.se",
        pickupPoint: { id: "SE-4711", country_code: "se" },
        customs: { iossNumber: "IM0123456789" },
      }),
      {
        testIndicator: true,
        schemaVersion: 1,
        consignments: [
          {
            correlationId: "ful_01",
            shippingDateTime: "2026-11-23T10:41:00+01:00",
            parties: {
              sender: osloSender,
              recipient: {
                name: "Sven Svensson",
                addressLine: "Drottninggatan 5",
                postalCode: "11122",
                city: "STOCKHOLM",
                countryCode: "SE",
                contact: { email: "sven@example.se", phoneNumber: "+46701234567" },
              },
              pickupPoint: { id: "SE-4711", countryCode: "SE" },
            },
            product: {
              id: "PICKUP_PARCEL",
              customerNumber: "6",
              ediCustomsDeclarations: {
                natureOfTransaction: "SALE_OF_GOODS",
                iossNumber: "IM0123456789",
                ediCustomsDeclaration: [
                  {
                    quantity: 1,
                    goodsDescription: "Garden bench",
                    customsArticleNumber: "940179",
                    itemNetWeightInKg: 12,
                    tarriffLineAmount: 1499,
                    currency: "NOK",
                    countryOfOrigin: "SE",
                  },
                  {
                    quantity: 2,
                    goodsDescription: "Cushion",
                    customsArticleNumber: "940490",
                    itemNetWeightInKg: 0.8,
                    tarriffLineAmount: 399.8,
                    currency: "NOK",
                    countryOfOrigin: "CN",
                  },
                ],
              },
            },
            purchaseOrder: { purchaseOrderNumber: "1001" },
            packages: [benchAndCushionsPackage],
          },
        ],
      },
    ],
    [
      "import from SE to NO with HOME_DELIVERY_PARCEL and the shop's VOEC number",
      input({
        service: service("HOME_DELIVERY_PARCEL"),
        customerNumber: "6",
        stockLocation: stockholmWarehouse,
        currencyCode: "sek",
        customs: { vatOnEcommerce: "2024123", iossNumber: "IM0123456789" },
      }),
      {
        testIndicator: true,
        schemaVersion: 1,
        consignments: [
          {
            correlationId: "ful_01",
            shippingDateTime: "2026-11-23T10:41:00+01:00",
            parties: {
              sender: {
                name: "Stockholm warehouse",
                addressLine: "Lagervägen 3",
                postalCode: "12030",
                city: "STOCKHOLM",
                countryCode: "SE",
                contact: { phoneNumber: "+46812345678" },
              },
              recipient: kariParty,
            },
            product: {
              id: "HOME_DELIVERY_PARCEL",
              customerNumber: "6",
              ediCustomsDeclarations: {
                natureOfTransaction: "SALE_OF_GOODS",
                ediCustomsDeclaration: [
                  {
                    quantity: 1,
                    goodsDescription: "Garden bench",
                    customsArticleNumber: "940179",
                    itemNetWeightInKg: 12,
                    tariffLineAmount: 1499,
                    currency: "SEK",
                    countryOfOrigin: "SE",
                  },
                  {
                    quantity: 2,
                    goodsDescription: "Cushion",
                    customsArticleNumber: "940490",
                    itemNetWeightInKg: 0.8,
                    tariffLineAmount: 399.8,
                    currency: "SEK",
                    countryOfOrigin: "CN",
                  },
                ],
              },
            },
            purchaseOrder: { purchaseOrderNumber: "1001" },
            packages: [benchAndCushionsPackage],
            vatOnEcommerce: 2024123,
          },
        ],
      },
    ],
    [
      "home delivery 5600 with a free return 9300 and its QR codes",
      input({ service: service("5600", { returnService: "9300", qrCodes: true }) }),
      {
        testIndicator: true,
        schemaVersion: 1,
        consignments: [
          {
            correlationId: "ful_01",
            shippingDateTime: "2026-11-23T10:41:00+01:00",
            parties: { sender: osloSender, recipient: kariParty },
            product: { id: "5600", customerNumber: "5" },
            purchaseOrder: { purchaseOrderNumber: "1001" },
            packages: [benchAndCushionsPackage],
            returnProduct: { id: "9300" },
            generateQrCodes: true,
          },
        ],
      },
    ],
    [
      "return booking 9300 from the customer to a stock location without phone, with QR codes",
      input({
        kind: "return",
        fulfillmentId: "ful_ret_01",
        service: service("9300", { isReturn: true, qrCodes: true }),
        stockLocation: { ...osloWarehouse, address: { ...osloWarehouse.address, phone: "" } },
        items: [{ ...cushion, quantity: 1 }],
      }),
      {
        testIndicator: true,
        schemaVersion: 1,
        consignments: [
          {
            correlationId: "ful_ret_01",
            shippingDateTime: "2026-11-23T10:41:00+01:00",
            parties: { sender: kariParty, recipient: { ...osloSender, contact: undefined } },
            product: { id: "9300", customerNumber: "5" },
            purchaseOrder: { purchaseOrderNumber: "1001" },
            packages: [
              {
                correlationId: "ful_ret_01-1",
                weightInKg: 0.5,
                dimensions: { lengthInCm: 40, widthInCm: 40, heightInCm: 10 },
                goodsDescription: "Cushion",
                numberOfItems: 1,
              },
            ],
            generateQrCodes: true,
          },
        ],
      },
    ],
  ])("%s", (_name, bookingInput, expected) => {
    const request = book(bookingInput)
    // JSON round trip: what goes on the wire, so an `undefined` key counts as absent on both sides.
    expect(JSON.parse(JSON.stringify(request))).toStrictEqual(JSON.parse(JSON.stringify(expected)))
  })
})

// ---------------------------------------------------------------- parties

describe("parties", () => {
  it.each<[string, Partial<BookingInput>, Partial<BookingConsignment["parties"]>]>([
    [
      "a company address goes to the company, with the person as contact",
      { deliveryAddress: { ...kari, company: "Fjordkafé AS" } },
      { recipient: { ...kariParty, name: "Fjordkafé AS", contact: { name: "Kari Nordmann", ...kariParty.contact } } },
    ],
    [
      "only a last name",
      { deliveryAddress: { ...kari, first_name: null } },
      { recipient: { ...kariParty, name: "Nordmann" } },
    ],
    [
      "a stock location without a company is named after the location",
      { stockLocation: { ...osloWarehouse, address: { ...osloWarehouse.address, company: null } } },
      { sender: { ...osloSender, name: "Oslo warehouse" } },
    ],
    [
      "phone, e-mail and address text are trimmed; country codes upper-cased; address_2 passed on",
      {
        deliveryAddress: { ...kari, phone: "  +47 912 34 567 ", address_1: " Storgata 1 ", address_2: " Leilighet H0203 ", country_code: "No" },
        customerEmail: "  kari@example.com ",
      },
      {
        recipient: {
          ...kariParty,
          addressLine: "Storgata 1",
          addressLine2: "Leilighet H0203",
          contact: { email: "kari@example.com", phoneNumber: "+47 912 34 567" },
        },
      },
    ],
    [
      "a customer without e-mail and phone gets no contact (home delivery does not need one)",
      { deliveryAddress: { ...kari, phone: null }, customerEmail: null, service: service("PA_DOREN") },
      { recipient: { ...kariParty, contact: undefined } },
    ],
    [
      "a Swedish postal code typed with a space is sent as digits",
      { deliveryAddress: { ...sven }, service: service("PA_DOREN") },
      { recipient: { name: "Sven Svensson", addressLine: "Drottninggatan 5", postalCode: "11122", city: "STOCKHOLM", countryCode: "SE", contact: { email: "kari@example.com", phoneNumber: "+46701234567" } } },
    ],
    [
      "a postal code outside the Nordic countries is passed on as typed",
      { deliveryAddress: { ...kari, postal_code: "SW1A 1AA", city: "LONDON", country_code: "gb" } },
      { recipient: { ...kariParty, postalCode: "SW1A 1AA", city: "LONDON", countryCode: "GB" } },
    ],
    [
      "return: the customer sends, the stock location receives",
      { kind: "return", service: service("9300") },
      { sender: kariParty, recipient: osloSender },
    ],
    [
      "the location's sender details from the settings complete the stock location",
      { stockLocation: { ...osloWarehouse, sender: { senderName: "Nordisk Hage Lager", contactName: "Ola Lager", email: "lager@hage.no", vatNumber: "NO999999999MVA" } } },
      { sender: { ...osloSender, name: "Nordisk Hage Lager", vatNumber: "NO999999999MVA", contact: { name: "Ola Lager", email: "lager@hage.no", phoneNumber: "+4712345678" } } },
    ],
    [
      "the location's phone from the settings where Medusa's location has none",
      { stockLocation: { ...osloWarehouse, address: { ...osloWarehouse.address, phone: null }, sender: { phone: "+4722334455" } } },
      { sender: { ...osloSender, contact: { phoneNumber: "+4722334455" } } },
    ],
    [
      "a return goes back to the location as the settings name it",
      { kind: "return", service: service("9300"), stockLocation: { ...osloWarehouse, sender: { senderName: "Nordisk Hage Retur" } } },
      { recipient: { ...osloSender, name: "Nordisk Hage Retur" } },
    ],
  ])("%s", (_name, overrides, expected) => {
    const { parties } = consignment(input(overrides))
    const compared = Object.fromEntries(Object.keys(expected).map((key) => [key, parties[key as keyof typeof parties]]))
    expect(compared).toEqual(expected)
  })

  it.each([
    ["3584", true],
    ["3570", true],
    ["9300 (a return service)", true],
    ["PA_DOREN", false],
    ["SERVICEPAKKE", false],
    ["BUSINESS_PARCEL", false],
  ])("sender phone may be missing for %s: %s", (label, optional) => {
    const code = label.split(" ")[0]
    const result = toBookingRequest(
      input({
        service: service(code),
        kind: code === "9300" ? "return" : "outbound",
        stockLocation: { ...osloWarehouse, address: { ...osloWarehouse.address, phone: undefined } },
        pickupPoint: code === "SERVICEPAKKE" ? { id: "112233", country_code: "NO" } : undefined,
      })
    )
    expect(result.ok ? [] : result.problems.map((p) => p.field)).toEqual(optional ? [] : ["stock_location.address.phone"])
  })
})

describe("address lines", () => {
  it.each<[string, string, string | undefined, { addressLine: string; addressLine2?: string }]>([
    ["exactly 35 characters stay on one line", "Kongens gate 100000000000000000 B 3", undefined, { addressLine: "Kongens gate 100000000000000000 B 3" }],
    [
      "a long address_1 moves onto two lines at the last space that fits",
      "Øvre Slottsgate 27, oppgang B, 3. etasje, v/ resepsjonen",
      undefined,
      { addressLine: "Øvre Slottsgate 27, oppgang B, 3.", addressLine2: "etasje, v/ resepsjonen" },
    ],
    [
      "a split after a comma leaves no comma behind",
      "Christian Frederiks plass 10000000, c/o Hansen",
      undefined,
      { addressLine: "Christian Frederiks plass 10000000", addressLine2: "c/o Hansen" },
    ],
  ])("%s", (_name, address1, address2, expected) => {
    const parties = consignment(input({ deliveryAddress: { ...kari, address_1: address1, address_2: address2 } })).parties
    expect(parties.recipient).toMatchObject(expected)
    expect(parties.recipient.addressLine2 ?? undefined).toBe(expected.addressLine2)
  })
})

// ---------------------------------------------------------------- pickup point

describe("pickup point", () => {
  it.each<[string, Partial<BookingInput>, { id: string; countryCode: string } | undefined]>([
    ["given for SERVICEPAKKE", { service: service("SERVICEPAKKE"), pickupPoint: { id: " 112233 ", country_code: "no" } }, { id: "112233", countryCode: "NO" }],
    [
      "reachable by phone only",
      { service: service("SERVICEPAKKE"), pickupPoint: { id: "112233", country_code: "NO" }, customerEmail: null },
      { id: "112233", countryCode: "NO" },
    ],
    [
      "reachable by e-mail only",
      { service: service("SERVICEPAKKE"), pickupPoint: { id: "112233", country_code: "NO" }, deliveryAddress: { ...kari, phone: null } },
      { id: "112233", countryCode: "NO" },
    ],
    ["not required by home delivery", { service: service("PA_DOREN") }, undefined],
    ["not required when the merchant turned it off", { service: service("PICKUP_PARCEL", { requiresPickupPoint: false }), customerNumber: "6", deliveryAddress: { ...kari, country_code: "dk", postal_code: "2100", city: "KØBENHAVN Ø" }, stockLocation: { ...osloWarehouse, address: { ...osloWarehouse.address, country_code: "dk", postal_code: "2000", city: "FREDERIKSBERG" } } }, undefined],
    ["not sent with a return booking", { kind: "return", service: service("9300"), pickupPoint: { id: "112233", country_code: "NO" } }, undefined],
  ])("%s", (_name, overrides, expected) => {
    expect(consignment(input(overrides)).parties.pickupPoint ?? undefined).toEqual(expected)
  })
})

// ---------------------------------------------------------------- package

describe("package", () => {
  it.each<[string, Partial<BookingInput>, Record<string, unknown>]>([
    [
      "no dimensions when an item has none and no default is configured",
      { items: [{ title: "Gift card", quantity: 1, unit_price: 500, variant: null, product: null }] },
      { correlationId: "ful_01-1", weightInKg: 0.6, goodsDescription: "Gift card", numberOfItems: 1 },
    ],
    [
      "weights in kilograms to the gram, from the store's weight unit",
      {
        items: [{ ...bench, variant: { ...bench.variant, weight: 12.3456 } }],
        packaging: { weightUnit: "kg", dimensionUnit: "cm", defaultItemWeight: 0.5, packagingWeight: 0.1 },
      },
      { weightInKg: 12.446, dimensions: { lengthInCm: 120, widthInCm: 50, heightInCm: 40 } },
    ],
    [
      "repeated titles are named once",
      { items: [cushion, { ...cushion, variant: { ...cushion.variant, sku: "CUSH-2" } }] },
      { goodsDescription: "Cushion", numberOfItems: 4 },
    ],
    [
      "a long description is shortened at a word to 35 with an ellipsis, without a dangling comma",
      { items: [{ ...bench, title: "Teak garden bench, three seats" }, cushion] },
      { goodsDescription: "Teak garden bench, three seats…" },
    ],
    [
      "a cut that falls on a word boundary keeps the whole last word",
      { items: [{ ...bench, title: "Garden bench in solid oak for four people" }] },
      { goodsDescription: "Garden bench in solid oak for four…" },
    ],
    [
      "shortening never splits an emoji",
      { items: [{ ...bench, title: "🌳".repeat(18) }] },
      { goodsDescription: `${"🌳".repeat(17)}…` },
    ],
    [
      "mailbox parcels get exactly one package too",
      { service: service("3570"), items: [seeds, { ...seeds, title: "Plant labels" }] },
      { correlationId: "ful_01-1", goodsDescription: "Seed packet, Plant labels", numberOfItems: 6 },
    ],
  ])("%s", (_name, overrides, expected) => {
    const { packages } = consignment(input(overrides))
    expect(packages).toHaveLength(1)
    expect(packages[0]).toMatchObject(expected)
    expect((packages[0].goodsDescription ?? "").length).toBeLessThanOrEqual(35)
  })

  it("leaves dimensions out when they are unknown", () => {
    const { packages } = consignment(input({ items: [{ title: "Gift card", quantity: 1, unit_price: 500 }] }))
    expect(packages[0]).not.toHaveProperty("dimensions")
  })

  // Several packages: as many as the service's per-package limits need, in one consignment.
  const sack: BookingItem = { title: "Soil sack", quantity: 2, unit_price: 300, variant: { weight: 30000, length: 80, width: 40, height: 30 } }
  it.each<[string, Partial<BookingInput>, Record<string, unknown>[]]>([
    [
      "two 30 kg items by PA_DOREN: two packages, each numbered",
      { items: [sack] },
      [
        { correlationId: "ful_01-1", weightInKg: 30.1, numberOfItems: 1, goodsDescription: "Soil sack" },
        { correlationId: "ful_01-2", weightInKg: 30.1, numberOfItems: 1, goodsDescription: "Soil sack" },
      ],
    ],
    [
      "lighter items fill the room a heavy one leaves",
      { items: [sack, { ...cushion, quantity: 2 }] },
      [
        { weightInKg: 30.9, numberOfItems: 3, goodsDescription: "Soil sack, Cushion" },
        { weightInKg: 30.1, numberOfItems: 1, goodsDescription: "Soil sack" },
      ],
    ],
    [
      "large goods home delivery (DOUBLE_INDOOR) take 300 kg per package, with the volume",
      { service: service("DOUBLE_INDOOR"), customerNumber: "7", items: [sack] },
      [{ weightInKg: 60.1, numberOfItems: 2, dimensions: { lengthInCm: 80, widthInCm: 60, heightInCm: 40 }, volumeInDm3: 192 }],
    ],
  ])("%s", (_name, overrides, expected) => {
    expect(consignment(input(overrides)).packages).toEqual(expected.map((pkg) => expect.objectContaining(pkg)))
  })
})

describe("pickup point, door or nearest point per destination (booking rule 3)", () => {
  const copenhagen: BookingInput["stockLocation"] = {
    name: "Copenhagen warehouse",
    address: { address_1: "Vesterbrogade 1", postal_code: "1620", city: "KØBENHAVN", country_code: "dk", phone: "+4512345678" },
  }
  const mette: BookingInput["deliveryAddress"] = {
    first_name: "Mette", last_name: "Hansen", address_1: "Nørregade 7", postal_code: "8000", city: "AARHUS", country_code: "dk", phone: "+4522334455",
  }
  const aino: BookingInput["deliveryAddress"] = {
    first_name: "Aino", last_name: "Virtanen", address_1: "Mannerheimintie 1", postal_code: "00100", city: "HELSINKI", country_code: "fi", phone: "+358401234567",
  }
  const required = (code: string, country: string) => [
    { field: "shipping_method.data.pickup_point_id", message: `shipping method: data.pickup_point_id is required for ${code} to ${country} (it is delivered there to pickup points only)` },
  ]
  const toDenmark = { stockLocation: copenhagen, deliveryAddress: mette }
  const toSweden = { stockLocation: stockholmWarehouse, deliveryAddress: sven }
  const toFinland = { stockLocation: stockholmWarehouse, deliveryAddress: aino }
  const toNorway = { stockLocation: stockholmWarehouse, deliveryAddress: kari }
  type Expected = { deliveryOption?: string; pickupPoint?: { id: string; countryCode: string }; problems?: BookingProblem[] }
  it.each<[string, Partial<BookingInput>, Expected]>([
    // Denmark: the door unless the shopper chose a point, or the merchant wants the nearest one.
    ["PICKUP_PARCEL to Denmark without a point goes to the door", { ...toDenmark, service: service("PICKUP_PARCEL") }, {}],
    ["PICKUP_PARCEL_BULK to Denmark without a point goes to the door", { ...toDenmark, service: service("PICKUP_PARCEL_BULK") }, {}],
    [
      "PICKUP_PARCEL to Denmark with 'nearest pickup point when none is chosen' goes to the nearest point",
      { ...toDenmark, service: service("PICKUP_PARCEL", { nearestPickupPointWhenNoneChosen: true }) },
      { deliveryOption: "PICKUP_POINT" },
    ],
    [
      "PICKUP_PARCEL_BULK to Denmark with the setting goes to the nearest point",
      { ...toDenmark, service: service("PICKUP_PARCEL_BULK", { nearestPickupPointWhenNoneChosen: true }) },
      { deliveryOption: "PICKUP_POINT" },
    ],
    [
      "a chosen point in Denmark takes precedence over the setting",
      { ...toDenmark, service: service("PICKUP_PARCEL", { nearestPickupPointWhenNoneChosen: true }), pickupPoint: { id: "5550", country_code: "DK" } },
      { pickupPoint: { id: "5550", countryCode: "DK" } },
    ],
    // Sweden: PICKUP_PARCEL_BULK needs a point, PICKUP_PARCEL does not.
    ["PICKUP_PARCEL to Sweden without a point is booked (no point required)", { ...toSweden, service: service("PICKUP_PARCEL") }, {}],
    ["PICKUP_PARCEL_BULK to Sweden without a point is refused", { ...toSweden, service: service("PICKUP_PARCEL_BULK") }, { problems: required("PICKUP_PARCEL_BULK", "SE") }],
    [
      "PICKUP_PARCEL_BULK to Sweden with a point",
      { ...toSweden, service: service("PICKUP_PARCEL_BULK"), pickupPoint: { id: "7320", country_code: "se" } },
      { pickupPoint: { id: "7320", countryCode: "SE" } },
    ],
    // Finland: no point required; the setting is a Danish one and changes nothing here.
    ["PICKUP_PARCEL to Finland without a point is booked", { ...toFinland, service: service("PICKUP_PARCEL") }, {}],
    ["PICKUP_PARCEL to Finland with the Danish setting sends no deliveryOption", { ...toFinland, service: service("PICKUP_PARCEL", { nearestPickupPointWhenNoneChosen: true }) }, {}],
    // Norway: SERVICEPAKKE and PICKUP_PARCEL_BULK need a point, PICKUP_PARCEL does not.
    ["PICKUP_PARCEL_BULK to Norway without a point is refused", { ...toNorway, service: service("PICKUP_PARCEL_BULK") }, { problems: required("PICKUP_PARCEL_BULK", "NO") }],
    ["PICKUP_PARCEL to Norway without a point is booked", { ...toNorway, service: service("PICKUP_PARCEL") }, {}],
    ["SERVICEPAKKE within Norway without a point is refused", { service: service("SERVICEPAKKE") }, { problems: required("SERVICEPAKKE", "NO") }],
  ])("%s", (_name, overrides, expected) => {
    const result = toBookingRequest(input({ customerNumber: "6", ...overrides }))
    const problems = result.ok ? [] : result.problems
    expect(result.ok ? [] : problems).toEqual(expected.problems ?? [])
    expect(problems.filter((p) => p.field === "shipping_method.data.pickup_point_id")).toEqual(expected.problems ?? [])
    if (!result.ok) return
    const sent = result.request.consignments[0]
    expect(sent.product.services?.deliveryOption).toBe(expected.deliveryOption)
    expect(sent.parties.pickupPoint).toEqual(expected.pickupPoint)
  })
})

// ---------------------------------------------------------------- additional services

describe("additional services", () => {
  it.each<[string, string[], BookingConsignment["product"]["additionalServices"]]>([
    [
      "SERVICEPAKKE",
      ["EVARSLING", "POSTOPPKRAV"],
      [
        { id: "EVARSLING", email: "kari@example.com", mobile: "+4791234567" },
        // Cash on delivery collects the order's total, in its currency, for the merchant's account.
        { id: "POSTOPPKRAV", accountNumber: "15030012345", amount: 1897.8, currencyCode: "NOK" },
      ],
    ],
    ["PA_DOREN", ["SIMPLE_DELIVERY", "EVARSLING"], [{ id: "SIMPLE_DELIVERY" }, { id: "EVARSLING", email: "kari@example.com", mobile: "+4791234567" }]],
    ["BPAKKE_DOR-DOR", ["EVARSLING", "SIMPLE_DELIVERY"], [{ id: "EVARSLING", email: "kari@example.com", mobile: "+4791234567" }, { id: "SIMPLE_DELIVERY" }]],
    ["EKSPRESS09", ["LORDAGSUTKJORING", "EVARSLING"], [{ id: "LORDAGSUTKJORING" }, { id: "EVARSLING", email: "kari@example.com", mobile: "+4791234567" }]],
    ["3570", ["1081"], [{ id: "1081" }]],
    ["3584", ["1081", "1081"], [{ id: "1081" }]],
    ["PA_DOREN", [], undefined],
    ["BUSINESS_PARCEL", [], undefined],
  ])("%s with %j", (code, enabled, expected) => {
    const { product } = consignment(
      input({
        service: service(code, { additionalServices: enabled }),
        pickupPoint: code === "SERVICEPAKKE" ? { id: "112233", country_code: "NO" } : undefined,
        orderTotal: 1897.8,
        codAccountNumber: "15030012345",
      })
    )
    expect(product.additionalServices).toEqual(expected)
  })

  it.each<[string, Partial<BookingInput>, Record<string, string>]>([
    ["e-mail only", { deliveryAddress: { ...kari, phone: null } }, { id: "EVARSLING", email: "kari@example.com" }],
    ["mobile only", { customerEmail: "" }, { id: "EVARSLING", mobile: "+4791234567" }],
  ])("EVARSLING carries what the order has: %s", (_name, overrides, expected) => {
    expect(consignment(input(overrides)).product.additionalServices).toStrictEqual([expected])
  })
})

// ---------------------------------------------------------------- return labels

describe("free return and QR codes (carrier notes 30, 31)", () => {
  it.each<[string, string, boolean, Pick<BookingConsignment, "returnProduct" | "generateQrCodes">]>([
    ["3584", "9650", true, { returnProduct: { id: "9650" } }],
    ["3570", "9650", false, { returnProduct: { id: "9650" } }],
    ["5800", "9000", true, { returnProduct: { id: "9000" }, generateQrCodes: true }],
    ["4850", "9600", true, { returnProduct: { id: "9600" }, generateQrCodes: true }],
    ["5000", "9300", false, { returnProduct: { id: "9300" } }],
    ["PA_DOREN", "SERVICEPAKKE_RETUR", true, { returnProduct: { id: "SERVICEPAKKE_RETUR" } }],
    ["EKSPRESS09", "EKSPRESS09_RETUR", false, { returnProduct: { id: "EKSPRESS09_RETUR" } }],
  ])("%s with %s, QR codes wanted: %s", (code, returnService, qrCodes, expected) => {
    const booked = consignment(
      input({
        service: service(code, { returnService, qrCodes }),
        pickupPoint: code === "5800" ? { id: "112233", country_code: "NO" } : undefined,
      })
    )
    expect({ returnProduct: booked.returnProduct, generateQrCodes: booked.generateQrCodes }).toEqual(expected)
  })

  it("books no return label when the service has no return service", () => {
    const booked = consignment(input({ service: service("PA_DOREN", { qrCodes: true }) }))
    expect(booked).not.toHaveProperty("returnProduct")
    expect(booked).not.toHaveProperty("generateQrCodes")
  })
})

describe("return booking", () => {
  it.each<[string, boolean, boolean]>([
    ["9300", true, true],
    ["9000", true, true],
    ["SERVICEPAKKE_RETURSERVICE", true, true],
    ["9300", false, false],
    ["9650", true, false],
    ["SERVICEPAKKE_RETUR", true, false],
  ])("%s, QR codes wanted: %s → generateQrCodes %s", (code, qrCodes, expected) => {
    const booked = consignment(input({ kind: "return", service: service(code, { qrCodes }) }))
    expect(booked.product.id).toBe(code)
    expect(booked.generateQrCodes === true).toBe(expected)
    expect(booked).not.toHaveProperty("returnProduct")
  })

  // The store's setting (on by default) gives QR codes to every return service that has them,
  // a customer-list one as much as a configured one; a service's own setting wins.
  it.each<[string, boolean | undefined, boolean, boolean]>([
    ["SERVICEPAKKE_RETURSERVICE", undefined, true, true],
    ["9300", undefined, true, true],
    ["BPAKKE_DOR-DOR_RETURSERVICE", undefined, true, true],
    ["9650", undefined, true, false],
    ["SERVICEPAKKE_RETURSERVICE", undefined, false, false],
    ["SERVICEPAKKE_RETURSERVICE", false, true, false],
    ["9300", true, false, true],
  ])("%s, service setting %s, store setting %s → generateQrCodes %s", (code, qrCodes, returnQrCodes, expected) => {
    const booked = consignment(input({ kind: "return", returnQrCodes, service: service(code, qrCodes === undefined ? {} : { qrCodes }) }))
    expect(booked.generateQrCodes === true).toBe(expected)
  })

  it("asks for QR codes on a free return label by the store's setting", () => {
    const booked = consignment(input({ returnQrCodes: true, service: service("5600", { returnService: "9300" }) }))
    expect(booked).toMatchObject({ returnProduct: { id: "9300" }, generateQrCodes: true })
  })

  it("accepts a return service the plugin does not know when the merchant marks it as one", () => {
    expect(consignment(input({ kind: "return", service: service("RETURN_2027", { isReturn: true }) })).product.id).toBe("RETURN_2027")
  })
})

// ---------------------------------------------------------------- root

describe("root and consignment", () => {
  it.each([
    [new Date("2026-11-23T09:41:00.250Z"), "2026-11-23T10:41:00+01:00"],
    [new Date("2026-06-09T08:49:07Z"), "2026-06-09T10:49:07+02:00"],
    [new Date("2026-12-31T23:30:00Z"), "2027-01-01T00:30:00+01:00"],
    [new Date("2026-03-29T00:59:59Z"), "2026-03-29T01:59:59+01:00"],
    [new Date("2026-03-29T01:00:00Z"), "2026-03-29T03:00:00+02:00"],
  ])("shippingDateTime %s is sent as %s (Oslo time with offset)", (when, expected) => {
    expect(consignment(input({ shippingDateTime: when })).shippingDateTime).toBe(expected)
  })

  it.each([true, false])("testIndicator follows testMode %s", (testMode) => {
    expect(book(input({ testMode })).testIndicator).toBe(testMode)
  })

  it.each<[string | number, string]>([
    [1001, "1001"],
    ["ORD-77", "ORD-77"],
  ])("purchaseOrderNumber from display id %j", (displayId, expected) => {
    expect(consignment(input({ orderDisplayId: displayId })).purchaseOrder).toEqual({ purchaseOrderNumber: expected })
  })

  // The customer number as the customer list names it; only mailbox parcels take the bare main number.
  it.each([
    ["PA_DOREN", "5", "5"],
    ["PA_DOREN", " 6 ", "6"],
    ["PA_DOREN", "PARCELS_NORWAY-00000000005", "PARCELS_NORWAY-00000000005"],
    ["EKSPRESS09", "EXPRESS_NORWAY-3f6c2a", "EXPRESS_NORWAY-3f6c2a"],
    ["3584", "PARCELS_NORWAY-00000000005", "5"],
    ["3570", "PARCELS_NORWAY-00000000005", "5"],
    ["3584", "5", "5"],
  ])("%s: customer number %j is sent as %j", (code, customerNumber, expected) => {
    expect(consignment(input({ service: service(code), customerNumber })).product.customerNumber).toBe(expected)
  })
})

// ---------------------------------------------------------------- customs

describe("customs", () => {
  const toSweden: Partial<BookingInput> = { service: service("BUSINESS_PARCEL"), customerNumber: "6", deliveryAddress: sven }
  const fromSweden: Partial<BookingInput> = {
    service: service("PICKUP_PARCEL_BULK"),
    customerNumber: "6",
    stockLocation: stockholmWarehouse,
    pickupPoint: { id: "112233", country_code: "NO" },
    customs: { vatOnEcommerce: "2024123" },
  }

  it.each<[string, Partial<BookingInput>, boolean, number | undefined]>([
    ["export NO → SE with BUSINESS_PARCEL", toSweden, true, undefined],
    [
      "export NO → DK with PICKUP_PARCEL",
      {
        ...toSweden,
        service: service("PICKUP_PARCEL"),
        pickupPoint: { id: "4711", country_code: "DK" },
        deliveryAddress: { ...sven, postal_code: "2100", city: "KØBENHAVN Ø", country_code: "dk" },
      },
      true,
      undefined,
    ],
    ["import SE → NO with PICKUP_PARCEL_BULK, VOEC number on the consignment", fromSweden, true, 2024123],
    ["no import declaration without the shop's VOEC number (the facility is optional)", { ...fromSweden, customs: {} }, false, undefined],
    ["not for a domestic PICKUP_PARCEL", { ...toSweden, service: service("PICKUP_PARCEL"), deliveryAddress: kari, pickupPoint: { id: "112233", country_code: "NO" } }, false, undefined],
    ["not for a service without customs (PA_DOREN to SE)", { ...toSweden, service: service("PA_DOREN") }, false, undefined],
    ["not for BUSINESS_PARCEL into Norway (import is not listed for it)", { ...fromSweden, service: service("BUSINESS_PARCEL"), pickupPoint: undefined }, false, undefined],
    ["not within Sweden", { ...fromSweden, deliveryAddress: sven, pickupPoint: { id: "4711", country_code: "SE" } }, false, undefined],
  ])("%s", (_name, overrides, declared, vatOnEcommerce) => {
    const booked = consignment(input(overrides))
    expect(booked.product.ediCustomsDeclarations !== undefined).toBe(declared)
    expect(booked.vatOnEcommerce).toBe(vatOnEcommerce)
  })

  it.each<[string, Partial<BookingInput>, Record<string, unknown>]>([
    ["export defaults natureOfTransaction to SALE_OF_GOODS", toSweden, { natureOfTransaction: "SALE_OF_GOODS" }],
    ["export takes the configured nature", { ...toSweden, customs: { natureOfTransaction: "GIFT" } }, { natureOfTransaction: "GIFT" }],
    ["import is always SALE_OF_GOODS and leaves the EU IOSS number out", { ...fromSweden, customs: { vatOnEcommerce: "2024123", iossNumber: "IM0123456789", natureOfTransaction: "SALE_OF_GOODS" } }, { natureOfTransaction: "SALE_OF_GOODS" }],
  ])("%s", (_name, overrides, expected) => {
    const declarations = consignment(input(overrides)).product.ediCustomsDeclarations
    expect(declarations).toMatchObject(expected)
    expect(declarations).not.toHaveProperty("iossNumber")
  })

  it.each<[string, BookingItem, Partial<BookingInput>, Record<string, unknown>]>([
    [
      "export: tariff number optional, product weight and origin as fallbacks, amount rounded to cents",
      { title: "Candle", quantity: 3, unit_price: 19.99, variant: { origin_country: null }, product: { weight: 250, origin_country: "dk" } },
      toSweden,
      { quantity: 3, goodsDescription: "Candle", itemNetWeightInKg: 0.75, tarriffLineAmount: 59.97, currency: "NOK", countryOfOrigin: "DK" },
    ],
    [
      "import: origin optional, the amount under the import spelling",
      { title: "Candle", quantity: 1, unit_price: 100, variant: { weight: 0.2, hs_code: " 340600 " } },
      { ...fromSweden, packaging: { weightUnit: "kg", dimensionUnit: "cm", defaultItemWeight: 0.5, packagingWeight: 0 }, currencyCode: "sek" },
      { quantity: 1, goodsDescription: "Candle", customsArticleNumber: "340600", itemNetWeightInKg: 0.2, tariffLineAmount: 100, currency: "SEK" },
    ],
    [
      "a long title is shortened for the customs line",
      { ...bench, title: "Teak garden bench with armrests and cushions" },
      toSweden,
      {
        quantity: 1,
        goodsDescription: "Teak garden bench with armrests…",
        customsArticleNumber: "940179",
        itemNetWeightInKg: 12,
        tarriffLineAmount: 1499,
        currency: "NOK",
        countryOfOrigin: "SE",
      },
    ],
  ])("line: %s", (_name, item, overrides, expected) => {
    const [line] = consignment(input({ ...overrides, items: [item] })).product.ediCustomsDeclarations!.ediCustomsDeclaration
    expect(line).toStrictEqual(expected)
  })
})

// ---------------------------------------------------------------- refusals: the exact problems

describe("refusals: every problem names what to fix and where", () => {
  const noPhone = { ...osloWarehouse, address: { ...osloWarehouse.address, phone: "  " } }
  const toSweden: Partial<BookingInput> = { service: service("BUSINESS_PARCEL"), customerNumber: "6", deliveryAddress: sven, customerEmail: "sven@example.se" }
  const fromSweden: Partial<BookingInput> = {
    service: service("HOME_DELIVERY_PARCEL"),
    customerNumber: "6",
    stockLocation: stockholmWarehouse,
    customs: { vatOnEcommerce: "2024123" },
  }

  it.each<[string, Partial<BookingInput>, BookingProblem[]]>([
    // parties
    [
      "sender phone missing for PA_DOREN",
      { stockLocation: noPhone },
      [
        {
          field: "stock_location.address.phone",
          message:
            'stock location "Oslo warehouse": address.phone is required by the carrier for PA_DOREN (only 3584, 3570 and return services ship without a sender phone)',
        },
      ],
    ],
    // pickup point
    [
      "SERVICEPAKKE without a pickup point",
      { service: service("SERVICEPAKKE") },
      [{ field: "shipping_method.data.pickup_point_id", message: "shipping method: data.pickup_point_id is required for SERVICEPAKKE to NO (it is delivered there to pickup points only)" }],
    ],
    [
      "a merchant who requires a pickup point for a door service",
      { service: service("PA_DOREN", { requiresPickupPoint: true }), pickupPoint: { id: " ", country_code: "NO" } },
      [{ field: "shipping_method.data.pickup_point_id", message: "shipping method: data.pickup_point_id is required for PA_DOREN to NO (it is delivered there to pickup points only)" }],
    ],
    [
      "pickup point delivery to a customer without e-mail and phone",
      { service: service("SERVICEPAKKE"), pickupPoint: { id: "112233", country_code: "NO" }, customerEmail: null, deliveryAddress: { ...kari, phone: "" } },
      [
        {
          field: "order.email",
          message:
            "order: an e-mail (order email) or phone (delivery_address.phone) is required for delivery to a pickup point, so that the carrier can tell the customer the parcel has arrived",
        },
      ],
    ],
    // package: cargo (carrier notes 28)
    [
      "cargo without dimensions",
      { service: service("5100"), items: [{ title: "Pallet of soil", quantity: 1, unit_price: 900, variant: { weight: 400000 } }] },
      [
        {
          field: "items.variant.length",
          message:
            "items: 5100 needs every package's weight and dimensions (the carrier requires measurements for cargo); set length, width and height on every variant, or packaging.defaultItemDimensions in the plugin options",
        },
      ],
    ],
    // additional services
    [
      "FLEX_DELIVERY, which the spec lists for no service",
      { service: service("PA_DOREN", { additionalServices: ["EVARSLING", "FLEX_DELIVERY"] }) },
      [
        {
          field: "services.PA_DOREN.additionalServices",
          message:
            "service PA_DOREN: the carrier does not offer additional service FLEX_DELIVERY with PA_DOREN (it offers EVARSLING, SIMPLE_DELIVERY); remove it from the service's additionalServices",
        },
      ],
    ],
    [
      "EVARSLING on a mailbox parcel",
      { service: service("3584", { additionalServices: ["EVARSLING"] }) },
      [
        {
          field: "services.3584.additionalServices",
          message: "service 3584: the carrier does not offer additional service EVARSLING with 3584 (it offers 1081); remove it from the service's additionalServices",
        },
      ],
    ],
    [
      "any additional service on a service the spec lists none for",
      { service: service("5600", { additionalServices: ["SIMPLE_DELIVERY"] }) },
      [
        {
          field: "services.5600.additionalServices",
          message: "service 5600: the carrier does not offer additional service SIMPLE_DELIVERY with 5600 (it offers none); remove it from the service's additionalServices",
        },
      ],
    ],
    // free returns (carrier notes 31)
    [
      "a free return the spec does not pair",
      { service: service("PA_DOREN", { returnService: "9300", qrCodes: true }) },
      [
        {
          field: "services.PA_DOREN.returnService",
          message:
            "service PA_DOREN: return service 9300 cannot be booked as its free return (the carrier's free-return pairs: it pairs only with BEDRIFTSPAKKE_RETUR, EKSPRESS09_RETUR, SERVICEPAKKE_RETUR)",
        },
      ],
    ],
    [
      "a free return for a service without one",
      { service: service("BUSINESS_PARCEL", { returnService: "9300" }) },
      [{ field: "services.BUSINESS_PARCEL.returnService", message: "service BUSINESS_PARCEL: return service 9300 cannot be booked as its free return (the carrier's free-return pairs: it has no free return)" }],
    ],
    // return booking
    [
      "a return booked with an outgoing service",
      { kind: "return", service: service("PA_DOREN") },
      [{ field: "services.PA_DOREN.isReturn", message: "service PA_DOREN: a return must be booked with a return service (such as 9300), and PA_DOREN is not one" }],
    ],
    // root and consignment
    [
      "no customer number",
      { customerNumber: " " },
      [{ field: "customerNumber", message: "options: a customerNumber (the plugin's, or the service's) is required to book PA_DOREN" }],
    ],
    [
      "a display id over 35 characters",
      { orderDisplayId: "ORDER-2026-11-23-0000000000000000001" },
      [{ field: "order.display_id", message: "order: display_id is 36 characters; the carrier takes 35" }],
    ],
    // customs: export (carrier notes 33)
    [
      "export: origin missing, origin not a code, weight missing",
      {
        ...toSweden,
        items: [
          { ...bench, variant: { ...bench.variant, origin_country: null } },
          { ...cushion, variant: { ...cushion.variant, origin_country: "China" } },
          { title: "Gift card", quantity: 1, unit_price: 500, variant: { sku: "GC", origin_country: "no" } },
        ],
      },
      [
        { field: "items[0].origin_country", message: 'product "Garden bench" (variant BENCH-1): origin_country is required for a customs declaration to SE (export with BUSINESS_PARCEL)' },
        { field: "items[1].origin_country", message: 'product "Cushion" (variant CUSH-1): origin_country "China" must be a two-letter ISO country code for a customs declaration to SE (export with BUSINESS_PARCEL)' },
        { field: "items[2].weight", message: 'product "Gift card" (variant GC): weight (on the variant or the product) is required for a customs declaration to SE (export with BUSINESS_PARCEL)' },
      ],
    ],
    [
      "export to a customer without e-mail and phone",
      { ...toSweden, customerEmail: undefined, deliveryAddress: { ...sven, phone: null } },
      [{ field: "order.email", message: "order: an e-mail (order email) or phone (delivery_address.phone) is required for a customs declaration to SE (export with BUSINESS_PARCEL)" }],
    ],
    [
      "export with an unknown nature of transaction",
      { ...toSweden, customs: { natureOfTransaction: "SALE" } },
      [
        {
          field: "customs.natureOfTransaction",
          message: 'options: customs.natureOfTransaction "SALE" must be one of SALE_OF_GOODS, RETURNED_GOODS, GIFT, COMMERCIAL_SAMPLE, DOCUMENTS, OTHER',
        },
      ],
    ],
    [
      "export with a malformed IOSS number",
      { ...toSweden, customs: { iossNumber: "IM12345" } },
      [{ field: "customs.iossNumber", message: 'options: customs.iossNumber "IM12345" must be IM followed by 10 digits' }],
    ],
    [
      "export with an IOSS number on a gift",
      { ...toSweden, customs: { iossNumber: "IM0123456789", natureOfTransaction: "GIFT" } },
      [{ field: "customs.iossNumber", message: "options: customs.iossNumber is allowed only with natureOfTransaction SALE_OF_GOODS, not GIFT" }],
    ],
    // customs: import (carrier notes 34)
    [
      "import: tariff number missing on variant and product",
      { ...fromSweden, items: [bench, { ...cushion, product: null }] },
      [{ field: "items[1].hs_code", message: 'product "Cushion" (variant CUSH-1): hs_code is required for a customs declaration from SE (import with HOME_DELIVERY_PARCEL)' }],
    ],
    [
      "import with a nature other than SALE_OF_GOODS",
      { ...fromSweden, customs: { vatOnEcommerce: "2024123", natureOfTransaction: "GIFT" } },
      [{ field: "customs.natureOfTransaction", message: "options: customs.natureOfTransaction must be SALE_OF_GOODS for an import declaration to Norway, not GIFT" }],
    ],
    [
      "import with a VOEC number that is not 7 digits",
      { ...fromSweden, customs: { vatOnEcommerce: "NO-20241" } },
      [{ field: "customs.vatOnEcommerce", message: 'options: customs.vatOnEcommerce "NO-20241" must be the shop\'s 7-digit VOEC number' }],
    ],
    // field limits
    [
      "address_1 too long while address_2 is in use",
      { deliveryAddress: { ...kari, address_1: "Øvre Slottsgate 27, oppgang B, tredje etasje", address_2: "c/o Hansen" } },
      [{ field: "delivery_address.address_1", message: "delivery address: address_1 is 44 characters; the carrier takes 35 (and address_2 is in use)" }],
    ],
    [
      "address_1 that does not split into two lines of 35",
      { deliveryAddress: { ...kari, address_1: "Nedre Storgatesmauet 1 Bakgården-inngang-fra-Torggata-via-porten" } },
      [
        {
          field: "delivery_address.address_1",
          message: "delivery address: address_1 is 64 characters; the carrier takes 35 (and it does not split at a space into two lines of 35)",
        },
      ],
    ],
    [
      "address_2 too long",
      { deliveryAddress: { ...kari, address_2: "Leilighet H0203, ring på hos Hansen-Berg" } },
      [{ field: "delivery_address.address_2", message: "delivery address: address_2 is 40 characters; the carrier takes 35" }],
    ],
    [
      "city too long (never cut)",
      { deliveryAddress: { ...kari, city: "Kautokeino-Guovdageaidnu kommunesentrum" } },
      [{ field: "delivery_address.city", message: "delivery address: city is 39 characters; the carrier takes 35" }],
    ],
    [
      "a foreign postal code too long",
      { deliveryAddress: { ...kari, postal_code: "1234567890123456789012345678901234567", country_code: "de" } },
      [{ field: "delivery_address.postal_code", message: "delivery address: postal_code is 37 characters; the carrier takes 35" }],
    ],
    [
      "a Norwegian postal code of the wrong form",
      { deliveryAddress: { ...kari, postal_code: "50044" } },
      [{ field: "delivery_address.postal_code", message: 'delivery address: postal_code "50044" is not a NO postal code (4 digits)' }],
    ],
    // cash on delivery
    [
      "cash on delivery without the merchant's account number",
      { service: service("SERVICEPAKKE", { additionalServices: ["POSTOPPKRAV"] }), pickupPoint: { id: "112233", country_code: "NO" }, orderTotal: 499 },
      [
        {
          field: "cod_account_number",
          message:
            "service SERVICEPAKKE: cash on delivery (POSTOPPKRAV) pays the order's total into the merchant's account; set the cash-on-delivery account number (setting cod_account_number, option codAccountNumber)",
        },
      ],
    ],
    // home delivery of large goods: weight and volume or dimensions on every package
    [
      "home delivery (CURBSIDE) of an item without dimensions",
      { service: service("CURBSIDE"), customerNumber: "7", items: [{ title: "Sofa", quantity: 1, unit_price: 9000, variant: { weight: 60000 } }] },
      [
        {
          field: "items.variant.length",
          message:
            "items: CURBSIDE needs every package's weight and dimensions (the carrier requires measurements for home delivery of large goods); set length, width and height on every variant, or packaging.defaultItemDimensions in the plugin options",
        },
      ],
    ],
    // several packages
    [
      "an item heavier than one package of the service may be",
      { items: [{ title: "Anvil", quantity: 1, unit_price: 900, variant: { weight: 40000, length: 40, width: 30, height: 30 } }] },
      [
        {
          field: "items",
          message:
            "items: Anvil: one unit (40 kg, 40 x 30 x 30 cm) exceeds a package's limit (35 kg, 120 x 60 x 60 cm), too big for PA_DOREN; choose a service for larger parcels",
        },
      ],
    ],
    [
      "an e-mail over 60 characters",
      { customerEmail: "kari.margrethe.ingeborg.nordmann-olsen@fjordkafe-og-hagesenter.no" },
      [{ field: "order.email", message: "order: email is 65 characters; the carrier takes 60" }],
    ],
    // required party fields (carrier notes 16)
    [
      "a delivery address without name, street, postal code, city and country",
      { deliveryAddress: { first_name: " ", address_1: null, postal_code: "", city: undefined, country_code: null, phone: "+4791234567" } },
      [
        { field: "delivery_address.first_name", message: "delivery address: first_name and last_name (or company) are required by the carrier" },
        { field: "delivery_address.address_1", message: "delivery address: address_1 is required by the carrier" },
        { field: "delivery_address.postal_code", message: "delivery address: postal_code is required by the carrier" },
        { field: "delivery_address.city", message: "delivery address: city is required by the carrier" },
        { field: "delivery_address.country_code", message: "delivery address: country_code is required by the carrier" },
      ],
    ],
    [
      "a country code that is not ISO alpha-2",
      { stockLocation: { ...osloWarehouse, address: { ...osloWarehouse.address, country_code: "nor" } } },
      [{ field: "stock_location.address.country_code", message: 'stock location "Oslo warehouse": country_code "nor" is not a two-letter ISO country code' }],
    ],
    // everything at once
    [
      "several mistakes are reported together",
      {
        service: service("SERVICEPAKKE", { additionalServices: ["LORDAGSUTKJORING"] }),
        stockLocation: noPhone,
        deliveryAddress: { ...kari, city: "Kautokeino-Guovdageaidnu kommunesentrum" },
      },
      [
        {
          field: "stock_location.address.phone",
          message:
            'stock location "Oslo warehouse": address.phone is required by the carrier for SERVICEPAKKE (only 3584, 3570 and return services ship without a sender phone)',
        },
        { field: "delivery_address.city", message: "delivery address: city is 39 characters; the carrier takes 35" },
        { field: "shipping_method.data.pickup_point_id", message: "shipping method: data.pickup_point_id is required for SERVICEPAKKE to NO (it is delivered there to pickup points only)" },
        {
          field: "services.SERVICEPAKKE.additionalServices",
          message:
            "service SERVICEPAKKE: the carrier does not offer additional service LORDAGSUTKJORING with SERVICEPAKKE (it offers POSTOPPKRAV, EVARSLING); remove it from the service's additionalServices",
        },
      ],
    ],
  ])("%s", (_name, overrides, expected) => {
    expect(problems(input(overrides))).toStrictEqual(expected)
  })
})

describe("party names", () => {
  // The carrier's party table sets no length for names: they are sent whole, never refused or cut.
  it.each([
    ["company", { deliveryAddress: { ...kari, company: "Vestlandske Hagesenter og Planteskole AS, avd. Bergen" } }, "recipient", "Vestlandske Hagesenter og Planteskole AS, avd. Bergen"],
    ["person", { deliveryAddress: { ...kari, first_name: "Kari Margrethe Ingeborg", last_name: "Nordmann-Olsen" } }, "recipient", "Kari Margrethe Ingeborg Nordmann-Olsen"],
    ["stock location", { stockLocation: { name: "Oslo warehouse, Alnabru distribution hall 3", address: { ...osloWarehouse.address, company: "" } } }, "sender", "Oslo warehouse, Alnabru distribution hall 3"],
  ] as const)("a long %s name is sent whole", (_kind, overrides, party, name) => {
    expect(consignment(input(overrides as Partial<BookingInput>)).parties[party].name).toBe(name)
  })
})

describe("the requested delivery day (carrier notes 53)", () => {
  it.each([
    ["PA_DOREN", "2026-11-27", "2026-11-27T12:00:00"],
    ["5600", "2026-12-01", "2026-12-01T12:00:00"],
    ["PA_DOREN", null, undefined],
  ])("%s with %s sends %s", (code, day, wire) => {
    const sent = consignment(input({ service: service(code, code === "PA_DOREN" ? { additionalServices: ["EVARSLING"] } : {}), requestedDeliveryDate: day }))
    expect(sent.customerSpecifiedDeliveryDateTime).toBe(wire)
  })

  it("a return never carries one", () => {
    expect(consignment(input({ kind: "return", service: service("9300", { isReturn: true }), requestedDeliveryDate: "2026-11-27" }))).not.toHaveProperty(
      "customerSpecifiedDeliveryDateTime"
    )
  })

  it("a day on a service that takes none is refused, naming the day, never dropped", () => {
    const result = toBookingRequest(input({ service: service("SERVICEPAKKE"), requestedDeliveryDate: "2026-11-27", pickupPoint: { id: "150031", country_code: "NO" } }))
    expect(result.ok).toBe(false)
    expect(!result.ok && result.problems.map((p) => p.message)).toContainEqual(
      expect.stringMatching(/delivery_date: SERVICEPAKKE does not take a requested delivery day \(Friday 27 November 2026 was asked for\)/)
    )
  })
})
