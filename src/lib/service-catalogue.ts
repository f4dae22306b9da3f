/**
 * What the plugin knows about the carrier's service codes, taken from booking.md and
 * lookup-services.md. Pure data: the provider, the store routes and the booking mapper all read it.
 */

export type ServiceInfo = {
  code: string
  /** Default display name (the merchant can rename it in the options or the admin). */
  name: string
  /** The shopper must pick a pickup point (booking.md rule 3). */
  requiresPickupPoint: boolean
  /** A return service: booked from the customer back to the merchant. */
  isReturn: boolean
  /** Mailbox parcel: exactly one package per booking (booking.md rule 6). */
  mailbox: boolean
  /** QR codes may be asked for on this return service (booking.md rule 4). */
  qrCodes: boolean
  /** Return services that may be booked with it as a free return (booking.md rule 5). */
  returnServices: readonly string[]
  /** Cargo: weight plus volume, load metres, dimensions or pallets are mandatory. */
  cargo: boolean
  /** The sender phone is not required for it (booking.md: 3584, 3570 and all returns). */
  senderPhoneOptional: boolean
}

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
  SERVICEPAKKE: { name: "Pickup point parcel", requiresPickupPoint: true, returnServices: NAMED_RETURNS },
  "5800": { name: "Pickup point parcel", requiresPickupPoint: true, returnServices: NUMERIC_RETURNS },
  PICKUP_PARCEL: { name: "Pickup parcel (Nordic)", requiresPickupPoint: true },
  PICKUP_PARCEL_BULK: { name: "Pickup parcel bulk", requiresPickupPoint: true },
  PA_DOREN: { name: "Home delivery", returnServices: NAMED_RETURNS },
  "BPAKKE_DOR-DOR": { name: "Business parcel door to door" },
  BEDRIFTSPAKKE: { name: "Business parcel", returnServices: NAMED_RETURNS },
  EKSPRESS09: { name: "Express before 09", returnServices: NAMED_RETURNS },
  "5000": { name: "Business parcel", returnServices: NUMERIC_RETURNS },
  "5600": { name: "Home delivery parcel", returnServices: NUMERIC_RETURNS },
  "4850": { name: "Express parcel", returnServices: NUMERIC_RETURNS },
  "3584": { name: "Mailbox parcel", mailbox: true, senderPhoneOptional: true, returnServices: MAILBOX_RETURNS },
  "3570": { name: "Mailbox parcel with tracking", mailbox: true, senderPhoneOptional: true, returnServices: MAILBOX_RETURNS },
  BUSINESS_PARCEL: { name: "Business parcel (Nordic)" },
  HOME_DELIVERY_PARCEL: { name: "Home delivery parcel (Nordic)" },
  "5100": { name: "Cargo", cargo: true },
  "5300": { name: "Cargo", cargo: true },
  CARGO: { name: "Cargo", cargo: true },
  "9100": { name: "Cargo return", cargo: true, isReturn: true },
  "9000": { name: "Return business parcel", isReturn: true },
  "9300": { name: "Return pickup point parcel", isReturn: true },
  "9600": { name: "Return express parcel", isReturn: true },
  "9650": { name: "Return mailbox parcel", isReturn: true },
  SERVICEPAKKE_RETURSERVICE: { name: "Return pickup point parcel", isReturn: true },
  EKSPRESS09_RETURSERVICE: { name: "Return express", isReturn: true },
  "BPAKKE_DOR-DOR_RETURSERVICE": { name: "Return business parcel", isReturn: true },
  BEDRIFTSPAKKE_RETUR: { name: "Free return business parcel", isReturn: true },
  EKSPRESS09_RETUR: { name: "Free return express", isReturn: true },
  SERVICEPAKKE_RETUR: { name: "Free return pickup point parcel", isReturn: true },
}

function toInfo(code: string, seed: Seed): ServiceInfo {
  const isReturn = seed.isReturn ?? false
  return {
    code,
    name: seed.name,
    requiresPickupPoint: seed.requiresPickupPoint ?? false,
    isReturn,
    mailbox: seed.mailbox ?? false,
    qrCodes: QR_RETURN_SERVICES.has(code),
    returnServices: seed.returnServices ?? [],
    cargo: seed.cargo ?? false,
    senderPhoneOptional: isReturn || (seed.senderPhoneOptional ?? false),
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
