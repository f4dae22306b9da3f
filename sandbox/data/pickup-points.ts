import { offsetBy, type LatLon } from "../geo"
import { stableHash } from "../hash"
import { OPENING_PATTERNS, type WeeklyHours } from "./opening-hours"
import { POSTAL_CODE_AREAS, type PostalCodeArea } from "./postal-codes"

/**
 * Generated, deterministic pickup points: every NORMAL postal code of NO, SE, DK and FI gets four,
 * a few hundred metres from the code's centre. Ids are <country digit><postal code><1..4> with
 * country digits NO 1, SE 2, DK 3, FI 4; points 1 and 3 are manned, 2 and 4 are parcel lockers.
 * Examples: NO 0150 → "101501" (manned), "101502" (locker); SE 11122 → "2111221"; DK 1050 → "310501";
 * FI 00100 → "4001001".
 */
export type PickupPointKind = "manned" | "locker"

export interface PickupPointSite extends LatLon {
  id: string
  unitId: string
  countryCode: string
  kind: PickupPointKind
  /** Carrier type code (carrier notes 11). */
  type: string
  name: string
  address: string
  postalCode: string
  city: string
  municipality: string
  county: string
  locationDescription?: string
  hours: WeeklyHours
}

/** A parcel locker takes parcels up to 60 × 50 × 44 cm (carrier notes 12; emitted in this field order). */
export const LOCKER_MAX_PARCEL_DIMENSIONS = { length: 44, width: 50, height: 60 } as const

interface CountryStyle {
  idDigit: string
  chains: string[]
  lockerName: string
  lockerLocation: string
  streets: string[]
  mannedTypes: string[]
  lockerType: string
}

const STYLES: Record<string, CountryStyle> = {
  NO: {
    idDigit: "1",
    chains: ["Coop Extra", "Kiwi", "Rema 1000", "Narvesen", "Joker", "Spar", "Meny", "Bunnpris"],
    lockerName: "Pakkeautomat",
    lockerLocation: "Ved inngangen",
    streets: ["Storgata", "Kirkegata", "Torggata", "Parkveien", "Skolegata", "Strandgata", "Jernbanegata", "Dronningens gate"],
    mannedTypes: ["4", "19", "21", "32"],
    lockerType: "37",
  },
  SE: {
    idDigit: "2",
    chains: ["ICA Nära", "Pressbyrån", "Coop", "Hemköp", "Willys"],
    lockerName: "Paketskåp",
    lockerLocation: "Vid entrén",
    streets: ["Storgatan", "Drottninggatan", "Kungsgatan", "Sveavägen", "Järnvägsgatan", "Skolgatan"],
    mannedTypes: ["34"],
    lockerType: "39",
  },
  DK: {
    idDigit: "3",
    chains: ["Netto", "Føtex", "Meny", "Spar", "7-Eleven"],
    lockerName: "Pakkeboks",
    lockerLocation: "Ved indgangen",
    streets: ["Vesterbrogade", "Nørregade", "Østergade", "Strandvejen", "Algade", "Jernbanegade"],
    mannedTypes: ["85"],
    lockerType: "43",
  },
  FI: {
    idDigit: "4",
    chains: ["K-Market", "S-Market", "R-kioski", "Alepa", "Sale"],
    lockerName: "Pakettiautomaatti",
    lockerLocation: "Sisäänkäynnin vieressä",
    streets: ["Mannerheimintie", "Hämeenkatu", "Kauppakatu", "Asemakatu", "Koulukatu", "Rantakatu"],
    mannedTypes: ["Noutopiste", "Posti"],
    lockerType: "LOCKER",
  },
}

function pick<T>(list: readonly T[], seed: number): T {
  return list[seed % list.length]
}

function generateSite(area: PostalCodeArea, style: CountryStyle, index: number): PickupPointSite {
  const seed = stableHash(`${area.countryCode}:${area.postalCode}:${index}`)
  const kind: PickupPointKind = index % 2 === 1 ? "manned" : "locker"
  const street = `${pick(style.streets, seed >>> 3)} ${1 + (seed % 80)}`
  const location = offsetBy(area, 0.15 + ((seed >>> 8) % 100) / 80, (seed >>> 16) % 360)
  const mannedHours = index === 1 ? OPENING_PATTERNS.supermarket : seed % 2 ? OPENING_PATTERNS.kiosk : OPENING_PATTERNS.postOffice
  return {
    id: `${style.idDigit}${area.postalCode}${index}`,
    unitId: String(100000 + (seed % 900000)),
    countryCode: area.countryCode,
    kind,
    type: kind === "locker" ? style.lockerType : pick(style.mannedTypes, seed >>> 5),
    name: `${kind === "locker" ? style.lockerName : pick(style.chains, seed >>> 11)} ${street}`,
    address: street,
    postalCode: area.postalCode,
    city: area.city,
    municipality: area.municipality,
    county: area.county,
    ...(kind === "locker" ? { locationDescription: style.lockerLocation } : {}),
    latitude: location.latitude,
    longitude: location.longitude,
    hours: kind === "locker" ? OPENING_PATTERNS.locker : mannedHours,
  }
}

function generateAll(): PickupPointSite[] {
  const seen = new Set<string>()
  const sites: PickupPointSite[] = []
  for (const area of POSTAL_CODE_AREAS) {
    const style = STYLES[area.countryCode]
    const key = `${area.countryCode}:${area.postalCode}`
    // A code with two place names gets one set of points (the first name's).
    if (!style || area.type !== "NORMAL" || seen.has(key)) continue
    seen.add(key)
    for (let index = 1; index <= 4; index++) sites.push(generateSite(area, style, index))
  }
  return sites
}

export const PICKUP_POINTS: readonly PickupPointSite[] = generateAll()

export function pickupPointsIn(countryCode: string): PickupPointSite[] {
  return PICKUP_POINTS.filter((p) => p.countryCode === countryCode)
}

export function findPickupPoint(countryCode: string, id: string): PickupPointSite | undefined {
  return PICKUP_POINTS.find((p) => p.countryCode === countryCode && p.id === id)
}

/** "PO box" as each country writes it on a postal address. */
const PO_BOX_WORD: Record<string, string> = { NO: "POSTBOKS", SE: "Box", DK: "Postboks", FI: "PL" }

/**
 * A point's postal address as the carrier gives it in `address`/`postalCode`/`city`: for most
 * manned points (four in five) a PO box, at the city's PO-box postal code where the sandbox has
 * one (Oslo 0101, Bergen 5804, Stockholm 10012), else at the point's own code; lockers and the
 * other manned points use their street address.
 */
export function sitePostalAddress(site: PickupPointSite): { address: string; postalCode: string; city: string } {
  const seed = stableHash(`postal:${site.id}`)
  if (site.kind !== "manned" || seed % 5 === 0) {
    return { address: site.address, postalCode: site.postalCode, city: site.city }
  }
  const boxCode = POSTAL_CODE_AREAS.find((area) => area.countryCode === site.countryCode && area.type === "PO_BOX" && area.city === site.city)
  return {
    address: `${PO_BOX_WORD[site.countryCode] ?? "PO Box"} ${100 + (seed % 9000)}`,
    postalCode: boxCode?.postalCode ?? site.postalCode,
    city: site.city,
  }
}
