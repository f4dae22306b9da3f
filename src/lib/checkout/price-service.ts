/*
 * Checkout prices: builds the cart state (quote-input.ts: every offered service plus the services
 * shipping options use, the shipping date from shipping-date.ts, packing per service from
 * lib/packing/packages.ts; a service the cart does not fit gets no price) and asks the quoter
 * (quoter.ts). `quoteInputForService` is the one place a quote input is built, so
 * `validateFulfillmentData` finds the quote the shopper saw; `pricingFor` turns an answer into
 * Medusa's amount (amount.ts).
 */
import type { NordicParcelOptions, ServiceOptions } from "../options"
import { amountFromQuote, fallbackAmount, itemsValue, pricingProblem, unusableAmountReason } from "./amount"
import type { Pricing, ShippingAmount } from "../pricing/shipping-amount"
import { directionOf, notQuotable, quoteInputFromContext, type PricingContext, type QuoteInputResult } from "./quote-input"
import type { CheckoutQuoter } from "./quoter"
import { returnPolicyPrice } from "../returns/return-policy"
import type { ServiceQuote } from "./service-quote"

export type ServicePrice = {
  /** What the carrier said about the service, when it could be asked. */
  quote?: ServiceQuote
  /** The amount for Medusa: the carrier's, the fallback, zero when free, or none (hidden). */
  amount?: ShippingAmount
  /** Why the carrier's price was not used (e.g. a missing exchange rate), when it was not. */
  problem?: string
  /**
   * Set when the carrier's price gave no amount Medusa may take (not a finite, non-negative
   * number): the same text as `problem`, for the status page.
   */
  unusable?: string
}

/** How amounts are formed for a cart: VAT, the goods' value (thresholds), the cart's currency and the merchant's rates. */
export function pricingFor(options: NordicParcelOptions, context: { items?: unknown; currency_code?: string | null }): Pricing {
  return {
    pricesIncludeVat: options.pricesIncludeVat,
    itemsValue: itemsValue(context.items as { unit_price?: unknown; quantity?: unknown }[]),
    currency: context.currency_code ?? undefined,
    currencies: { defaultCurrency: options.defaultCurrency, currencies: options.currencies },
  }
}

/**
 * Prices one service for a cart (or order) the way checkout does: one shared carrier quote for the
 * cart state (every service the store offers or its shipping options use), then the service's
 * price, else its fallback. A return service's return policy comes first
 * (lib/returns/return-policy.ts). Used by the provider's calculatePrice, the shopper's return
 * options (modules/nordic_parcel/return-options.ts) and the delivery-options route, so all show
 * the same amount from the same quote.
 * `options` are the options in force (the plugin options with the merchant's settings over them).
 */
export async function priceService(
  quoter: Pick<CheckoutQuoter, "quote">,
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
  const pricing = pricingFor(options, context)
  // A return service's policy may set the amount (fixed, free): the carrier is not asked then.
  const policy = returnPolicyPrice(service, pricing)
  if (policy.kind === "set") {
    return { amount: policy.amount }
  }
  if (policy.kind === "unpriced") {
    return { problem: policy.reason }
  }
  const built = quoteInputForService(context, options, service, inUse, now)
  // An item exceeds the service's package limits, or the cart lacks the measurements the service
  // needs: no price, whatever the fallback (the booking would be refused); the others keep theirs.
  const priced = built.ok ? built.input.services.find((s) => s.code === service.code) : undefined
  if (priced && notQuotable(priced)) {
    return { problem: notQuotable(priced) }
  }
  const outcome = built.ok ? await quoter.quote(built.input) : undefined
  const quote = outcome?.ok ? outcome.quote.services[service.code] : undefined
  const amount = quote?.available ? amountFromQuote(quote, service, pricing) : undefined
  if (amount) {
    return { quote, amount }
  }
  const price = quote?.available ? (service.priceSource === "net" ? (quote.netPrice ?? quote.listPrice) : quote.listPrice) : undefined
  const unusable = price ? unusableAmountReason(price, service, pricing) : undefined
  const problem = price
    ? (pricingProblem(price.currency, service, pricing) ?? unusable)
    : !built.ok
      ? built.reason
      : quote && !quote.available
        ? `the carrier offers no price: ${quote.reason}`
        : "the carrier did not answer in time"
  return { quote, amount: fallbackAmount(service, pricing), problem, ...(unusable ? { unusable } : {}) }
}

/**
 * The quote input checkout builds for a service: calculatePrice and the delivery-options route
 * (through priceService) and validateFulfillmentData (to find the quote the shopper was shown) all
 * build it here, since any difference between them would miss the shared quote. The priced service
 * is always asked for, even before the list of services in use has caught up.
 */
export function quoteInputForService(
  context: PricingContext,
  options: NordicParcelOptions,
  service: ServiceOptions,
  inUse: ServiceOptions[],
  now: Date
): QuoteInputResult {
  return quoteInputFromContext(context, options, directionOf(service), now, [...inUse, service])
}
