import type { NordicParcelOptions, ServiceOptions } from "../options"
import { amountFromQuote, fallbackAmount, itemsValue, type ShippingAmount } from "./amount"
import { directionOf, quoteInputFromContext, type PricingContext } from "./quote-input"
import type { CheckoutQuoter } from "./quoter"
import type { ServiceQuote } from "./service-quote"

export type ServicePrice = {
  /** What the carrier said about the service, when it could be asked. */
  quote?: ServiceQuote
  /** The amount for Medusa: the carrier's, the fallback, zero when free, or none (hidden). */
  amount?: ShippingAmount
}

/**
 * Prices one service for a cart (or order) the way checkout does: one shared carrier quote for the
 * cart state (every service the store offers or its shipping options use), then the service's
 * price, else its fallback. Used by the provider's calculatePrice
 * and by the delivery-options route, so both show the same amount from the same quote.
 * `options` are the options in force (the plugin options with the merchant's settings over them).
 */
export async function priceService(
  quoter: CheckoutQuoter,
  options: NordicParcelOptions,
  service: ServiceOptions,
  context: PricingContext & { currency_code?: string | null },
  inUse: ServiceOptions[] = [],
  now = new Date()
): Promise<ServicePrice> {
  // Switched off in the admin: no price, so Medusa no longer offers the option.
  if (!service.offered) {
    return {}
  }
  const pricing = {
    pricesIncludeVat: options.pricesIncludeVat,
    itemsValue: itemsValue(context.items as { unit_price?: unknown; quantity?: unknown }[]),
    currency: context.currency_code ?? undefined,
  }
  // The priced service is always asked for, even before the list of services in use has caught up.
  const built = quoteInputFromContext(context, options, directionOf(service), now, [...inUse, service])
  // An item exceeds the service's package limits: no price, whatever the fallback.
  if (built.ok && built.input.services.find((s) => s.code === service.code)?.tooBig) {
    return {}
  }
  const outcome = built.ok ? await quoter.quote(built.input) : undefined
  const quote = outcome?.ok ? outcome.quote.services[service.code] : undefined
  const amount = quote?.available ? amountFromQuote(quote, service, pricing) : undefined
  return { quote, amount: amount ?? fallbackAmount(service, pricing) }
}
