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

const en: AfterSaleTexts = {
  trackingHeading: "Track your parcel",
  outboundParcel: "Your parcel",
  returnParcel: "Your return",
  shipmentNumber: "Shipment number",
  trackAtCarrier: "Follow it at the carrier",
  noEventsYet: "Booked with the carrier. Tracking starts when the parcel is handed in.",
  noShipmentsYet: "Your order has not been sent yet.",
  loading: "Loading…",
  returnHeading: "Return",
  downloadLabel: "Download the return label (PDF)",
  qrInstructions: "No printer? Show this code at the pickup point instead of a printed label.",
  qrCodeAlt: (position, count) => (count > 1 ? `Return QR code, package ${position} of ${count}` : "Return QR code"),
  noReturnLabel: "There is no return label for this order.",
  noReturnEventsYet: "Booked with the carrier. Tracking starts when you hand in the parcel.",
  unreachable: "The store cannot be reached. Check your connection and try again.",
  unavailable: "The carrier cannot be reached right now.",
  failed: "Something went wrong.",
  retry: "Try again",
  events: {
    PRE_NOTIFIED: "The carrier knows the parcel is coming",
    HANDED_IN: "Handed in",
    IN_TRANSIT: "In transit",
    TERMINAL: "At the carrier's terminal",
    INTERNATIONAL: "Crossed the border",
    CUSTOMS: "In customs",
    TRANSPORT_TO_RECIPIENT: "Out for delivery",
    NOTIFICATION_SENT: "Notification sent to you",
    DELIVERY_ORDERED: "Home delivery ordered",
    DELIVERY_CHANGED: "Delivery date changed",
    DELIVERY_CANCELLED: "Home delivery cancelled",
    ATTEMPTED_DELIVERY: "Delivery attempted",
    READY_FOR_PICKUP: "Ready for pickup",
    COLLECTED: "Picked up from the sender",
    DELIVERED: "Delivered",
    DEVIATION: "A deviation in the carrier's handling: it may be delayed",
    RETURN: "On its way back to the sender",
    DELIVERED_SENDER: "Returned to the sender",
  },
  returnEvents: { DELIVERED: "Delivered to the store" },
}

const nb: AfterSaleTexts = {
  trackingHeading: "Spor pakken",
  outboundParcel: "Pakken din",
  returnParcel: "Returen din",
  shipmentNumber: "Sendingsnummer",
  trackAtCarrier: "Følg den hos transportøren",
  noEventsYet: "Booket hos transportøren. Sporingen starter når pakken er levert inn.",
  noShipmentsYet: "Ordren er ikke sendt ennå.",
  loading: "Laster…",
  returnHeading: "Retur",
  downloadLabel: "Last ned returetiketten (PDF)",
  qrInstructions: "Ingen skriver? Vis denne koden på hentestedet i stedet for en utskrevet etikett.",
  qrCodeAlt: (position, count) => (count > 1 ? `QR-kode for retur, kolli ${position} av ${count}` : "QR-kode for retur"),
  noReturnLabel: "Denne ordren har ingen returetikett.",
  noReturnEventsYet: "Booket hos transportøren. Sporingen starter når du leverer inn pakken.",
  unreachable: "Får ikke kontakt med butikken. Sjekk nettforbindelsen og prøv igjen.",
  unavailable: "Transportøren svarer ikke akkurat nå.",
  failed: "Noe gikk galt.",
  retry: "Prøv igjen",
  events: {
    PRE_NOTIFIED: "Transportøren er varslet om pakken",
    HANDED_IN: "Levert inn",
    IN_TRANSIT: "Under transport",
    TERMINAL: "På transportørens terminal",
    INTERNATIONAL: "Har krysset grensen",
    CUSTOMS: "Til fortolling",
    TRANSPORT_TO_RECIPIENT: "Ute for levering",
    NOTIFICATION_SENT: "Varsel sendt til deg",
    DELIVERY_ORDERED: "Hjemlevering bestilt",
    DELIVERY_CHANGED: "Leveringsdato endret",
    DELIVERY_CANCELLED: "Hjemlevering avbestilt",
    ATTEMPTED_DELIVERY: "Forsøkt levert",
    READY_FOR_PICKUP: "Klar til henting",
    COLLECTED: "Hentet hos avsender",
    DELIVERED: "Levert",
    DEVIATION: "Avvik underveis: pakken kan bli forsinket",
    RETURN: "På vei tilbake til avsender",
    DELIVERED_SENDER: "Returnert til avsender",
  },
  returnEvents: { DELIVERED: "Levert til butikken" },
}

