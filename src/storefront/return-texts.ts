/**
 * Texts of the return page (`ReturnRequest`) in English, Norwegian (bokmål), Swedish, Danish and
 * Finnish, the languages of the order page's components (`after-sale-texts.ts`, whose error texts
 * and document texts the return page shares). Kept apart so a page that only tracks parcels does
 * not carry them in its type, and so each language is checked for every key by the compiler.
 */
import { afterSaleTextsFor, resolveAfterSaleLocale, type AfterSaleLocale, type AfterSaleTexts } from "./after-sale-texts"

export type ReturnRequestOwnTexts = {
  heading: string
  itemsLegend: string
  /** The accessible name of an item's quantity field. */
  quantityLabel: (title: string) => string
  /** Beside the quantity field: how many can go back. */
  returnableOf: (count: number) => string
  nothingReturnable: string
  reasonLabel: string
  reasonPlaceholder: string
  reasonRequired: string
  noteLabel: string
  optionsLegend: string
  chooseItemsFirst: string
  loadingOptions: string
  noReturnOptions: string
  chooseOption: string
  free: string
  /** The option comes with QR codes: no printer needed. */
  qrCodesOffered: string
  confirm: (price: string) => string
  confirming: string
  /** The price changed between listing and confirming (the route refused the shown price). */
  priceChanged: string
  /** A quantity or item the store refused (e.g. already returned in another tab). */
  selectionRefused: string
  created: string
  /** The return exists but its carrier booking is not recorded yet: the documents follow. */
  documentsFollow: string
  dropOffHeading: string
  dropOffIntro: string
  noDropOffPoints: string
  locker: string
  manned: string
  openingHours: string
  /** The carrier's day names (MONDAY…), for opening hours. */
  days: Record<string, string>
  distance: (km: number) => string
}

export type ReturnRequestTexts = AfterSaleTexts & ReturnRequestOwnTexts

const decimal = (km: number, separator: string) => (km < 1 ? `${Math.round(km * 1000)} m` : `${km.toFixed(1).replace(".", separator)} km`)

const en: ReturnRequestOwnTexts = {
  heading: "Return items",
  itemsLegend: "What are you sending back?",
  quantityLabel: (title) => `Quantity of ${title} to return`,
  returnableOf: (count) => `of ${count}`,
  nothingReturnable: "Nothing in this order can be returned now: it has not been sent yet, or it is already on its way back.",
  reasonLabel: "Reason for the return",
  reasonPlaceholder: "Choose a reason",
  reasonRequired: "Choose a reason for the return.",
  noteLabel: "Anything else we should know? (optional)",
  optionsLegend: "How do you send it back?",
  chooseItemsFirst: "Choose what you are returning to see how to send it and what it costs.",
  loadingOptions: "Finding return options…",
  noReturnOptions: "These items cannot be returned with the carrier. Contact the store.",
  chooseOption: "Choose how to send it back.",
  free: "Free",
  qrCodesOffered: "No printer needed: show a QR code",
  confirm: (price) => `Confirm the return (${price})`,
  confirming: "Booking your return…",
  priceChanged: "The price of the return has changed. Check the new price and confirm again.",
  selectionRefused: "The store cannot take back this selection. Check the quantities and try again.",
  created: "Your return is booked.",
  documentsFollow: "The carrier is preparing your label: it appears here in a moment.",
  dropOffHeading: "Where to hand it in",
  dropOffIntro: "The drop-off points nearest your address:",
  noDropOffPoints: "No drop-off points were found near your address.",
  locker: "Parcel locker",
  manned: "Staffed counter",
  openingHours: "Opening hours",
  days: { MONDAY: "Monday", TUESDAY: "Tuesday", WEDNESDAY: "Wednesday", THURSDAY: "Thursday", FRIDAY: "Friday", SATURDAY: "Saturday", SUNDAY: "Sunday" },
  distance: (km) => decimal(km, "."),
}

