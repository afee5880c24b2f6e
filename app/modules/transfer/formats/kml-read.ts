import { walkTextFields } from '#app/modules/walks/walks.schema.ts'
import { languageVersions, pick, type RawPlace, type RawRoute, type RowProblem, type SourceDocument } from '../source.ts'
import { ImportRefused, type RowCounter } from './refusal.ts'
import { streamXml, TextCapture } from './xml.ts'

// KML 2.2 (and Google's gx: extensions), read as a stream of tags: every Placemark, in folders or
// not, in document order. A Point is a place; a LineString, a MultiGeometry of lines or a gx:Track
// is a route. Extended data carries what KML has no element for: texts per language (`name:fr`)
// and a route's stops.

/** "lng,lat[,alt] lng,lat…" → [[lng, lat, alt?], …] as text (checked later). */
const coordinates = (text: string | null): string[][] =>
  (text ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((tuple) => tuple.split(','))

/** A description may be HTML (Google My Maps writes <br>): kept as text, line breaks kept. */
function plainText(html: string | null): string | null {
  if (html === null) return null
  const text = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
  return text === '' ? null : text
}

/** What an open element is to the placemark being read. */
type Role = 'placemark' | 'container' | 'point' | 'line' | 'track' | 'coordinates' | 'coord' | 'text' | 'data' | 'value' | 'simple' | 'ignored' | null

const CONTAINERS = new Set(['MultiGeometry', 'MultiTrack'])
const OTHER_GEOMETRIES = new Set(['Polygon', 'Model'])

interface Placemark {
  ref: string | null
  name: string | null
  description: string | null
  data: Record<string, string>
  points: string[][]
  lines: string[][][]
  other: boolean
}

export function readKml(slices: Iterable<string>, rows: RowCounter): SourceDocument {
  const places: RawPlace[] = []
  const routes: RawRoute[] = []
  const problems: RowProblem[] = []
  const roles: Role[] = []
  const texts = new TextCapture()
  // Coordinates may be a whole track on one element: no bound but the file's own.
  const coords = new TextCapture(Number.POSITIVE_INFINITY)
  let row = 0
  let placemark: Placemark | null = null
  let dataName: string | null = null
  let track: string[][] | null = null
  let started = false

  streamXml(slices, {
    open(name, attributes) {
      if (!started) {
        started = true
        if (name !== 'kml') throw new ImportRefused(422, 'wrong_content')
      }
      const parent = roles.at(-1) ?? null
      let role: Role = null
      if (name === 'Placemark' && placemark === null) {
        placemark = { ref: attributes.id || null, name: null, description: null, data: {}, points: [], lines: [], other: false }
        role = 'placemark'
      } else if (placemark && parent !== null && parent !== 'ignored') {
        const geometryParent = parent === 'placemark' || parent === 'container'
        if (geometryParent && CONTAINERS.has(name)) role = 'container'
        else if (geometryParent && name === 'Point') role = 'point'
        else if (geometryParent && (name === 'LineString' || name === 'LinearRing')) role = 'line'
        else if (geometryParent && name === 'Track') {
          role = 'track'
          track = []
        } else if (geometryParent && OTHER_GEOMETRIES.has(name)) {
          placemark.other = true
          role = 'ignored'
        } else if ((parent === 'point' || parent === 'line') && name === 'coordinates') {
          role = 'coordinates'
          coords.start()
        } else if (parent === 'track' && name === 'coord') {
          role = 'coord'
          texts.start()
        } else if (parent === 'placemark' && (name === 'name' || name === 'description')) {
          role = 'text'
          texts.start()
        } else if (parent === 'placemark' && name === 'ExtendedData') {
          role = 'data'
        } else if (parent === 'data' && (name === 'Data' || name === 'SchemaData')) {
          role = 'data'
          dataName = name === 'Data' ? (attributes.name ?? null) : null
        } else if (parent === 'data' && name === 'value' && dataName) {
          role = 'value'
          texts.start()
        } else if (parent === 'data' && name === 'SimpleData' && attributes.name) {
          role = 'simple'
          dataName = attributes.name
          texts.start()
        } else {
          role = 'ignored'
        }
      }
      roles.push(role)
    },
    text(text) {
      if (coords.active) coords.add(text)
      else if (texts.active) texts.add(text)
    },
    close(name) {
      const role = roles.pop()
      const current = placemark
      if (!current) return
      const parent = roles.at(-1)
      if (role === 'coordinates') {
        const tuples = coordinates(coords.end())
        // One by one: a spread of a huge list (a Point given 200,000 tuples) overflows the call stack.
        if (parent === 'point') for (const tuple of tuples) current.points.push(tuple)
        else current.lines.push(tuples)
      } else if (role === 'coord') {
        track?.push((texts.end() ?? '').split(/\s+/))
      } else if (role === 'track') {
        if (track) current.lines.push(track)
        track = null
      } else if (role === 'text') {
        const value = texts.end()
        if (name === 'name') current.name = value
        else current.description = plainText(value)
      } else if ((role === 'value' || role === 'simple') && dataName) {
        current.data[dataName] = texts.end() ?? ''
      } else if (role === 'placemark') {
        rows.add()
        placemark = null
        finish(++row, current)
      }
    },
  })

  function finish(row: number, p: Placemark) {
    // A track of one position is a stay (Google Location History), not a route: a place.
    if (p.points.length === 0 && p.lines.length === 1 && p.lines[0].length === 1) {
      p.points.push(p.lines[0][0])
      p.lines = []
    }
    const name = p.name ?? pick(p.data, ['name'])
    const description = p.description ?? pick(p.data, ['description'])
    const stops = (p.data.stops ?? '').split(/\s+/).filter(Boolean)
    // Trailguide's export marks its placemarks (ExtendedData `kind`): one without geometry comes back as it was.
    const kind = p.points.length === 0 && p.lines.length === 0 && !p.other ? p.data.kind : undefined
    if (p.lines.length > 0 || (p.points.length === 0 && (stops.length > 0 || kind === 'route'))) {
      const routeTexts = Object.fromEntries(walkTextFields.map((f) => [f, f === 'description' ? description : f === 'name' ? null : (p.data[f] ?? null)]))
      routes.push({ row, ref: p.ref, name, texts: routeTexts, translations: languageVersions(p.data, walkTextFields) as RawRoute['translations'], lines: p.lines, stops, color: p.data.color ?? null, hints: { kind: 'track' }, empty: kind === 'route', ...(p.data.kind === 'route' ? { duration: p.data.duration } : {}) })
    } else if (kind === 'place') {
      places.push({ row, ref: p.ref, name, lat: null, lng: null, description, translations: languageVersions(p.data, ['name', 'description'] as const) as RawPlace['translations'], positionless: true })
    } else if (p.points.length === 1) {
      const [lng, lat, ele] = p.points[0]
      places.push({ row, ref: p.ref, name, lat, lng, ele: ele ?? null, description, translations: languageVersions(p.data, ['name', 'description'] as const) as RawPlace['translations'] })
    } else if (p.points.length > 1) {
      problems.push({ row, field: 'geometry', message: { key: 'import.errors.geometry_multipoint' } })
    } else {
      problems.push({ row, field: 'geometry', message: { key: p.other ? 'import.errors.geometry_unsupported' : 'import.errors.geometry_missing' } })
    }
  }
  return { places, routes, problems }
}
