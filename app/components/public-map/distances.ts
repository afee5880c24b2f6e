import { haversineDistance, type LatLng } from '#app/modules/geo/geo.ts'
import { formatDistance } from '#app/utils/format-walk.ts'

// The visitor's distances to the stops: pure, shared by the list and the summary.

/** Metres from the position to each place, by place id; empty while the position is unknown. */
export function distancesFrom(position: LatLng | null, places: (LatLng & { id: number })[]): Map<number, number> {
  const result = new Map<number, number>()
  if (!position) return result
  for (const place of places) result.set(place.id, haversineDistance(position, place))
  return result
}

/** The smallest distance, or null with no position or no place. */
export function closestDistance(distances: Map<number, number>): number | null {
  let best: number | null = null
  for (const d of distances.values()) if (best === null || d < best) best = d
  return best
}

/** "850 m", "1.25 km", or the "not available" text while unknown. */
export const distanceLabel = (metres: number | null | undefined, locale: string, unknown: string) =>
  metres === null || metres === undefined ? unknown : formatDistance(metres, locale)
