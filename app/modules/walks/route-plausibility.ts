// Warnings for routes that are unlikely to be walks: a route clicked
// together on a map zoomed out over a whole country came out at 470 km / 93 h. They never
// block saving (a long-distance trail is possible); they say what looks wrong.
import { haversineDistance, pathLength, walkingDuration, type LatLng } from '#app/modules/geo/geo.ts'

/** Two consecutive stops further apart than this (straight line) are likely a slip. */
export const LONG_LEG_M = 10_000
/** A route longer than this is more than a day's walk. */
const LONG_ROUTE_M = 50_000
/** Or that takes longer than this on foot (seconds). */
const LONG_ROUTE_S = 10 * 3600

export type RouteWarning =
  /** Stops `from` and `to` (numbered from 1 as the list shows them) are `metres` apart. */
  | { kind: 'leg'; from: number; to: number; metres: number }
  /** The whole route: `metres` long, `seconds` on foot (the computed path, else straight lines). */
  | { kind: 'route'; metres: number; seconds: number }

export interface PlausibilityInput {
  /** The stops in walking order, with their number in the list; only those with a position. */
  stops: (LatLng & { number: number })[]
  /** The computed path's figures, or null when there is none (or it is stale). */
  path: { distance: number; duration: number } | null
}

/** What looks implausible about a route, the longest leg first; empty when it looks walkable. */
export function routeWarnings({ stops, path }: PlausibilityInput): RouteWarning[] {
  const warnings: RouteWarning[] = []
  const legs: Extract<RouteWarning, { kind: 'leg' }>[] = []
  for (let i = 1; i < stops.length; i++) {
    const metres = haversineDistance(stops[i - 1], stops[i])
    if (metres > LONG_LEG_M) legs.push({ kind: 'leg', from: stops[i - 1].number, to: stops[i].number, metres })
  }
  legs.sort((a, b) => b.metres - a.metres)
  const metres = path ? path.distance : pathLength(stops)
  const seconds = path ? path.duration : walkingDuration(metres)
  if (metres > LONG_ROUTE_M || seconds > LONG_ROUTE_S) warnings.push({ kind: 'route', metres, seconds })
  return [...warnings, ...legs]
}
