import { DEMO_CREDENTIALS, startSandbox, type Sandbox } from ".."
import {
  exportRequest,
  GOTEBORG_RECIPIENT,
  importRequest,
  servicepakkeRequest,
  STOCKHOLM_SENDER,
  withProduct,
  type BookingRequest,
} from "./booking-fixtures"
import { api, clone, jsonOf, type Api } from "./helpers"

/** A complete cash-on-delivery entry, with some fields changed or removed (undefined). */
function cod(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const entry: Record<string, unknown> = { id: "POSTOPPKRAV", accountNumber: "15030012345", amount: 499, currencyCode: "NOK", ...overrides }
  return Object.fromEntries(Object.entries(entry).filter(([, value]) => value !== undefined))
}

/**
 * Every booking rule the sandbox enforces (docs/carrier-notes.md) as one table: a valid request, one mutation, and the
 * single error code (or success) that must come back.
 */

type Mutation = (request: BookingRequest) => BookingRequest | string | void
type Case = [name: string, mutate: Mutation, status: number, code: string | null, messagePart?: string]

const c0 = (request: BookingRequest) => request.consignments[0]
const LONG = (length: number) => "x".repeat(length)

/** Start from the export request (BUSINESS_PARCEL Oslo → Göteborg with customs). */
const onExport = (mutate: (request: BookingRequest) => void): Mutation => () => {
  const request = exportRequest()
  mutate(request)
  return request
}
/** Start from the import request (PICKUP_PARCEL_BULK Berlin → Bergen pickup point). */
const onImport = (mutate: (request: BookingRequest) => void): Mutation => () => {
  const request = importRequest()
  mutate(request)
  return request
}
const exportDeclaration = (request: BookingRequest) => c0(request).product.ediCustomsDeclarations
const cargo = (request: BookingRequest, pkg: Record<string, unknown>) => {
  withProduct(request, { id: "5100", customerNumber: "7" })
  c0(request).packages = [{ correlationId: "PALLET-1", ...pkg }]
}

