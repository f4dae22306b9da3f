import { agreementServices, findCustomer } from "../data/customers"
import { findPickupPoint } from "../data/pickup-points"
import { findService, parcelFits, servesRoute, type CarrierService } from "../data/services"
import type { BookingIssue } from "../errors"
import type { Place } from "../locations"
import type { SandboxUser } from "../types"
import { isNonEmptyString, isRecord } from "../values"
import { checkExportDeclaration, checkImportDeclaration, usesImportDeclaration, type CustomsInput } from "./booking-customs"
import { checkConsignmentFields, checkRoot, type BookingPackage, type SoundFields } from "./booking-request"

/**
 * The booking rules of carrier notes 1, 4, 5, 14, 15, 16, 17, 19, 20, checked in three stages: the request root, the
 * consignment's fields (booking-request.ts), then the service's business rules here, which run only
 * once the fields are sound so that one mistake does not cascade into a dozen errors.
 */

export interface ValidatedBooking {
  correlationId: string | null
  /** The consignment exactly as received. */
  consignment: Record<string, unknown>
  test: boolean
  service: CarrierService
  returnService?: CarrierService
  /** Short form ("5"). */
  customerNumber: string
  from: Place
  to: Place
  packages: BookingPackage[]
  shippingDateTime: Date
  generateQrCodes: boolean
}

export type BookingValidation =
  | { ok: true; booking: ValidatedBooking }
  | { ok: false; correlationId: string | null; issues: BookingIssue[] }

export function validateBookingRequest(
  body: unknown,
  bodyUnparseable: boolean,
  user: SandboxUser,
  testHeader: boolean
): BookingValidation {
  if (bodyUnparseable || !isRecord(body)) {
    return fail(null, [{ code: "BOOK_INPUT-059", message: "Invalid input provided. Not able to parse the input successfully" }])
  }
  const consignments = body.consignments
  const first = Array.isArray(consignments) ? consignments[0] : undefined
  const correlationId = isRecord(first) && typeof first.correlationId === "string" ? first.correlationId : null

  const rootIssues = checkRoot(body)
  if (rootIssues.length > 0) return fail(correlationId, rootIssues)
  if (!isRecord(first)) return fail(correlationId, [badRequest("consignments[0] must be an object")])

  const fields = checkConsignmentFields(first, user)
  if (!fields.ok) return fail(correlationId, fields.issues)

  const rules = checkServiceRules(first, fields.value)
  if (rules.issues.length > 0) return fail(correlationId, rules.issues)

  return {
    ok: true,
    booking: {
      correlationId,
      consignment: first,
      test: body.testIndicator === true || testHeader,
      ...fields.value,
      returnService: rules.returnService,
      generateQrCodes: first.generateQrCodes === true,
    },
  }
}

// ---------------------------------------------------------------------------------------------
// Stage 3: the service's business rules

