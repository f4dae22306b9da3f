/**
 * Texts of the order page's components (`TrackingTimeline`, `ReturnLabel`) in English, Norwegian
 * (bokmål), Swedish, Danish and Finnish: the carrier serves all four Nordic countries, so a shopper
 * follows the parcel in their own language. Event names are the carrier's (its event list); a name
 * the carrier adds later shows as the carrier sends it until a text is given (`texts.events`).
 */

import type { StoreErrorTexts } from "./texts"

export type AfterSaleLocale = "en" | "nb" | "sv" | "da" | "fi"

export type AfterSaleTexts = StoreErrorTexts & {
  trackingHeading: string
  outboundParcel: string
  returnParcel: string
  shipmentNumber: string
  trackAtCarrier: string
  noEventsYet: string
  noShipmentsYet: string
  loading: string
  returnHeading: string
  downloadLabel: string
  qrInstructions: string
  qrCodeAlt: (position: number, count: number) => string
  noReturnLabel: string
  /** A booked return before the shopper hands it in. */
  noReturnEventsYet: string
  /** The carrier's event names, e.g. `DELIVERED`. */
  events: Record<string, string>
  /**
   * What an event means for a return, where it differs: the parcel goes from the shopper back to
   * the store, so `DELIVERED` is the store receiving it.
   */
  returnEvents: Record<string, string>
}

/**
 * The carrier's event names in the five languages, one row per event (en, nb, sv, da, fi), so an
 * event added later is translated in one place.
 */
const EVENT_TEXTS: Record<string, readonly [en: string, nb: string, sv: string, da: string, fi: string]> = {
  PRE_NOTIFIED: ["The carrier knows the parcel is coming", "Transportøren er varslet om pakken", "Transportören har aviserats om paketet", "Fragtfirmaet er adviseret om pakken", "Kuljetusliike on saanut ennakkotiedon"],
  HANDED_IN: ["Handed in", "Levert inn", "Inlämnat", "Indleveret", "Jätetty kuljetukseen"],
  IN_TRANSIT: ["In transit", "Under transport", "Under transport", "Undervejs", "Kuljetuksessa"],
  TERMINAL: ["At the carrier's terminal", "På transportørens terminal", "På transportörens terminal", "På fragtfirmaets terminal", "Kuljetusliikkeen terminaalissa"],
  INTERNATIONAL: ["Crossed the border", "Har krysset grensen", "Har passerat gränsen", "Har krydset grænsen", "Ylittänyt rajan"],
  CUSTOMS: ["In customs", "Til fortolling", "I tullen", "I told", "Tullauksessa"],
  TRANSPORT_TO_RECIPIENT: ["Out for delivery", "Ute for levering", "Ute för leverans", "Ude til levering", "Jakelussa"],
  NOTIFICATION_SENT: ["Notification sent to you", "Varsel sendt til deg", "Avisering skickad till dig", "Besked sendt til dig", "Ilmoitus lähetetty sinulle"],
  DELIVERY_ORDERED: ["Home delivery ordered", "Hjemlevering bestilt", "Hemleverans beställd", "Hjemmelevering bestilt", "Kotiinkuljetus tilattu"],
  DELIVERY_CHANGED: ["Delivery date changed", "Leveringsdato endret", "Leveransdatum ändrat", "Leveringsdato ændret", "Toimituspäivä muutettu"],
  DELIVERY_CANCELLED: ["Home delivery cancelled", "Hjemlevering avbestilt", "Hemleverans avbokad", "Hjemmelevering annulleret", "Kotiinkuljetus peruttu"],
  ATTEMPTED_DELIVERY: ["Delivery attempted", "Forsøkt levert", "Leveransförsök gjort", "Forsøgt leveret", "Toimitusta yritetty"],
  READY_FOR_PICKUP: ["Ready for pickup", "Klar til henting", "Redo att hämtas", "Klar til afhentning", "Noudettavissa"],
  COLLECTED: ["Picked up from the sender", "Hentet hos avsender", "Hämtat hos avsändaren", "Afhentet hos afsenderen", "Noudettu lähettäjältä"],
  DELIVERED: ["Delivered", "Levert", "Levererat", "Leveret", "Toimitettu"],
  DEVIATION: ["A deviation in the carrier's handling: it may be delayed", "Avvik underveis: pakken kan bli forsinket", "Avvikelse under transporten: paketet kan bli försenat", "Afvigelse undervejs: pakken kan blive forsinket", "Poikkeama matkalla: paketti voi viivästyä"],
  RETURN: ["On its way back to the sender", "På vei tilbake til avsender", "På väg tillbaka till avsändaren", "På vej tilbage til afsender", "Matkalla takaisin lähettäjälle"],
  DELIVERED_SENDER: ["Returned to the sender", "Returnert til avsender", "Returnerat till avsändaren", "Returneret til afsender", "Palautettu lähettäjälle"],
  // A return's DELIVERED is the store receiving it.
  RETURN_DELIVERED: ["Delivered to the store", "Levert til butikken", "Levererat till butiken", "Leveret til butikken", "Toimitettu kauppaan"],
}

