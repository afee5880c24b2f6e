import { z } from 'zod'
import type { LatLng } from '#app/modules/geo/geo.ts'
import type { Position } from '../directions.schema.ts'
import { ProviderUnavailable } from '#app/platform/http/outbound-json.server.ts'
import type { MeasuredPath } from '../directions-provider.ts'

// Mapbox Directions v5 and OSRM speak the same protocol (Mapbox's grew out of OSRM's): points
// as "lng,lat" pairs joined by ";" in the path, and an answer { code, routes[0]: { distance,
// duration, weight, geometry, legs } }. Pure functions, shared by both providers.

/**
 * One coordinate for a URL: at most 6 decimals (about 10 cm), never exponent notation
 * (String(1e-7) is "1e-7", which no router reads).
 */
export function formatCoordinate(value: number): string {
  const text = value.toFixed(6).replace(/\.?0+$/, '')
  return text === '-0' ? '0' : text
}

/** The path segment of a request: "lng,lat;lng,lat;…". */
export const coordinatesPath = (points: LatLng[]) => points.map((p) => `${formatCoordinate(p.lng)},${formatCoordinate(p.lat)}`).join(';')

const metres = z.number().finite().nonnegative()
const position = z
  .array(z.number().finite())
  .min(2)
  .refine(([lng, lat]) => lng >= -180 && lng <= 180 && lat >= -90 && lat <= 90)

const answerSchema = z.object({
  code: z.string(),
  message: z.string().optional(),
  routes: z
    .array(
      z.object({
        distance: metres,
        duration: metres,
        weight: z.number().finite().optional(),
        geometry: z.object({ type: z.literal('LineString'), coordinates: z.array(position).min(2) }),
        legs: z.array(z.object({ distance: metres, duration: metres })),
      }),
    )
    .optional(),
})

/** Reads routes[0] of an answer to a request through `pointCount` points. Throws ProviderUnavailable. */
export function parseRouteAnswer(body: unknown, pointCount: number): MeasuredPath {
  const code = typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'string' ? (body as { code: string }).code : undefined
  // A refusal (NoRoute, NoSegment, InvalidInput…) first: its body has no routes to check.
  if (code !== undefined && code !== 'Ok') throw new ProviderUnavailable('no_route', { code })
  const answer = answerSchema.safeParse(body)
  if (!answer.success) throw new ProviderUnavailable('malformed', { fields: issuePaths(answer.error) })
  const route = answer.data.routes?.[0]
  if (!route) throw new ProviderUnavailable('no_route', { code: 'NoRoutes' })
  if (route.legs.length !== pointCount - 1) throw new ProviderUnavailable('malformed', { legs: route.legs.length, expected: pointCount - 1 })
  return {
    distance: route.distance,
    duration: route.duration,
    ...(route.weight !== undefined ? { weight: route.weight } : {}),
    coordinates: route.geometry.coordinates.map(([lng, lat]): Position => [lng, lat]),
    legs: route.legs.map((leg) => ({ distance: leg.distance, duration: leg.duration })),
  }
}

const issuePaths = (error: z.ZodError) => [...new Set(error.issues.map((i) => i.path.join('.') || '(root)'))].slice(0, 5).join(', ')