const CASES: Case[] = [
  // Request root
  ["unparseable body", () => "{ not json", 400, "BOOK_INPUT-059"],
  ["testIndicator missing", (r) => void delete r.testIndicator, 400, "BOOK-INPUT-030"],
  ["schemaVersion missing", (r) => void delete r.schemaVersion, 400, "BOOK-INPUT-003"],
  ["schemaVersion not 1", (r) => void (r.schemaVersion = 2), 400, "BOOK-INPUT-003"],
  ["no consignment", (r) => void (r.consignments = []), 400, "BOOK-INPUT-004"],
  ["two consignments", (r) => void r.consignments.push(clone(c0(r))), 400, "BOOK-INPUT-005"],
  // Parties
  ["sender missing", (r) => void delete c0(r).parties.sender, 400, "BOOK-INPUT-006"],
  ["recipient missing", (r) => void delete c0(r).parties.recipient, 400, "BOOK-INPUT-007"],
  ["recipient name missing", (r) => void delete c0(r).parties.recipient.name, 400, "BOOK-INPUT-014-RECIPIENT"],
  ["sender address missing", (r) => void (c0(r).parties.sender.addressLine = ""), 400, "BOOK-INPUT-015-SENDER"],
  ["recipient city missing", (r) => void delete c0(r).parties.recipient.city, 400, "BOOK-INPUT-016-RECIPIENT"],
  ["sender country code missing", (r) => void delete c0(r).parties.sender.countryCode, 400, "BOOK-INPUT-017-SENDER"],
  ["recipient country code invalid", (r) => void (c0(r).parties.recipient.countryCode = "XX"), 400, "BOOK-INPUT-028-RECIPIENT"],
  ["recipient postal code unknown", (r) => void (c0(r).parties.recipient.postalCode = "9999"), 400, "BOOK_INPUT-057-RECIPIENT"],
  ["sender postal code malformed", (r) => void (c0(r).parties.sender.postalCode = "ABC"), 400, "BOOK_INPUT-057-SENDER"],
  ["importer incomplete (no suffix)", (r) => void (c0(r).parties.importer = { name: "Importer AS", city: "OSLO", countryCode: "NO", postalCode: "0150" }), 400, "BOOK-INPUT-015"],
  // Product and customer number
  ["product missing", (r) => void delete c0(r).product, 400, "BOOK-INPUT-008"],
  ["product id missing", (r) => void delete c0(r).product.id, 400, "BOOK-INPUT-018"],
  ["product id unknown", (r) => void (c0(r).product.id = "TELEPORT"), 400, "BOOK-INPUT-020"],
  ["customer number missing", (r) => void delete c0(r).product.customerNumber, 400, "BOOK-INPUT-019"],
  ["customer number unknown", (r) => void (c0(r).product.customerNumber = "999"), 400, "BOOK-INPUT-021"],
  ["customer without agreement for the product", (r) => void (c0(r).product.customerNumber = "6"), 400, "BOOK-AUTHORIZATION-001"],
  ["prefixed customer number accepted", (r) => void (c0(r).product.customerNumber = "PARCELS_NORWAY-00000000005"), 200, null],
  // Dates and packages
  ["shippingDateTime missing", (r) => void delete c0(r).shippingDateTime, 400, "BOOK-INPUT-012"],
  ["shippingDateTime as epoch milliseconds", (r) => void (c0(r).shippingDateTime = Date.UTC(2026, 10, 23, 9)), 200, null],
  ["no packages", (r) => void (c0(r).packages = []), 400, "BOOK-INPUT-009"],
  ["51 packages", (r) => void (c0(r).packages = Array.from({ length: 51 }, () => ({ weightInKg: 1 }))), 400, "BOOK-INPUT-001", "Too many packages (max 50)"],
  ["50 packages", (r) => void (c0(r).packages = Array.from({ length: 50 }, () => ({ weightInKg: 1 }))), 200, null],
  ["parcel too heavy for SERVICEPAKKE", (r) => void (c0(r).packages[0].weightInKg = 40), 400, "BOOK-INPUT-023"],
  ["parcel too long for SERVICEPAKKE", (r) => void (c0(r).packages[0].dimensions.lengthInCm = 130), 400, "BOOK-INPUT-023"],
  // Sender phone (all outgoing services except 3584, 3570 and returns)
  ["sender phone missing", (r) => void delete c0(r).parties.sender.contact.phoneNumber, 400, "BOOK-VALIDATION-001", "sender's phone"],
  ["sender phone not needed for 3584", (r) => {
    withProduct(r, { id: "3584", customerNumber: "5" })
    c0(r).packages[0].dimensions.heightInCm = 5
    delete c0(r).parties.sender.contact.phoneNumber
  }, 200, null],
  ["sender phone not needed for a return service", (r) => {
    withProduct(r, { id: "9300", customerNumber: "5" })
    delete c0(r).parties.sender.contact.phoneNumber
  }, 200, null],
  // Pickup points (carrier notes 29)
  ["SERVICEPAKKE without pickup point", (r) => void delete c0(r).parties.pickupPoint, 400, "BOOK-INPUT-045"],
  ["unknown pickup point", (r) => void (c0(r).parties.pickupPoint.id = "999999"), 400, "BOOK-INPUT-045"],
  ["pickup point in another country", (r) => void (c0(r).parties.pickupPoint = { id: "2411011", countryCode: "SE" }), 400, "BOOK-INPUT-045"],
  ["pickup-point delivery without recipient e-mail or phone", (r) => void (c0(r).parties.recipient.contact = { name: "Kari" }), 400, "BOOK_VALIDATION-011"],
  ["pickup-point notification through EVARSLING", (r) => {
    c0(r).parties.recipient.contact = { name: "Kari" }
    c0(r).product.additionalServices = [{ id: "EVARSLING", email: "kari@example.test" }]
  }, 200, null],
  ["pickup point on a home-delivery service", (r) => void withProduct(r, { id: "PA_DOREN", customerNumber: "5" }, true), 400, "BOOK-VALIDATION-001", "pickup points"],
  ["PICKUP_PARCEL_BULK within Sweden without pickup point", (r) => {
    withProduct(r, { id: "PICKUP_PARCEL_BULK", customerNumber: "6" })
    Object.assign(c0(r).parties, { sender: clone(STOCKHOLM_SENDER), recipient: clone(GOTEBORG_RECIPIENT) })
  }, 400, "BOOK-INPUT-045"],
  ["PICKUP_PARCEL_BULK to Norway without pickup point", onImport((r) => void delete c0(r).parties.pickupPoint), 400, "BOOK-INPUT-045"],
  // Rule 3 per country: only SERVICEPAKKE and PICKUP_PARCEL_BULK to Norway and PICKUP_PARCEL_BULK to Sweden need a point.
  ["SERVICEPAKKE within Norway without pickup point", (r) => void withProduct(r, { id: "SERVICEPAKKE", customerNumber: "5" }), 400, "BOOK-INPUT-045"],
  ["PICKUP_PARCEL within Sweden without pickup point", (r) => {
    withProduct(r, { id: "PICKUP_PARCEL", customerNumber: "6" })
    Object.assign(c0(r).parties, { sender: clone(STOCKHOLM_SENDER), recipient: clone(GOTEBORG_RECIPIENT) })
  }, 200, null],
  ["PICKUP_PARCEL Sweden to Finland without pickup point", (r) => {
    withProduct(r, { id: "PICKUP_PARCEL", customerNumber: "6" })
    const aino = { name: "Aino Virtanen", addressLine: "Mannerheimintie 1", postalCode: "00100", city: "HELSINKI", countryCode: "FI", contact: { email: "aino@example.test" } }
    Object.assign(c0(r).parties, { sender: clone(STOCKHOLM_SENDER), recipient: aino })
  }, 200, null],
  ["PICKUP_PARCEL Sweden to Norway without pickup point", (r) => {
    withProduct(r, { id: "PICKUP_PARCEL", customerNumber: "6" })
    c0(r).parties.sender = clone(STOCKHOLM_SENDER)
  }, 200, null],
  ["PICKUP_PARCEL_BULK to Denmark without pickup point goes to the door", (r) => {
    withProduct(r, { id: "PICKUP_PARCEL_BULK", customerNumber: "6" })
    c0(r).parties.sender = clone(STOCKHOLM_SENDER)
    c0(r).parties.recipient = { name: "Mette", addressLine: "Algade 1", postalCode: "8000", city: "AARHUS C", countryCode: "DK" }
  }, 200, null],
  ["PICKUP_PARCEL in Denmark goes to the door without deliveryOption", (r) => {
    withProduct(r, { id: "PICKUP_PARCEL", customerNumber: "6" })
    c0(r).parties.sender = { ...clone(STOCKHOLM_SENDER), postalCode: "2100", city: "KØBENHAVN Ø", countryCode: "DK" }
    c0(r).parties.recipient = { name: "Mette", addressLine: "Algade 1", postalCode: "8000", city: "AARHUS C", countryCode: "DK" }
  }, 200, null],
  ["PICKUP_PARCEL in Denmark with deliveryOption PICKUP_POINT needs notification", (r) => {
    withProduct(r, { id: "PICKUP_PARCEL", customerNumber: "6", services: { deliveryOption: "PICKUP_POINT" } })
    c0(r).parties.sender = { ...clone(STOCKHOLM_SENDER), postalCode: "2100", city: "KØBENHAVN Ø", countryCode: "DK" }
    c0(r).parties.recipient = { name: "Mette", addressLine: "Algade 1", postalCode: "8000", city: "AARHUS C", countryCode: "DK" }
  }, 400, "BOOK_VALIDATION-011"],
  ["deliveryOption not offered by the service", (r) => void (c0(r).product.services = { deliveryOption: "TWO_DELIVERIES_THEN_PIB" }), 400, "BOOK-VALIDATION-001", "deliveryOption"],
  // Cargo measurements (carrier notes 28)
  ["cargo without weight", (r) => cargo(r, { volumeInDm3: 500 }), 400, "BOOK-INPUT-002"],
  ["cargo without volume, load metres, dimensions or pallets", (r) => cargo(r, { weightInKg: 300 }), 400, "BOOK-INPUT-001", "volumeInDm3, loadMeters"],
  ["cargo with weight and load metres", (r) => cargo(r, { weightInKg: 300, loadMeters: 0.4 }), 200, null],
  ["cargo load metres above 49.9", (r) => cargo(r, { weightInKg: 300, loadMeters: 50 }), 400, "BOOK-INPUT-001", "loadMeters"],
  ["home delivery without weight", (r) => {
    withProduct(r, { id: "CURBSIDE", customerNumber: "7" })
    delete c0(r).packages[0].weightInKg
  }, 400, "BOOK-INPUT-002"],
  ["home delivery without volume or dimensions", (r) => {
    withProduct(r, { id: "DOUBLE_INDOOR", customerNumber: "7" })
    delete c0(r).packages[0].dimensions
  }, 400, "BOOK-INPUT-001", "volumeInDm3 or dimensions"],
  ["parcel service without measurements", (r) => void (c0(r).packages = [{ correlationId: "PKG-1" }]), 200, null],
  // Mailbox parcels (carrier notes 32)
  ["mailbox parcel with two packages", (r) => {
    withProduct(r, { id: "3584", customerNumber: "5" })
    c0(r).packages = [{ weightInKg: 0.5 }, { weightInKg: 0.5 }]
  }, 400, "BOOK-INPUT-001", "exactly one package"],
  ["mailbox parcel too thick", (r) => {
    withProduct(r, { id: "3570", customerNumber: "5" })
    c0(r).packages[0].dimensions = { lengthInCm: 30, widthInCm: 20, heightInCm: 10 }
  }, 400, "BOOK-INPUT-023"],
  ["mailbox parcel with the prefixed customer number", (r) => {
    withProduct(r, { id: "3584", customerNumber: "PARCELS_NORWAY-00000000005" })
    c0(r).packages[0].dimensions = { lengthInCm: 30, widthInCm: 20, heightInCm: 5 }
  }, 400, "BOOK-INPUT-021"],
  // Coverage
  ["SERVICEPAKKE to Sweden", (r) => {
    c0(r).parties.recipient = clone(GOTEBORG_RECIPIENT)
    c0(r).parties.pickupPoint = { id: "2411011", countryCode: "SE" }
  }, 400, "BOOK-INPUT-024"],
  ["home delivery to Svalbard", (r) => {
    withProduct(r, { id: "PA_DOREN", customerNumber: "5" })
    Object.assign(c0(r).parties.recipient, { postalCode: "9170", city: "LONGYEARBYEN" })
  }, 400, "BOOK-INPUT-024"],
  ["home delivery without recipient phone", (r) => {
    withProduct(r, { id: "PA_DOREN", customerNumber: "5" })
    delete c0(r).parties.recipient.contact.phoneNumber
  }, 400, "BOOK-INPUT-072"],
  // Additional services per service
  ["additional service not offered by SERVICEPAKKE", (r) => void (c0(r).product.additionalServices = [{ id: "LORDAGSUTKJORING" }]), 400, "BOOK-VALIDATION-001", "LORDAGSUTKJORING"],
  ["EVARSLING and POSTOPPKRAV on SERVICEPAKKE", (r) => void (c0(r).product.additionalServices = [{ id: "EVARSLING", mobile: "+4791234567" }, cod()]), 200, null],
  // Cash on delivery: the amount, its currency and the account to pay it into
  ["POSTOPPKRAV without account number", (r) => void (c0(r).product.additionalServices = [cod({ accountNumber: undefined })]), 400, "BOOK-INPUT-001", "accountNumber is required"],
  ["POSTOPPKRAV without amount", (r) => void (c0(r).product.additionalServices = [cod({ amount: undefined })]), 400, "BOOK-INPUT-001", "amount must be a positive number"],
  ["POSTOPPKRAV with amount 0", (r) => void (c0(r).product.additionalServices = [cod({ amount: 0 })]), 400, "BOOK-INPUT-001", "amount must be a positive number"],
  ["POSTOPPKRAV without currency", (r) => void (c0(r).product.additionalServices = [cod({ currencyCode: undefined })]), 400, "BOOK-INPUT-001", "currencyCode must be an ISO 4217 code"],
  ["POSTOPPKRAV with a lower-case currency", (r) => void (c0(r).product.additionalServices = [cod({ currencyCode: "nok" })]), 400, "BOOK-INPUT-001", "currencyCode"],
  ["POSTOPPKRAV with an unknown account type", (r) => void (c0(r).product.additionalServices = [cod({ accountType: "iban" })]), 400, "BOOK-INPUT-001", "accountType"],
  ["bag on door on 3570", (r) => {
    withProduct(r, { id: "3570", customerNumber: "5", additionalServices: [{ id: "1081" }] })
    c0(r).packages[0].dimensions.heightInCm = 5
  }, 200, null],
  // Customs export (carrier notes 33)
  ["export without customs declaration", onExport((r) => void delete c0(r).product.ediCustomsDeclarations), 400, "BOOK-INPUT-001", "ediCustomsDeclarations"],
  ["export without natureOfTransaction", onExport((r) => void delete exportDeclaration(r).natureOfTransaction), 400, "BOOK-INPUT-001", "natureOfTransaction"],
  ["export line without countryOfOrigin", onExport((r) => void delete exportDeclaration(r).ediCustomsDeclaration[0].countryOfOrigin), 400, "BOOK-INPUT-001", "countryOfOrigin"],
  ["export line without amount", onExport((r) => void delete exportDeclaration(r).ediCustomsDeclaration[0].tarriffLineAmount), 400, "BOOK-INPUT-001", "tarriffLineAmount"],
  ["export line without customsArticleNumber (optional)", onExport((r) => void delete exportDeclaration(r).ediCustomsDeclaration[0].customsArticleNumber), 200, null],
  ["export without recipient e-mail or phone", onExport((r) => void (c0(r).parties.recipient.contact = {})), 400, "BOOK_VALIDATION-011"],
  ["export IOSS number of the wrong form", onExport((r) => {
    delete c0(r).parties.sender.reference
    exportDeclaration(r).iossNumber = "IM123"
  }), 400, "BOOK-INPUT-001", "iossNumber"],
  ["export IOSS number with a gift", onExport((r) => {
    delete c0(r).parties.sender.reference
    Object.assign(exportDeclaration(r), { iossNumber: "IM1234567890", natureOfTransaction: "GIFT" })
  }), 400, "BOOK-VALIDATION-001", "SALE_OF_GOODS"],
  ["export IOSS number with a sender reference", onExport((r) => void (exportDeclaration(r).iossNumber = "IM1234567890")), 400, "BOOK-VALIDATION-001", "reference"],
  ["export IOSS number with a sale and no reference", onExport((r) => {
    delete c0(r).parties.sender.reference
    exportDeclaration(r).iossNumber = "IM1234567890"
  }), 200, null],
  // Customs import (carrier notes 34)
  ["import line without customsArticleNumber", onImport((r) => void delete exportDeclaration(r).ediCustomsDeclaration[0].customsArticleNumber), 400, "BOOK-INPUT-001", "customsArticleNumber"],
  ["import without vatOnEcommerce", onImport((r) => void delete c0(r).vatOnEcommerce), 400, "BOOK-INPUT-001", "vatOnEcommerce"],
  ["import vatOnEcommerce of 6 digits", onImport((r) => void (c0(r).vatOnEcommerce = 123456)), 400, "BOOK-INPUT-001", "vatOnEcommerce"],
  ["import as a gift", onImport((r) => void (exportDeclaration(r).natureOfTransaction = "GIFT")), 400, "BOOK-VALIDATION-001", "SALE_OF_GOODS"],
  ["import without the facility", onImport((r) => {
    delete c0(r).product.ediCustomsDeclarations
    delete c0(r).vatOnEcommerce
  }), 200, null],
  // Free returns (carrier notes 31) and QR codes (carrier notes 30)
  ["return product not paired with the service", (r) => void (c0(r).returnProduct = { id: "9300" }), 400, "BOOK-INPUT-043"],
  ["return product paired with the service", (r) => void (c0(r).returnProduct = { id: "SERVICEPAKKE_RETUR" }), 200, null],
  ["QR codes on an outgoing service", (r) => void (c0(r).generateQrCodes = true), 400, "BOOK-VALIDATION-001", "generateQrCodes"],
  ["QR codes on a free return whose service has none", (r) => {
    c0(r).returnProduct = { id: "SERVICEPAKKE_RETUR" }
    c0(r).generateQrCodes = true
  }, 400, "BOOK-VALIDATION-001", "generateQrCodes"],
  ["QR codes on a free return with 9300", (r) => {
    withProduct(r, { id: "5800", customerNumber: "5" })
    c0(r).returnProduct = { id: "9300" }
    c0(r).generateQrCodes = true
  }, 200, null],
  // Field limits
  ["recipient address line of 36 characters", (r) => void (c0(r).parties.recipient.addressLine = LONG(36)), 400, "BOOK-INPUT-001", "parties.recipient.addressLine"],
  ["recipient address line of 35 characters", (r) => void (c0(r).parties.recipient.addressLine = LONG(35)), 200, null],
  ["contact e-mail of 61 characters", (r) => void (c0(r).parties.recipient.contact.email = `${LONG(50)}@example.te`), 400, "BOOK-INPUT-001", "contact.email"],
  ["vatNumber of 31 characters", (r) => void (c0(r).parties.recipient.vatNumber = LONG(31)), 400, "BOOK-INPUT-001", "vatNumber"],
  ["message for recipient of 36 characters", (r) => void (c0(r).product.messageForRecipient = LONG(36)), 400, "BOOK-INPUT-001", "messageForRecipient"],
  ["goods description of 36 characters", (r) => void (c0(r).packages[0].goodsDescription = LONG(36)), 400, "BOOK-INPUT-001", "goodsDescription"],
  ["purchase order number of 36 characters", (r) => void (c0(r).purchaseOrder = { purchaseOrderNumber: LONG(36) }), 400, "BOOK-INPUT-001", "purchaseOrderNumber"],
]

