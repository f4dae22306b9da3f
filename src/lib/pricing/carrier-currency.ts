/**
 * The currency the carrier prices in: the sender's country's (carrier notes 38). A parcel from
 * Oslo is priced in NOK, from Gothenburg in SEK, whatever the cart's currency. Undefined for a
 * country the carrier has no price list of: the answer's own currency is then all there is.
 */
const CURRENCY_OF_SENDER_COUNTRY: Record<string, string> = { NO: "NOK", SJ: "NOK", SE: "SEK", DK: "DKK", FI: "EUR" }

export function carrierCurrencyOf(senderCountryCode: string | null | undefined): string | undefined {
  return CURRENCY_OF_SENDER_COUNTRY[(senderCountryCode ?? "").toUpperCase()]
}
