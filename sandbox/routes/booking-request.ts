import { agreementServices, findCustomer } from "../data/customers"
import { findService, type CarrierService, type Parcel } from "../data/services"
import { fromOsloLocal, isValidCalendarDate } from "../dates"
import type { BookingIssue } from "../errors"
import { locatePostalCode, type Place } from "../locations"
import type { SandboxUser } from "../types"
import { isNonEmptyString, isRecord } from "../values"

/**
 * The first two stages of booking validation: the request root (testIndicator, schemaVersion,
 * exactly one consignment) and the consignment's own fields (limits, parties, product and customer
 * number, packages). Every problem of a stage is reported together.
 */

const MAX_PACKAGES = 50
const MAX_LOAD_METERS = 49.9

export interface BookingPackage {
  correlationId: string | null
  parcel: Parcel
}

// ---------------------------------------------------------------------------------------------
// Stage 1: the request root (testIndicator, schemaVersion, exactly one consignment)

export function checkRoot(body: Record<string, unknown>): BookingIssue[] {
  const issues: BookingIssue[] = []
  if (typeof body.testIndicator !== "boolean") {
    issues.push({
      code: "BOOK-INPUT-030",
      message: "Please set the testIndicator attribute on the request (true = test booking, false = production booking)",
    })
  }
  if (body.schemaVersion === undefined || body.schemaVersion === null) {
    issues.push({ code: "BOOK-INPUT-003", message: "Schema version must be present" })
  } else if (Number(body.schemaVersion) !== 1) {
    issues.push({
      code: "BOOK-INPUT-003",
      message: `Schema version ${String(body.schemaVersion)} is not supported; the current version is 1`,
    })
  }
  if (!Array.isArray(body.consignments) || body.consignments.length === 0) {
    issues.push({ code: "BOOK-INPUT-004", message: "At least one consignment must be specified" })
  } else if (body.consignments.length > 1) {
    issues.push({ code: "BOOK-INPUT-005", message: "Multiple consignments in one booking is not supported" })
  }
  return issues
}

// ---------------------------------------------------------------------------------------------
// Stage 2: the consignment's own fields

/** A consignment whose fields are sound, ready for the business rules. */
export interface SoundFields {
  service: CarrierService
  customerNumber: string
  from: Place
  to: Place
  packages: BookingPackage[]
  shippingDateTime: Date
}

export function checkConsignmentFields(
  consignment: Record<string, unknown>,
  user: SandboxUser
): { ok: true; value: SoundFields } | { ok: false; issues: BookingIssue[] } {
  const issues = checkStringLimits(consignment)

  const shippingDateTime = parseDateTime(consignment.shippingDateTime)
  if (consignment.shippingDateTime === undefined || consignment.shippingDateTime === null) {
    issues.push({ code: "BOOK-INPUT-012", message: "Shipping date and time must be provided" })
  } else if (!shippingDateTime) {
    issues.push({
      code: "BOOK-INPUT-012",
      message: "shippingDateTime must be yyyy-MM-ddTHH:mm:ss (optional fraction and offset) or epoch milliseconds",
    })
  }

  const parties = isRecord(consignment.parties) ? consignment.parties : {}
  let from: Place | undefined
  let to: Place | undefined
  if (!isRecord(parties.sender)) issues.push({ code: "BOOK-INPUT-006", message: "Sender must be specified" })
  else from = checkParty(parties.sender, "sender", "-SENDER", issues)
  if (!isRecord(parties.recipient)) issues.push({ code: "BOOK-INPUT-007", message: "Recipient must be specified" })
  else to = checkParty(parties.recipient, "recipient", "-RECIPIENT", issues)
  // carrier notes 16: importer and returnTo are ordinary parties; their codes carry no suffix.
  for (const role of ["importer", "returnTo"] as const) {
    const party = parties[role]
    if (party === undefined || party === null) continue
    if (!isRecord(party)) issues.push(badRequest(`parties.${role} must be an object`))
    else checkParty(party, role, "", issues)
  }

  const product = checkProduct(consignment.product, user, issues)
  const packages = checkPackages(consignment.packages, issues)

  if (issues.length > 0 || !product || !from || !to || !packages || !shippingDateTime) return { ok: false, issues }
  return { ok: true, value: { ...product, from, to, packages, shippingDateTime } }
}

