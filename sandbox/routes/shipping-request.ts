import { findService, type Parcel } from "../data/services"
import { isValidCalendarDate, type CalendarDate } from "../dates"
import { invalidArgument, type FieldError } from "../errors"
import { locatePostalCode, type Place } from "../locations"
import { isRecord, optionalNumber } from "../values"

/**
 * Reading a shipping lookup: the v2 POST body and the GET query become the same consignments, or
 * the field errors of carrier notes 10 (weights in grams, L1; at most 50 packages, L9; both forms of L8).
 */

const MAX_PACKAGES = 50

export interface LookupConsignment {
  id: unknown
  products: { id: string; customerNumber?: string }[]
  from: Place
  to: Place
  packages: Parcel[]
  additionalServices: string[]
  shippingDate?: CalendarDate
  postingAtPostOffice: boolean
  /** Points whose estimated arrival is asked for (carrier notes 55). */
  pickupPoints: string[]
}

export interface LookupOptions {
  withPrice: boolean
  withExpectedDelivery: boolean
  withGuiInformation: boolean
  trace: boolean
  /** Alternative delivery days asked for, 0–9 (carrier notes 53). */
  alternativeDeliveryDates: number
  withEstimatedDeliveryTime: boolean
}

/** carrier notes 53: 0–9 alternative days, an integer; anything else is the carrier's FG_INPUT_010. */
const MAX_ALTERNATIVE_DATES = 9

function alternativeDates(raw: unknown, field: string, errors: FieldError[]): number {
  if (raw === undefined || raw === null) return 0
  if (typeof raw !== "number" || !Number.isInteger(raw) || raw < 0 || raw > MAX_ALTERNATIVE_DATES) {
    errors.push(invalidArgument(`Wrong number of alternative delivery dates: must be 0 to ${MAX_ALTERNATIVE_DATES}`, field))
    return 0
  }
  return raw
}

function pickupPointIds(raw: unknown): string[] {
  if (!Array.isArray(raw)) return []
  return raw.flatMap((entry: unknown) => (isRecord(entry) && typeof entry.id === "string" && entry.id !== "" ? [entry.id] : []))
}

export type ParsedLookup = { ok: true; consignments: LookupConsignment[]; options: LookupOptions } | { ok: false; errors: FieldError[] }


export function parseLookupBody(body: unknown): ParsedLookup {
  if (!isRecord(body) || !Array.isArray(body.consignments) || body.consignments.length === 0) {
    return { ok: false, errors: [invalidArgument("consignments are required", "consignments")] }
  }
  const errors: FieldError[] = []
  const alternatives = alternativeDates(body.numberOfAlternativeDeliveryDates, "numberOfAlternativeDeliveryDates", errors)
  const consignments = body.consignments.flatMap((raw: unknown, index: number): LookupConsignment[] => {
    const field = (name: string) => `consignments[${index}]${name ? `.${name}` : ""}`
    if (!isRecord(raw)) {
      errors.push(invalidArgument("consignment must be an object", field("")))
      return []
    }
    const products = Array.isArray(raw.products)
      ? raw.products.map((p: unknown) =>
          isRecord(p) && typeof p.id === "string" && p.id !== ""
            ? { id: p.id, ...(typeof p.customerNumber === "string" ? { customerNumber: p.customerNumber } : {}) }
            : undefined
        )
      : []
    if (products.length === 0 || products.some((p) => !p)) errors.push(invalidArgument("product code is required", field("products")))
    const from = place(raw.fromCountryCode, raw.fromPostalCode, field("fromCountryCode"), field("fromPostalCode"), errors)
    const to = place(raw.toCountryCode, raw.toPostalCode, field("toCountryCode"), field("toPostalCode"), errors)
    const packages = parsePackages(raw.packages, field("packages"), errors)
    const shippingDate = raw.shippingDate === undefined ? undefined : parseDateObject(raw.shippingDate, field("shippingDate"), errors)
    const consignment: LookupConsignment | undefined =
      from && to && packages
        ? {
            id: raw.id,
            products: products.filter((p): p is NonNullable<typeof p> => !!p),
            from,
            to,
            packages,
            additionalServices: parseAdditionalServices(raw.additionalServices),
            shippingDate,
            // carrier notes 56: the POST body says it once, at the top level, for every consignment.
            postingAtPostOffice: body.postingAtPostOffice === true,
            pickupPoints: pickupPointIds(raw.pickupPoints),
          }
        : undefined
    if (consignment) checkCargoMeasurements(consignment, field("packages"), errors)
    return consignment ? [consignment] : []
  })
  if (errors.length > 0) return { ok: false, errors }
  return {
    ok: true,
    consignments,
    options: {
      withPrice: body.withPrice !== false,
      withExpectedDelivery: body.withExpectedDelivery === true,
      withGuiInformation: body.withGuiInformation === true,
      trace: body.trace === true,
      alternativeDeliveryDates: alternatives,
      withEstimatedDeliveryTime: body.withEstimatedDeliveryTime === true,
    },
  }
}

