/**
 * The checkout components' texts in English, Norwegian (bokmål), Swedish, Danish and Finnish (the
 * carrier serves all four Nordic countries); any text can be replaced by a prop.
 */

export type StorefrontLocale = "en" | "nb" | "sv" | "da" | "fi"

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
  /** The carrier's arrival window on a day ("between 08:00 and 16:00"); the clocks come as HH:mm. */
  arrivalWindow: (from: string, to: string) => string
  /** The delivery-day choice's legend. */
  deliveryDayHeading: string
  /** Marks the first day of the choice: the one the carrier expects without a request. */
  earliestDay: string
  /** When the parcel is ready at a pickup point (`date` formatted, `window` from `arrivalWindow`). */
  readyForPickup: (date: string, window: string) => string
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
  arrivalWindow: (from, to) => `between ${from} and ${to}`,
  deliveryDayHeading: "Delivery day",
  earliestDay: "earliest",
  readyForPickup: (date, window) => `Ready for pickup ${date} ${window}`,
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
  arrivalWindow: (from, to) => `mellom ${from} og ${to}`,
  deliveryDayHeading: "Leveringsdag",
  earliestDay: "tidligst",
  readyForPickup: (date, window) => `Klar til henting ${date} ${window}`,
  workingDays: (days) => (days === 1 ? "1 virkedag" : `${days} virkedager`),
  noDeliveryDate: "Leveringsdato vises i neste steg",
  optionUnavailable: "Ikke tilgjengelig for denne adressen",
  cityUnknown: "Ukjent postnummer",
  cityLabel: "Poststed",
  chooseCity: "Postnummeret gjelder flere steder: velg ditt",
}

const sv: StorefrontTexts = {
  pickupPointHeading: "Utlämningsställe",
  choosePickupPoint: "Välj utlämningsställe",
  changePickupPoint: "Byt utlämningsställe",
  closePicker: "Stäng",
  noPickupPointChosen: "Inget utlämningsställe valt",
  nearestChosenForYou: "Väljer du inget skickar vi paketet till utlämningsstället närmast din adress.",
  searchLabel: "Postnummer eller gata",
  searchPlaceholder: "t.ex. 114 55 eller Drottninggatan 1",
  searchButton: "Sök",
  loading: "Söker utlämningsställen…",
  resultsCount: (count) => (count === 1 ? "1 utlämningsställe" : `${count} utlämningsställen`),
  noResults: "Inga utlämningsställen hittades här. Prova ett annat postnummer eller en annan gata.",
  selected: "Vald",
  locker: "Paketskåp",
  manned: "Bemannat ombud",
  openingHours: "Öppettider",
  days: {
    MONDAY: "måndag",
    TUESDAY: "tisdag",
    WEDNESDAY: "onsdag",
    THURSDAY: "torsdag",
    FRIDAY: "fredag",
    SATURDAY: "lördag",
    SUNDAY: "söndag",
  },
  distance: (km) => (km < 1 ? `${Math.round(km * 1000)} m` : `${km.toFixed(1).replace(".", ",")} km`),
  unavailable: "Utlämningsställen kan inte visas just nu.",
  rateLimited: "För många sökningar på kort tid. Vänta en stund och försök igen.",
  invalidSearch: "Kontrollera postnumret: 4 siffror i Norge och Danmark, 5 i Sverige och Finland.",
  failed: "Något gick fel.",
  unreachable: "Butiken kan inte nås. Kontrollera din anslutning och försök igen.",
  retry: "Försök igen",
  deliveryOptionsHeading: "Leverans",
  expectedDelivery: (date) => `Beräknad leverans ${date}`,
  arrivalWindow: (from, to) => `mellan ${from} och ${to}`,
  deliveryDayHeading: "Leveransdag",
  earliestDay: "tidigast",
  readyForPickup: (date, window) => `Kan hämtas ${date} ${window}`,
  workingDays: (days) => (days === 1 ? "1 arbetsdag" : `${days} arbetsdagar`),
  noDeliveryDate: "Leveransdatum visas i nästa steg",
  optionUnavailable: "Inte tillgängligt för den här adressen",
  cityUnknown: "Okänt postnummer",
  cityLabel: "Ort",
  chooseCity: "Postnumret gäller flera orter: välj din",
}