const sv: AfterSaleTexts = {
  trackingHeading: "Spåra paketet",
  outboundParcel: "Ditt paket",
  returnParcel: "Din retur",
  shipmentNumber: "Försändelsenummer",
  trackAtCarrier: "Följ det hos transportören",
  noEventsYet: "Bokat hos transportören. Spårningen börjar när paketet är inlämnat.",
  noShipmentsYet: "Din order har inte skickats än.",
  loading: "Laddar…",
  returnHeading: "Retur",
  downloadLabel: "Ladda ner returetiketten (PDF)",
  qrInstructions: "Ingen skrivare? Visa koden hos ombudet i stället för en utskriven etikett.",
  qrCodeAlt: (position, count) => (count > 1 ? `QR-kod för retur, kolli ${position} av ${count}` : "QR-kod för retur"),
  noReturnLabel: "Den här ordern har ingen returetikett.",
  noReturnEventsYet: "Bokat hos transportören. Spårningen börjar när du lämnar in paketet.",
  unreachable: "Det går inte att nå butiken. Kontrollera anslutningen och försök igen.",
  unavailable: "Transportören svarar inte just nu.",
  failed: "Något gick fel.",
  retry: "Försök igen",
  events: {
    PRE_NOTIFIED: "Transportören har aviserats om paketet",
    HANDED_IN: "Inlämnat",
    IN_TRANSIT: "Under transport",
    TERMINAL: "På transportörens terminal",
    INTERNATIONAL: "Har passerat gränsen",
    CUSTOMS: "I tullen",
    TRANSPORT_TO_RECIPIENT: "Ute för leverans",
    NOTIFICATION_SENT: "Avisering skickad till dig",
    DELIVERY_ORDERED: "Hemleverans beställd",
    DELIVERY_CHANGED: "Leveransdatum ändrat",
    DELIVERY_CANCELLED: "Hemleverans avbokad",
    ATTEMPTED_DELIVERY: "Leveransförsök gjort",
    READY_FOR_PICKUP: "Redo att hämtas",
    COLLECTED: "Hämtat hos avsändaren",
    DELIVERED: "Levererat",
    DEVIATION: "Avvikelse under transporten: paketet kan bli försenat",
    RETURN: "På väg tillbaka till avsändaren",
    DELIVERED_SENDER: "Returnerat till avsändaren",
  },
  returnEvents: { DELIVERED: "Levererat till butiken" },
}

const da: AfterSaleTexts = {
  trackingHeading: "Følg din pakke",
  outboundParcel: "Din pakke",
  returnParcel: "Din returnering",
  shipmentNumber: "Forsendelsesnummer",
  trackAtCarrier: "Følg den hos fragtfirmaet",
  noEventsYet: "Booket hos fragtfirmaet. Sporingen starter, når pakken er indleveret.",
  noShipmentsYet: "Din ordre er ikke afsendt endnu.",
  loading: "Indlæser…",
  returnHeading: "Returnering",
  downloadLabel: "Hent returlabelen (PDF)",
  qrInstructions: "Ingen printer? Vis koden i pakkeshoppen i stedet for en printet label.",
  qrCodeAlt: (position, count) => (count > 1 ? `QR-kode til returnering, kolli ${position} af ${count}` : "QR-kode til returnering"),
  noReturnLabel: "Denne ordre har ingen returlabel.",
  noReturnEventsYet: "Booket hos fragtfirmaet. Sporingen starter, når du indleverer pakken.",
  unreachable: "Butikken kan ikke nås. Tjek din forbindelse, og prøv igen.",
  unavailable: "Fragtfirmaet svarer ikke lige nu.",
  failed: "Noget gik galt.",
  retry: "Prøv igen",
  events: {
    PRE_NOTIFIED: "Fragtfirmaet er adviseret om pakken",
    HANDED_IN: "Indleveret",
    IN_TRANSIT: "Undervejs",
    TERMINAL: "På fragtfirmaets terminal",
    INTERNATIONAL: "Har krydset grænsen",
    CUSTOMS: "I told",
    TRANSPORT_TO_RECIPIENT: "Ude til levering",
    NOTIFICATION_SENT: "Besked sendt til dig",
    DELIVERY_ORDERED: "Hjemmelevering bestilt",
    DELIVERY_CHANGED: "Leveringsdato ændret",
    DELIVERY_CANCELLED: "Hjemmelevering annulleret",
    ATTEMPTED_DELIVERY: "Forsøgt leveret",
    READY_FOR_PICKUP: "Klar til afhentning",
    COLLECTED: "Afhentet hos afsenderen",
    DELIVERED: "Leveret",
    DEVIATION: "Afvigelse undervejs: pakken kan blive forsinket",
    RETURN: "På vej tilbage til afsender",
    DELIVERED_SENDER: "Returneret til afsender",
  },
  returnEvents: { DELIVERED: "Leveret til butikken" },
}

