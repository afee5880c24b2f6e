import type { LatLng } from '#app/modules/geo/geo.ts'
import type { Directions, DirectionsProviderName, Position } from './directions.schema.ts'

// What every directions provider answers, and the arithmetic they share: a path as providers
// measure it (unrounded), how several answers join into one, and how it is rounded for the API.

export interface DirectionsProvider {
  readonly name: DirectionsProviderName
  /** The walking path through the points, in order. Throws ProviderUnavailable. */
  route(points: LatLng[], signal?: AbortSignal): Promise<Directions>
}

interface Leg {
  distance: number
  duration: number
}

/** A path as a provider measured it: metres and seconds not rounded yet, so sums stay exact. */
export interface MeasuredPath {
  distance: number
  duration: number
  weight?: number
  coordinates: Position[]
  legs: Leg[]
}

/**
 * Splits points for a provider that takes at most `max` per request: consecutive chunks share
 * their boundary point, so their paths join end to start and every leg is asked exactly once.
 */
export function chunkPoints<T>(points: T[], max: number): T[][] {
  if (max < 2) throw new Error('a chunk needs room for two points')
  if (points.length <= max) return [points]
  const chunks: T[][] = []
  for (let start = 0; start < points.length - 1; start += max - 1) chunks.push(points.slice(start, start + max))
  return chunks
}

const samePosition = (a: Position | undefined, b: Position | undefined) => a !== undefined && b !== undefined && a[0] === b[0] && a[1] === b[1]

/** The paths of consecutive chunks as one: sums, legs in order, and the shared point drawn once. */
export function joinPaths(parts: MeasuredPath[]): MeasuredPath {
  if (parts.length === 1) return parts[0]
  const coordinates: Position[] = []
  for (const part of parts) {
    const start = samePosition(coordinates.at(-1), part.coordinates[0]) ? 1 : 0
    coordinates.push(...part.coordinates.slice(start))
  }
  const weights = parts.map((p) => p.weight)
  return {
    distance: parts.reduce((sum, p) => sum + p.distance, 0),
    duration: parts.reduce((sum, p) => sum + p.duration, 0),
    ...(weights.every((w) => w !== undefined) ? { weight: weights.reduce((sum, w) => sum + w, 0) } : {}),
    coordinates,
    legs: parts.flatMap((p) => p.legs),
  }
}

/** The API's answer: whole metres and seconds (legs rounded one by one). */
export function toDirections(provider: DirectionsProviderName, path: MeasuredPath): Directions {
  return {
    provider,
    distance: Math.round(path.distance),
    duration: Math.round(path.duration),
    geometry: { type: 'LineString', coordinates: path.coordinates },
    legs: path.legs.map((leg) => ({ distance: Math.round(leg.distance), duration: Math.round(leg.duration) })),
    ...(path.weight !== undefined ? { weight: path.weight } : {}),
  }
}
