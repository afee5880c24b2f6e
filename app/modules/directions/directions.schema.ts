import { z } from 'zod'
import { directionsProviderNames } from '#app/config/providers.ts'
import { latitudeSchema, longitudeSchema } from '#app/modules/places/places.schema.ts'

// POST /api/directions: the walking path through points, from the configured provider. Shared by
// the API and the map editor, which sends the route's places in order.

/** A route has at most this many places to walk through (the editor's largest route). */
const MAX_DIRECTIONS_POINTS = 500

export { directionsProviderNames, type DirectionsProviderName } from '#app/config/providers.ts'

const point = z.strictObject({ lat: latitudeSchema, lng: longitudeSchema })

export const directionsRequestSchema = z.strictObject({
  /** The points in walking order. */
  coordinates: z
    .array(point)
    .min(2, { error: 'validation.directions_points' })
    .max(MAX_DIRECTIONS_POINTS, { error: 'validation.directions_points' }),
})

/** A GeoJSON position: [longitude, latitude]. */
const position = z.tuple([z.number(), z.number()])

export const directionsSchema = z.object({
  provider: z.enum(directionsProviderNames),
  /** Metres along the path, rounded. */
  distance: z.number().int(),
  /** Seconds of walking, rounded. */
  duration: z.number().int(),
  /** The path to draw and save, through every point in order. */
  geometry: z.object({ type: z.literal('LineString'), coordinates: z.array(position).min(2) }),
  /** One leg per pair of consecutive points (metres and seconds, rounded). */
  legs: z.array(z.object({ distance: z.number().int(), duration: z.number().int() })),
  /** The provider's own cost of the path (Mapbox and OSRM answer one); absent for straight lines. */
  weight: z.number().optional(),
})

export type DirectionsRequest = z.output<typeof directionsRequestSchema>
export type Directions = z.output<typeof directionsSchema>
export type Position = [number, number]
