import { walkTextFields } from '#app/modules/walks/walks.schema.ts'
import { languageVersions, pick, type RawPlace, type RawRoute, type RowProblem, type SourceDocument } from '../source.ts'
import { ImportRefused } from './refusal.ts'

// GeoJSON (RFC 7946): a FeatureCollection or one Feature. A Point is a place; a LineString or
// MultiLineString is a route with its path. Trailguide's own export adds what GeoJSON has no
// member for: `name:fr`-style texts per language (OpenStreetMap's keys), a route's `stops` (the
// ids of place features of the same file) and `stroke` (simplestyle's line colour).

const NAME_KEYS = ['name', 'title', 'nom', 'titre', 'titel', 'nome', 'titolo', 'label']
const DESCRIPTION_KEYS = ['description', 'desc', 'beschreibung', 'descrizione', 'texte', 'text']

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

export function readGeoJson(text: string): SourceDocument {
  let parsed: unknown
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch {
    throw new ImportRefused(422, 'json_invalid')
  }
  const features = isObject(parsed) && parsed.type === 'FeatureCollection' && Array.isArray(parsed.features)
    ? parsed.features
    : isObject(parsed) && parsed.type === 'Feature'
      ? [parsed]
      : null
  if (!features) throw new ImportRefused(422, 'geojson_not_features')
  const places: RawPlace[] = []
  const routes: RawRoute[] = []
  const problems: RowProblem[] = []
  features.forEach((feature: unknown, index) => {
    const row = index + 1
    if (!isObject(feature) || feature.type !== 'Feature') {
      problems.push({ row, field: 'geometry', message: { key: 'import.errors.geometry_missing' } })
      return
    }
    const properties = isObject(feature.properties) ? feature.properties : {}
    const ref = typeof feature.id === 'string' || typeof feature.id === 'number' ? String(feature.id) : null
    const geometry = isObject(feature.geometry) ? feature.geometry : null
    const name = pick(properties, NAME_KEYS)
    const description = pick(properties, DESCRIPTION_KEYS)
    const stops = Array.isArray(properties.stops) ? properties.stops.filter((s) => typeof s === 'string' || typeof s === 'number').map(String) : []
    const coordinates = geometry?.coordinates
    if (geometry?.type === 'Point') {
      const position = Array.isArray(coordinates) ? coordinates : []
      places.push({ row, ref, name, lat: position[1], lng: position[0], description, translations: languageVersions(properties, ['name', 'description'] as const) as RawPlace['translations'] })
    } else if (geometry?.type === 'LineString' || geometry?.type === 'MultiLineString' || (geometry === null && stops.length > 0)) {
      const lines = !Array.isArray(coordinates) ? [] : geometry?.type === 'LineString' ? [coordinates] : coordinates
      const texts = Object.fromEntries(walkTextFields.filter((f) => f !== 'name').map((f) => [f, f === 'description' ? description : properties[f]]))
      routes.push({
        row,
        ref,
        name,
        texts: texts as RawRoute['texts'],
        translations: languageVersions(properties, walkTextFields) as RawRoute['translations'],
        lines: lines.map((line) => (Array.isArray(line) ? line : [line])),
        stops,
        color: typeof properties.stroke === 'string' ? properties.stroke : null,
      })
    } else if (geometry?.type === 'MultiPoint') {
      problems.push({ row, field: 'geometry', message: { key: 'import.errors.geometry_multipoint' } })
    } else {
      problems.push({ row, field: 'geometry', message: { key: geometry ? 'import.errors.geometry_unsupported' : 'import.errors.geometry_missing' } })
    }
  })
  return { places, routes, problems }
}
