/*
 * The shipping options a region cannot price (no rate for the carrier's currency or for a fixed
 * markup), read by api/admin/nordic-parcel/status/unpriceable-options.ts for `GET /admin/nordic-parcel/status`.
 */
import { markupFor } from "../checkout/amount"
import { valueInCurrency } from "../pricing/shipping-amount"
import { serviceForOptionData, type NordicParcelOptions } from "../options"
import { carrierCurrencyOf } from "../pricing/carrier-currency"
import { conversionBetween } from "../pricing/currency-conversion"

/** A Medusa region, as far as pricing goes: its currency and countries. */
export type PricedRegion = { id: string; name: string; currency_code: string; countries: string[] }

/** A carrier shipping option: its service (option data), the stock location that ships it, the countries its zone serves. */
export type CarrierShippingOption = {
  id: string
  name: string
  data: Record<string, unknown> | null
  location: { id: string; name: string; country_code: string | null } | null
  zone_countries: string[]
}

export type UnpriceableOption = {
  region_id: string
  region_name: string
  currency_code: string
  shipping_option_id: string
  shipping_option_name: string
  service_code: string
  location_id: string
  location_name: string
  /** The currency the carrier prices this location's parcels in (the sender's country's). */
  carrier_currency_code: string
  reason: string
}

/**
 * The shipping options a region's carts can never get a price for: the carrier prices in the
 * shipping location's currency (carrier notes 38), the cart is in the region's, and there is no
 * exchange rate between the two (or none for the service's fixed markup, which is in the default
 * currency when the region's currency has no markup of its own), and the service has no fallback
 * price in the region's currency.
 * Medusa then hides the option in that region. Listed on the settings page with the rate to set.
 * Return options are left out: their price follows the shopper's country, not a warehouse's.
 */
export function unpriceableOptions(
  options: NordicParcelOptions,
  regions: PricedRegion[],
  shippingOptions: CarrierShippingOption[]
): UnpriceableOption[] {
  const currencies = { defaultCurrency: options.defaultCurrency, currencies: options.currencies }
  const found: UnpriceableOption[] = []
  for (const option of shippingOptions) {
    const service = serviceForOptionData(options, option.data)
    const carrierCurrency = carrierCurrencyOf(option.location?.country_code)
    if (!service?.offered || service.isReturn || option.data?.is_return === true || !option.location || !carrierCurrency) {
      continue
    }
    const served = new Set(option.zone_countries.map((country) => country.toLowerCase()))
    for (const region of regions) {
      if (!region.countries.some((country) => served.has(country.toLowerCase()))) {
        continue
      }
      const currency = region.currency_code.toUpperCase()
      const conversion = conversionBetween(currencies, carrierCurrency, currency)
      const pricing = { pricesIncludeVat: options.pricesIncludeVat, itemsValue: 0, currency, currencies }
      const markup = markupFor(service, pricing)
      if ((conversion.ok && markup.kind !== "unconvertible") || valueInCurrency(service.fallbackPrice, service.fallbackPrices, pricing) !== undefined) {
        continue
      }
      const reason = !conversion.ok
        ? `${conversion.reason}, and no fallback price in ${currency}: set the exchange rate of ${conversion.missing.join(" and ")} or a fallback price in ${currency}`
        : `${markup.kind === "unconvertible" ? markup.reason : ""}, and no fallback price in ${currency}: set a markup in ${currency}, the exchange rate of ${currency} or a fallback price in ${currency}`
      found.push({
        region_id: region.id,
        region_name: region.name,
        currency_code: region.currency_code.toLowerCase(),
        shipping_option_id: option.id,
        shipping_option_name: option.name,
        service_code: service.code,
        location_id: option.location.id,
        location_name: option.location.name,
        carrier_currency_code: carrierCurrency.toLowerCase(),
        reason,
      })
    }
  }
  return found
}
