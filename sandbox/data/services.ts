/**
 * The sandbox's service catalogue: every service code it prices and books, with the limits and
 * rules the booking and lookup routes enforce. Exported so tests can derive expectations from it
 * instead of repeating numbers.
 */

export type DeliveryType = "PICKUP_POINT" | "HOME" | "BUSINESS" | "MAILBOX" | "RETURN" | "CARGO"

/** Which routes a service serves. `"ANY"` = every country the sandbox knows. */
export interface ServiceRoutes {
  /** Countries where the service runs within the country. */
  domestic: readonly string[]
  crossBorder?: { from: readonly string[] | "ANY"; to: readonly string[] | "ANY" }
}

/** Pickup-point delivery (carrier notes 29); absent for services that never deliver to a pickup point. */
export interface PickupPointDelivery {
  /** Destination countries where the booking must name a pickup point. */
  requiredTo: readonly string[]
  /** Destination countries where the parcel goes to the door unless deliveryOption PICKUP_POINT is given. */
  doorUnlessRequestedTo: readonly string[]
}

export interface CarrierService {
  id: string
  /** Code in the carrier's production system (`productionCode` in the lookup response). */
  productionCode: string
  /** Test customer number ("5", "6" or "7") whose agreement includes the service (carrier notes 5). */
  customerNumber: "5" | "6" | "7"
  deliveryType: DeliveryType
  isReturn: boolean
  routes: ServiceRoutes
  maxWeightKg: number
  /** Largest parcel, in cm, sorted descending; a parcel fits when its sorted sides are each within these. */
  maxDimensionsCm: readonly [number, number, number]
  maxPackages: number
  /** Price by volumetric weight when it exceeds the real weight (lookup "Measurement rules"). */
  volumetricWeight: boolean
  /** Measurement rules of carrier notes 28 (cargo and home delivery). */
  measurementRule?: "cargo" | "home-delivery"
  pickupPointDelivery?: PickupPointDelivery
  /** Additional service codes the booking accepts. */
  additionalServices: readonly string[]
  /** Values of `product.services.deliveryOption` the booking accepts. */
  deliveryOptions: readonly string[]
  /** Return services a free-return booking may name (carrier notes 31). */
  freeReturnServices: readonly string[]
  /** The service may be booked with generateQrCodes (carrier notes 30). */
  qrCodes: boolean
  /** Door delivery needs a phone number to reach the recipient (BOOK-INPUT-072). */
  recipientPhoneRequired: boolean
  /** Customs declarations: export from Norway is mandatory, import to Norway is optional (carrier notes 33 and 34). */
  customs: { exportFromNorway: boolean; importToNorway: boolean }
  /** List price in NOK without VAT: per package base + per started kg above the first + per zone above the first. */
  price: { base: number; perKg: number; perZone: number }
  /** Delivery speed relative to the zone's standard transit time. */
  speed: "express" | "standard" | "economy"
  gui: {
    sortOrder: number
    mainDisplayCategory: string
    subDisplayCategory: string
    displayName: string
    productName: string
    descriptionText: string
    helpText: string
    shortName: string
    deliveryType: string
  }
}

const NORWAY_ONLY: ServiceRoutes = { domestic: ["NO"] }
const PARCEL_SIZE = [120, 60, 60] as const
const BUSINESS_SIZE = [240, 60, 60] as const
const MAILBOX_SIZE = [35, 25, 7] as const
const CARGO_SIZE = [600, 240, 240] as const
const NORDIC = ["NO", "SE", "DK", "FI"]
const EUROPE = ["NO", "SE", "DK", "FI", "IS", "DE", "NL", "BE", "FR", "GB", "IE", "PL", "ES", "IT", "AT", "CH", "EE", "LV", "LT"]
const QR_RETURN_SERVICES = ["9300", "SERVICEPAKKE_RETURSERVICE", "9600", "EKSPRESS09_RETURSERVICE", "9000", "BPAKKE_DOR-DOR_RETURSERVICE"]
const NEW_PARCEL_RETURNS = ["9000", "9300", "9600"]
const CLASSIC_RETURNS = ["BEDRIFTSPAKKE_RETUR", "EKSPRESS09_RETUR", "SERVICEPAKKE_RETUR"]

type Gui = CarrierService["gui"]
/** Fields most services share; a definition names them only where it differs. */
type Defaulted =
  | "isReturn" | "routes" | "maxPackages" | "volumetricWeight" | "additionalServices" | "deliveryOptions"
  | "freeReturnServices" | "qrCodes" | "recipientPhoneRequired" | "customs" | "speed"