const nb: ReturnRequestOwnTexts = {
  heading: "Returner varer",
  itemsLegend: "Hva sender du tilbake?",
  quantityLabel: (title) => `Antall ${title} som returneres`,
  returnableOf: (count) => `av ${count}`,
  nothingReturnable: "Ingenting i denne ordren kan returneres nå: den er ikke sendt ennå, eller den er allerede på vei tilbake.",
  reasonLabel: "Årsak til returen",
  reasonPlaceholder: "Velg en årsak",
  reasonRequired: "Velg en årsak til returen.",
  noteLabel: "Noe mer vi bør vite? (valgfritt)",
  optionsLegend: "Hvordan sender du den tilbake?",
  chooseItemsFirst: "Velg hva du returnerer for å se hvordan du sender det og hva det koster.",
  loadingOptions: "Finner returvalg…",
  noReturnOptions: "Disse varene kan ikke returneres med transportøren. Kontakt butikken.",
  chooseOption: "Velg hvordan du sender den tilbake.",
  free: "Gratis",
  qrCodesOffered: "Ingen skriver nødvendig: vis en QR-kode",
  confirm: (price) => `Bekreft returen (${price})`,
  confirming: "Booker returen…",
  priceChanged: "Prisen på returen er endret. Sjekk den nye prisen og bekreft igjen.",
  selectionRefused: "Butikken kan ikke ta imot dette valget. Sjekk antallet og prøv igjen.",
  created: "Returen din er booket.",
  documentsFollow: "Transportøren lager etiketten din: den kommer her om et øyeblikk.",
  dropOffHeading: "Hvor du leverer den",
  dropOffIntro: "Innleveringsstedene nærmest adressen din:",
  noDropOffPoints: "Fant ingen innleveringssteder nær adressen din.",
  locker: "Pakkeboks",
  manned: "Betjent utleveringssted",
  openingHours: "Åpningstider",
  days: { MONDAY: "mandag", TUESDAY: "tirsdag", WEDNESDAY: "onsdag", THURSDAY: "torsdag", FRIDAY: "fredag", SATURDAY: "lørdag", SUNDAY: "søndag" },
  distance: (km) => decimal(km, ","),
}

const sv: ReturnRequestOwnTexts = {
  heading: "Returnera varor",
  itemsLegend: "Vad skickar du tillbaka?",
  quantityLabel: (title) => `Antal ${title} att returnera`,
  returnableOf: (count) => `av ${count}`,
  nothingReturnable: "Inget i den här ordern kan returneras nu: den har inte skickats än, eller så är den redan på väg tillbaka.",
  reasonLabel: "Anledning till returen",
  reasonPlaceholder: "Välj en anledning",
  reasonRequired: "Välj en anledning till returen.",
  noteLabel: "Något mer vi bör veta? (valfritt)",
  optionsLegend: "Hur skickar du tillbaka den?",
  chooseItemsFirst: "Välj vad du returnerar för att se hur du skickar det och vad det kostar.",
  loadingOptions: "Hämtar returalternativ…",
  noReturnOptions: "De här varorna kan inte returneras med transportören. Kontakta butiken.",
  chooseOption: "Välj hur du skickar tillbaka den.",
  free: "Gratis",
  qrCodesOffered: "Ingen skrivare behövs: visa en QR-kod",
  confirm: (price) => `Bekräfta returen (${price})`,
  confirming: "Bokar din retur…",
  priceChanged: "Priset för returen har ändrats. Kontrollera det nya priset och bekräfta igen.",
  selectionRefused: "Butiken kan inte ta emot det här valet. Kontrollera antalen och försök igen.",
  created: "Din retur är bokad.",
  documentsFollow: "Transportören tar fram din etikett: den visas här om en stund.",
  dropOffHeading: "Var du lämnar in den",
  dropOffIntro: "Inlämningsställena närmast din adress:",
  noDropOffPoints: "Inga inlämningsställen hittades nära din adress.",
  locker: "Paketskåp",
  manned: "Bemannat ombud",
  openingHours: "Öppettider",
  days: { MONDAY: "måndag", TUESDAY: "tisdag", WEDNESDAY: "onsdag", THURSDAY: "torsdag", FRIDAY: "fredag", SATURDAY: "lördag", SUNDAY: "söndag" },
  distance: (km) => decimal(km, ","),
}

