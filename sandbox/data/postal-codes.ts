import type { LatLon } from "../geo"

/**
 * The sandbox's postal-code universe for NO, SE, DK, FI and SJ (Svalbard and Jan Mayen): a code is
 * valid only when it is listed here. Coordinates are the approximate centre of the area.
 * Includes the carrier's Norwegian test codes 0951, 4050, 5004 and 9600 (carrier notes 5).
 */
export type PostalCodeType = "NORMAL" | "PO_BOX" | "SPECIAL_CUSTOMER"

export interface PostalCodeArea extends LatLon {
  countryCode: string
  postalCode: string
  city: string
  type: PostalCodeType
  municipality: string
  county: string
  /** Outside home-delivery coverage (Svalbard, Jan Mayen): door services answer OUTSIDE_COVERAGE_AREA. */
  remote?: boolean
}

type Row = [
  postalCode: string,
  city: string,
  municipality: string,
  county: string,
  latitude: number,
  longitude: number,
  type?: PostalCodeType,
]

function areas(countryCode: string, rows: Row[], remote = false): PostalCodeArea[] {
  return rows.map(([postalCode, city, municipality, county, latitude, longitude, type = "NORMAL"]) => ({
    countryCode,
    postalCode,
    city,
    type,
    municipality,
    county,
    latitude,
    longitude,
    ...(remote ? { remote } : {}),
  }))
}

const NORWAY: Row[] = [
  ["0010", "OSLO", "Oslo", "Oslo", 59.9133, 10.739, "SPECIAL_CUSTOMER"],
  ["0101", "OSLO", "Oslo", "Oslo", 59.911, 10.75, "PO_BOX"],
  ["0150", "OSLO", "Oslo", "Oslo", 59.9115, 10.7496],
  ["0154", "OSLO", "Oslo", "Oslo", 59.9105, 10.7522],
  ["0155", "OSLO", "Oslo", "Oslo", 59.909, 10.7555],
  ["0250", "OSLO", "Oslo", "Oslo", 59.912, 10.726],
  ["0355", "OSLO", "Oslo", "Oslo", 59.928, 10.723],
  ["0462", "OSLO", "Oslo", "Oslo", 59.938, 10.762],
  ["0565", "OSLO", "Oslo", "Oslo", 59.924, 10.763],
  ["0661", "OSLO", "Oslo", "Oslo", 59.91, 10.795],
  ["0951", "OSLO", "Oslo", "Oslo", 59.953, 10.922],
  ["1337", "SANDVIKA", "Bærum", "Akershus", 59.89, 10.525],
  // One postal code, two place names: the case getCitiesAndTypes exists for.
  ["1480", "SLATTUM", "Nittedal", "Akershus", 60.0013, 10.9363],
  ["1480", "NITTEDAL", "Nittedal", "Akershus", 60.0467, 10.8725],
  ["1604", "FREDRIKSTAD", "Fredrikstad", "Østfold", 59.2205, 10.9347],
  ["2000", "LILLESTRØM", "Lillestrøm", "Akershus", 59.956, 11.05],
  ["2317", "HAMAR", "Hamar", "Innlandet", 60.7945, 11.068],
  ["2609", "LILLEHAMMER", "Lillehammer", "Innlandet", 61.1153, 10.4662],
  ["3015", "DRAMMEN", "Drammen", "Buskerud", 59.744, 10.2045],
  ["3110", "TØNSBERG", "Tønsberg", "Vestfold", 59.2675, 10.4076],
  ["3717", "SKIEN", "Skien", "Telemark", 59.2096, 9.609],
  ["4006", "STAVANGER", "Stavanger", "Rogaland", 58.97, 5.7331],
  ["4050", "SOLA", "Sola", "Rogaland", 58.885, 5.638],
  ["4307", "SANDNES", "Sandnes", "Rogaland", 58.852, 5.735],
  ["4610", "KRISTIANSAND S", "Kristiansand", "Agder", 58.1467, 7.9956],
  ["4836", "ARENDAL", "Arendal", "Agder", 58.4613, 8.7725],
  ["5003", "BERGEN", "Bergen", "Vestland", 60.394, 5.324],
  ["5004", "BERGEN", "Bergen", "Vestland", 60.396, 5.33],
  ["5015", "BERGEN", "Bergen", "Vestland", 60.399, 5.317],
  ["5532", "HAUGESUND", "Haugesund", "Rogaland", 59.4138, 5.268],
  ["5804", "BERGEN", "Bergen", "Vestland", 60.39, 5.33, "PO_BOX"],
  ["6002", "ÅLESUND", "Ålesund", "Møre og Romsdal", 62.4722, 6.1549],
  ["6413", "MOLDE", "Molde", "Møre og Romsdal", 62.7375, 7.1591],
  ["7010", "TRONDHEIM", "Trondheim", "Trøndelag", 63.4305, 10.3951],
  ["7030", "TRONDHEIM", "Trondheim", "Trøndelag", 63.42, 10.38],
  ["7600", "LEVANGER", "Levanger", "Trøndelag", 63.7464, 11.2996],
  ["8006", "BODØ", "Bodø", "Nordland", 67.2804, 14.4049],
  ["8514", "NARVIK", "Narvik", "Nordland", 68.4385, 17.4273],
  ["9008", "TROMSØ", "Tromsø", "Troms", 69.6496, 18.956],
  ["9600", "HAMMERFEST", "Hammerfest", "Finnmark", 70.6634, 23.6821],
  ["9900", "KIRKENES", "Sør-Varanger", "Finnmark", 69.7271, 30.045],
]

