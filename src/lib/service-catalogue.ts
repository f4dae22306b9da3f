import type { PackageLimits } from "./packing/packages"

/**
 * What the plugin knows about the carrier's service codes, taken from the carrier's
 * booking and lookup documentation. Pure data: the provider, the store routes and the booking mapper all read it.
 */

export type ServiceInfo = {
  code: string
  /** Default display name (the merchant can rename it in the options or the admin). */
  name: string
  /** Delivers to pickup points: the shopper may choose one (carrier notes 29). */
  deliversToPickupPoints: boolean
  /**
   * Destination countries where the booking must name a pickup point (rule 3, carrier notes 29):
   * SERVICEPAKKE to Norway, PICKUP_PARCEL_BULK to Norway and Sweden. Elsewhere a pickup-point
   * service may go without one (see pickup-point-rule.ts).
   */
  pickupPointRequiredTo: readonly string[]
  /** A return service: booked from the customer back to the merchant. */
  isReturn: boolean
  /** Mailbox parcel: exactly one package per booking (carrier notes 32). */
  mailbox: boolean
  /** QR codes may be asked for on this return service (carrier notes 30). */
  qrCodes: boolean
  /** Return services that may be booked with it as a free return (carrier notes 31). */
  returnServices: readonly string[]
  /** Cargo: weight plus volume, load metres, dimensions or pallets are mandatory. */
  cargo: boolean
  /** The sender phone is not required for it (the carrier: 3584, 3570 and all returns). */
  senderPhoneOptional: boolean
  /** Home delivery of large goods: every package needs its weight and its volume or dimensions. */
  homeDelivery: boolean
  /**
   * Destination countries where the service, without a chosen pickup point, goes to the door,
   * or to the point nearest the recipient when the booking asks for deliveryOption PICKUP_POINT
   * (carrier notes 35).
   */
  nearestPickupPointIn: readonly string[]
  /**
   * What one package may weigh and measure and how many one booking takes, from the carrier's
   * service data (carrier notes 36); unknown services are packed as one.
   */
  packageLimits?: PackageLimits
}

const PARCEL: PackageLimits = { maxWeightKg: 35, maxDimensionsCm: [120, 60, 60], maxPackages: 50 }
const BUSINESS: PackageLimits = { maxWeightKg: 35, maxDimensionsCm: [240, 60, 60], maxPackages: 50 }
const PICKUP_NORDIC: PackageLimits = { maxWeightKg: 20, maxDimensionsCm: [120, 60, 60], maxPackages: 50 }
/** Mailbox parcels: one package per booking. */
const MAILBOX: PackageLimits = { maxWeightKg: 5, maxDimensionsCm: [35, 25, 7], maxPackages: 1 }
const CARGO_LIMITS: PackageLimits = { maxWeightKg: 2500, maxDimensionsCm: [600, 240, 240], maxPackages: 50 }
const LARGE_GOODS: PackageLimits = { maxWeightKg: 300, maxDimensionsCm: [300, 200, 200], maxPackages: 50 }

const MAILBOX_RETURNS = ["9650"] as const
const NUMERIC_RETURNS = ["9000", "9300", "9600"] as const
const NAMED_RETURNS = ["BEDRIFTSPAKKE_RETUR", "EKSPRESS09_RETUR", "SERVICEPAKKE_RETUR"] as const
const QR_RETURN_SERVICES = new Set([
  "9300",
  "SERVICEPAKKE_RETURSERVICE",
  "9600",
  "EKSPRESS09_RETURSERVICE",
  "9000",
  "BPAKKE_DOR-DOR_RETURSERVICE",
])

type Seed = Partial<ServiceInfo> & { name: string }

