/** The components' texts in English and Norwegian (bokmål); any text can be replaced by a prop. */

export type StorefrontLocale = "en" | "nb"

export type StorefrontTexts = {
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
  distance: (km: number) => string
  unavailable: string
  rateLimited: string
  invalidSearch: string
  failed: string
  retry: string
  deliveryOptionsHeading: string
  expectedDelivery: (date: string) => string
  workingDays: (days: number) => string
  noDeliveryDate: string
  optionUnavailable: string
  cityUnknown: string
  cityLabel: string
  days: Record<string, string>
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
  distance: (km) => (km < 1 ? `${Math.round(km * 1000)} m` : `${km.toFixed(1)} km`),
  unavailable: "Pickup points cannot be shown right now.",
  rateLimited: "Too many searches in a short time. Wait a moment and try again.",
  invalidSearch: "Check the postal code: 4 digits in Norway and Denmark, 5 in Sweden and Finland.",
  failed: "Something went wrong.",
  retry: "Try again",
  deliveryOptionsHeading: "Delivery",
  expectedDelivery: (date) => `Expected delivery ${date}`,
  workingDays: (days) => (days === 1 ? "1 working day" : `${days} working days`),
  noDeliveryDate: "Delivery date shown at the next step",
  optionUnavailable: "Not available for this address",
  cityUnknown: "Unknown postal code",
  cityLabel: "City",
  days: {
    MONDAY: "Monday",
    TUESDAY: "Tuesday",
    WEDNESDAY: "Wednesday",
    THURSDAY: "Thursday",
    FRIDAY: "Friday",
    SATURDAY: "Saturday",
    SUNDAY: "Sunday",
  },
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
  distance: (km) => (km < 1 ? `${Math.round(km * 1000)} m` : `${km.toFixed(1).replace(".", ",")} km`),
  unavailable: "Hentesteder kan ikke vises akkurat nå.",
  rateLimited: "For mange søk på kort tid. Vent litt og prøv igjen.",
  invalidSearch: "Sjekk postnummeret: 4 siffer i Norge og Danmark, 5 i Sverige og Finland.",
  failed: "Noe gikk galt.",
  retry: "Prøv igjen",
  deliveryOptionsHeading: "Levering",
  expectedDelivery: (date) => `Forventet levert ${date}`,
  workingDays: (days) => (days === 1 ? "1 virkedag" : `${days} virkedager`),
  noDeliveryDate: "Leveringsdato vises i neste steg",
  optionUnavailable: "Ikke tilgjengelig for denne adressen",
  cityUnknown: "Ukjent postnummer",
  cityLabel: "Poststed",
  days: {
    MONDAY: "mandag",
    TUESDAY: "tirsdag",
    WEDNESDAY: "onsdag",
    THURSDAY: "torsdag",
    FRIDAY: "fredag",
    SATURDAY: "lørdag",
    SUNDAY: "søndag",
  },
}

export const storefrontTexts: Record<StorefrontLocale, StorefrontTexts> = { en, nb }

/** "no", "nb-NO", "nn" and "no-NO" read as Norwegian; anything else as English. */
export function resolveLocale(locale: string | undefined): StorefrontLocale {
  return /^(nb|no|nn)(\b|[-_])/i.test(locale ?? "") ? "nb" : "en"
}

export function textsFor(locale: string | undefined, overrides?: Partial<StorefrontTexts>): StorefrontTexts {
  return { ...storefrontTexts[resolveLocale(locale)], ...overrides }
}