describe("booking rules", () => {
  let sandbox: Sandbox
  let client: Api

  beforeAll(async () => {
    sandbox = await startSandbox({
      rateLimits: { booking: 10_000 },
      users: [
        { ...DEMO_CREDENTIALS, customerNumbers: ["5", "6", "7"], admin: true },
        { apiUid: "limited@shop.test", apiKey: "limited-key", customerNumbers: ["5"] },
      ],
    })
    client = api(sandbox)
  })
  afterAll(() => sandbox.close())

  const rows = CASES.map(([name, mutate, status, code, messagePart]) => ({ name, mutate, status, code, messagePart }))
  it.each(rows)("$name → $status $code", async ({ mutate, status, code, messagePart }) => {
    const request = servicepakkeRequest()
    const mutated = mutate(request) ?? request
    const { status: actualStatus, body } = await jsonOf(client.post("/booking/api/booking", mutated))

    const entry = body.consignments[0]
    const errors: { code: string; uniqueId: string; messages: { lang: string; message: string }[] }[] = entry.errors ?? []
    expect({ status: actualStatus, codes: errors.map((e) => e.code) }).toEqual({ status, codes: code ? [code] : [] })
    if (code) {
      expect(entry.confirmation).toBeNull()
      expect(errors[0].uniqueId).toMatch(/^[0-9a-f-]{36}$/)
      expect(errors[0].messages[0].lang).toBe("en")
      if (messagePart) expect(errors[0].messages[0].message).toContain(messagePart)
    } else {
      expect(entry.confirmation.consignmentNumber).toMatch(/^\d{17}$/)
    }
  })

  it("refuses a customer number the user has not been granted", async () => {
    const request = exportRequest()
    const { status, body } = await jsonOf(api(sandbox, { apiUid: "limited@shop.test", apiKey: "limited-key" }).post("/booking/api/booking", request))
    expect(status).toBe(400)
    expect(body.consignments[0].errors.map((e: { code: string }) => e.code)).toEqual(["BOOK-AUTHORIZATION-001"])
  })

  it("reports package-level errors with the package's correlation id", async () => {
    const request = servicepakkeRequest()
    c0(request).packages.push({ correlationId: "PKG-2", weightInKg: 80 })
    const { body } = await jsonOf(client.post("/booking/api/booking", request))
    expect(body.consignments[0]).toMatchObject({
      correlationId: "ORDER-1001",
      errors: [{ code: "BOOK-INPUT-023", consignmentCorrelationId: "ORDER-1001", packageCorrelationId: "PKG-2" }],
    })
  })

  it("reports every field problem of a consignment at once", async () => {
    const request = servicepakkeRequest()
    delete c0(request).parties.recipient.name
    c0(request).parties.sender.city = ""
    const { body } = await jsonOf(client.post("/booking/api/booking", request))
    expect(body.consignments[0].errors.map((e: { code: string }) => e.code).sort()).toEqual(["BOOK-INPUT-014-RECIPIENT", "BOOK-INPUT-016-SENDER"])
  })
})
