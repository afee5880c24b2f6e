import { z } from 'zod'

// A route's drawn path (spec: features_collection). Strict on purpose: it is shown on public
// maps, so only the shapes the map draws are accepted, with positions that exist on Earth.

/** More positions than this is not a walk, it is an upload of something else. */
export const MAX_GEOJSON_POSITIONS = 20_000
export const MAX_GEOJSON_FEATURES = 1_000

const inRange = (p: number[]) =>
  (p.length === 2 || p.length === 3) &&
  p.every(Number.isFinite) &&
  p[0] >= -180 && p[0] <= 180 &&
  p[1] >= -90 && p[1] <= 90

/** One message for every kind of bad position, rather than "the 1 field must be at least -90". */
const strictPosition = z
  .array(z.number({ error: 'validation.geojson_position' }), { error: 'validation.geojson_position' })
  .refine(inRange, { error: 'validation.geojson_position' })
  .meta({ description: '[longitude, latitude] or [longitude, latitude, elevation]' })

const line = z.array(strictPosition).min(2, { error: 'validation.geojson_line' })
const ring = z
  .array(strictPosition)
  .min(4, { error: 'validation.geojson_ring' })
  .refine((r) => r.length < 4 || (r[0][0] === r[r.length - 1][0] && r[0][1] === r[r.length - 1][1]), { error: 'validation.geojson_ring' })

const geometry = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('Point'), coordinates: strictPosition }),
    z.strictObject({ type: z.literal('LineString'), coordinates: line }),
    z.strictObject({ type: z.literal('MultiLineString'), coordinates: z.array(line).min(1) }),
    z.strictObject({ type: z.literal('Polygon'), coordinates: z.array(ring).min(1) }),
  ],
  { error: 'validation.geojson_geometry' },
)

const feature = z.strictObject({
  type: z.literal('Feature'),
  geometry,
  properties: z.record(z.string(), z.unknown()).nullable().optional(),
  id: z.union([z.string().max(200), z.number()]).optional(),
  bbox: z.array(z.number().finite()).min(4).max(6).optional(),
})

export type Geometry = z.output<typeof geometry>

/** Number of positions in a geometry (the size cap counts these). */
export function positionCount(g: Geometry): number {
  switch (g.type) {
    case 'Point':
      return 1
    case 'LineString':
      return g.coordinates.length
    case 'MultiLineString':
    case 'Polygon':
      return g.coordinates.reduce((sum, part) => sum + part.length, 0)
  }
}

export const featureCollectionSchema = z
  .strictObject({
    type: z.literal('FeatureCollection'),
    features: z.array(feature).max(MAX_GEOJSON_FEATURES, { error: 'validation.geojson_too_large' }),
    bbox: z.array(z.number().finite()).min(4).max(6).optional(),
  })
  .refine((fc) => fc.features.reduce((sum, f) => sum + positionCount(f.geometry), 0) <= MAX_GEOJSON_POSITIONS, {
    error: 'validation.geojson_too_large',
  })

export type FeatureCollection = z.output<typeof featureCollectionSchema>

/** The walked lines of a collection as lat/lng paths (points and polygons are not walked); heights kept when given (ADR 027). */
export function linePaths(fc: FeatureCollection): { lat: number; lng: number; ele?: number }[][] {
  const paths: { lat: number; lng: number; ele?: number }[][] = []
  const toPath = (positions: number[][]) => positions.map(([lng, lat, ele]) => (ele === undefined ? { lat, lng } : { lat, lng, ele }))
  for (const f of fc.features) {
    if (f.geometry.type === 'LineString') paths.push(toPath(f.geometry.coordinates))
    if (f.geometry.type === 'MultiLineString') for (const part of f.geometry.coordinates) paths.push(toPath(part))
  }
  return paths
}