function checkServiceRules(
  consignment: Record<string, unknown>,
  fields: SoundFields
): { issues: BookingIssue[]; returnService?: CarrierService } {
  const { service, from, to, packages, customerNumber } = fields
  const issues: BookingIssue[] = []
  const parties = consignment.parties as Record<string, Record<string, unknown>>
  const product = consignment.product as Record<string, unknown>
  const contact = (party: unknown) => (isRecord(party) && isRecord(party.contact) ? party.contact : {})
  const reach = recipientReach(contact(parties.recipient), product)

  if (!servesRoute(service, from.country.code, to.country.code)) {
    issues.push({
      code: "BOOK-INPUT-024",
      message: `${service.id} is not available from ${from.country.code} to ${to.country.code} (outside coverage)`,
    })
  } else if (service.deliveryType === "HOME" && to.area?.remote) {
    issues.push({ code: "BOOK-INPUT-024", message: `${service.id} does not deliver to ${to.postalCode} (outside coverage)` })
  }

  if (!service.isReturn && service.deliveryType !== "MAILBOX" && !isNonEmptyString(contact(parties.sender).phoneNumber)) {
    issues.push({ code: "BOOK-VALIDATION-001", message: `The sender's phone number is required for ${service.id}` })
  }

  if (packages.length > service.maxPackages) {
    issues.push(badRequest(`${service.id} takes exactly one package per booking`))
  }
  issues.push(...checkMeasurements(service, packages))
  for (const { correlationId, parcel } of packages) {
    if (!parcelFits(service, parcel)) {
      const [l, w, h] = service.maxDimensionsCm
      issues.push({
        code: "BOOK-INPUT-023",
        message: `The package is too big for ${service.id} (max ${service.maxWeightKg} kg, ${l} x ${w} x ${h} cm)`,
        packageCorrelationId: correlationId,
      })
    }
  }

  const delivery = checkDelivery(service, to, parties.pickupPoint, product)
  issues.push(...delivery.issues)
  const exportDeclaration = service.customs.exportFromNorway && from.country.code === "NO" && to.country.code !== "NO"
  // Pickup-point delivery (carrier notes 29) and export customs (carrier notes 33) both need a way to reach the recipient.
  if ((delivery.toPickupPoint || exportDeclaration) && !reach.email && !reach.phone) {
    issues.push({
      code: "BOOK_VALIDATION-011",
      message: "A valid recipient mobile number or email address is required for notification",
    })
  }
  if (service.recipientPhoneRequired && !reach.phone) {
    issues.push({
      code: "BOOK-INPUT-072",
      message: `Missing both recipient phone number and mobile number (required for ${service.id})`,
    })
  }
  issues.push(...checkAdditionalServices(service, product.additionalServices))

  const customs: CustomsInput = {
    serviceId: service.id,
    declarations: product.ediCustomsDeclarations,
    senderReference: parties.sender.reference,
    vatOnEcommerce: consignment.vatOnEcommerce,
  }
  if (exportDeclaration) issues.push(...checkExportDeclaration(customs))
  const importDeclaration = service.customs.importToNorway && from.country.code !== "NO" && to.country.code === "NO"
  if (importDeclaration && usesImportDeclaration(customs)) issues.push(...checkImportDeclaration(customs))

  const returnCheck = checkReturnProduct(service, customerNumber, consignment.returnProduct)
  issues.push(...returnCheck.issues)

  // carrier notes 30: QR codes only for the listed return services, booked directly or as the free return.
  if (consignment.generateQrCodes === true && !service.qrCodes && !returnCheck.returnService?.qrCodes) {
    issues.push({
      code: "BOOK-VALIDATION-001",
      message:
        "generateQrCodes is only available for the return services 9300, SERVICEPAKKE_RETURSERVICE, 9600, " +
        "EKSPRESS09_RETURSERVICE, 9000 and BPAKKE_DOR-DOR_RETURSERVICE (booked directly or as the returnProduct)",
    })
  }
  return { issues, returnService: returnCheck.returnService }
}

/** carrier notes 28 (cargo and home delivery). */
function checkMeasurements(service: CarrierService, packages: BookingPackage[]): BookingIssue[] {
  if (!service.measurementRule) return []
  return packages.flatMap(({ correlationId, parcel }) => {
    const issues: BookingIssue[] = []
    if (parcel.weightKg === undefined) {
      issues.push({
        code: "BOOK-INPUT-002",
        message: `Weight is required for ${service.id}`,
        packageCorrelationId: correlationId,
      })
    }
    const hasSides = parcel.lengthCm !== undefined
    const measured =
      service.measurementRule === "cargo"
        ? parcel.volumeDm3 !== undefined || parcel.loadMeters !== undefined || hasSides || parcel.numberOfPallets !== undefined
        : parcel.volumeDm3 !== undefined || hasSides
    if (!measured) {
      const options =
        service.measurementRule === "cargo" ? "volumeInDm3, loadMeters, dimensions or numberOfPallets" : "volumeInDm3 or dimensions"
      issues.push({
        code: "BOOK-INPUT-001",
        message: `One of ${options} is required for ${service.id}`,
        packageCorrelationId: correlationId,
      })
    }
    return issues
  })
}

interface RecipientReach {
  email: boolean
  phone: boolean
}

/** The recipient can be notified by contact details, `services.recipientNotification` or EVARSLING. */
function recipientReach(contact: Record<string, unknown>, product: Record<string, unknown>): RecipientReach {
  const services = isRecord(product.services) ? product.services : {}
  const notification = isRecord(services.recipientNotification) ? services.recipientNotification : {}
  const evarsling = Array.isArray(product.additionalServices)
    ? product.additionalServices.find((s: unknown) => isRecord(s) && s.id === "EVARSLING")
    : undefined
  const eNotice = isRecord(evarsling) ? evarsling : {}
  return {
    email: [contact.email, notification.email, eNotice.email].some(isNonEmptyString),
    phone: [contact.phoneNumber, notification.mobile, eNotice.mobile].some(isNonEmptyString),
  }
}

