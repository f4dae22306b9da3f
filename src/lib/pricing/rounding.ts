/**
 * How shipping prices converted into a currency are rounded, the merchant's choice per currency: up to the cent
 * (`none`: 41.004 → 41.01), up to whole units (`whole`: 41.20 → 42), or up to the next amount ending in 9
 * (`up_to_9`: 41.20 → 49, 49 → 49, 49.50 → 59). Rounding is always up, so a converted price is
 * never below what the carrier charges. Zero (free shipping) stays zero.
 */
export const roundingRules = ["none", "whole", "up_to_9"] as const

export type RoundingRule = (typeof roundingRules)[number]

/** Tolerates floating-point noise from conversion (41.000000001 is 41, not 42; 0.1 + 0.2 is 0.30). */
const EPSILON = 1e-6

/**
 * The amount rounded by the rule, or undefined when it is no amount at all (NaN, ±Infinity): the
 * caller then falls back or hides the option, so Medusa never stores such a price.
 */
export function roundPrice(amount: number, rule: RoundingRule): number | undefined {
  if (!Number.isFinite(amount)) {
    return undefined
  }
  // Up to the cent first, in cents so the noise tolerance is a fraction of a cent.
  const cents = Math.ceil(amount * 100 - EPSILON) / 100
  if (cents <= 0) {
    return 0
  }
  switch (rule) {
    case "none":
      return cents
    case "whole":
      return Math.ceil(cents - EPSILON)
    case "up_to_9":
      return Math.ceil((cents + 1) / 10 - EPSILON) * 10 - 1
  }
}
