/**
 * The plugin's admin texts in English and Norwegian, chosen by the browser's language (nb, nn and
 * no read Norwegian). Kept here rather than in the dashboard's i18n so that they follow the browser
 * even where the dashboard's own language setting differs.
 */
const EN = {
  widgetTitle: "Nordic Parcel",
  loading: "Loading…",
  chosenService: "Chosen service",
  pickupPoint: "Pickup point",
  openingHours: "Opening hours",
  expectedDelivery: "Expected delivery",
  notBooked: "Not booked yet: the parcel is booked when you fulfil the order.",
  noPickupPoint: "Delivered to the shipping address.",
  consignment: "Consignment",
  packages: "packages",
  label: "Label",
  returnLabel: "Return label",
  track: "Track",
  returnQr: "Return QR code",
  noEvents: "No tracking events yet.",
  returnPrefix: "Return",
  test: "test",
  bookAgain: "Book again",
  bookedAgain: "Booked again",
  unconfirmed: "The carrier never confirmed this booking ({error}). It may exist: check the carrier's portal before booking again.",
  noAnswer: "no answer",
  carrierReference: "Reference sent to the carrier: {reference}",
  status_unconfirmed: "Unconfirmed",
  status_booking: "Booking…",
  status_booked: "Booked",
  status_failed: "Failed",
  status_replaced: "Replaced",
  status_shipped: "Shipped",
  status_delivered: "Delivered",
  status_returned: "Returned",
  status_unused: "Unused: its fulfilment was cancelled",
  changePickupPoint: "Change pickup point",
  pickupPointChanged: "Pickup point changed",
  postalCode: "Postal code",
  postalCodeNearAddress: "Postal code (default: the shipping address)",
  search: "Search",
  cancel: "Cancel",
  noPickupPoints: "No pickup point near this postal code fits the parcel.",
  locker: "Locker",
  choose: "Choose",
  chosen: "Chosen",
  chosenByMerchant: "Changed by you",
}

type Texts = typeof EN

const NB: Texts = {
  widgetTitle: "Nordic Parcel",
  loading: "Laster…",
  chosenService: "Valgt tjeneste",
  pickupPoint: "Hentested",
  openingHours: "Åpningstider",
  expectedDelivery: "Forventet levering",
  notBooked: "Ikke booket ennå: pakken bookes når du oppfyller ordren.",
  noPickupPoint: "Leveres til leveringsadressen.",
  consignment: "Sending",
  packages: "kolli",
  label: "Etikett",
  returnLabel: "Returetikett",
  track: "Spor",
  returnQr: "QR-kode for retur",
  noEvents: "Ingen sporingshendelser ennå.",
  returnPrefix: "Retur",
  test: "test",
  bookAgain: "Book på nytt",
  bookedAgain: "Booket på nytt",
  unconfirmed: "Transportøren bekreftet aldri denne bookingen ({error}). Den kan finnes: sjekk transportørens portal før du booker på nytt.",
  noAnswer: "intet svar",
  carrierReference: "Referanse sendt til transportøren: {reference}",
  status_unconfirmed: "Ubekreftet",
  status_booking: "Booker…",
  status_booked: "Booket",
  status_failed: "Feilet",
  status_replaced: "Erstattet",
  status_shipped: "Sendt",
  status_delivered: "Levert",
  status_returned: "Returnert",
  status_unused: "Ubrukt: leveransen ble kansellert",
  changePickupPoint: "Bytt hentested",
  pickupPointChanged: "Hentested byttet",
  postalCode: "Postnummer",
  postalCodeNearAddress: "Postnummer (standard: leveringsadressen)",
  search: "Søk",
  cancel: "Avbryt",
  noPickupPoints: "Ingen hentesteder nær dette postnummeret passer pakken.",
  locker: "Pakkeboks",
  choose: "Velg",
  chosen: "Valgt",
  chosenByMerchant: "Byttet av deg",
}

export type TextKey = keyof Texts

/** Norwegian for nb, nn and no; English otherwise. */
export function languageOf(languages: readonly string[]): "nb" | "en" {
  const first = (languages[0] ?? "en").toLowerCase()
  return /^(nb|nn|no)\b/.test(first) ? "nb" : "en"
}

export function texts(language: "nb" | "en" = languageOf(typeof navigator === "undefined" ? [] : navigator.languages ?? [navigator.language])) {
  const table = language === "nb" ? NB : EN
  return {
    language,
    t: (key: TextKey, values: Record<string, string> = {}) => table[key].replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? ""),
    locale: language === "nb" ? "nb-NO" : (typeof navigator === "undefined" ? "en" : navigator.language),
  }
}