/** Svalbard codes are Norwegian postal codes too, but remote. */
const SVALBARD: Row[] = [
  ["9170", "LONGYEARBYEN", "Svalbard", "Svalbard", 78.2232, 15.6267],
  ["9171", "LONGYEARBYEN", "Svalbard", "Svalbard", 78.2232, 15.6267, "PO_BOX"],
]

const JAN_MAYEN: Row[] = [["8099", "JAN MAYEN", "Jan Mayen", "Jan Mayen", 70.9821, -8.5]]

const SWEDEN: Row[] = [
  ["10012", "STOCKHOLM", "Stockholm", "Stockholms län", 59.33, 18.06, "PO_BOX"],
  ["11122", "STOCKHOLM", "Stockholm", "Stockholms län", 59.3326, 18.0649],
  ["11346", "STOCKHOLM", "Stockholm", "Stockholms län", 59.342, 18.049],
  ["11451", "STOCKHOLM", "Stockholm", "Stockholms län", 59.336, 18.077],
  ["21119", "MALMÖ", "Malmö", "Skåne län", 55.605, 13.0038],
  ["41101", "GÖTEBORG", "Göteborg", "Västra Götalands län", 57.7072, 11.9668],
  ["41319", "GÖTEBORG", "Göteborg", "Västra Götalands län", 57.7, 11.94],
  ["58222", "LINKÖPING", "Linköping", "Östergötlands län", 58.4108, 15.6214],
  ["65224", "KARLSTAD", "Karlstad", "Värmlands län", 59.3793, 13.5036],
  ["70211", "ÖREBRO", "Örebro", "Örebro län", 59.2741, 15.2066],
  ["75310", "UPPSALA", "Uppsala", "Uppsala län", 59.8586, 17.6389],
  ["90326", "UMEÅ", "Umeå", "Västerbottens län", 63.8258, 20.263],
  ["97231", "LULEÅ", "Luleå", "Norrbottens län", 65.5848, 22.1547],
]

const DENMARK: Row[] = [
  ["1050", "KØBENHAVN K", "København", "Region Hovedstaden", 55.6794, 12.585],
  ["1592", "KØBENHAVN V", "København", "Region Hovedstaden", 55.671, 12.559, "SPECIAL_CUSTOMER"],
  ["1620", "KØBENHAVN V", "København", "Region Hovedstaden", 55.6706, 12.556],
  ["2100", "KØBENHAVN Ø", "København", "Region Hovedstaden", 55.706, 12.578],
  ["2200", "KØBENHAVN N", "København", "Region Hovedstaden", 55.696, 12.547],
  ["5000", "ODENSE C", "Odense", "Region Syddanmark", 55.3959, 10.3883],
  ["6700", "ESBJERG", "Esbjerg", "Region Syddanmark", 55.4765, 8.4594],
  ["7100", "VEJLE", "Vejle", "Region Syddanmark", 55.7113, 9.5357],
  ["8000", "AARHUS C", "Aarhus", "Region Midtjylland", 56.1567, 10.2108],
  ["9000", "AALBORG", "Aalborg", "Region Nordjylland", 57.0488, 9.9217],
]

const FINLAND: Row[] = [
  ["00011", "POSTI", "Helsinki", "Uusimaa", 60.17, 24.94, "SPECIAL_CUSTOMER"],
  ["00100", "HELSINKI", "Helsinki", "Uusimaa", 60.1699, 24.9384],
  ["00530", "HELSINKI", "Helsinki", "Uusimaa", 60.184, 24.951],
  ["02100", "ESPOO", "Espoo", "Uusimaa", 60.1756, 24.804],
  ["20100", "TURKU", "Turku", "Varsinais-Suomi", 60.4518, 22.2666],
  ["33100", "TAMPERE", "Tampere", "Pirkanmaa", 61.4978, 23.761],
  ["40100", "JYVÄSKYLÄ", "Jyväskylä", "Keski-Suomi", 62.2426, 25.7473],
  ["70100", "KUOPIO", "Kuopio", "Pohjois-Savo", 62.8924, 27.677],
  ["90100", "OULU", "Oulu", "Pohjois-Pohjanmaa", 65.0121, 25.4651],
]

export const POSTAL_CODE_AREAS: readonly PostalCodeArea[] = [
  ...areas("NO", NORWAY),
  ...areas("NO", SVALBARD, true),
  ...areas("SJ", [...SVALBARD, ...JAN_MAYEN], true),
  ...areas("SE", SWEDEN),
  ...areas("DK", DENMARK),
  ...areas("FI", FINLAND),
]

/** Countries whose postal codes are known one by one (any other country is checked for form only). */
export const COUNTRIES_WITH_POSTAL_TABLE = ["NO", "SE", "DK", "FI", "SJ"]

/** Removes the spaces people write in Swedish codes ("111 22"). */
export function normalisePostalCode(postalCode: string): string {
  return postalCode.replace(/\s+/g, "").toUpperCase()
}

/** Every area with this code; several when one code covers more than one place name. */
export function findPostalCodeAreas(countryCode: string, postalCode: string): PostalCodeArea[] {
  const code = normalisePostalCode(postalCode)
  return POSTAL_CODE_AREAS.filter((a) => a.countryCode === countryCode && a.postalCode === code)
}

export function findPostalCodeArea(countryCode: string, postalCode: string): PostalCodeArea | undefined {
  return findPostalCodeAreas(countryCode, postalCode)[0]
}