type Definition = Omit<CarrierService, Defaulted | "gui"> & Partial<Pick<CarrierService, Defaulted>> & { gui: Omit<Gui, "sortOrder"> }

function service(definition: Definition, sortOrder: number): CarrierService {
  const isReturn = definition.deliveryType === "RETURN"
  return {
    isReturn,
    routes: NORWAY_ONLY,
    maxPackages: 50,
    volumetricWeight: false,
    additionalServices: [],
    deliveryOptions: [],
    freeReturnServices: [],
    qrCodes: QR_RETURN_SERVICES.includes(definition.id),
    recipientPhoneRequired: definition.deliveryType === "HOME",
    customs: { exportFromNorway: false, importToNorway: false },
    speed: "standard",
    ...definition,
    gui: { ...definition.gui, sortOrder },
  }
}

/** Display texts (Norwegian, the lookup's default language); one product name serves as display and short name. */
function gui(
  mainDisplayCategory: string,
  subDisplayCategory: string,
  productName: string,
  descriptionText: string,
  helpText: string,
  deliveryType: string
): Omit<Gui, "sortOrder"> {
  return {
    mainDisplayCategory,
    subDisplayCategory,
    displayName: productName,
    productName,
    descriptionText,
    helpText,
    shortName: productName,
    deliveryType,
  }
}

const PICKUP_POINT_TEXT = "Hentes på et hentested eller i en pakkeautomat nær mottaker. Mottaker varsles når pakken er klar."
const HOME_TEXT = "Leveres på døren hos mottaker. Mottaker varsles før levering."
const BUSINESS_TEXT = "Leveres til bedrift på dagtid."
const MAILBOX_TEXT = "Små pakker som leveres i mottakers postkasse."
const RETURN_TEXT = "Returetikett som mottakeren bruker for å sende varen tilbake. Faktureres bare når den brukes."
const CARGO_TEXT = "Gods og paller mellom bedrifter."

