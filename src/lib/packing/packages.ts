/*
 * Packs items into the packages a service's limits allow (limits in lib/service-catalogue.ts); the
 * quote and the booking both use it, so what is priced is what is booked.
 */
import { itemDimensions, unitGrams, type Dimensions, type PackableItem, type PackagingOptions, type Parcel } from "./parcel"
import { toGrams } from "./units"

/** What one package of a service may weigh and measure, and how many packages one booking takes. */
export type PackageLimits = {
  maxWeightKg: number
  /** Longest side first. */
  maxDimensionsCm?: readonly [number, number, number]
  maxPackages: number
}

/** A package with the units of each item (by index into the packed items) it holds. */
export type PackedPackage = Parcel & { contents: { item: number; quantity: number }[] }

export type PackingResult =
  | { ok: true; packages: PackedPackage[] }
  | { ok: false; reason: string; item?: number }

type Unit = { item: number; grams: number; dimensions?: Dimensions }

type OpenPackage = { grams: number; units: Unit[]; length: number; width: number; height: number }

/**
 * Packs the items into as few packages as the service's per-package limits allow: heaviest unit
 * first, each into the first package it still fits (weight with the packaging, and the units
 * stacked on their smallest side within the size limit), else a new package. Without limits
 * everything goes into one package. A unit that alone exceeds a package's limits, or a result
 * above the service's package count, is refused with the reason.
 */
export function packPackages(items: PackableItem[], packaging: PackagingOptions, limits?: PackageLimits): PackingResult {
  const packagingGrams = toGrams(packaging.packagingWeight, packaging.weightUnit)
  const units: Unit[] = []
  items.forEach((item, index) => {
    const quantity = Number(item.quantity)
    const unit = { item: index, grams: unitGrams(item, packaging), dimensions: itemDimensions(item, packaging) }
    for (let n = 0; n < quantity; n++) units.push(unit)
  })
  if (!limits || units.length === 0) {
    return { ok: true, packages: [toPackage(units, packagingGrams)] }
  }

  const maxGrams = limits.maxWeightKg * 1000
  const fits = (grams: number, length: number, width: number, height: number) =>
    grams + packagingGrams <= maxGrams && withinSize([length, width, height], limits.maxDimensionsCm)

  const open: OpenPackage[] = []
  for (const unit of [...units].sort((a, b) => b.grams - a.grams)) {
    const d = unit.dimensions ?? { lengthCm: 0, widthCm: 0, heightCm: 0 }
    if (!fits(unit.grams, d.lengthCm, d.widthCm, d.heightCm)) {
      return {
        ok: false,
        item: unit.item,
        reason: `one unit (${round(unit.grams / 1000)} kg${unit.dimensions ? `, ${d.lengthCm} x ${d.widthCm} x ${d.heightCm} cm` : ""}) ` +
          `exceeds a package's limit (${limits.maxWeightKg} kg${limits.maxDimensionsCm ? `, ${limits.maxDimensionsCm.join(" x ")} cm` : ""})`,
      }
    }
    const target = open.find((p) =>
      fits(p.grams + unit.grams, Math.max(p.length, d.lengthCm), Math.max(p.width, d.widthCm), p.height + d.heightCm)
    )
    const pkg = target ?? (open.push({ grams: 0, units: [], length: 0, width: 0, height: 0 }), open[open.length - 1])
    pkg.grams += unit.grams
    pkg.units.push(unit)
    pkg.length = Math.max(pkg.length, d.lengthCm)
    pkg.width = Math.max(pkg.width, d.widthCm)
    pkg.height += d.heightCm
  }
  if (open.length > limits.maxPackages) {
    return {
      ok: false,
      reason: `the items need ${open.length} packages and the service takes ${limits.maxPackages === 1 ? "exactly one" : `at most ${limits.maxPackages}`}`,
    }
  }
  return { ok: true, packages: open.map((p) => toPackage(p.units, packagingGrams)) }
}

/** Sides sorted longest first, each within the limit sorted the same way. */
function withinSize(sides: number[], limit?: readonly [number, number, number]): boolean {
  if (!limit) return true
  const sorted = [...sides].sort((a, b) => b - a)
  return sorted.every((side, index) => side <= limit[index])
}

function toPackage(units: Unit[], packagingGrams: number): PackedPackage {
  const contents = new Map<number, number>()
  for (const unit of units) contents.set(unit.item, (contents.get(unit.item) ?? 0) + 1)
  const grams = packagingGrams + units.reduce((sum, unit) => sum + unit.grams, 0)
  const pkg: PackedPackage = {
    weightGrams: Math.max(1, Math.ceil(grams)),
    contents: [...contents].map(([item, quantity]) => ({ item, quantity })),
  }
  if (units.length > 0 && units.every((unit) => unit.dimensions)) {
    const length = Math.max(...units.map((u) => u.dimensions!.lengthCm))
    const width = Math.max(...units.map((u) => u.dimensions!.widthCm))
    const height = units.reduce((sum, u) => sum + u.dimensions!.heightCm, 0)
    const [l, w, h] = [length, width, height].map(Math.ceil).sort((a, b) => b - a)
    const volumeCm3 = units.reduce((sum, u) => sum + u.dimensions!.lengthCm * u.dimensions!.widthCm * u.dimensions!.heightCm, 0)
    pkg.dimensions = { lengthCm: l, widthCm: w, heightCm: h }
    pkg.volumeDm3 = Math.round(volumeCm3) / 1000
  }
  return pkg
}

function round(value: number): number {
  return Math.round(value * 100) / 100
}