const SEEDS: Record<string, Seed> = {
  SERVICEPAKKE: { name: "Pickup point parcel", deliversToPickupPoints: true, pickupPointRequiredTo: ["NO"], returnServices: NAMED_RETURNS, packageLimits: PARCEL },
  "5800": { name: "Pickup point parcel", deliversToPickupPoints: true, pickupPointRequiredTo: ["NO"], returnServices: NUMERIC_RETURNS, packageLimits: PARCEL },
  PICKUP_PARCEL: { name: "Pickup parcel (Nordic)", deliversToPickupPoints: true, packageLimits: PICKUP_NORDIC, nearestPickupPointIn: ["DK"] },
  PICKUP_PARCEL_BULK: { name: "Pickup parcel bulk", deliversToPickupPoints: true, pickupPointRequiredTo: ["NO", "SE"], packageLimits: PICKUP_NORDIC, nearestPickupPointIn: ["DK"] },
  PA_DOREN: { name: "Home delivery", returnServices: NAMED_RETURNS, packageLimits: PARCEL },
  "BPAKKE_DOR-DOR": { name: "Business parcel door to door", packageLimits: BUSINESS },
  BEDRIFTSPAKKE: { name: "Business parcel", returnServices: NAMED_RETURNS, packageLimits: BUSINESS },
  EKSPRESS09: { name: "Express before 09", returnServices: NAMED_RETURNS, packageLimits: BUSINESS },
  "5000": { name: "Business parcel", returnServices: NUMERIC_RETURNS, packageLimits: BUSINESS },
  "5600": { name: "Home delivery parcel", returnServices: NUMERIC_RETURNS, packageLimits: PARCEL },
  "4850": { name: "Express parcel", returnServices: NUMERIC_RETURNS, packageLimits: BUSINESS },
  "3584": { name: "Mailbox parcel", mailbox: true, senderPhoneOptional: true, returnServices: MAILBOX_RETURNS, packageLimits: MAILBOX },
  "3570": { name: "Mailbox parcel with tracking", mailbox: true, senderPhoneOptional: true, returnServices: MAILBOX_RETURNS, packageLimits: MAILBOX },
  BUSINESS_PARCEL: { name: "Business parcel (Nordic)", packageLimits: BUSINESS },
  HOME_DELIVERY_PARCEL: { name: "Home delivery parcel (Nordic)", packageLimits: PARCEL },
  "5100": { name: "Cargo", cargo: true, packageLimits: CARGO_LIMITS },
  "5300": { name: "Cargo", cargo: true, packageLimits: { ...CARGO_LIMITS, maxWeightKg: 25000 } },
  CARGO: { name: "Cargo", cargo: true, packageLimits: CARGO_LIMITS },
  "9100": { name: "Cargo return", cargo: true, isReturn: true, packageLimits: CARGO_LIMITS },
  "9000": { name: "Return business parcel", isReturn: true, packageLimits: BUSINESS },
  "9300": { name: "Return pickup point parcel", isReturn: true, packageLimits: PARCEL },
  "9600": { name: "Return express parcel", isReturn: true, packageLimits: BUSINESS },
  "9650": { name: "Return mailbox parcel", isReturn: true, packageLimits: MAILBOX },
  SERVICEPAKKE_RETURSERVICE: { name: "Return pickup point parcel", isReturn: true },
  EKSPRESS09_RETURSERVICE: { name: "Return express", isReturn: true },
  "BPAKKE_DOR-DOR_RETURSERVICE": { name: "Return business parcel", isReturn: true },
  BEDRIFTSPAKKE_RETUR: { name: "Free return business parcel", isReturn: true },
  EKSPRESS09_RETUR: { name: "Free return express", isReturn: true },
  SERVICEPAKKE_RETUR: { name: "Free return pickup point parcel", isReturn: true },
  DOUBLE_INDOOR: { name: "Home delivery, carried in by two", homeDelivery: true, packageLimits: LARGE_GOODS },
  CURBSIDE: { name: "Home delivery to the curb", homeDelivery: true, packageLimits: LARGE_GOODS },
  DOUBLE_INDOOR_EVENING: { name: "Evening home delivery, carried in by two", homeDelivery: true, packageLimits: LARGE_GOODS },
  CURBSIDE_EVENING: { name: "Evening home delivery to the curb", homeDelivery: true, packageLimits: LARGE_GOODS },
}

function toInfo(code: string, seed: Seed): ServiceInfo {
  const isReturn = seed.isReturn ?? false
  return {
    code,
    name: seed.name,
    deliversToPickupPoints: seed.deliversToPickupPoints ?? false,
    pickupPointRequiredTo: seed.pickupPointRequiredTo ?? [],
    isReturn,
    mailbox: seed.mailbox ?? false,
    qrCodes: QR_RETURN_SERVICES.has(code),
    returnServices: seed.returnServices ?? [],
    cargo: seed.cargo ?? false,
    senderPhoneOptional: isReturn || (seed.senderPhoneOptional ?? false),
    homeDelivery: seed.homeDelivery ?? false,
    nearestPickupPointIn: seed.nearestPickupPointIn ?? [],
    ...(seed.packageLimits ? { packageLimits: seed.packageLimits } : {}),
  }
}

export const SERVICE_CATALOGUE: Readonly<Record<string, ServiceInfo>> = Object.freeze(
  Object.fromEntries(Object.entries(SEEDS).map(([code, seed]) => [code, toInfo(code, seed)]))
)

/**
 * Facts about a service code. Unknown codes (the carrier adds services) get neutral defaults
 * instead of an error, so a merchant can offer a new service before the plugin knows it.
 */
export function serviceInfo(code: string): ServiceInfo {
  return SERVICE_CATALOGUE[code] ?? toInfo(code, { name: code })
}

export function canPairReturn(outgoing: string, returnService: string): boolean {
  return serviceInfo(outgoing).returnServices.includes(returnService)
}
