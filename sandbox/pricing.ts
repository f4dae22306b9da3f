import {
  findAdditionalService,
  PAPER_NOTIFICATION_FEE,
  POSTING_AT_POST_OFFICE_FEE,
  POSTING_AT_POST_OFFICE_SERVICES,
} from "./data/additional-services"
import { priceListForSender, vatRateForSender } from "./data/countries"
import type { CarrierService, Parcel } from "./data/services"
import { addWorkingDays, formatNorwegianDate, weekday, type CalendarDate } from "./dates"
import { distanceKm } from "./geo"
import type { Place } from "./locations"

/**
 * The sandbox's deterministic price and delivery model. Prices are computed in øre to avoid
 * floating-point drift and written as decimal strings with two decimals.
 *
 * List price per package = base + perKg × (started kg − 1) + perZone × (zones − 1), where the kg
 * are the chargeable weight (the larger of real and volumetric weight for the services the carrier
 * names). Per consignment: SERVICEPAKKE without EVARSLING adds the paper-notification fee, and
 * posting at a post office adds its surcharge. Additional services add their own prices.
 * Agreement (net) price = list price − 20 %. Currency and VAT by the sender's country: the
 * model is the Norwegian list, and a sender in Sweden, Denmark or Finland gets its own country's
 * list (the model's amounts times that list's factor) in its own currency.
 */

const AGREEMENT_DISCOUNT = 0.2
/** kg per dm³ for volumetric weight: 250 kg/m³ for parcels, 333 kg/m³ for cargo. */
const PARCEL_KG_PER_DM3 = 0.25
const CARGO_KG_PER_DM3 = 0.333
const KG_PER_LOAD_METER = 1850

export interface Amount {
  amountWithoutVAT: string
  vat: string
  amountWithVAT: string
}

export interface PriceBlock {
  priceWithoutAdditionalServices: Amount
  priceWithAdditionalServices: Amount
  additionalServices: {
    additionalServiceId: string
    additionalServiceDescription: string
    additionalServicePrice: Amount
    additionalServiceCodeFromProductionSystem: string
  }[]
  currencyCode: string
}

export interface PriceQuery {
  service: CarrierService
  from: Place
  to: Place
  packages: Parcel[]
  /** Additional services requested; codes the service does not offer are ignored (and noted). */
  additionalServices: string[]
  postingAtPostOffice: boolean
}

export interface Quote {
  listPrice: PriceBlock
  netPrice: PriceBlock
  zones: number
  /** Explanations for the response's traceMessages. */
  notes: string[]
}

/** 1–5 by distance within a country; 6 Nordic, 7 Europe, 8 rest of the world across borders. */
export function zoneCount(from: Place, to: Place): number {
  if (from.country.code === to.country.code) {
    const km = distanceKm(from.location, to.location)
    return km < 50 ? 1 : km < 150 ? 2 : km < 400 ? 3 : km < 800 ? 4 : 5
  }
  const regions = [from.country.region, to.country.region]
  if (regions.includes("world")) return 8
  if (regions.includes("europe")) return 7
  return 6
}

export function quote(query: PriceQuery): Quote {
  const { service } = query
  const zones = zoneCount(query.from, query.to)
  const notes: string[] = []
  const packages = query.packages.length > 0 ? query.packages : [{}]
  let freightOre = packages.reduce((sum, parcel) => sum + packageOre(service, parcel, zones), 0)

  if (service.id === "SERVICEPAKKE" && !query.additionalServices.includes("EVARSLING")) {
    freightOre += PAPER_NOTIFICATION_FEE * 100
    notes.push(`${service.id}: paper notification fee ${PAPER_NOTIFICATION_FEE.toFixed(2)} added because EVARSLING was not given`)
  }
  if (query.postingAtPostOffice && POSTING_AT_POST_OFFICE_SERVICES.includes(service.id)) {
    freightOre += POSTING_AT_POST_OFFICE_FEE * 100
    notes.push(`${service.id}: surcharge ${POSTING_AT_POST_OFFICE_FEE.toFixed(2)} for posting at a post office`)
  }

  const extras = query.additionalServices.flatMap((code) => {
    const extra = findAdditionalService(code)
    if (extra && service.additionalServices.includes(code)) return [extra]
    notes.push(`${service.id}: additional service ${code} is not available for this service and was ignored`)
    return []
  })

  const vatRate = vatRateForSender(query.from.country.code)
  const priceList = priceListForSender(query.from.country.code)
  const block = (factor: number): PriceBlock => {
    const scale = (ore: number) => Math.round(ore * factor * priceList.factor)
    const extraOre = extras.map((extra) => scale(extra.price * 100))
    return {
      priceWithoutAdditionalServices: amount(scale(freightOre), vatRate),
      priceWithAdditionalServices: amount(scale(freightOre) + extraOre.reduce((a, b) => a + b, 0), vatRate),
      additionalServices: extras.map((extra, index) => ({
        additionalServiceId: extra.id,
        additionalServiceDescription: extra.description,
        additionalServicePrice: amount(extraOre[index], vatRate),
        additionalServiceCodeFromProductionSystem: extra.productionCode,
      })),
      currencyCode: priceList.currency,
    }
  }
  return { listPrice: block(1), netPrice: block(1 - AGREEMENT_DISCOUNT), zones, notes }
}

