import type { DimensionUnit, WeightUnit } from "./units"
import { toCentimetres, toGrams } from "./units"

/** A line of a cart or order as far as packing is concerned (Medusa's item and variant fields). */
export type PackableItem = {
  quantity: number | string | { toString(): string }
  variant?: {
    weight?: number | null
    length?: number | null
    width?: number | null
    height?: number | null
  } | null
  product?: { weight?: number | null } | null
}

export type PackagingOptions = {
  weightUnit: WeightUnit
  dimensionUnit: DimensionUnit
  defaultItemWeight: number
  defaultItemDimensions?: { length: number; width: number; height: number }
  packagingWeight: number
}

export type Dimensions = { lengthCm: number; widthCm: number; heightCm: number }

/** One package as the carrier sees it: integer grams and centimetres, volume in dm³. */
export type Parcel = {
  weightGrams: number
  dimensions?: Dimensions
  volumeDm3?: number
}

function positive(value: number | null | undefined): value is number {
  return typeof value === "number" && Number.isFinite(value) && value > 0
}

/** One unit's dimensions in cm, longest side first; undefined when neither the variant nor a default has them. */
export function itemDimensions(item: PackableItem, packaging: PackagingOptions): Dimensions | undefined {
  const v = item.variant
  const own = v && positive(v.length) && positive(v.width) && positive(v.height)
    ? { length: v.length, width: v.width, height: v.height }
    : packaging.defaultItemDimensions
  if (!own) {
    return undefined
  }
  const [lengthCm, widthCm, heightCm] = [own.length, own.width, own.height]
    .map((d) => toCentimetres(d, packaging.dimensionUnit))
    .sort((a, b) => b - a)
  return { lengthCm, widthCm, heightCm }
}

/** One unit's weight in grams: the variant's, else the product's, else the configured default. */
export function unitGrams(item: PackableItem, packaging: PackagingOptions): number {
  const unitWeight = positive(item.variant?.weight)
    ? item.variant!.weight!
    : positive(item.product?.weight)
      ? item.product!.weight!
      : packaging.defaultItemWeight
  return toGrams(unitWeight, packaging.weightUnit)
}

/**
 * Packs the items into one parcel. Weight: the variant's, else the product's, else the default,
 * per unit, plus the packaging. Dimensions: items stacked on their smallest side (longest and
 * second-longest sides are the maxima, heights add up) — a deliberate over-estimate, since an
 * under-estimate books a parcel that does not fit a locker. Unknown when any item has no
 * dimensions and no default is configured: the carrier then prices by weight alone.
 */
export function packParcel(items: PackableItem[], packaging: PackagingOptions): Parcel {
  let grams = toGrams(packaging.packagingWeight, packaging.weightUnit)
  let length = 0
  let width = 0
  let height = 0
  let volumeCm3 = 0
  let allKnown = items.length > 0

  for (const item of items) {
    const quantity = Number(item.quantity)
    if (!(quantity > 0)) {
      continue
    }
    grams += unitGrams(item, packaging) * quantity

    const dims = itemDimensions(item, packaging)
    if (!dims) {
      allKnown = false
      continue
    }
    length = Math.max(length, dims.lengthCm)
    width = Math.max(width, dims.widthCm)
    height += dims.heightCm * quantity
    volumeCm3 += dims.lengthCm * dims.widthCm * dims.heightCm * quantity
  }

  const parcel: Parcel = { weightGrams: Math.max(1, Math.ceil(grams)) }
  if (allKnown && length > 0) {
    const [l, w, h] = [length, width, height].map(Math.ceil).sort((a, b) => b - a)
    parcel.dimensions = { lengthCm: l, widthCm: w, heightCm: h }
    parcel.volumeDm3 = Math.round((volumeCm3 / 1000) * 1000) / 1000
  }
  return parcel
}
