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
  noDropOffPoints: string
  locker: string
  manned: string
  openingHours: string
}

export type ReturnRequestTexts = AfterSaleTexts & ReturnRequestOwnTexts

const en: ReturnRequestOwnTexts = {
  heading: "Return items",
  itemsLegend: "What are you sending back?",
  quantityLabel: (title) => `Quantity of ${title} to return`,
  returnableOf: (count) => `of ${count}`,
  nothingReturnable: "Nothing in this order can be returned now.",
  reasonLabel: "Reason for the return",
  reasonPlaceholder: "Choose a reason",
  reasonRequired: "Choose a reason for the return.",
  noteLabel: "Anything else we should know? (optional)",
  optionsLegend: "How do you send it back?",
  chooseItemsFirst: "Choose what you return to see the options and prices.",
  loadingOptions: "Finding return options…",
  noReturnOptions: "These items cannot be returned with the carrier. Contact the store.",
  chooseOption: "Choose how to send it back.",
  free: "Free",
  qrCodesOffered: "No printer needed: show a QR code",
  confirm: (price) => `Confirm the return (${price})`,
  confirming: "Booking your return…",
  priceChanged: "The price has changed. Check it and confirm again.",
  selectionRefused: "The store cannot take back this selection.",
  created: "Your return is booked.",
  documentsFollow: "Your label appears here in a moment.",
  dropOffHeading: "Where to hand it in",
  noDropOffPoints: "No drop-off points were found near your address.",
  locker: "Parcel locker",
  manned: "Staffed counter",
  openingHours: "Opening hours",
}

const nb: ReturnRequestOwnTexts = {
  heading: "Returner varer",
  itemsLegend: "Hva sender du tilbake?",
  quantityLabel: (title) => `Antall ${title} som returneres`,
  returnableOf: (count) => `av ${count}`,
  nothingReturnable: "Ingenting i denne ordren kan returneres nå.",
  reasonLabel: "Årsak til returen",
  reasonPlaceholder: "Velg en årsak",
  reasonRequired: "Velg en årsak til returen.",
  noteLabel: "Noe mer vi bør vite? (valgfritt)",
  optionsLegend: "Hvordan sender du den tilbake?",
  chooseItemsFirst: "Velg hva du returnerer for å se valg og priser.",
  loadingOptions: "Finner returvalg…",
  noReturnOptions: "Disse varene kan ikke returneres med transportøren. Kontakt butikken.",
  chooseOption: "Velg hvordan du sender den tilbake.",
  free: "Gratis",
  qrCodesOffered: "Ingen skriver nødvendig: vis en QR-kode",
  confirm: (price) => `Bekreft returen (${price})`,
  confirming: "Booker returen…",
  priceChanged: "Prisen er endret. Sjekk den og bekreft igjen.",
  selectionRefused: "Butikken kan ikke ta imot dette valget.",
  created: "Returen din er booket.",
  documentsFollow: "Etiketten din kommer her om et øyeblikk.",
  dropOffHeading: "Hvor du leverer den",
  noDropOffPoints: "Fant ingen innleveringssteder nær adressen din.",
  locker: "Pakkeboks",
  manned: "Betjent utleveringssted",
  openingHours: "Åpningstider",
}

const sv: ReturnRequestOwnTexts = {
  heading: "Returnera varor",
  itemsLegend: "Vad skickar du tillbaka?",
  quantityLabel: (title) => `Antal ${title} att returnera`,
  returnableOf: (count) => `av ${count}`,
  nothingReturnable: "Inget i den här ordern kan returneras nu.",
  reasonLabel: "Anledning till returen",
  reasonPlaceholder: "Välj en anledning",
  reasonRequired: "Välj en anledning till returen.",
  noteLabel: "Något mer vi bör veta? (valfritt)",
  optionsLegend: "Hur skickar du tillbaka den?",
  chooseItemsFirst: "Välj vad du returnerar för att se alternativ och priser.",
  loadingOptions: "Hämtar returalternativ…",
  noReturnOptions: "De här varorna kan inte returneras med transportören. Kontakta butiken.",
  chooseOption: "Välj hur du skickar tillbaka den.",
  free: "Gratis",
  qrCodesOffered: "Ingen skrivare behövs: visa en QR-kod",
  confirm: (price) => `Bekräfta returen (${price})`,
  confirming: "Bokar din retur…",
  priceChanged: "Priset har ändrats. Kontrollera det och bekräfta igen.",
  selectionRefused: "Butiken kan inte ta emot det här valet.",
  created: "Din retur är bokad.",
  documentsFollow: "Din etikett visas här om en stund.",
  dropOffHeading: "Var du lämnar in den",
  noDropOffPoints: "Inga inlämningsställen hittades nära din adress.",
  locker: "Paketskåp",
  manned: "Bemannat ombud",
  openingHours: "Öppettider",
}

