import { haversineDistance, NEARBY_RADIUS_M, type LatLng } from '#app/modules/geo/geo.ts'
import { formatDistance } from '#app/utils/format-walk.ts'

// The visitor's distances to the stops: pure, shared by the map page's script and its tests.

/** Metres from the position to each place, by place id; empty while the position is unknown. */
export function distancesFrom(position: LatLng | null, places: (LatLng & { id: number })[]): Map<number, number> {
  const result = new Map<number, number>()
  if (!position) return result
  for (const place of places) result.set(place.id, haversineDistance(position, place))
  return result
}

/** The closest place and its distance, or null with no position or no place. */
export function closestPlace(distances: Map<number, number>): { id: number; distance: number } | null {
  let best: { id: number; distance: number } | null = null
  for (const [id, distance] of distances) if (best === null || distance < best.distance) best = { id, distance }
  return best
}

/**
 * The places the visitor has just come within `radius` of (spec: nearby is under 20 m), closest
 * first, leaving out those already announced: each stop opens its card once.
 */
export function arrivals(distances: Map<number, number>, announced: ReadonlySet<number>, radius = NEARBY_RADIUS_M): number[] {
  return [...distances]
    .filter(([id, distance]) => distance < radius && !announced.has(id))
    .sort((a, b) => a[1] - b[1])
    .map(([id]) => id)
}

/** "850 m", "1.25 km", or the "not available" text while unknown. */
export const distanceLabel = (metres: number | null | undefined, locale: string, unknown: string) =>
  metres === null || metres === undefined ? unknown : formatDistance(metres, locale)