export function parseLookupQuery(query: URLSearchParams, variant: Pick<LookupOptions, "withPrice" | "withExpectedDelivery">): ParsedLookup {
  const errors: FieldError[] = []
  const defaultCustomer = query.get("customernumber") ?? undefined
  const products = query.getAll("product").filter((p) => p !== "").map((value) => {
    const [id, customerNumber = defaultCustomer] = value.split(":")
    return { id, ...(customerNumber ? { customerNumber } : {}) }
  })
  if (products.length === 0) errors.push(invalidArgument("product code is required", "product"))
  const from = place(query.get("fromcountry"), query.get("frompostalcode"), "fromcountry", "frompostalcode", errors)
  const to = place(query.get("tocountry"), query.get("topostalcode"), "tocountry", "topostalcode", errors)

  const number = (name: string, integer: boolean): number | undefined => {
    const value = query.get(name)
    if (value === null || value === "") return undefined
    const parsed = Number(value)
    if (!Number.isFinite(parsed) || parsed < 0 || (integer && !Number.isInteger(parsed))) {
      errors.push(invalidArgument(`${name} must be a non-negative ${integer ? "integer" : "number"}`, name))
      return undefined
    }
    return parsed
  }
  const weightGrams = number("weight", true)
  const parcel: Parcel = {
    weightKg: weightGrams === undefined ? undefined : weightGrams / 1000,
    lengthCm: number("length", true),
    widthCm: number("width", true),
    heightCm: number("height", true),
    volumeDm3: number("volumeindm3", true),
    loadMeters: number("loadmeter", false),
  }
  for (const name of ["numberofpallets", "unnumber"]) number(name, true)
  const deliveryDates = query.get("numberofdeliverydates")
  const alternatives = deliveryDates === null || deliveryDates === "" ? 0 : alternativeDates(Number(deliveryDates), "numberofdeliverydates", errors)

  const date = query.get("date")
  const time = query.get("time")
  let shippingDate: CalendarDate | undefined
  if (date !== null) {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
    if (match && isValidCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]))) {
      shippingDate = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) }
    } else errors.push(invalidArgument("date must be YYYY-MM-DD", "date"))
  }
  if (time !== null && !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) errors.push(invalidArgument("time must be HH:mm", "time"))
  const addressLine = query.get("addressline")
  if (addressLine !== null && addressLine.length > 35) {
    errors.push(invalidArgument("addressline must be at most 35 characters", "addressline"))
  }
  const payer = query.get("payer")
  if (payer !== null && !["SENDER", "RECEIVER", "THIRD_PARTY"].includes(payer)) {
    errors.push(invalidArgument("payer must be SENDER, RECEIVER or THIRD_PARTY", "payer"))
  }
  if (query.get("estimateddeliverytime") === "true" && !defaultCustomer) {
    errors.push(invalidArgument("customernumber is required when estimateddeliverytime is true", "customernumber"))
  }
  if (errors.length > 0 || !from || !to) return { ok: false, errors }

  const consignment: LookupConsignment = {
    id: 1,
    products,
    from,
    to,
    packages: Object.values(parcel).some((v) => v !== undefined) ? [parcel] : [],
    additionalServices: query.getAll("additionalservice"),
    shippingDate,
    postingAtPostOffice: query.get("postingatpostoffice") === "true",
    pickupPoints: (query.get("pickuppoints") ?? "").split(",").filter((id) => id !== ""),
  }
  checkCargoMeasurements(consignment, "weight", errors)
  if (errors.length > 0) return { ok: false, errors }
  return { ok: true, consignments: [consignment], options: {
      ...variant,
      withGuiInformation: false,
      trace: false,
      alternativeDeliveryDates: alternatives,
      withEstimatedDeliveryTime: query.get("estimateddeliverytime") === "true",
    },
  }
}

