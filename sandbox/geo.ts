/** Distances and map projections for postal codes and pickup points. */

export interface LatLon {
  latitude: number
  longitude: number
}

const EARTH_RADIUS_KM = 6371.0088

export function distanceKm(from: LatLon, to: LatLon): number {
  const toRad = (deg: number) => (deg * Math.PI) / 180
  const dLat = toRad(to.latitude - from.latitude)
  const dLon = toRad(to.longitude - from.longitude)
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRad(from.latitude)) * Math.cos(toRad(to.latitude)) * Math.sin(dLon / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h))
}

/** A point `km` away from `origin` in direction `bearingDeg` (flat-earth approximation, fine below ~5 km). */
export function offsetBy(origin: LatLon, km: number, bearingDeg: number): LatLon {
  const bearing = (bearingDeg * Math.PI) / 180
  const dLat = (km * Math.cos(bearing)) / 111.32
  const dLon = (km * Math.sin(bearing)) / (111.32 * Math.cos((origin.latitude * Math.PI) / 180))
  return { latitude: round6(origin.latitude + dLat), longitude: round6(origin.longitude + dLon) }
}

/**
 * UTM easting/northing in metres (WGS84, northern hemisphere), Krüger series to third order:
 * accurate to well under a metre, which is all a pickup-point record needs.
 */
export function toUtm(point: LatLon, zone: number): { x: number; y: number } {
  const a = 6378.137
  const f = 1 / 298.257223563
  const n = f / (2 - f)
  const A = (a / (1 + n)) * (1 + n ** 2 / 4 + n ** 4 / 64)
  const alpha = [n / 2 - (2 * n ** 2) / 3 + (5 * n ** 3) / 16, (13 * n ** 2) / 48 - (3 * n ** 3) / 5, (61 * n ** 3) / 240]
  const k0 = 0.9996
  const phi = (point.latitude * Math.PI) / 180
  const dLambda = ((point.longitude - (zone * 6 - 183)) * Math.PI) / 180
  const c = (2 * Math.sqrt(n)) / (1 + n)
  const t = Math.sinh(Math.atanh(Math.sin(phi)) - c * Math.atanh(c * Math.sin(phi)))
  const xi = Math.atan(t / Math.cos(dLambda))
  const eta = Math.atanh(Math.sin(dLambda) / Math.sqrt(1 + t * t))
  let easting = eta
  let northing = xi
  alpha.forEach((alphaJ, index) => {
    const j = index + 1
    easting += alphaJ * Math.cos(2 * j * xi) * Math.sinh(2 * j * eta)
    northing += alphaJ * Math.sin(2 * j * xi) * Math.cosh(2 * j * eta)
  })
  return { x: Math.round((500 + k0 * A * easting) * 1000), y: Math.round(k0 * A * northing * 1000) }
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6
}
