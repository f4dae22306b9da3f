/*
 * Services that need dimensions (cargo, large-goods home delivery): the quote leaves them out as
 * `unmeasured` (lib/checkout/quote-input.ts), the booking refuses without them
 * (lib/booking/booking-request.ts).
 */
import { serviceInfo } from "../service-catalogue"
import type { Parcel } from "./parcel"

/**
 * The carrier's measurement rules (carrier notes 28): cargo services (5100, 5300, CARGO, 9100)
 * need every package's weight and one measure, and the home-delivery services for large goods its
 * weight and dimensions or volume. Packing always gives a weight and derives any volume from the
 * dimensions, so what a cart can lack is the dimensions. The quote leaves
 * such a service out of the lookup (the carrier would refuse the whole lookup, every other service
 * with it) and the booking refuses it, so both ask this one rule. Undefined: the rule is met.
 */
export function unmetMeasurementRule(code: string, packages: readonly Parcel[]): string | undefined {
  const info = serviceInfo(code)
  if (!info.cargo && !info.homeDelivery) {
    return undefined
  }
  if (packages.length > 0 && packages.every((pkg) => pkg.dimensions !== undefined)) {
    return undefined
  }
  return `${code} needs every package's weight and dimensions (the carrier requires measurements for ${info.cargo ? "cargo" : "home delivery of large goods"})`
}
