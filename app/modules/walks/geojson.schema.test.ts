import { describe, expect, it } from 'vitest'
import { parseOrThrow } from '#app/utils/validation.ts'
import { AppError } from '#app/utils/errors.ts'
import { translate } from '#app/i18n/i18n.server.ts'
import { featureCollectionSchema, linePaths, MAX_GEOJSON_POSITIONS } from '#app/modules/geo/geojson.schema.ts'

const line = (coordinates: unknown) => ({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates } }] })

/** The English message of each refused field. */
function errorsOf(input: unknown): Record<string, string[]> {
  try {
    parseOrThrow(featureCollectionSchema, input)
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    return Object.fromEntries(Object.entries(error.fieldErrors ?? {}).map(([k, v]) => [k, v.map((m) => translate('en', m))]))
  }
  throw new Error('accepted')
}

describe('features_collection schema', () => {
  it('accepts points, lines, multi-lines and closed polygons, with elevations and properties', () => {
    const fc = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { name: 'start' }, geometry: { type: 'Point', coordinates: [6.63, 46.52] } },
        { type: 'Feature', properties: null, geometry: { type: 'LineString', coordinates: [[6.63, 46.52, 372], [6.64, 46.53, 380]] } },
        { type: 'Feature', id: 'x', geometry: { type: 'MultiLineString', coordinates: [[[6.63, 46.52], [6.64, 46.53]], [[6.65, 46.5], [6.66, 46.51]]] } },
        { type: 'Feature', geometry: { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] } },
      ],
    }
    expect(featureCollectionSchema.parse(fc)).toEqual(fc)
  })

  it.each([
    ['a latitude out of range', line([[6.6, 46.5], [6.6, 91]]), 'features.0.geometry.coordinates.1', 'Each position must be [longitude, latitude], with a longitude between -180 and 180 and a latitude between -90 and 90.'],
    ['a longitude out of range', line([[-181, 46.5], [6.6, 46]]), 'features.0.geometry.coordinates.0', 'Each position must be [longitude, latitude], with a longitude between -180 and 180 and a latitude between -90 and 90.'],
    ['a position as text', line([['6.6', '46.5'], [6.6, 46]]), 'features.0.geometry.coordinates.0.0', 'Each position must be [longitude, latitude], with a longitude between -180 and 180 and a latitude between -90 and 90.'],
    ['a position with one number', line([[6.6], [6.6, 46]]), 'features.0.geometry.coordinates.0', 'Each position must be [longitude, latitude], with a longitude between -180 and 180 and a latitude between -90 and 90.'],
    ['a line of one position', line([[6.6, 46.5]]), 'features.0.geometry.coordinates', 'A line needs at least 2 positions.'],
    ['an unknown geometry', { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Circle', coordinates: [0, 0] } }] }, 'features.0.geometry.type', 'The geometry must be a Point, LineString, MultiLineString or Polygon.'],
    ['an open polygon ring', { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1]]] } }] }, 'features.0.geometry.coordinates.0', 'A polygon ring needs at least 4 positions and must end where it starts.'],
    ['a feature without geometry', { type: 'FeatureCollection', features: [{ type: 'Feature' }] }, 'features.0.geometry', 'The geometry must be a Point, LineString, MultiLineString or Polygon.'],
    ['another type', { type: 'Feature', features: [] }, 'type', 'The type field must be one of: FeatureCollection.'],
    ['no features', { type: 'FeatureCollection' }, 'features', 'The features field is required.'],
    ['a foreign member', { type: 'FeatureCollection', features: [], crs: {} }, 'crs', 'The crs field is not allowed.'],
  ])('refuses %s', (_case, input, field, message) => {
    expect(errorsOf(input)[field]).toEqual([message])
  })

  it(`refuses more than ${MAX_GEOJSON_POSITIONS} positions`, () => {
    const positions = Array.from({ length: MAX_GEOJSON_POSITIONS + 1 }, (_, i) => [6 + i / 1e6, 46])
    expect(errorsOf(line(positions))._root).toEqual(['The features collection may hold at most 20,000 positions and 1,000 features.'])
    expect(featureCollectionSchema.safeParse(line(positions.slice(1))).success).toBe(true)
  })

  it('gives the walked lines as lat/lng paths', () => {
    const fc = featureCollectionSchema.parse({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: { type: 'Point', coordinates: [1, 2] } },
        { type: 'Feature', geometry: { type: 'LineString', coordinates: [[1, 2], [3, 4]] } },
      ],
    })
    expect(linePaths(fc)).toEqual([[{ lng: 1, lat: 2 }, { lng: 3, lat: 4 }]])
  })
})
