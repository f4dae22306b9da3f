import type { ServiceOptions } from "../options"
import { serviceInfo } from "../service-catalogue"
import { valueInCurrency, type Pricing, type ShippingAmount } from "../pricing/shipping-amount"

/**
 * The merchant's return policy: what a shopper pays for a return with a return service. It is the
 * price of the service's calculated return option, so Medusa's own return flows, the store's
 * return-options route and the storefront's return all charge the same amount:
 *
 * - "carrier" (the default, as a calculated option means in Medusa): the carrier's price for the
 *   parcel that goes back, with the store's markup, currency conversion and rounding (amount.ts);
 * - "fixed": the merchant's amount in the order's currency, whatever the parcel;
 * - "free": nothing.
 */
export type ReturnPolicy = NonNullable<ServiceOptions["returnPrice"]>

export function returnPolicyOf(service: Pick<ServiceOptions, "returnPrice">): ReturnPolicy {
  return service.returnPrice ?? "carrier"
}

export type ReturnPolicyPrice =
  /** The carrier is asked (the policy is its price). */
  | { kind: "carrier" }
  /** The policy sets the amount without the carrier. */
  | { kind: "set"; amount: ShippingAmount }
  /** A fixed price without an amount in the order's currency: the option has no price. */
  | { kind: "unpriced"; reason: string }

/**
 * What the policy of a return service makes the amount, before any carrier is asked. Only return
 * services have a policy; any other service is priced by the carrier.
 */
export function returnPolicyPrice(service: ServiceOptions, pricing: Pricing): ReturnPolicyPrice {
  if (!service.isReturn && !serviceInfo(service.code).isReturn) {
    return { kind: "carrier" }
  }
  const currency = pricing.currency?.toUpperCase()
  switch (returnPolicyOf(service)) {
    case "carrier":
      return { kind: "carrier" }
    case "free":
      return { kind: "set", amount: { amount: 0, currency, taxInclusive: pricing.pricesIncludeVat, source: "free" } }
    case "fixed": {
      // No single-number fallback to the default currency: a fixed price is the merchant's word per currency.
      const fixed = valueInCurrency<number>(undefined, service.returnPrices, pricing)
      if (fixed === undefined) {
        return { kind: "unpriced", reason: `the fixed return price of ${service.code} has no amount in ${currency ?? "the order's currency"}` }
      }
      return { kind: "set", amount: { amount: fixed, currency, taxInclusive: pricing.pricesIncludeVat, source: "fixed" } }
    }
  }
}
