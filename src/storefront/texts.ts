/** The components' texts in English and Norwegian (bokmål); any text can be replaced by a prop. */

export type StorefrontLocale = "en" | "nb"

/** What a component says when a store route failed (`storeErrorText`), and its "Try again" button. */
export type StoreErrorTexts = {
  /** The store could not be reached at all (offline, or the backend's STORE_CORS does not allow the storefront). */
  unreachable: string
  /** The carrier could not be reached. */
  unavailable: string
  failed: string
  retry: string
}

export type StorefrontTexts = StoreErrorTexts & {
  pickupPointHeading: string
  choosePickupPoint: string
  changePickupPoint: string
  closePicker: string
  noPickupPointChosen: string
  nearestChosenForYou: string
  searchLabel: string
  searchPlaceholder: string
  searchButton: string
  loading: string
  resultsCount: (count: number) => string
  noResults: string
  selected: string
  locker: string
  manned: string
  openingHours: string
  /** The opening hours' day names, by the carrier's name of the day (MONDAY…). */
  days: Record<string, string>
  distance: (km: number) => string
  rateLimited: string
  invalidSearch: string
  deliveryOptionsHeading: string
  expectedDelivery: (date: string) => string
  workingDays: (days: number) => string
  noDeliveryDate: string
  optionUnavailable: string
  cityUnknown: string
  cityLabel: string
  /** Shown above the choice when a postal code is shared by several places. */
  chooseCity: string
}

const en: StorefrontTexts = {
  pickupPointHeading: "Pickup point",
  choosePickupPoint: "Choose pickup point",
  changePickupPoint: "Change pickup point",
  closePicker: "Close",
  noPickupPointChosen: "No pickup point chosen",
  nearestChosenForYou: "If you do not choose, we send the parcel to the pickup point nearest your address.",
  searchLabel: "Postal code or street",
  searchPlaceholder: "e.g. 0154 or Karl Johans gate 1",
  searchButton: "Search",
  loading: "Finding pickup points…",
  resultsCount: (count) => (count === 1 ? "1 pickup point" : `${count} pickup points`),
  noResults: "No pickup points found here. Try another postal code or street.",
  selected: "Selected",
  locker: "Parcel locker",
  manned: "Staffed counter",
  openingHours: "Opening hours",
  days: {
    MONDAY: "Monday",
    TUESDAY: "Tuesday",
    WEDNESDAY: "Wednesday",
    THURSDAY: "Thursday",
    FRIDAY: "Friday",
    SATURDAY: "Saturday",
    SUNDAY: "Sunday",
  },
  distance: (km) => (km < 1 ? `${Math.round(km * 1000)} m` : `${km.toFixed(1)} km`),
  unavailable: "Pickup points cannot be shown right now.",
  rateLimited: "Too many searches in a short time. Wait a moment and try again.",
  invalidSearch: "Check the postal code: 4 digits in Norway and Denmark, 5 in Sweden and Finland.",
  failed: "Something went wrong.",
  unreachable: "The store cannot be reached. Check your connection and try again.",
  retry: "Try again",
  deliveryOptionsHeading: "Delivery",
  expectedDelivery: (date) => `Expected delivery ${date}`,
  workingDays: (days) => (days === 1 ? "1 working day" : `${days} working days`),
  noDeliveryDate: "Delivery date shown at the next step",
  optionUnavailable: "Not available for this address",
  cityUnknown: "Unknown postal code",
  cityLabel: "City",
  chooseCity: "This postal code covers several places: choose yours",
}

const nb: StorefrontTexts = {
  pickupPointHeading: "Hentested",
  choosePickupPoint: "Velg hentested",
  changePickupPoint: "Bytt hentested",
  closePicker: "Lukk",
  noPickupPointChosen: "Ingen hentested valgt",
  nearestChosenForYou: "Velger du ikke, sender vi pakken til hentestedet nærmest adressen din.",
  searchLabel: "Postnummer eller gate",
  searchPlaceholder: "f.eks. 0154 eller Karl Johans gate 1",
  searchButton: "Søk",
  loading: "Finner hentesteder…",
  resultsCount: (count) => (count === 1 ? "1 hentested" : `${count} hentesteder`),
  noResults: "Fant ingen hentesteder her. Prøv et annet postnummer eller en annen gate.",
  selected: "Valgt",
  locker: "Pakkeboks",
  manned: "Betjent utleveringssted",
  openingHours: "Åpningstider",
  days: {
    MONDAY: "mandag",
    TUESDAY: "tirsdag",
    WEDNESDAY: "onsdag",
    THURSDAY: "torsdag",
    FRIDAY: "fredag",
    SATURDAY: "lørdag",
    SUNDAY: "søndag",
  },
  distance: (km) => (km < 1 ? `${Math.round(km * 1000)} m` : `${km.toFixed(1).replace(".", ",")} km`),
  unavailable: "Hentesteder kan ikke vises akkurat nå.",
  rateLimited: "For mange søk på kort tid. Vent litt og prøv igjen.",
  invalidSearch: "Sjekk postnummeret: 4 siffer i Norge og Danmark, 5 i Sverige og Finland.",
  failed: "Noe gikk galt.",
  unreachable: "Får ikke kontakt med butikken. Sjekk nettforbindelsen og prøv igjen.",
  retry: "Prøv igjen",
  deliveryOptionsHeading: "Levering",
  expectedDelivery: (date) => `Forventet levert ${date}`,
  workingDays: (days) => (days === 1 ? "1 virkedag" : `${days} virkedager`),
  noDeliveryDate: "Leveringsdato vises i neste steg",
  optionUnavailable: "Ikke tilgjengelig for denne adressen",
  cityUnknown: "Ukjent postnummer",
  cityLabel: "Poststed",
  chooseCity: "Postnummeret gjelder flere steder: velg ditt",
}

export const storefrontTexts: Record<StorefrontLocale, StorefrontTexts> = { en, nb }

/** "no", "nb-NO", "nn" and "no-NO" read as Norwegian; anything else as English. */
export function resolveLocale(locale: string | undefined): StorefrontLocale {
  return /^(nb|no|nn)(\b|[-_])/i.test(locale ?? "") ? "nb" : "en"
}

export function textsFor(locale: string | undefined, overrides?: Partial<StorefrontTexts>): StorefrontTexts {
  return { ...storefrontTexts[resolveLocale(locale)], ...overrides }
}

/**
 * What a shopper reads when a store route failed: a network failure (offline, or a browser call the
 * backend's STORE_CORS refused, which the browser reports the same way) is "cannot reach the
 * store", a carrier outage is the carrier's, anything else "something went wrong".
 */
export function storeErrorText(error: { kind: string }, t: Pick<StoreErrorTexts, "unreachable" | "unavailable" | "failed">): string {
  if (error.kind === "network") return t.unreachable
  if (error.kind === "unavailable") return t.unavailable
  return t.failed
}
