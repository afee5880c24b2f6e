import { haversineDistance, walkingDuration, WALKING_SPEED_MS, type LatLng } from '#app/modules/geo/geo.ts'
import type { FeatureCollection } from '#app/modules/geo/geojson.schema.ts'

// Route drafting without any external service (ARCHITECTURE §1): pure functions over points.
// A tour is an open path that starts at the start place and ends wherever the walk ends.

export interface DraftPlace extends LatLng {
  id: number
}

export interface DraftedRoute {
  /** The chosen places in walking order, the start first. */
  placeIds: number[]
  /** Metres along straight legs (haversine). */
  distance: number
  /** Seconds at 1.4 m/s. */
  duration: number
}

/** A draft must stay savable as a route: POST /ai/create-route takes at most this many places. */
export const MAX_DRAFT_PLACES = 200

// Improvements smaller than this are rounding noise: ignoring them guarantees 2-opt stops.
const EPSILON = 1e-7

/** Length in metres of a path given as indexes into `points`. */
export function tourLength(points: LatLng[], tour: number[]): number {
  let total = 0
  for (let k = 1; k < tour.length; k++) total += haversineDistance(points[tour[k - 1]], points[tour[k]])
  return total
}

/**
 * Extends `tour` by repeatedly appending the unvisited point nearest to its last one, while the
 * total stays within `maxDistance`. The nearest point is the cheapest to append, so once it does
 * not fit, no other point does. Mutates and answers the tour.
 */
export function extendNearestNeighbour(points: LatLng[], tour: number[], maxDistance: number, maxPoints = Infinity): number[] {
  const visited = new Set(tour)
  let length = tourLength(points, tour)
  while (tour.length < Math.min(points.length, maxPoints)) {
    const last = points[tour[tour.length - 1]]
    let nearest = -1
    let nearestDistance = Infinity
    for (let i = 0; i < points.length; i++) {
      if (visited.has(i)) continue
      const d = haversineDistance(last, points[i])
      if (d < nearestDistance) [nearest, nearestDistance] = [i, d]
    }
    if (nearest < 0 || length + nearestDistance > maxDistance) break
    tour.push(nearest)
    visited.add(nearest)
    length += nearestDistance
  }
  return tour
}

/**
 * Fills what time is left by cheapest insertion: the unvisited point whose detour, between two
 * stops or after the last one, adds the least length, while the total stays within
 * `maxDistance`. Nearest-neighbour stops at the first point that does not fit after the last
 * stop; a place beside the path walked earlier often still fits as a short detour (a 60-minute
 * draft of the demo came out at 47 minutes without this). Mutates and answers the tour.
 */
export function insertCheapest(points: LatLng[], tour: number[], maxDistance: number, maxPoints = Infinity): number[] {
  const visited = new Set(tour)
  let length = tourLength(points, tour)
  while (tour.length < Math.min(points.length, maxPoints)) {
    let best: { point: number; at: number; cost: number } | null = null
    for (let p = 0; p < points.length; p++) {
      if (visited.has(p)) continue
      // After the last stop…
      let cost = haversineDistance(points[tour[tour.length - 1]], points[p])
      let at = tour.length
      // …or between two stops (never before the start).
      for (let k = 1; k < tour.length; k++) {
        const a = points[tour[k - 1]]
        const b = points[tour[k]]
        const detour = haversineDistance(a, points[p]) + haversineDistance(points[p], b) - haversineDistance(a, b)
        if (detour < cost) [cost, at] = [detour, k]
      }
      if (!best || cost < best.cost) best = { point: p, at, cost }
    }
    if (!best || length + best.cost > maxDistance) break
    tour.splice(best.at, 0, best.point)
    visited.add(best.point)
    length += best.cost
  }
  return tour
}

/**
 * 2-opt for an open path with a fixed first point: reverses any segment tour[i..j] (i >= 1) that
 * shortens the path, until none does. Answers a new tour over the same points, never longer.
 */
export function twoOpt(points: LatLng[], tour: number[]): number[] {
  const path = [...tour]
  const n = path.length
  if (n < 3) return path
  const d = distanceMatrix(points, path)
  // d is indexed by position in the original tour; `at` maps a position in `path` to that index.
  const at = path.map((_, k) => k)
  let improved = true
  while (improved) {
    improved = false
    for (let i = 1; i < n - 1; i++) {
      for (let j = i + 1; j < n; j++) {
        const before = d[at[i - 1]][at[i]] + (j < n - 1 ? d[at[j]][at[j + 1]] : 0)
        const after = d[at[i - 1]][at[j]] + (j < n - 1 ? d[at[i]][at[j + 1]] : 0)
        if (after < before - EPSILON) {
          reverse(at, i, j)
          improved = true
        }
      }
    }
  }
  return at.map((k) => path[k])
}

function distanceMatrix(points: LatLng[], tour: number[]): number[][] {
  return tour.map((a) => tour.map((b) => haversineDistance(points[a], points[b])))
}

function reverse(values: number[], from: number, to: number) {
  for (let i = from, j = to; i < j; i++, j--) [values[i], values[j]] = [values[j], values[i]]
}

/**
 * Chooses and orders places for a walk of at most `targetSeconds`: a nearest-neighbour tour from
 * the start, the time left filled by cheapest insertion, the order improved by 2-opt; when 2-opt
 * freed time, places are added again and the order improved again, until nothing more fits. The
 * start stays first.
 */
export function draftRoute<P extends DraftPlace>(places: P[], startId: number, targetSeconds: number, maxPlaces = MAX_DRAFT_PLACES): DraftedRoute {
  const start = places.findIndex((p) => p.id === startId)
  if (start < 0) throw new RangeError(`the start place ${startId} is not among the places`)
  const maxDistance = Math.max(0, targetSeconds) * WALKING_SPEED_MS
  let tour = [start]
  for (;;) {
    const count = tour.length
    tour = twoOpt(places, insertCheapest(places, extendNearestNeighbour(places, tour, maxDistance, maxPlaces), maxDistance, maxPlaces))
    if (tour.length === count) break
  }
  const distance = tourLength(places, tour)
  return { placeIds: tour.map((k) => places[k].id), distance, duration: walkingDuration(distance) }
}

/** The walked line through the places, as a route's features_collection (empty below 2 places). */
export function lineThrough(places: LatLng[]): FeatureCollection {
  if (places.length < 2) return { type: 'FeatureCollection', features: [] }
  return {
    type: 'FeatureCollection',
    features: [{ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: places.map((p) => [p.lng, p.lat]) } }],
  }
}
