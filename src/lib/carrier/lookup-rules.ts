import type { MaxParcelDimensions } from "./schemas/pickup-points"
import type { ShippingProduct } from "./schemas/shipping"

/**
 * Whether a service from the shipping lookup can be offered (carrier notes 8): the carrier reports a
 * service it cannot process as an entry with `errors` and no price.
 */
export function isProductAvailable(product: ShippingProduct): boolean {
  const hasPrice = Boolean(product.price?.listPrice || product.price?.netPrice)
  return product.errors.length === 0 && hasPrice
}

/** Outer dimensions of a parcel in cm; unknown ones may be left out. */
export interface ParcelDimensions {
  length?: number
  width?: number
  height?: number
}

/**
 * Whether a parcel fits a parcel locker (carrier notes 12): both sets of dimensions sorted descending,
 * each parcel dimension at most the matching limit, since a parcel can go in on any side.
 * Unknown parcel dimensions count as fitting; a point without limits is not a locker.
 */
export function fitsLocker(
  parcel: ParcelDimensions | null | undefined,
  limits: MaxParcelDimensions | null | undefined
): boolean {
  if (!limits || !parcel) return true
  const descending = (values: number[]) => [...values].sort((a, b) => b - a)
  // A missing dimension sorts last as 0, so it never fails; the known ones still have to fit.
  const sides = descending([parcel.length ?? 0, parcel.width ?? 0, parcel.height ?? 0])
  const maxima = descending([limits.length, limits.width, limits.height])
  return sides.every((side, index) => side <= maxima[index])
}