const da: StorefrontTexts = {
  pickupPointHeading: "Udleveringssted",
  choosePickupPoint: "Vælg udleveringssted",
  changePickupPoint: "Skift udleveringssted",
  closePicker: "Luk",
  noPickupPointChosen: "Intet udleveringssted valgt",
  nearestChosenForYou: "Vælger du ikke, sender vi pakken til udleveringsstedet nærmest din adresse.",
  searchLabel: "Postnummer eller vej",
  searchPlaceholder: "f.eks. 2100 eller Østerbrogade 1",
  searchButton: "Søg",
  loading: "Finder udleveringssteder…",
  resultsCount: (count) => (count === 1 ? "1 udleveringssted" : `${count} udleveringssteder`),
  noResults: "Ingen udleveringssteder fundet her. Prøv et andet postnummer eller en anden vej.",
  selected: "Valgt",
  locker: "Pakkeboks",
  manned: "Betjent udleveringssted",
  openingHours: "Åbningstider",
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
  unavailable: "Udleveringssteder kan ikke vises lige nu.",
  rateLimited: "For mange søgninger på kort tid. Vent lidt og prøv igen.",
  invalidSearch: "Tjek postnummeret: 4 cifre i Norge og Danmark, 5 i Sverige og Finland.",
  failed: "Noget gik galt.",
  unreachable: "Butikken kan ikke nås. Tjek din forbindelse og prøv igen.",
  retry: "Prøv igen",
  deliveryOptionsHeading: "Levering",
  expectedDelivery: (date) => `Forventet levering ${date}`,
  arrivalWindow: (from, to) => `mellem ${from} og ${to}`,
  deliveryDayHeading: "Leveringsdag",
  earliestDay: "tidligst",
  readyForPickup: (date, window) => `Klar til afhentning ${date} ${window}`,
  workingDays: (days) => (days === 1 ? "1 hverdag" : `${days} hverdage`),
  noDeliveryDate: "Leveringsdatoen vises i næste trin",
  optionUnavailable: "Ikke tilgængelig for denne adresse",
  cityUnknown: "Ukendt postnummer",
  cityLabel: "By",
  chooseCity: "Postnummeret dækker flere byer: vælg din",
}

const fi: StorefrontTexts = {
  pickupPointHeading: "Noutopiste",
  choosePickupPoint: "Valitse noutopiste",
  changePickupPoint: "Vaihda noutopiste",
  closePicker: "Sulje",
  noPickupPointChosen: "Noutopistettä ei ole valittu",
  nearestChosenForYou: "Jos et valitse, lähetämme paketin osoitettasi lähimpään noutopisteeseen.",
  searchLabel: "Postinumero tai katu",
  searchPlaceholder: "esim. 00100 tai Mannerheimintie 1",
  searchButton: "Hae",
  loading: "Haetaan noutopisteitä…",
  resultsCount: (count) => (count === 1 ? "1 noutopiste" : `${count} noutopistettä`),
  noResults: "Täältä ei löytynyt noutopisteitä. Kokeile toista postinumeroa tai katua.",
  selected: "Valittu",
  locker: "Pakettiautomaatti",
  manned: "Palvelupiste",
  openingHours: "Aukioloajat",
  days: {
    MONDAY: "maanantai",
    TUESDAY: "tiistai",
    WEDNESDAY: "keskiviikko",
    THURSDAY: "torstai",
    FRIDAY: "perjantai",
    SATURDAY: "lauantai",
    SUNDAY: "sunnuntai",
  },
  distance: (km) => (km < 1 ? `${Math.round(km * 1000)} m` : `${km.toFixed(1).replace(".", ",")} km`),
  unavailable: "Noutopisteitä ei voida näyttää juuri nyt.",
  rateLimited: "Liian monta hakua lyhyessä ajassa. Odota hetki ja yritä uudelleen.",
  invalidSearch: "Tarkista postinumero: 4 numeroa Norjassa ja Tanskassa, 5 Ruotsissa ja Suomessa.",
  failed: "Jotain meni vikaan.",
  unreachable: "Kauppaan ei saada yhteyttä. Tarkista yhteytesi ja yritä uudelleen.",
  retry: "Yritä uudelleen",
  deliveryOptionsHeading: "Toimitus",
  expectedDelivery: (date) => `Arvioitu toimitus ${date}`,
  arrivalWindow: (from, to) => `klo ${from}–${to}`,
  deliveryDayHeading: "Toimituspäivä",
  earliestDay: "aikaisin",
  readyForPickup: (date, window) => `Noudettavissa ${date} ${window}`,
  workingDays: (days) => (days === 1 ? "1 arkipäivä" : `${days} arkipäivää`),
  noDeliveryDate: "Toimituspäivä näytetään seuraavassa vaiheessa",
  optionUnavailable: "Ei saatavilla tähän osoitteeseen",
  cityUnknown: "Tuntematon postinumero",
  cityLabel: "Postitoimipaikka",
  chooseCity: "Postinumero kattaa useita paikkoja: valitse omasi",
}

export const storefrontTexts: Record<StorefrontLocale, StorefrontTexts> = { en, nb, sv, da, fi }

/** "nb", "no", "nn" read as Norwegian, "sv" Swedish, "da" Danish, "fi" Finnish (any region); anything else as English. */
export function resolveLocale(locale: string | undefined): StorefrontLocale {
  const language = (locale ?? "").toLowerCase().split(/[-_]/)[0]
  if (language === "nb" || language === "no" || language === "nn") return "nb"
  return language === "sv" || language === "da" || language === "fi" ? language : "en"
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
