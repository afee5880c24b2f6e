import { JSONParser } from '@streamparser/json'
import { locales } from '#app/i18n/config.ts'
import { walkTextFields } from '#app/modules/walks/walks.schema.ts'
import { languageVersions, type RawPlace, type RawRoute, type RowProblem, type SourceDocument } from '../source.ts'
import type { CsvMapping } from '../transfer.schema.ts'
import { ImportRefused, type RowCounter } from './refusal.ts'

// GeoJSON (RFC 7946): a FeatureCollection or one Feature, read as a stream (ADR 050): each
// feature is handed over as soon as it is complete and dropped from the parser's tree, so the
// file is never held as one object. A Point is a place; a LineString or MultiLineString is a
// route with its path. Trailguide's own export adds what GeoJSON has no member for: `name:fr`-style
// texts per language (OpenStreetMap's keys), a route's `stops` (the ids of place features of the
// same file) and `stroke` (simplestyle's line colour).

// nom_itineraire: France's open walking-route schema (schema.data.gouv.fr, itinéraires de randonnée).
const NAME_KEYS = ['name', 'title', 'nom', 'nom_itineraire', 'titre', 'titel', 'nome', 'titolo', 'label']
const DESCRIPTION_KEYS = ['description', 'desc', 'beschreibung', 'descrizione', 'texte', 'text']

