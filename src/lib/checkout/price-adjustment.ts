import { applyMarkup } from "../pricing/markup"

/**
 * Applies a markup written in the carrier's priceAdjustments syntax:
 * `[<code>_][p|m]factor[p]` — p adds, m subtracts, no sign replaces the price with the factor,
 * a trailing p makes the factor a percentage (add and subtract only). A leading service code
 * limits the adjustment to that service. Like the carrier, it adjusts the price without VAT.
 * `amountRate` converts an amount of money (not a percentage) into the price's currency
 * (lib/pricing/markup.ts). Never returns less than zero.
 */
export function applyPriceAdjustment(priceWithoutVat: number, adjustment: string, serviceCode: string, amountRate = 1): number {
  return applyMarkup(priceWithoutVat, adjustment, serviceCode, amountRate)
}

export function roundMoney(amount: number): number {
  return Math.round(amount * 100) / 100
}