/** The carrier's field limits, in characters; violations name the field (BOOK-INPUT-001). */
function checkStringLimits(consignment: Record<string, unknown>): BookingIssue[] {
  const issues: BookingIssue[] = []
  const check = (value: unknown, path: string, max: number, packageCorrelationId?: string | null) => {
    if (typeof value === "string" && value.length > max) {
      issues.push({ code: "BOOK-INPUT-001", message: `${path} must be at most ${max} characters`, packageCorrelationId })
    }
  }
  const parties = isRecord(consignment.parties) ? consignment.parties : {}
  for (const role of ["sender", "recipient", "importer", "returnTo"]) {
    const party = parties[role]
    if (!isRecord(party)) continue
    for (const field of ["addressLine", "addressLine2", "postalCode", "city", "reference", "additionalAddressInfo"]) {
      check(party[field], `parties.${role}.${field}`, 35)
    }
    check(party.vatNumber, `parties.${role}.vatNumber`, 30)
    if (isRecord(party.contact)) check(party.contact.email, `parties.${role}.contact.email`, 60)
  }
  if (isRecord(consignment.purchaseOrder)) {
    check(consignment.purchaseOrder.purchaseOrderNumber, "purchaseOrder.purchaseOrderNumber", 35)
  }
  const product = isRecord(consignment.product) ? consignment.product : {}
  for (const field of ["customerNumber", "messageForRecipient", "whoPaysInvoice", "nonStandardCourierProductCode"]) {
    check(product[field], `product.${field}`, 35)
  }
  if (Array.isArray(product.additionalServices)) {
    product.additionalServices.forEach((service: unknown, index: number) => {
      if (!isRecord(service)) return
      for (const [field, value] of Object.entries(service)) {
        if (field !== "id" && field !== "message") check(value, `product.additionalServices[${index}].${field}`, 35)
      }
    })
  }
  const customs = isRecord(product.ediCustomsDeclarations) ? product.ediCustomsDeclarations.ediCustomsDeclaration : undefined
  if (Array.isArray(customs)) {
    customs.forEach((line: unknown, index: number) => {
      const path = `product.ediCustomsDeclarations.ediCustomsDeclaration[${index}].goodsDescription`
      if (isRecord(line)) check(line.goodsDescription, path, 35)
    })
  }
  if (Array.isArray(consignment.packages)) {
    consignment.packages.forEach((pkg: unknown, index: number) => {
      if (!isRecord(pkg)) return
      const correlationId = typeof pkg.correlationId === "string" ? pkg.correlationId : null
      check(pkg.goodsDescription, `packages[${index}].goodsDescription`, 35, correlationId)
      check(pkg.containerId, `packages[${index}].containerId`, 35, correlationId)
    })
  }
  return issues
}

/** Required party fields (carrier notes 16) with the party's suffix; returns the party's place when sound. */
function checkParty(party: Record<string, unknown>, role: string, suffix: string, issues: BookingIssue[]): Place | undefined {
  const required: [field: string, code: string, label: string][] = [
    ["name", "BOOK-INPUT-014", "Name"],
    ["addressLine", "BOOK-INPUT-015", "Address"],
    ["city", "BOOK-INPUT-016", "City"],
    ["countryCode", "BOOK-INPUT-017", "ISO Country code"],
  ]
  let complete = true
  for (const [field, code, label] of required) {
    if (!isNonEmptyString(party[field])) {
      issues.push({ code: `${code}${suffix}`, message: `${label} must be provided for the ${role}` })
      complete = false
    }
  }
  if (!isNonEmptyString(party.countryCode)) return undefined
  const located = locatePostalCode(party.countryCode, party.postalCode)
  if (!located.ok) {
    if (located.problem === "countryCode") {
      issues.push({
        code: `BOOK-INPUT-028${suffix}`,
        message: `Invalid country code for the ${role}: ${party.countryCode}`,
      })
    }
    else issues.push({ code: `BOOK_INPUT-057${suffix}`, message: `Invalid postal code for the ${role}: ${located.message}` })
    return undefined
  }
  return complete ? located.place : undefined
}

/** Product, customer number and the user's right to use them (codes -018…-021, BOOK-AUTHORIZATION-001). */
function checkProduct(
  product: unknown,
  user: SandboxUser,
  issues: BookingIssue[]
): { service: CarrierService; customerNumber: string } | undefined {
  if (!isRecord(product)) {
    issues.push({ code: "BOOK-INPUT-008", message: "Product must be set" })
    return undefined
  }
  let service: CarrierService | undefined
  if (!isNonEmptyString(product.id)) issues.push({ code: "BOOK-INPUT-018", message: "Product ID must be provided" })
  else if (!(service = findService(product.id))) {
    issues.push({ code: "BOOK-INPUT-020", message: `Invalid product ID: ${product.id}` })
  }

  if (!isNonEmptyString(product.customerNumber)) {
    issues.push({ code: "BOOK-INPUT-019", message: "Customer number must be provided" })
    return undefined
  }
  const customer = findCustomer(product.customerNumber)
  if (!customer) {
    issues.push({ code: "BOOK-INPUT-021", message: `Invalid customer number: ${product.customerNumber}` })
    return undefined
  }
  if (!user.customerNumbers.includes(customer.customerNumber)) {
    issues.push({
      code: "BOOK-AUTHORIZATION-001",
      message: `Your user is not authorized to use customer number ${product.customerNumber}`,
    })
    return undefined
  }
  if (!service) return undefined
  if (!agreementServices(customer).includes(service.id)) {
    issues.push({
      code: "BOOK-AUTHORIZATION-001",
      message: `Customer number ${product.customerNumber} has no agreement for product ${service.id}`,
    })
    return undefined
  }
  // carrier notes 32: mailbox parcels use the main number without service prefix and padding zeros.
  if (service.deliveryType === "MAILBOX" && product.customerNumber !== customer.customerNumber) {
    issues.push({
      code: "BOOK-INPUT-021",
      message:
        `Mailbox parcels (${service.id}) need the main customer number without prefix or padding zeros ` +
        `(${customer.customerNumber})`,
    })
    return undefined
  }
  return { service, customerNumber: customer.customerNumber }
}