/** The texts a manager may map to a property of the features (the preview's property mapping). */
const TEXT_TARGETS = ['name', 'description', ...locales.flatMap((l) => [`name_${l}`, `description_${l}`])] as const
type TextTarget = (typeof TEXT_TARGETS)[number]
/** Property keys listed for the mapping: the first ones met, as a spreadsheet's headings are. */
const MAX_KEYS = 200

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Names of longitude/latitude on WGS 84 (RFC 7946's only system; older files still say so in `crs`). */
const WGS84 = /^(?:urn:ogc:def:crs:(?:OGC:1\.3:|OGC::)CRS84|urn:ogc:def:crs:EPSG:[\d.]*:(?:4326|4979)|EPSG:(?:4326|4979)|CRS:?84|WGS ?84)$/i

/**
 * The coordinate system a GeoJSON 2008 `crs` member names, when it is not WGS 84 (e.g.
 * "EPSG:2154", France's Lambert-93): the whole file is then refused once, naming it, rather
 * than every row as "not on Earth".
 */
export function foreignCrs(crs: unknown): string | null {
  if (!isObject(crs) || !isObject(crs.properties)) return null
  const { name, href } = crs.properties
  if (crs.type === 'name' && typeof name === 'string') {
    const trimmed = name.trim()
    if (trimmed === '' || WGS84.test(trimmed)) return null
    const epsg = /EPSG:[\d.]*:(\d+)$/i.exec(trimmed) ?? /^EPSG:(\d+)$/i.exec(trimmed)
    return epsg ? `EPSG:${epsg[1]}` : trimmed.slice(0, 80)
  }
  if (crs.type === 'link' && typeof href === 'string') return href.slice(0, 80)
  return null
}

/**
 * Reads a GeoJSON file's features. `asked` is the preview's property mapping: which property
 * holds the name, the description and their language versions (a key, or null for none); a
 * target it leaves out is recognised from the field's common keys (NAME_KEYS, `name:fr`…).
 */
export function readGeoJson(slices: Iterable<string>, rows: RowCounter, asked?: CsvMapping): SourceDocument {
  const mapping: Partial<Record<TextTarget, string | null>> = Object.fromEntries(TEXT_TARGETS.filter((t) => asked?.[t] !== undefined).map((t) => [t, asked![t]!]))
  /** Keys holding text in some feature, in the order met, with how many features hold them. */
  const keys = new Map<string, number>()
  const askedSeen = new Set<string>()
  const recognisedKeys: Partial<Record<'name' | 'description', Map<string, number>>> = {}
  const places: RawPlace[] = []
  const routes: RawRoute[] = []
  const problems: RowProblem[] = []
  let row = 0
  // A FeatureCollection's features, one by one; a lone Feature's members.
  const root: Json = {}
  const parser = new JSONParser({ paths: ['$.type', '$.id', '$.geometry', '$.properties', '$.features.*', '$.crs'], keepStack: false })
  parser.onValue = ({ value, key, stack }) => {
    if (stack.length === 2) feature(++row, value)
    else if (stack.length === 1 && typeof key === 'string') {
      root[key] = value
      // Noted here, refused after the parser returns (an error thrown in its callback would be its own).
      if (key === 'crs') foreign = foreignCrs(value)
    }
  }
  let failed = false
  let foreign: string | null = null
  parser.onError = () => {
    failed = true
  }
  let sawFeatures = false
  function feature(row: number, value: unknown) {
    sawFeatures = true
    rows.add()
    if (!isObject(value) || value.type !== 'Feature') {
      problems.push({ row, field: 'geometry', message: { key: 'import.errors.geometry_missing' } })
      return
    }
    readFeature(row, value)
  }
  try {
    for (const slice of slices) {
      if (failed || foreign) break
      parser.write(slice)
    }
    if (!failed && !foreign && !parser.isEnded) parser.end()
  } catch (error) {
    if (error instanceof ImportRefused) throw error
    failed = true
  }
  if (foreign) throw new ImportRefused(422, 'crs_not_wgs84', { crs: foreign })
  if (failed) throw new ImportRefused(422, 'json_invalid')
  if (!sawFeatures) {
    if (root.type === 'Feature') {
      rows.add()
      readFeature(1, root)
    } else if (root.type !== 'FeatureCollection') throw new ImportRefused(422, 'geojson_not_features')
  }
  for (const [target, key] of Object.entries(mapping)) {
    if (typeof key === 'string' && !askedSeen.has(key)) throw new ImportRefused(422, 'property_mapping_unknown', { heading: key.slice(0, 80), field: target })
  }
  return { places, routes, problems, columns: { headings: [...keys.keys()], mapping: shownMapping() } }

  /** The mapping used: the one asked, else the common key that gave the most features their text. */
  function shownMapping(): Record<string, string | null> {
    const seen = [...keys.keys()]
    const find = (candidates: string[]) => candidates.map((c) => seen.find((k) => k.toLowerCase() === c)).find((k) => k !== undefined) ?? null
    const mostUsed = (target: 'name' | 'description') => [...(recognisedKeys[target]?.entries() ?? [])].reduce<[string | null, number]>((best, entry) => (entry[1] > best[1] ? entry : best), [null, 0])[0]
    const recognised = (target: TextTarget) => {
      if (target === 'name' || target === 'description') return mostUsed(target)
      const [field, locale] = target.split('_')
      return find([`${field}:${locale}`, `${field}_${locale}`])
    }
    return Object.fromEntries(TEXT_TARGETS.map((target) => [target, target in mapping ? mapping[target]! : recognised(target)]))
  }

  function noteKeys(properties: Json) {
    for (const [key, value] of Object.entries(properties)) {
      if (!((typeof value === 'string' && value.trim() !== '') || typeof value === 'number')) continue
      const count = keys.get(key)
      if (count !== undefined) keys.set(key, count + 1)
      else if (keys.size < MAX_KEYS && key.length <= 200) keys.set(key, 1)
    }
    for (const key of Object.values(mapping)) if (typeof key === 'string' && key in properties) askedSeen.add(key)
  }

  /**
   * A text's value: the mapped property's (null: none asked), else the first of the common keys
   * the feature holds (counted, so the preview shows the key most features were read from).
   */
  function mapped(properties: Json, target: 'name' | 'description', common: string[]): unknown {
    const key = mapping[target]
    if (key !== undefined) return key === null ? undefined : properties[key]
    const lower = new Map(Object.keys(properties).map((k) => [k.toLowerCase(), k]))
    const found = common.map((c) => lower.get(c)).find((k) => k !== undefined && properties[k] !== undefined && properties[k] !== null)
    if (found === undefined) return undefined
    const counts = (recognisedKeys[target] ??= new Map())
    counts.set(found, (counts.get(found) ?? 0) + 1)
    return properties[found]
  }

  /** Texts per language: `name:fr`-style keys, unless the mapping names other properties. */
  function languageTexts<F extends 'name' | 'description' | (typeof walkTextFields)[number]>(properties: Json, fields: readonly F[]) {
    const out = languageVersions(properties, fields)
    for (const locale of locales) {
      for (const field of ['name', 'description'] as const) {
        const key = mapping[`${field}_${locale}`]
        if (key === undefined || !(fields as readonly string[]).includes(field)) continue
        const texts: Record<string, unknown> = (out[locale] ??= {})
        texts[field] = key === null ? undefined : properties[key]
      }
    }
    return out
  }

  function readFeature(row: number, feature: Json) {
    const properties = isObject(feature.properties) ? feature.properties : {}
    noteKeys(properties)
    const ref = typeof feature.id === 'string' || typeof feature.id === 'number' ? String(feature.id) : null
    const geometry = isObject(feature.geometry) ? feature.geometry : null
    const name = mapped(properties, 'name', NAME_KEYS)
    const description = mapped(properties, 'description', DESCRIPTION_KEYS)
    const stops = Array.isArray(properties.stops) ? properties.stops.filter((s) => typeof s === 'string' || typeof s === 'number').map(String) : []
    const coordinates = geometry?.coordinates
    // Trailguide's export marks its features: a place or route without geometry comes back as one.
    const kind = geometry === null ? properties.kind : undefined
    if (kind === 'place') {
      places.push({ row, ref, name, lat: null, lng: null, description, translations: languageTexts(properties, ['name', 'description'] as const) as RawPlace['translations'], positionless: true })
    } else if (geometry?.type === 'Point') {
      const position = Array.isArray(coordinates) ? coordinates : []
      places.push({ row, ref, name, lat: position[1], lng: position[0], ele: position[2] ?? null, description, translations: languageTexts(properties, ['name', 'description'] as const) as RawPlace['translations'] })
    } else if (geometry?.type === 'LineString' || geometry?.type === 'MultiLineString' || (geometry === null && (stops.length > 0 || kind === 'route'))) {
      const lines = !Array.isArray(coordinates) ? [] : geometry?.type === 'LineString' ? [coordinates] : coordinates
      const texts = Object.fromEntries(walkTextFields.filter((f) => f !== 'name').map((f) => [f, f === 'description' ? description : properties[f]]))
      routes.push({
        row,
        ref,
        name,
        texts: texts as RawRoute['texts'],
        translations: languageTexts(properties, walkTextFields) as RawRoute['translations'],
        lines: lines.map((line) => (Array.isArray(line) ? line : [line])),
        stops,
        color: typeof properties.stroke === 'string' ? properties.stroke : null,
        hints: { kind: 'track' },
        empty: kind === 'route',
        ...(properties.kind === 'route' ? { duration: properties.duration } : {}),
      })
    } else if (geometry?.type === 'MultiPoint') {
      problems.push({ row, field: 'geometry', message: { key: 'import.errors.geometry_multipoint' } })
    } else {
      problems.push({ row, field: 'geometry', message: { key: geometry ? 'import.errors.geometry_unsupported' : 'import.errors.geometry_missing' } })
    }
  }
}
