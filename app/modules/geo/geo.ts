// Geometry of walking (docs/spec.md §9): pure functions, shared by the server and the browser.

/** Mean Earth radius in metres (IUGG), as the spec gives it. */
export const EARTH_RADIUS_M = 6371008.8
/** Walking speed used for durations, in metres per second. */
export const WALKING_SPEED_MS = 1.4
/** Two places closer than this are "the same spot" (QR activation offers the existing one). */
export const NEARBY_RADIUS_M = 20

export interface LatLng {
  lat: number
  lng: number
}

const toRad = (deg: number) => (deg * Math.PI) / 180

/** Great-circle distance in metres (haversine). */
export function haversineDistance(a: LatLng, b: LatLng): number {
  const dLat = toRad(b.lat - a.lat)
  const dLng = toRad(b.lng - a.lng)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** Length of a path through the points, in order, in metres. */
export function pathLength(points: LatLng[]): number {
  let total = 0
  for (let i = 1; i < points.length; i++) total += haversineDistance(points[i - 1], points[i])
  return total
}

/** Seconds to walk a distance at 1.4 m/s. */
export const walkingDuration = (metres: number) => metres / WALKING_SPEED_MS

/** Only places with both coordinates can be placed on a map (docs/spec.md §5). */
export function hasCoordinates<T extends { lat: number | null | undefined; lng: number | null | undefined }>(
  place: T,
): place is T & LatLng {
  return typeof place.lat === 'number' && typeof place.lng === 'number' && Number.isFinite(place.lat) && Number.isFinite(place.lng)
}
