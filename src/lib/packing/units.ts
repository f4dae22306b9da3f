/**
 * Medusa stores variant weight and dimensions as bare numbers in whatever unit the merchant uses;
 * the carrier wants grams and centimetres (lookup) or kilograms (booking). The unit is an option.
 */
export type WeightUnit = "g" | "kg" | "lb" | "oz"
export type DimensionUnit = "mm" | "cm" | "m" | "in"

const GRAMS_PER: Record<WeightUnit, number> = { g: 1, kg: 1000, lb: 453.59237, oz: 28.349523125 }
const CM_PER: Record<DimensionUnit, number> = { mm: 0.1, cm: 1, m: 100, in: 2.54 }

export function toGrams(value: number, unit: WeightUnit): number {
  return value * GRAMS_PER[unit]
}

export function toCentimetres(value: number, unit: DimensionUnit): number {
  return value * CM_PER[unit]
}