/** A QR code's alternative text: `one` for a single package, else `many` with {position} and {count} filled in. */
function qrCodeAltText(one: string, many: string): AfterSaleTexts["qrCodeAlt"] {
  return (position, count) => (count > 1 ? many.replace("{position}", String(position)).replace("{count}", String(count)) : one)
}

/** One language's column of EVENT_TEXTS, as the texts' `events` and `returnEvents`. */
function eventTextsIn(column: number): Pick<AfterSaleTexts, "events" | "returnEvents"> {
  const { RETURN_DELIVERED, ...outbound } = EVENT_TEXTS
  return {
    events: Object.fromEntries(Object.entries(outbound).map(([name, texts]) => [name, texts[column]])),
    returnEvents: { DELIVERED: RETURN_DELIVERED[column] },
  }
}

type InFiveLanguages = readonly [en: string, nb: string, sv: string, da: string, fi: string]
type OwnTexts = Omit<AfterSaleTexts, "qrCodeAlt" | "events" | "returnEvents">

/** The components' own texts, one row per text (en, nb, sv, da, fi). */
const TEXTS: Record<keyof OwnTexts, InFiveLanguages> = {
  trackingHeading: ["Track your parcel", "Spor pakken", "Spåra paketet", "Følg din pakke", "Seuraa pakettia"],
  outboundParcel: ["Your parcel", "Pakken din", "Ditt paket", "Din pakke", "Pakettisi"],
  returnParcel: ["Your return", "Returen din", "Din retur", "Din returnering", "Palautuksesi"],
  shipmentNumber: ["Shipment number", "Sendingsnummer", "Försändelsenummer", "Forsendelsesnummer", "Lähetystunnus"],
  trackAtCarrier: ["Follow it at the carrier", "Følg den hos transportøren", "Följ det hos transportören", "Følg den hos fragtfirmaet", "Seuraa kuljetusliikkeen sivulla"],
  noEventsYet: ["Booked with the carrier. Tracking starts when the parcel is handed in.", "Booket hos transportøren. Sporingen starter når pakken er levert inn.", "Bokat hos transportören. Spårningen börjar när paketet är inlämnat.", "Booket hos fragtfirmaet. Sporingen starter, når pakken er indleveret.", "Varattu kuljetusliikkeeltä. Seuranta alkaa, kun paketti on jätetty kuljetukseen."],
  noShipmentsYet: ["Your order has not been sent yet.", "Ordren er ikke sendt ennå.", "Din order har inte skickats än.", "Din ordre er ikke afsendt endnu.", "Tilaustasi ei ole vielä lähetetty."],
  loading: ["Loading…", "Laster…", "Laddar…", "Indlæser…", "Ladataan…"],
  returnHeading: ["Return", "Retur", "Retur", "Returnering", "Palautus"],
  downloadLabel: ["Download the return label (PDF)", "Last ned returetiketten (PDF)", "Ladda ner returetiketten (PDF)", "Hent returlabelen (PDF)", "Lataa palautusosoitekortti (PDF)"],
  qrInstructions: ["No printer? Show this code at the pickup point instead of a printed label.", "Ingen skriver? Vis denne koden på hentestedet i stedet for en utskrevet etikett.", "Ingen skrivare? Visa koden hos ombudet i stället för en utskriven etikett.", "Ingen printer? Vis koden i pakkeshoppen i stedet for en printet label.", "Ei tulostinta? Näytä koodi noutopisteessä tulostetun osoitekortin sijaan."],
  noReturnLabel: ["There is no return label for this order.", "Denne ordren har ingen returetikett.", "Den här ordern har ingen returetikett.", "Denne ordre har ingen returlabel.", "Tilauksella ei ole palautusosoitekorttia."],
  noReturnEventsYet: ["Booked with the carrier. Tracking starts when you hand in the parcel.", "Booket hos transportøren. Sporingen starter når du leverer inn pakken.", "Bokat hos transportören. Spårningen börjar när du lämnar in paketet.", "Booket hos fragtfirmaet. Sporingen starter, når du indleverer pakken.", "Varattu kuljetusliikkeeltä. Seuranta alkaa, kun jätät paketin kuljetukseen."],
  unreachable: ["The store cannot be reached. Check your connection and try again.", "Får ikke kontakt med butikken. Sjekk nettforbindelsen og prøv igjen.", "Det går inte att nå butiken. Kontrollera anslutningen och försök igen.", "Butikken kan ikke nås. Tjek din forbindelse, og prøv igen.", "Kauppaan ei saada yhteyttä. Tarkista verkkoyhteys ja yritä uudelleen."],
  unavailable: ["The carrier cannot be reached right now.", "Transportøren svarer ikke akkurat nå.", "Transportören svarar inte just nu.", "Fragtfirmaet svarer ikke lige nu.", "Kuljetusliike ei vastaa juuri nyt."],
  failed: ["Something went wrong.", "Noe gikk galt.", "Något gick fel.", "Noget gik galt.", "Jokin meni vikaan."],
  retry: ["Try again", "Prøv igjen", "Försök igen", "Prøv igen", "Yritä uudelleen"],
}