const da: ReturnRequestOwnTexts = {
  heading: "Returner varer",
  itemsLegend: "Hvad sender du retur?",
  quantityLabel: (title) => `Antal ${title}, der returneres`,
  returnableOf: (count) => `af ${count}`,
  nothingReturnable: "Intet i denne ordre kan returneres nu.",
  reasonLabel: "Årsag til returneringen",
  reasonPlaceholder: "Vælg en årsag",
  reasonRequired: "Vælg en årsag til returneringen.",
  noteLabel: "Er der andet, vi skal vide? (valgfrit)",
  optionsLegend: "Hvordan sender du den retur?",
  chooseItemsFirst: "Vælg, hvad du returnerer, for at se muligheder og priser.",
  loadingOptions: "Finder returmuligheder…",
  noReturnOptions: "Disse varer kan ikke returneres med fragtfirmaet. Kontakt butikken.",
  chooseOption: "Vælg, hvordan du sender den retur.",
  free: "Gratis",
  qrCodesOffered: "Ingen printer nødvendig: vis en QR-kode",
  confirm: (price) => `Bekræft returneringen (${price})`,
  confirming: "Booker din returnering…",
  priceChanged: "Prisen er ændret. Tjek den, og bekræft igen.",
  selectionRefused: "Butikken kan ikke tage imod dette valg.",
  created: "Din returnering er booket.",
  documentsFollow: "Din label vises her om et øjeblik.",
  dropOffHeading: "Hvor du afleverer den",
  noDropOffPoints: "Der blev ikke fundet nogen indleveringssteder nær din adresse.",
  locker: "Pakkeboks",
  manned: "Bemandet pakkeshop",
  openingHours: "Åbningstider",
}

const fi: ReturnRequestOwnTexts = {
  heading: "Palauta tuotteita",
  itemsLegend: "Mitä palautat?",
  quantityLabel: (title) => `Palautettava määrä: ${title}`,
  returnableOf: (count) => `/ ${count}`,
  nothingReturnable: "Tilauksesta ei voi nyt palauttaa mitään.",
  reasonLabel: "Palautuksen syy",
  reasonPlaceholder: "Valitse syy",
  reasonRequired: "Valitse palautuksen syy.",
  noteLabel: "Haluatko kertoa jotain muuta? (valinnainen)",
  optionsLegend: "Miten lähetät palautuksen?",
  chooseItemsFirst: "Valitse palautettavat tuotteet, niin näet vaihtoehdot ja hinnat.",
  loadingOptions: "Haetaan palautusvaihtoehtoja…",
  noReturnOptions: "Näitä tuotteita ei voi palauttaa kuljetusliikkeen kautta. Ota yhteyttä kauppaan.",
  chooseOption: "Valitse, miten lähetät palautuksen.",
  free: "Maksuton",
  qrCodesOffered: "Tulostinta ei tarvita: näytä QR-koodi",
  confirm: (price) => `Vahvista palautus (${price})`,
  confirming: "Palautusta varataan…",
  priceChanged: "Hinta on muuttunut. Tarkista se ja vahvista uudelleen.",
  selectionRefused: "Kauppa ei voi ottaa vastaan tätä valintaa.",
  created: "Palautuksesi on varattu.",
  documentsFollow: "Osoitekorttisi näkyy tässä hetken kuluttua.",
  dropOffHeading: "Mihin jätät palautuksen",
  noDropOffPoints: "Osoitteesi läheltä ei löytynyt jättöpisteitä.",
  locker: "Pakettiautomaatti",
  manned: "Palvelupiste",
  openingHours: "Aukioloajat",
}

export const returnRequestTexts: Record<AfterSaleLocale, ReturnRequestOwnTexts> = { en, nb, sv, da, fi }

/** The return page's texts in the shopper's language (as `afterSaleTextsFor` reads it), any of them replaced. */
export function returnRequestTextsFor(locale: string | undefined, overrides?: Partial<ReturnRequestTexts>): ReturnRequestTexts {
  // The order page's texts, their event tables merged with the page's (not replaced by them).
  const afterSale = afterSaleTextsFor(locale, overrides)
  return { ...afterSale, ...returnRequestTexts[resolveAfterSaleLocale(locale)], ...overrides, events: afterSale.events, returnEvents: afterSale.returnEvents }
}