const DEFINITIONS: Definition[] = [
  // Norwegian domestic parcels (test customer 5).
  {
    id: "SERVICEPAKKE",
    productionCode: "1202",
    customerNumber: "5",
    deliveryType: "PICKUP_POINT",
    maxWeightKg: 35,
    maxDimensionsCm: PARCEL_SIZE,
    pickupPointDelivery: { requiredTo: ["NO"], doorUnlessRequestedTo: [] },
    additionalServices: ["POSTOPPKRAV", "EVARSLING"],
    freeReturnServices: CLASSIC_RETURNS,
    price: { base: 99, perKg: 6, perZone: 25 },
    gui: gui(
      "Pakke",
      "Hentested",
      "Klimanøytral Servicepakke",
      PICKUP_POINT_TEXT,
      "Velg hentested i kassen.",
      "Hentested",
    ),
  },
  {
    id: "PA_DOREN",
    productionCode: "2870",
    customerNumber: "5",
    deliveryType: "HOME",
    maxWeightKg: 35,
    maxDimensionsCm: PARCEL_SIZE,
    additionalServices: ["EVARSLING", "SIMPLE_DELIVERY", "deliveryOption"],
    deliveryOptions: ["TWO_DELIVERIES_THEN_PIB"],
    freeReturnServices: CLASSIC_RETURNS,
    price: { base: 149, perKg: 7, perZone: 30 },
    gui: gui("Pakke", "Hjemlevering", "På Døren", HOME_TEXT, "Levering på kveldstid.", "Levert hjem"),
  },
  {
    id: "BPAKKE_DOR-DOR",
    productionCode: "1000",
    customerNumber: "5",
    deliveryType: "BUSINESS",
    maxWeightKg: 35,
    maxDimensionsCm: BUSINESS_SIZE,
    additionalServices: ["EVARSLING", "SIMPLE_DELIVERY", "deliveryOption"],
    deliveryOptions: ["TWO_DELIVERIES_THEN_PIB"],
    price: { base: 129, perKg: 6, perZone: 28 },
    gui: gui(
      "Bedrift",
      "Dør til dør",
      "Bedriftspakke Dør-Dør",
      BUSINESS_TEXT,
      "For forsendelser mellom bedrifter.",
      "Bedrift",
    ),
  },
  {
    id: "BEDRIFTSPAKKE",
    productionCode: "1001",
    customerNumber: "5",
    deliveryType: "BUSINESS",
    maxWeightKg: 35,
    maxDimensionsCm: BUSINESS_SIZE,
    freeReturnServices: CLASSIC_RETURNS,
    price: { base: 125, perKg: 6, perZone: 27 },
    gui: gui("Bedrift", "Dør til dør", "Bedriftspakke", BUSINESS_TEXT, "For forsendelser mellom bedrifter.", "Bedrift"),
  },
  {
    id: "EKSPRESS09",
    productionCode: "1002",
    customerNumber: "5",
    deliveryType: "BUSINESS",
    maxWeightKg: 35,
    maxDimensionsCm: BUSINESS_SIZE,
    additionalServices: ["EVARSLING", "LORDAGSUTKJORING"],
    freeReturnServices: CLASSIC_RETURNS,
    speed: "express",
    price: { base: 249, perKg: 8, perZone: 35 },
    gui: gui(
      "Ekspress",
      "Over natten",
      "Bedriftspakke Ekspress-Over natten",
      "Levert før klokken 09 neste virkedag.",
      "Bestill før kl. 16.",
      "Bedrift",
    ),
  },
  {
    id: "5800",
    productionCode: "5800",
    customerNumber: "5",
    deliveryType: "PICKUP_POINT",
    maxWeightKg: 35,
    maxDimensionsCm: PARCEL_SIZE,
    volumetricWeight: true,
    pickupPointDelivery: { requiredTo: [], doorUnlessRequestedTo: [] },
    additionalServices: ["EVARSLING", "POSTOPPKRAV"],
    freeReturnServices: NEW_PARCEL_RETURNS,
    price: { base: 89, perKg: 5, perZone: 22 },
    gui: gui(
      "Pakke",
      "Hentested",
      "Pakke til hentested",
      PICKUP_POINT_TEXT,
      "Nærmeste hentested velges om ikke annet er oppgitt.",
      "Hentested",
    ),
  },
  {
    id: "5600",
    productionCode: "5600",
    customerNumber: "5",
    deliveryType: "HOME",
    maxWeightKg: 35,
    maxDimensionsCm: PARCEL_SIZE,
    volumetricWeight: true,
    additionalServices: ["EVARSLING", "SIMPLE_DELIVERY", "FLEX_DELIVERY"],
    freeReturnServices: NEW_PARCEL_RETURNS,
    price: { base: 139, perKg: 6, perZone: 28 },
    gui: gui(
      "Pakke",
      "Hjemlevering",
      "Pakke levert hjem",
      HOME_TEXT,
      "Mottaker kan endre leveringsdag.",
      "Levert hjem",
    ),
  },
  {
    id: "5000",
    productionCode: "5000",
    customerNumber: "5",
    deliveryType: "BUSINESS",
    maxWeightKg: 35,
    maxDimensionsCm: BUSINESS_SIZE,
    volumetricWeight: true,
    additionalServices: ["EVARSLING"],
    freeReturnServices: NEW_PARCEL_RETURNS,
    price: { base: 119, perKg: 5, perZone: 25 },
    gui: gui(
      "Bedrift",
      "Dør til dør",
      "Pakke til bedrift",
      BUSINESS_TEXT,
      "For forsendelser mellom bedrifter.",
      "Bedrift",
    ),
  },
  {
    id: "4850",
    productionCode: "4850",
    customerNumber: "5",
    deliveryType: "BUSINESS",
    maxWeightKg: 35,
    maxDimensionsCm: BUSINESS_SIZE,
    volumetricWeight: true,
    additionalServices: ["EVARSLING", "LORDAGSUTKJORING"],
    freeReturnServices: NEW_PARCEL_RETURNS,
    speed: "express",
    price: { base: 229, perKg: 8, perZone: 35 },
    gui: gui("Ekspress", "Neste dag", "Ekspress neste dag", "Levert neste virkedag.", "Bestill før kl. 16.", "Bedrift"),
  },
  {
    id: "3584",
    productionCode: "3584",
    customerNumber: "5",
    deliveryType: "MAILBOX",
    maxWeightKg: 5,
    maxDimensionsCm: MAILBOX_SIZE,
    maxPackages: 1,
    additionalServices: ["1081"],
    freeReturnServices: ["9650"],
    speed: "economy",
    price: { base: 49, perKg: 8, perZone: 5 },
    gui: gui("Postkasse", "Postkasse", "Pakke i postkassen", MAILBOX_TEXT, "Maks 35 x 25 x 7 cm og 5 kg.", "Postkasse"),
  },
  {
    id: "3570",
    productionCode: "3570",
    customerNumber: "5",
    deliveryType: "MAILBOX",
    maxWeightKg: 5,
    maxDimensionsCm: MAILBOX_SIZE,
    maxPackages: 1,
    additionalServices: ["1081"],
    freeReturnServices: ["9650"],
    speed: "economy",
    price: { base: 59, perKg: 8, perZone: 5 },
    gui: gui(
      "Postkasse",
      "Postkasse",
      "Pakke i postkassen med RFID",
      `${MAILBOX_TEXT} Sporbar med RFID.`,
      "Krever skriver med RFID.",
      "Postkasse",
    ),
  },
  // Return services (test customer 5).
  {
    id: "9000",
    productionCode: "9000",
    customerNumber: "5",
    deliveryType: "RETURN",
    maxWeightKg: 35,
    maxDimensionsCm: BUSINESS_SIZE,
    volumetricWeight: true,
    price: { base: 119, perKg: 5, perZone: 25 },
    gui: gui("Retur", "Retur", "Returservice pakke til bedrift", RETURN_TEXT, "Kan sendes med QR-kode.", "Retur"),
  },
  {
    id: "9300",
    productionCode: "9300",
    customerNumber: "5",
    deliveryType: "RETURN",
    maxWeightKg: 35,
    maxDimensionsCm: PARCEL_SIZE,
    volumetricWeight: true,
    price: { base: 89, perKg: 5, perZone: 22 },
    gui: gui("Retur", "Retur", "Returservice pakke fra hentested", RETURN_TEXT, "Kan sendes med QR-kode.", "Retur"),
  },
  {
    id: "9600",
    productionCode: "9600",
    customerNumber: "5",
    deliveryType: "RETURN",
    maxWeightKg: 35,
    maxDimensionsCm: BUSINESS_SIZE,
    volumetricWeight: true,
    speed: "express",
    price: { base: 229, perKg: 8, perZone: 35 },
    gui: gui("Retur", "Retur", "Returservice ekspress", RETURN_TEXT, "Kan sendes med QR-kode.", "Retur"),
  },
  {
    id: "9650",
    productionCode: "9650",
    customerNumber: "5",
    deliveryType: "RETURN",
    maxWeightKg: 5,
    maxDimensionsCm: MAILBOX_SIZE,
    price: { base: 49, perKg: 8, perZone: 5 },
    gui: gui("Retur", "Retur", "Returservice pakke i postkassen", RETURN_TEXT, "Retur av pakke i postkassen.", "Retur"),
  },
  {
    id: "SERVICEPAKKE_RETURSERVICE",
    productionCode: "1205",
    customerNumber: "5",
    deliveryType: "RETURN",
    maxWeightKg: 35,
    maxDimensionsCm: PARCEL_SIZE,
    price: { base: 99, perKg: 6, perZone: 25 },
    gui: gui("Retur", "Retur", "Servicepakke returservice", RETURN_TEXT, "Kan sendes med QR-kode.", "Retur"),
  },
  {
    id: "EKSPRESS09_RETURSERVICE",
    productionCode: "1005",
    customerNumber: "5",
    deliveryType: "RETURN",
    maxWeightKg: 35,
    maxDimensionsCm: BUSINESS_SIZE,
    speed: "express",
    price: { base: 249, perKg: 8, perZone: 35 },
    gui: gui("Retur", "Retur", "Ekspress-Over natten returservice", RETURN_TEXT, "Kan sendes med QR-kode.", "Retur"),
  },
  {
    id: "BPAKKE_DOR-DOR_RETURSERVICE",
    productionCode: "1003",
    customerNumber: "5",
    deliveryType: "RETURN",
    maxWeightKg: 35,
    maxDimensionsCm: BUSINESS_SIZE,
    price: { base: 129, perKg: 6, perZone: 28 },
    gui: gui("Retur", "Retur", "Bedriftspakke Dør-Dør returservice", RETURN_TEXT, "Kan sendes med QR-kode.", "Retur"),
  },
  {
    id: "BEDRIFTSPAKKE_RETUR",
    productionCode: "1004",
    customerNumber: "5",
    deliveryType: "RETURN",
    maxWeightKg: 35,
    maxDimensionsCm: BUSINESS_SIZE,
    price: { base: 125, perKg: 6, perZone: 27 },
    gui: gui("Retur", "Retur", "Bedriftspakke retur", RETURN_TEXT, "Følger med utgående sending.", "Retur"),
  },
  {
    id: "EKSPRESS09_RETUR",
    productionCode: "1006",
    customerNumber: "5",
    deliveryType: "RETURN",
    maxWeightKg: 35,
    maxDimensionsCm: BUSINESS_SIZE,
    speed: "express",
    price: { base: 249, perKg: 8, perZone: 35 },
    gui: gui("Retur", "Retur", "Ekspress-Over natten retur", RETURN_TEXT, "Følger med utgående sending.", "Retur"),
  },
  {
    id: "SERVICEPAKKE_RETUR",
    productionCode: "1206",
    customerNumber: "5",
    deliveryType: "RETURN",
    maxWeightKg: 35,
    maxDimensionsCm: PARCEL_SIZE,
    price: { base: 99, perKg: 6, perZone: 25 },
    gui: gui("Retur", "Retur", "Servicepakke retur", RETURN_TEXT, "Følger med utgående sending.", "Retur"),
  },
  // Cross-border and Nordic parcels (test customer 6).
  {
    id: "BUSINESS_PARCEL",
    productionCode: "0330",
    customerNumber: "6",
    deliveryType: "BUSINESS",
    maxWeightKg: 35,
    maxDimensionsCm: BUSINESS_SIZE,
    routes: { domestic: ["SE", "DK", "FI"], crossBorder: { from: NORDIC, to: EUROPE } },
    customs: { exportFromNorway: true, importToNorway: false },
    additionalServices: ["EVARSLING"],
    price: { base: 189, perKg: 9, perZone: 45 },
    gui: gui(
      "Internasjonal",
      "Bedrift",
      "Business Parcel",
      BUSINESS_TEXT,
      "Tolldeklarasjon kreves ved eksport fra Norge.",
      "Bedrift",
    ),
  },
  {
    id: "PICKUP_PARCEL",
    productionCode: "0340",
    customerNumber: "6",
    deliveryType: "PICKUP_POINT",
    maxWeightKg: 20,
    maxDimensionsCm: PARCEL_SIZE,
    routes: { domestic: ["SE", "DK", "FI"], crossBorder: { from: "ANY", to: NORDIC } },
    customs: { exportFromNorway: true, importToNorway: true },
    pickupPointDelivery: { requiredTo: [], doorUnlessRequestedTo: ["DK"] },
    additionalServices: ["EVARSLING"],
    deliveryOptions: ["PICKUP_POINT"],
    price: { base: 159, perKg: 8, perZone: 40 },
    gui: gui(
      "Internasjonal",
      "Hentested",
      "PickUp Parcel",
      PICKUP_POINT_TEXT,
      "Tolldeklarasjon kreves ved eksport fra Norge.",
      "Hentested",
    ),
  },
  {
    id: "PICKUP_PARCEL_BULK",
    productionCode: "0342",
    customerNumber: "6",
    deliveryType: "PICKUP_POINT",
    maxWeightKg: 20,
    maxDimensionsCm: PARCEL_SIZE,
    routes: { domestic: ["SE", "DK"], crossBorder: { from: "ANY", to: ["NO", "SE", "DK"] } },
    customs: { exportFromNorway: false, importToNorway: true },
    pickupPointDelivery: { requiredTo: ["NO", "SE"], doorUnlessRequestedTo: ["DK"] },
    deliveryOptions: ["PICKUP_POINT"],
    price: { base: 129, perKg: 7, perZone: 35 },
    gui: gui(
      "Internasjonal",
      "Hentested",
      "PickUp Parcel Bulk",
      PICKUP_POINT_TEXT,
      "Samlet transport til mottakerlandet.",
      "Hentested",
    ),
  },
  {
    id: "HOME_DELIVERY_PARCEL",
    productionCode: "0349",
    customerNumber: "6",
    deliveryType: "HOME",
    maxWeightKg: 35,
    maxDimensionsCm: PARCEL_SIZE,
    routes: { domestic: ["SE", "DK", "FI"], crossBorder: { from: "ANY", to: NORDIC } },
    customs: { exportFromNorway: false, importToNorway: true },
    additionalServices: ["FLEX_DELIVERY", "SIMPLE_DELIVERY"],
    price: { base: 179, perKg: 8, perZone: 42 },
    gui: gui(
      "Internasjonal",
      "Hjemlevering",
      "Home Delivery Parcel",
      HOME_TEXT,
      "Mottakers telefonnummer kreves.",
      "Levert hjem",
    ),
  },
  // Cargo and large home delivery in Norway (test customer 7).
  {
    id: "5100",
    productionCode: "5100",
    customerNumber: "7",
    deliveryType: "CARGO",
    maxWeightKg: 2500,
    maxDimensionsCm: CARGO_SIZE,
    volumetricWeight: true,
    measurementRule: "cargo",
    additionalServices: ["DANGEROUS_GOODS"],
    speed: "economy",
    price: { base: 450, perKg: 2.5, perZone: 120 },
    gui: gui("Gods", "Stykkgods", "Stykkgods", CARGO_TEXT, "Vekt og volum kreves.", "Bedrift"),
  },
  {
    id: "5300",
    productionCode: "5300",
    customerNumber: "7",
    deliveryType: "CARGO",
    maxWeightKg: 25000,
    maxDimensionsCm: CARGO_SIZE,
    volumetricWeight: true,
    measurementRule: "cargo",
    additionalServices: ["DANGEROUS_GOODS"],
    speed: "economy",
    price: { base: 1900, perKg: 1.2, perZone: 400 },
    gui: gui("Gods", "Partigods", "Partigods", CARGO_TEXT, "Vekt og volum kreves.", "Bedrift"),
  },
  {
    id: "9100",
    productionCode: "9100",
    customerNumber: "7",
    deliveryType: "RETURN",
    maxWeightKg: 2500,
    maxDimensionsCm: CARGO_SIZE,
    volumetricWeight: true,
    measurementRule: "cargo",
    speed: "economy",
    price: { base: 450, perKg: 2.5, perZone: 120 },
    gui: gui("Gods", "Retur", "Retur stykkgods", CARGO_TEXT, "Vekt og volum kreves.", "Retur"),
  },
  {
    id: "CARGO",
    productionCode: "3050",
    customerNumber: "7",
    deliveryType: "CARGO",
    maxWeightKg: 2500,
    maxDimensionsCm: CARGO_SIZE,
    measurementRule: "cargo",
    additionalServices: ["DANGEROUS_GOODS"],
    speed: "economy",
    price: { base: 500, perKg: 2.8, perZone: 130 },
    gui: gui("Gods", "Gods", "Cargo", CARGO_TEXT, "Vekt og volum kreves.", "Bedrift"),
  },
  // Large items delivered home (carrier notes 28), on the cargo agreement.
  ...([
    ["DOUBLE_INDOOR", "Innbæring med to personer"],
    ["CURBSIDE", "Levering til kantstein"],
    ["DOUBLE_INDOOR_EVENING", "Innbæring med to personer, kveld"],
    ["CURBSIDE_EVENING", "Levering til kantstein, kveld"],
  ] as const).map(
    ([id, name], index): Definition => ({
      id,
      productionCode: String(3100 + index),
      customerNumber: "7",
      deliveryType: "HOME",
      maxWeightKg: 300,
      maxDimensionsCm: [300, 200, 200],
      measurementRule: "home-delivery",
      speed: "economy",
      price: { base: 690 + index * 100, perKg: 3, perZone: 150 },
      gui: gui("Hjemlevering", "Store varer", name, "Store varer levert hjem etter avtale.", "Vekt og volum eller mål kreves.", "Levert hjem"),
    })
  ),
]