/** The larger of real and volumetric weight (volumetric only for the services the carrier names). */
function chargeableWeightKg(service: CarrierService, parcel: Parcel): number {
  const real = parcel.weightKg ?? 0
  if (!service.volumetricWeight && service.measurementRule !== "cargo") return real
  const kgPerDm3 = service.measurementRule === "cargo" ? CARGO_KG_PER_DM3 : PARCEL_KG_PER_DM3
  const volume = parcel.volumeDm3 ?? volumeFromSides(parcel) ?? 0
  const byVolume = service.volumetricWeight ? volume * kgPerDm3 : 0
  const byLoadMeters = service.measurementRule === "cargo" ? (parcel.loadMeters ?? 0) * KG_PER_LOAD_METER : 0
  return Math.max(real, byVolume, byLoadMeters)
}

function packageOre(service: CarrierService, parcel: Parcel, zones: number): number {
  const startedKg = Math.max(1, Math.ceil(chargeableWeightKg(service, parcel) - 1e-9))
  const { base, perKg, perZone } = service.price
  return Math.round((base + perKg * (startedKg - 1) + perZone * (zones - 1)) * 100)
}

function volumeFromSides(parcel: Parcel): number | undefined {
  const { lengthCm, widthCm, heightCm } = parcel
  if (lengthCm === undefined || widthCm === undefined || heightCm === undefined) return undefined
  return (lengthCm * widthCm * heightCm) / 1000
}

function amount(ore: number, vatRate: number): Amount {
  const vat = Math.round(ore * vatRate)
  return { amountWithoutVAT: decimal(ore), vat: decimal(vat), amountWithVAT: decimal(ore + vat) }
}

function decimal(ore: number): string {
  return (ore / 100).toFixed(2)
}

/** Standard transit working days per zone (index = zone − 1). */
const WORKING_DAYS_BY_ZONE = [1, 1, 2, 2, 3, 3, 5, 8]

export interface DeliveryEstimate {
  workingDays: number
  date: CalendarDate
}

export function estimateDelivery(service: CarrierService, zones: number, shippingDate: CalendarDate): DeliveryEstimate {
  const standard = WORKING_DAYS_BY_ZONE[zones - 1]
  const workingDays =
    service.speed === "express" ? Math.max(1, standard - 1) : service.speed === "economy" ? standard + 1 : standard
  return { workingDays, date: addWorkingDays(shippingDate, workingDays) }
}

const NORWEGIAN_WEEKDAYS = ["søndag", "mandag", "tirsdag", "onsdag", "torsdag", "fredag", "lørdag"]

/**
 * The arrival window the carrier predicts for a service, as `{startTime, endTime}` with hour and
 * minute strings (carrier notes 54): evening home delivery (PA_DOREN) and daytime home delivery
 * (5600). Other services get no time slot.
 */
const TIME_SLOTS: Record<string, { start: number; end: number }> = {
  PA_DOREN: { start: 17, end: 21 },
  "5600": { start: 8, end: 16 },
}

function timeSlotsOf(serviceId: string) {
  const slot = TIME_SLOTS[serviceId]
  if (!slot) return {}
  return { timeSlots: [{ startTime: { hour: String(slot.start), minute: "0" }, endTime: { hour: String(slot.end), minute: "0" } }] }
}

function dateParts(date: CalendarDate) {
  return { year: String(date.year), month: String(date.month), day: String(date.day) }
}

/**
 * The lookup response's `expectedDelivery` (carrier notes 9: unpadded year/month/day strings), with
 * `alternatives` later days (carrier notes 53): the working days after the expected one, each with
 * the day it would be shipped and the service's time slot.
 */
export function expectedDeliveryJson(estimate: DeliveryEstimate, serviceId = "", alternatives = 0, shippingDate?: CalendarDate) {
  const formatted = formatNorwegianDate(estimate.date)
  const alternativeDeliveryDates = Array.from({ length: alternatives }, (_, index) => {
    const date = addWorkingDays(estimate.date, index + 1)
    return {
      shippingDate: dateParts(addWorkingDays(shippingDate ?? estimate.date, index + 1)),
      formattedExpectedDeliveryDate: formatNorwegianDate(date),
      expectedDeliveryDate: { ...dateParts(date), ...timeSlotsOf(serviceId) },
    }
  })
  return {
    workingDays: String(estimate.workingDays),
    userMessage: `Forventet levert ${NORWEGIAN_WEEKDAYS[weekday(estimate.date)]} ${formatted}`,
    formattedExpectedDeliveryDate: formatted,
    expectedDeliveryDate: { ...dateParts(estimate.date), ...timeSlotsOf(serviceId) },
    alternativeDeliveryDates,
  }
}

/** Services whose lookup estimates the arrival at each listed pickup point (carrier notes 55). */
export const ESTIMATED_ARRIVAL_SERVICES = ["SERVICEPAKKE", "5800"]

/**
 * The estimated arrival at each listed pickup point on the expected day (carrier notes 55): a window
 * of four hours starting between 09:00 and 13:00, fixed per point, times as "HH:mm".
 */
export function estimatedDeliveryTimesJson(pointIds: string[], date: CalendarDate) {
  return pointIds.map((pickupPointId) => {
    const start = 9 + ([...pickupPointId].reduce((sum, c) => sum + c.charCodeAt(0), 0) % 5)
    return {
      pickupPointId,
      deliveryStartTime: `${String(start).padStart(2, "0")}:00`,
      deliveryEndTime: `${String(start + 4).padStart(2, "0")}:00`,
      formattedExpectedDeliveryDate: formatNorwegianDate(date),
    }
  })
}
