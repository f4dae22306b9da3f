import { PRICE_ADJUSTMENT_PATTERN } from "../options"

/**
 * Applies a markup written in the carrier's priceAdjustments syntax:
 * `[<code>_][p|m]factor[p]` — p adds, m subtracts, no sign replaces the price with the factor,
 * a trailing p makes the factor a percentage (add and subtract only). A leading service code
 * limits the adjustment to that service. Like the carrier, it adjusts the price without VAT.
 * Never returns less than zero.
 */
export function applyPriceAdjustment(priceWithoutVat: number, adjustment: string, serviceCode: string): number {
  if (!PRICE_ADJUSTMENT_PATTERN.test(adjustment)) {
    throw new Error(`invalid price adjustment "${adjustment}"`)
  }
  const match = /^(?:(\w*)_)?(p|m)?(\d*(?:\.\d)?)(p)?$/.exec(adjustment)
  if (!match) {
    throw new Error(`invalid price adjustment "${adjustment}"`)
  }
  const [, code, sign, factorText, percent] = match
  if (code && code !== serviceCode) {
    return priceWithoutVat
  }
  const factor = factorText === "" ? 0 : Number(factorText)
  const delta = percent ? (priceWithoutVat * factor) / 100 : factor
  const adjusted = sign === "p" ? priceWithoutVat + delta : sign === "m" ? priceWithoutVat - delta : factor
  return Math.max(0, roundMoney(adjusted))
}

export function roundMoney(amount: number): number {
  return Math.round(amount * 100) / 100
}