/** carrier notes 29: pickup points and delivery options; also tells whether the parcel ends at a pickup point. */
function checkDelivery(
  service: CarrierService,
  to: Place,
  pickupPoint: unknown,
  product: Record<string, unknown>
): { issues: BookingIssue[]; toPickupPoint: boolean } {
  const issues: BookingIssue[] = []
  const services = isRecord(product.services) ? product.services : {}
  const deliveryOption = services.deliveryOption
  if (deliveryOption !== undefined && deliveryOption !== null && !service.deliveryOptions.includes(deliveryOption as string)) {
    issues.push({
      code: "BOOK-VALIDATION-001",
      message: `deliveryOption ${String(deliveryOption)} is not available for ${service.id}`,
    })
  }
  const delivery = service.pickupPointDelivery
  const given = pickupPoint !== undefined && pickupPoint !== null
  if (given && !delivery) {
    issues.push({ code: "BOOK-VALIDATION-001", message: `${service.id} does not deliver to pickup points` })
  } else if (given) {
    const point = isRecord(pickupPoint) ? pickupPoint : {}
    if (!isNonEmptyString(point.id) || !isNonEmptyString(point.countryCode)) {
      issues.push(badRequest("parties.pickupPoint needs both id and countryCode"))
    } else if (point.countryCode.toUpperCase() !== to.country.code || !findPickupPoint(to.country.code, point.id)) {
      issues.push({
        code: "BOOK-INPUT-045",
        message: `Could not find pickup point ${point.id} in ${point.countryCode} for the recipient`,
      })
    }
  } else if (delivery?.requiredTo.includes(to.country.code)) {
    issues.push({
      code: "BOOK-INPUT-045",
      message: `${service.id} to ${to.country.code} needs parties.pickupPoint (id and countryCode)`,
    })
  }
  const toPickupPoint =
    !!delivery && (given || !delivery.doorUnlessRequestedTo.includes(to.country.code) || deliveryOption === "PICKUP_POINT")
  return { issues, toPickupPoint }
}

/** The carrier's additional services per service: anything else is refused. */
function checkAdditionalServices(service: CarrierService, raw: unknown): BookingIssue[] {
  if (raw === undefined || raw === null) return []
  if (!Array.isArray(raw)) return [badRequest("product.additionalServices must be a list")]
  return raw.flatMap((entry: unknown, index: number) => {
    const id = typeof entry === "string" ? entry : isRecord(entry) ? entry.id : undefined
    if (!isNonEmptyString(id)) return [badRequest(`product.additionalServices[${index}].id is required`)]
    if (service.additionalServices.includes(id)) return id === "POSTOPPKRAV" ? checkCashOnDelivery(entry, index) : []
    const allowed = service.additionalServices.length > 0 ? service.additionalServices.join(", ") : "none"
    const message = `Additional service ${id} is not available for ${service.id} (allowed: ${allowed})`
    return [{ code: "BOOK-VALIDATION-001", message }]
  })
}

/**
 * Cash on delivery (POSTOPPKRAV, carrier notes 17): the amount to collect, its currency and the account it
 * is paid into belong to the entry; the carrier cannot collect without all three.
 */
function checkCashOnDelivery(entry: unknown, index: number): BookingIssue[] {
  const fields = isRecord(entry) ? entry : {}
  const path = `product.additionalServices[${index}]`
  const issues: BookingIssue[] = []
  if (!isNonEmptyString(fields.accountNumber)) {
    issues.push(badRequest(`${path}.accountNumber is required for POSTOPPKRAV (the account the amount is paid into)`))
  }
  if (typeof fields.amount !== "number" || !(fields.amount > 0)) {
    issues.push(badRequest(`${path}.amount must be a positive number for POSTOPPKRAV (the amount to collect)`))
  }
  if (typeof fields.currencyCode !== "string" || !/^[A-Z]{3}$/.test(fields.currencyCode)) {
    issues.push(badRequest(`${path}.currencyCode must be an ISO 4217 code for POSTOPPKRAV`))
  }
  if (fields.accountType !== undefined && fields.accountType !== "bankgiro" && fields.accountType !== "plusgiro") {
    issues.push(badRequest(`${path}.accountType must be bankgiro or plusgiro`))
  }
  return issues
}

/** carrier notes 31: which return service may accompany which outgoing service. */
function checkReturnProduct(
  service: CarrierService,
  customerNumber: string,
  raw: unknown
): { issues: BookingIssue[]; returnService?: CarrierService } {
  if (raw === undefined || raw === null) return { issues: [] }
  const id = isRecord(raw) ? raw.id : undefined
  if (!isNonEmptyString(id)) return { issues: [badRequest("returnProduct.id is required")] }
  const returnService = findService(id)
  const customer = findCustomer(customerNumber)
  if (!returnService || !service.freeReturnServices.includes(id)) {
    const allowed = service.freeReturnServices.length > 0 ? service.freeReturnServices.join(", ") : "none"
    const message = `Return product ${id} cannot be booked with ${service.id} (allowed: ${allowed})`
    return { issues: [{ code: "BOOK-INPUT-043", message }] }
  }
  if (!customer || !agreementServices(customer).includes(id)) {
    const message = `Customer number ${customerNumber} has no return agreement for ${id}`
    return { issues: [{ code: "BOOK-INPUT-043", message }] }
  }
  return { issues: [], returnService }
}

function fail(correlationId: string | null, issues: BookingIssue[]): BookingValidation {
  return { ok: false, correlationId, issues }
}

function badRequest(message: string): BookingIssue {
  return { code: "BOOK-INPUT-001", message }
}
