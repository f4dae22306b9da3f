/*
 * The pickup point as the store route answers it: `StorePickupPoint` is the storefront kit's published
 * `PickupPoint` (src/storefront/types.ts), and the snapshot stored on a shipping method picks its
 * fields from it. Visiting address first, the postal address only where there is none.
 */
import { httpLink } from "../http-link"
import type { PickupPoint } from "../carrier"
import { fitsLocker } from "../carrier"
import type { Parcel } from "../packing/parcel"
import type { PickupPoint as StorePickupPoint } from "../../storefront/types"

/**
 * The pickup point stored with the shipping method: what the storefront and admin show, the
 * store route's pickup point without what only matters while choosing (distance, position,
 * opening hours by day), so the shape a storefront reads from the route and from the stored
 * method stays one definition. Its address is the visiting address (the street where the shopper
 * goes); the carrier's postal address (often a PO box) is kept apart as `postal_address` when it
 * differs. Bookings send only the point's id.
 */
export type PickupPointSnapshot = Pick<
  StorePickupPoint,
  "id" | "name" | "address" | "postal_code" | "city" | "country_code" | "visiting_address" | "postal_address" | "opening_hours" | "is_locker"
>

type PlaceAddress = { address: string; postal_code: string; city: string }

/**
 * The address shown for a point, and its postal address when that differs. The carrier's
 * `address`/`postalCode`/`city` is the postal address (for most manned points a PO box, another
 * postal code); `visitingAddress`/`visitingPostalCode`/`visitingCity` is the street where the
 * shopper goes, and comes first. The postal address is shown only where there is no visiting one.
 */
export function shownAddressOf(point: Pick<PickupPoint, "address" | "postalCode" | "city" | "visitingAddress" | "visitingPostalCode" | "visitingCity">): {
  shown: PlaceAddress
  postal?: PlaceAddress
} {
  const postal: PlaceAddress = { address: point.address?.trim() ?? "", postal_code: point.postalCode?.trim() ?? "", city: point.city?.trim() ?? "" }
  const street = point.visitingAddress?.trim()
  if (!street) {
    return { shown: postal }
  }
  const shown: PlaceAddress = {
    address: street,
    postal_code: point.visitingPostalCode?.trim() || postal.postal_code,
    city: point.visitingCity?.trim() || postal.city,
  }
  const differs = postal.address && (postal.address !== shown.address || postal.postal_code !== shown.postal_code || postal.city !== shown.city)
  return differs ? { shown, postal } : { shown }
}

/**
 * A pickup point as the store routes return it (snake_case, Medusa's convention). Defined once,
 * with the storefront kit's published types, so the route and the kit cannot drift apart.
 */
export type { StorePickupPoint }

// Locker type codes per country (carrier notes 11: the document's, and NO "27", the published
// examples' "Pakkeautomat"); maxParcelDimensions alone also marks a locker (L12).
const LOCKER_TYPES = new Set(["27", "37", "39", "43", "LOCKER"])

export function isLocker(point: PickupPoint): boolean {
  return Boolean(point.maxParcelDimensions) || LOCKER_TYPES.has(String(point.type ?? "").toUpperCase())
}

export function toPickupPointSnapshot(point: PickupPoint, fallbackCountry: string): PickupPointSnapshot {
  const { shown, postal } = shownAddressOf(point)
  const visiting = point.visitingAddress?.trim()
    ? [shown.address, [shown.postal_code, shown.city].filter(Boolean).join(" ")].filter(Boolean).join(", ")
    : ""
  return {
    id: point.id,
    name: point.name ?? point.id,
    ...shown,
    country_code: (point.countryCode ?? fallbackCountry).toUpperCase(),
    ...(visiting ? { visiting_address: visiting } : {}),
    ...(postal ? { postal_address: postal } : {}),
    ...(point.openingHoursEnglish || point.openingHoursNorwegian
      ? { opening_hours: (point.openingHoursEnglish ?? point.openingHoursNorwegian) as string }
      : {}),
    is_locker: isLocker(point),
  }
}

export function toStorePickupPoint(point: PickupPoint, fallbackCountry: string): StorePickupPoint {
  const distance = Number(point.distanceInKm)
  // Shown as a link on the store's page: http(s) only.
  const mapUrl = httpLink(point.webMapsLink) ?? httpLink(point.carrierMapsLink)
  return {
    ...toPickupPointSnapshot(point, fallbackCountry),
    ...(point.distanceInKm && Number.isFinite(distance) ? { distance_km: distance } : {}),
    ...(typeof point.latitude === "number" ? { latitude: point.latitude } : {}),
    ...(typeof point.longitude === "number" ? { longitude: point.longitude } : {}),
    ...(point.type ? { type: point.type } : {}),
    ...(point.maxParcelDimensions
      ? {
          max_parcel_dimensions: {
            length: point.maxParcelDimensions.length,
            width: point.maxParcelDimensions.width,
            height: point.maxParcelDimensions.height,
          },
        }
      : {}),
    opening_hours_by_day: point.openingHours.map((h) => ({
      day: h.day ?? "",
      opening: h.opening ?? "",
      closing: h.closing ?? "",
    })),
    ...(mapUrl ? { map_url: mapUrl } : {}),
  }
}

/** Whether the packed parcel fits this point: always for manned points (carrier notes 12 for lockers). */
export function parcelFits(point: PickupPoint, parcel: Parcel): boolean {
  const d = parcel.dimensions
  return fitsLocker(d ? { length: d.lengthCm, width: d.widthCm, height: d.heightCm } : undefined, point.maxParcelDimensions)
}