function place(
  countryCode: unknown,
  postalCode: unknown,
  countryField: string,
  postalField: string,
  errors: FieldError[]
): Place | undefined {
  const located = locatePostalCode(countryCode, postalCode)
  if (located.ok) return located.place
  errors.push(invalidArgument(located.message, located.problem === "countryCode" ? countryField : postalField))
  return undefined
}

function parsePackages(raw: unknown, field: string, errors: FieldError[]): Parcel[] | undefined {
  if (raw === undefined || raw === null) return []
  if (!Array.isArray(raw)) {
    errors.push(invalidArgument("packages must be a list", field))
    return undefined
  }
  if (raw.length > MAX_PACKAGES) {
    errors.push(invalidArgument(`Too many packages (max ${MAX_PACKAGES})`, field))
    return undefined
  }
  const valid = raw.every((pkg: unknown, index: number) => {
    const numbers = isRecord(pkg) ? (["grossWeight", "length", "width", "height", "volumeInDm3"] as const).map((name) => pkg[name]) : []
    const ok = isRecord(pkg) && numbers.every((v) => v === undefined || v === null || (typeof v === "number" && v >= 0))
    if (!ok) errors.push(invalidArgument("package measurements must be non-negative numbers", `${field}[${index}]`))
    return ok
  })
  if (!valid) return undefined
  return raw.map((pkg: Record<string, unknown>) => ({
    weightKg: typeof pkg.grossWeight === "number" ? pkg.grossWeight / 1000 : undefined,
    lengthCm: optionalNumber(pkg.length),
    widthCm: optionalNumber(pkg.width),
    heightCm: optionalNumber(pkg.height),
    volumeDm3: optionalNumber(pkg.volumeInDm3),
  }))
}

/** Shipping dates are objects of two-digit strings; numbers and unpadded strings are accepted too. */
function parseDateObject(raw: unknown, field: string, errors: FieldError[]): CalendarDate | undefined {
  const parts = isRecord(raw) ? [raw.year, raw.month, raw.day].map(Number) : []
  if (parts.length === 3 && isValidCalendarDate(parts[0], parts[1], parts[2])) {
    return { year: parts[0], month: parts[1], day: parts[2] }
  }
  errors.push(invalidArgument("shippingDate must have a valid year, month and day", field))
  return undefined
}

/** carrier notes 7: additional services arrive as strings or as `{ "id": … }` objects. */
function parseAdditionalServices(raw: unknown): string[] {
  if (!Array.isArray(raw)) return []
  return raw.flatMap((entry: unknown) =>
    typeof entry === "string" ? [entry] : isRecord(entry) && typeof entry.id === "string" ? [entry.id] : []
  )
}

/** Lookup "Measurement rules": cargo needs a weight and one of volume, load metres or dimensions. */
function checkCargoMeasurements(consignment: LookupConsignment, field: string, errors: FieldError[]): void {
  const cargo = consignment.products.map((p) => findService(p.id)).find((s) => s?.measurementRule === "cargo")
  if (!cargo) return
  const measured = (p: Parcel) =>
    p.weightKg !== undefined &&
    (p.volumeDm3 !== undefined || p.loadMeters !== undefined || [p.lengthCm, p.widthCm, p.heightCm].every((v) => v !== undefined))
  if (consignment.packages.length === 0 || !consignment.packages.every(measured)) {
    errors.push(invalidArgument(`Weight and one of volume, load meters or dimensions are required for cargo service ${cargo.id}`, field))
  }
}