function checkPackages(raw: unknown, issues: BookingIssue[]): BookingPackage[] | undefined {
  if (!Array.isArray(raw) || raw.length === 0) {
    issues.push({ code: "BOOK-INPUT-009", message: "Package or Package Group must be specified" })
    return undefined
  }
  if (raw.length > MAX_PACKAGES) {
    issues.push({ code: "BOOK-INPUT-001", message: `Too many packages (max ${MAX_PACKAGES})` })
    return undefined
  }
  const before = issues.length
  const packages = raw.map((pkg: unknown, index: number): BookingPackage => {
    if (!isRecord(pkg)) {
      issues.push(badRequest(`packages[${index}] must be an object`))
      return { correlationId: null, parcel: {} }
    }
    const correlationId = typeof pkg.correlationId === "string" ? pkg.correlationId : null
    const problem = (message: string) =>
      issues.push({ code: "BOOK-INPUT-001", message: `packages[${index}].${message}`, packageCorrelationId: correlationId })
    const positive = (value: unknown, name: string, integer = false) => {
      if (value === undefined || value === null) return undefined
      if (typeof value !== "number" || !(value > 0) || (integer && !Number.isInteger(value))) {
        problem(`${name} must be a positive ${integer ? "integer" : "number"}`)
        return undefined
      }
      return value
    }
    const weightKg = positive(pkg.weightInKg, "weightInKg")
    const volumeDm3 = positive(pkg.volumeInDm3, "volumeInDm3")
    const loadMeters = positive(pkg.loadMeters, "loadMeters")
    if (loadMeters !== undefined && loadMeters > MAX_LOAD_METERS) problem(`loadMeters must be at most ${MAX_LOAD_METERS}`)
    const numberOfPallets = positive(pkg.numberOfPallets, "numberOfPallets", true)
    let sides: Pick<Parcel, "lengthCm" | "widthCm" | "heightCm"> = {}
    if (pkg.dimensions !== undefined && pkg.dimensions !== null) {
      const d = isRecord(pkg.dimensions) ? pkg.dimensions : {}
      const lengthCm = positive(d.lengthInCm, "dimensions.lengthInCm", true)
      const widthCm = positive(d.widthInCm, "dimensions.widthInCm", true)
      const heightCm = positive(d.heightInCm, "dimensions.heightInCm", true)
      if (lengthCm === undefined || widthCm === undefined || heightCm === undefined) {
        problem("dimensions needs lengthInCm, widthInCm and heightInCm")
      } else sides = { lengthCm, widthCm, heightCm }
    }
    return { correlationId, parcel: { weightKg, volumeDm3, loadMeters, numberOfPallets, ...sides } }
  })
  return issues.length === before ? packages : undefined
}

/**
 * The carrier's form: yyyy-MM-ddTHH:mm:ss with optional fraction and offset (no offset = Oslo time), or,
 * in JSON, milliseconds since the epoch.
 */
export function parseDateTime(value: unknown): Date | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? new Date(value) : undefined
  if (typeof value !== "string") return undefined
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/.exec(value)
  if (!match) return undefined
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number)
  if (!isValidCalendarDate(year, month, day) || hour > 23 || minute > 59 || second > 59) return undefined
  if (!match[8]) return fromOsloLocal({ year, month, day }, hour, minute, second)
  const offset = match[8] === "Z" ? "Z" : `${match[8].slice(0, 3)}:${match[8].slice(-2)}`
  const parsed = new Date(`${match.slice(1, 4).join("-")}T${match.slice(4, 7).join(":")}${match[7] ?? ""}${offset}`)
  return Number.isNaN(parsed.getTime()) ? undefined : parsed
}

function badRequest(message: string): BookingIssue {
  return { code: "BOOK-INPUT-001", message }
}