export const SERVICES: readonly CarrierService[] = DEFINITIONS.map((definition, index) => service(definition, index + 1))

export function findService(id: unknown): CarrierService | undefined {
  return typeof id === "string" ? SERVICES.find((s) => s.id === id) : undefined
}

export function servesRoute(service: CarrierService, from: string, to: string): boolean {
  if (from === to) return service.routes.domestic.includes(from)
  const crossBorder = service.routes.crossBorder
  const matches = (allowed: readonly string[] | "ANY", country: string) => allowed === "ANY" || allowed.includes(country)
  return !!crossBorder && matches(crossBorder.from, from) && matches(crossBorder.to, to)
}

/** One package in units the catalogue uses (the lookup's grams are converted on the way in). */
export interface Parcel {
  weightKg?: number
  lengthCm?: number
  widthCm?: number
  heightCm?: number
  volumeDm3?: number
  loadMeters?: number
  numberOfPallets?: number
}

/** Weight and size within the service's limits; missing measurements count as fitting (carrier notes 12). */
export function parcelFits(service: CarrierService, parcel: Parcel): boolean {
  if (parcel.weightKg !== undefined && parcel.weightKg > service.maxWeightKg) return false
  const sides = [parcel.lengthCm, parcel.widthCm, parcel.heightCm]
  if (sides.some((side) => side === undefined)) return true
  const sorted = (sides as number[]).sort((a, b) => b - a)
  return sorted.every((side, index) => side <= service.maxDimensionsCm[index])
}
