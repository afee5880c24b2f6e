import type { Element } from '@xmldom/xmldom'
import { walkTextFields } from '#app/modules/walks/walks.schema.ts'
import { languageVersions, pick, type RawPlace, type RawRoute, type RowProblem, type SourceDocument } from '../source.ts'
import { child, children, descendants, parseXml, textOf } from './xml.ts'
import { ImportRefused } from './refusal.ts'

// KML 2.2 (and Google's gx: extensions): every Placemark, in folders or not, in document order.
// A Point is a place; a LineString, a MultiGeometry of lines or a gx:Track is a route. Extended
// data carries what KML has no element for: texts per language (`name:fr`) and a route's stops.

/** "lng,lat[,alt] lng,lat…" → [[lng, lat], …] as text (checked later). */
const coordinates = (text: string | null): string[][] =>
  (text ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((tuple) => tuple.split(','))

/** gx:coord is "lng lat alt". */
const gxCoords = (track: Element): string[][] => children(track, 'coord').map((c) => (textOf(c) ?? '').split(/\s+/))

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

function extendedData(placemark: Element): Record<string, string> {
  const data: Record<string, string> = {}
  const extended = child(placemark, 'ExtendedData')
  if (!extended) return data
  for (const d of descendants(extended, 'Data')) {
    const name = d.getAttribute('name')
    if (name) data[name] = textOf(child(d, 'value')) ?? ''
  }
  for (const d of descendants(extended, 'SimpleData')) {
    const name = d.getAttribute('name')
    if (name) data[name] = textOf(d) ?? ''
  }
  return data
}

interface Shapes {
  points: string[][]
  lines: string[][][]
  other: boolean
}

function shapesOf(geometry: Element, into: Shapes) {
  switch (geometry.localName) {
    case 'Point':
      into.points.push(...coordinates(textOf(child(geometry, 'coordinates'))))
      break
    case 'LineString':
    case 'LinearRing':
      into.lines.push(coordinates(textOf(child(geometry, 'coordinates'))))
      break
    case 'Track':
      into.lines.push(gxCoords(geometry))
      break
    case 'MultiTrack':
    case 'MultiGeometry':
      for (let node = geometry.firstChild; node; node = node.nextSibling) if (node.nodeType === 1) shapesOf(node as Element, into)
      break
    default:
      into.other = true
  }
}

const GEOMETRIES = new Set(['Point', 'LineString', 'LinearRing', 'Track', 'MultiTrack', 'MultiGeometry', 'Polygon', 'Model'])

export function readKml(text: string): SourceDocument {
  const doc = parseXml(text)
  const root = doc.documentElement
  if (!root || root.localName !== 'kml') throw new ImportRefused(422, 'wrong_content')
  const places: RawPlace[] = []
  const routes: RawRoute[] = []
  const problems: RowProblem[] = []
  let row = 0
  for (const placemark of descendants(root, 'Placemark')) {
    row++
    const shapes: Shapes = { points: [], lines: [], other: false }
    for (let node = placemark.firstChild; node; node = node.nextSibling) {
      if (node.nodeType === 1 && GEOMETRIES.has((node as Element).localName ?? '')) shapesOf(node as Element, shapes)
    }
    const data = extendedData(placemark)
    const name = textOf(child(placemark, 'name')) ?? pick(data, ['name'])
    const description = plainText(textOf(child(placemark, 'description'))) ?? pick(data, ['description'])
    const ref = placemark.getAttribute('id') || null
    const stops = (data.stops ?? '').split(/\s+/).filter(Boolean)
    if (shapes.lines.length > 0 || (shapes.points.length === 0 && stops.length > 0)) {
      const texts = Object.fromEntries(walkTextFields.map((f) => [f, f === 'description' ? description : f === 'name' ? null : (data[f] ?? null)]))
      routes.push({ row, ref, name, texts, translations: languageVersions(data, walkTextFields) as RawRoute['translations'], lines: shapes.lines, stops, color: data.color ?? null })
    } else if (shapes.points.length === 1) {
      const [lng, lat] = shapes.points[0]
      places.push({ row, ref, name, lat, lng, description, translations: languageVersions(data, ['name', 'description'] as const) as RawPlace['translations'] })
    } else if (shapes.points.length > 1) {
      problems.push({ row, field: 'geometry', message: { key: 'import.errors.geometry_multipoint' } })
    } else {
      problems.push({ row, field: 'geometry', message: { key: shapes.other ? 'import.errors.geometry_unsupported' : 'import.errors.geometry_missing' } })
    }
  }
  return { places, routes, problems }
}