const da: ReturnRequestOwnTexts = {
  heading: "Returner varer",
  itemsLegend: "Hvad sender du retur?",
  quantityLabel: (title) => `Antal ${title}, der returneres`,
  returnableOf: (count) => `af ${count}`,
  nothingReturnable: "Intet i denne ordre kan returneres nu: den er ikke afsendt endnu, eller den er allerede på vej retur.",
  reasonLabel: "Årsag til returneringen",
  reasonPlaceholder: "Vælg en årsag",
  reasonRequired: "Vælg en årsag til returneringen.",
  noteLabel: "Er der andet, vi skal vide? (valgfrit)",
  optionsLegend: "Hvordan sender du den retur?",
  chooseItemsFirst: "Vælg, hvad du returnerer, for at se, hvordan du sender det, og hvad det koster.",
  loadingOptions: "Finder returmuligheder…",
  noReturnOptions: "Disse varer kan ikke returneres med fragtfirmaet. Kontakt butikken.",
  chooseOption: "Vælg, hvordan du sender den retur.",
  free: "Gratis",
  qrCodesOffered: "Ingen printer nødvendig: vis en QR-kode",
  confirm: (price) => `Bekræft returneringen (${price})`,
  confirming: "Booker din returnering…",
  priceChanged: "Prisen for returneringen er ændret. Tjek den nye pris, og bekræft igen.",
  selectionRefused: "Butikken kan ikke tage imod dette valg. Tjek antallene, og prøv igen.",
  created: "Din returnering er booket.",
  documentsFollow: "Fragtfirmaet laver din label: den vises her om et øjeblik.",
  dropOffHeading: "Hvor du afleverer den",
  dropOffIntro: "Indleveringsstederne nærmest din adresse:",
  noDropOffPoints: "Der blev ikke fundet nogen indleveringssteder nær din adresse.",
  locker: "Pakkeboks",
  manned: "Bemandet pakkeshop",
  openingHours: "Åbningstider",
  days: { MONDAY: "mandag", TUESDAY: "tirsdag", WEDNESDAY: "onsdag", THURSDAY: "torsdag", FRIDAY: "fredag", SATURDAY: "lørdag", SUNDAY: "søndag" },
  distance: (km) => decimal(km, ","),
}

const fi: ReturnRequestOwnTexts = {
  heading: "Palauta tuotteita",
  itemsLegend: "Mitä palautat?",
  quantityLabel: (title) => `Palautettava määrä: ${title}`,
  returnableOf: (count) => `/ ${count}`,
  nothingReturnable: "Tilauksesta ei voi nyt palauttaa mitään: sitä ei ole vielä lähetetty, tai se on jo palautumassa.",
  reasonLabel: "Palautuksen syy",
  reasonPlaceholder: "Valitse syy",
  reasonRequired: "Valitse palautuksen syy.",
  noteLabel: "Haluatko kertoa jotain muuta? (valinnainen)",
  optionsLegend: "Miten lähetät palautuksen?",
  chooseItemsFirst: "Valitse palautettavat tuotteet, niin näet lähetystavat ja hinnat.",
  loadingOptions: "Haetaan palautusvaihtoehtoja…",
  noReturnOptions: "Näitä tuotteita ei voi palauttaa kuljetusliikkeen kautta. Ota yhteyttä kauppaan.",
  chooseOption: "Valitse, miten lähetät palautuksen.",
  free: "Maksuton",
  qrCodesOffered: "Tulostinta ei tarvita: näytä QR-koodi",
  confirm: (price) => `Vahvista palautus (${price})`,
  confirming: "Palautusta varataan…",
  priceChanged: "Palautuksen hinta on muuttunut. Tarkista uusi hinta ja vahvista uudelleen.",
  selectionRefused: "Kauppa ei voi ottaa vastaan tätä valintaa. Tarkista määrät ja yritä uudelleen.",
  created: "Palautuksesi on varattu.",
  documentsFollow: "Kuljetusliike valmistelee osoitekorttiasi: se näkyy tässä hetken kuluttua.",
  dropOffHeading: "Mihin jätät palautuksen",
  dropOffIntro: "Osoitettasi lähimmät jättöpisteet:",
  noDropOffPoints: "Osoitteesi läheltä ei löytynyt jättöpisteitä.",
  locker: "Pakettiautomaatti",
  manned: "Palvelupiste",
  openingHours: "Aukioloajat",
  days: { MONDAY: "maanantai", TUESDAY: "tiistai", WEDNESDAY: "keskiviikko", THURSDAY: "torstai", FRIDAY: "perjantai", SATURDAY: "lauantai", SUNDAY: "sunnuntai" },
  distance: (km) => decimal(km, ","),
}

export const returnRequestTexts: Record<AfterSaleLocale, ReturnRequestOwnTexts> = { en, nb, sv, da, fi }

/** The return page's texts in the shopper's language (as `afterSaleTextsFor` reads it), any of them replaced. */
export function returnRequestTextsFor(locale: string | undefined, overrides?: Partial<ReturnRequestTexts>): ReturnRequestTexts {
  const own = returnRequestTexts[resolveAfterSaleLocale(locale)]
  return {
    ...afterSaleTextsFor(locale, overrides),
    ...own,
    ...overrides,
    events: afterSaleTextsFor(locale, overrides).events,
    days: { ...own.days, ...overrides?.days },
  }
}