/** A QR code's alternative text per language: for one package, and for several with {position} and {count}. */
const QR_CODE_ALT: readonly (readonly [one: string, many: string])[] = [
  ["Return QR code", "Return QR code, package {position} of {count}"],
  ["QR-kode for retur", "QR-kode for retur, kolli {position} av {count}"],
  ["QR-kod för retur", "QR-kod för retur, kolli {position} av {count}"],
  ["QR-kode til returnering", "QR-kode til returnering, kolli {position} af {count}"],
  ["Palautuksen QR-koodi", "Palautuksen QR-koodi, kolli {position}/{count}"],
]

const LOCALES: readonly AfterSaleLocale[] = ["en", "nb", "sv", "da", "fi"]

/** One language's column of the tables. */
function textsIn(column: number): AfterSaleTexts {
  const own = Object.fromEntries(Object.entries(TEXTS).map(([key, texts]) => [key, texts[column]])) as OwnTexts
  return { ...own, qrCodeAlt: qrCodeAltText(...QR_CODE_ALT[column]), ...eventTextsIn(column) }
}

export const afterSaleTexts = Object.fromEntries(LOCALES.map((locale, column) => [locale, textsIn(column)])) as Record<AfterSaleLocale, AfterSaleTexts>

/** "nb", "no", "nn" read as Norwegian, "sv" Swedish, "da" Danish, "fi" Finnish (any region); else English. */
export function resolveAfterSaleLocale(locale: string | undefined): AfterSaleLocale {
  const language = (locale ?? "").toLowerCase().split(/[-_]/)[0]
  if (language === "nb" || language === "no" || language === "nn") return "nb"
  return language === "sv" || language === "da" || language === "fi" ? language : "en"
}

export function afterSaleTextsFor(locale: string | undefined, overrides?: Partial<AfterSaleTexts>): AfterSaleTexts {
  const base = afterSaleTexts[resolveAfterSaleLocale(locale)]
  return {
    ...base,
    ...overrides,
    events: { ...base.events, ...overrides?.events },
    returnEvents: { ...base.returnEvents, ...overrides?.returnEvents },
  }
}

/**
 * The shopper's words for a carrier event (a return's own words where they differ: its
 * `DELIVERED` is the store receiving it); an event name the texts do not know shows as sent.
 */
export function trackingEventText(status: string, t: AfterSaleTexts, kind: "outbound" | "return" = "outbound"): string {
  return (kind === "return" ? t.returnEvents?.[status] : undefined) ?? t.events[status] ?? status
}

const INTL_LOCALES: Record<AfterSaleLocale, string> = { en: "en-GB", nb: "nb-NO", sv: "sv-SE", da: "da-DK", fi: "fi-FI" }

/** A price in major units in the shopper's language ("NOK 49.00", "49,00 kr"). */
export function formatAfterSaleAmount(amount: number, currencyCode: string, locale: string | undefined): string {
  return new Intl.NumberFormat(INTL_LOCALES[resolveAfterSaleLocale(locale)], { style: "currency", currency: currencyCode.toUpperCase() }).format(amount)
}

/** When a tracking event happened, in the shopper's language and time zone ("25 Nov 2026, 14:05"). */
export function formatEventTime(isoDateTime: string, locale: string | undefined): string {
  const date = new Date(isoDateTime)
  if (Number.isNaN(date.getTime())) return isoDateTime
  return new Intl.DateTimeFormat(INTL_LOCALES[resolveAfterSaleLocale(locale)], { dateStyle: "medium", timeStyle: "short" }).format(date)
}

/**
 * The carrier's day names (MONDAY…) in the shopper's language, from the browser's own calendar
 * data (`Intl`), so the kit carries no table of day names per language.
 */
export function weekdayNames(locale: string | undefined): Record<string, string> {
  const format = new Intl.DateTimeFormat(INTL_LOCALES[resolveAfterSaleLocale(locale)], { weekday: "long", timeZone: "UTC" })
  const names: Record<string, string> = {}
  // 1 January 2024 was a Monday.
  ;["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"].forEach((day, i) => (names[day] = format.format(Date.UTC(2024, 0, 1 + i))))
  return names
}

/** A distance in the shopper's language: "850 m", "1.2 km" / "1,2 km". */
export function formatDistance(km: number, locale: string | undefined): string {
  const format = new Intl.NumberFormat(INTL_LOCALES[resolveAfterSaleLocale(locale)], { maximumFractionDigits: km < 1 ? 0 : 1, minimumFractionDigits: km < 1 ? 0 : 1 })
  return km < 1 ? `${format.format(Math.round(km * 1000))} m` : `${format.format(km)} km`
}