const fi: AfterSaleTexts = {
  trackingHeading: "Seuraa pakettia",
  outboundParcel: "Pakettisi",
  returnParcel: "Palautuksesi",
  shipmentNumber: "Lähetystunnus",
  trackAtCarrier: "Seuraa kuljetusliikkeen sivulla",
  noEventsYet: "Varattu kuljetusliikkeeltä. Seuranta alkaa, kun paketti on jätetty kuljetukseen.",
  noShipmentsYet: "Tilaustasi ei ole vielä lähetetty.",
  loading: "Ladataan…",
  returnHeading: "Palautus",
  downloadLabel: "Lataa palautusosoitekortti (PDF)",
  qrInstructions: "Ei tulostinta? Näytä koodi noutopisteessä tulostetun osoitekortin sijaan.",
  qrCodeAlt: (position, count) => (count > 1 ? `Palautuksen QR-koodi, kolli ${position}/${count}` : "Palautuksen QR-koodi"),
  noReturnLabel: "Tilauksella ei ole palautusosoitekorttia.",
  noReturnEventsYet: "Varattu kuljetusliikkeeltä. Seuranta alkaa, kun jätät paketin kuljetukseen.",
  unreachable: "Kauppaan ei saada yhteyttä. Tarkista verkkoyhteys ja yritä uudelleen.",
  unavailable: "Kuljetusliike ei vastaa juuri nyt.",
  failed: "Jokin meni vikaan.",
  retry: "Yritä uudelleen",
  events: {
    PRE_NOTIFIED: "Kuljetusliike on saanut ennakkotiedon",
    HANDED_IN: "Jätetty kuljetukseen",
    IN_TRANSIT: "Kuljetuksessa",
    TERMINAL: "Kuljetusliikkeen terminaalissa",
    INTERNATIONAL: "Ylittänyt rajan",
    CUSTOMS: "Tullauksessa",
    TRANSPORT_TO_RECIPIENT: "Jakelussa",
    NOTIFICATION_SENT: "Ilmoitus lähetetty sinulle",
    DELIVERY_ORDERED: "Kotiinkuljetus tilattu",
    DELIVERY_CHANGED: "Toimituspäivä muutettu",
    DELIVERY_CANCELLED: "Kotiinkuljetus peruttu",
    ATTEMPTED_DELIVERY: "Toimitusta yritetty",
    READY_FOR_PICKUP: "Noudettavissa",
    COLLECTED: "Noudettu lähettäjältä",
    DELIVERED: "Toimitettu",
    DEVIATION: "Poikkeama matkalla: paketti voi viivästyä",
    RETURN: "Matkalla takaisin lähettäjälle",
    DELIVERED_SENDER: "Palautettu lähettäjälle",
  },
  returnEvents: { DELIVERED: "Toimitettu kauppaan" },
}

export const afterSaleTexts: Record<AfterSaleLocale, AfterSaleTexts> = { en, nb, sv, da, fi }

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
