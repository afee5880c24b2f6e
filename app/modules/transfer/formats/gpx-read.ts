import type { RawPlace, RawRoute, SourceDocument } from '../source.ts'
import { ImportRefused, type RowCounter } from './refusal.ts'
import { streamXml, TextCapture } from './xml.ts'

// GPX 1.0 and 1.1, read as a stream of tags: waypoints are places; tracks and routes are routes.
// A track's segments are its path. A route (<rte>) is a path through its points, and those points
// that are waypoints of the file (same position) are its stops. A <rte> and a <trk> of the same
// name are one route (Trailguide's own export writes the stops as a <rte> and the walked path as
// a <trk>). Positions are kept as numbers ([lng, lat, ele?]), never as elements.

type Position = [lng: number | string, lat: number | string, ele?: number | string]

/** A coordinate attribute as a number when it is one; else the text, which the row check refuses. */
const num = (value: string | undefined): number | string => {
  if (value === undefined) return ''
  const n = Number(value)
  return value.trim() !== '' && Number.isFinite(n) ? n : value
}
const key = (lat: unknown, lng: unknown) => `${Number(lat).toFixed(7)},${Number(lng).toFixed(7)}`

/** What one <wpt>, <rte> or <trk> says besides its positions. */
type Texts = Partial<Record<'name' | 'desc' | 'cmt' | 'ele' | 'sym' | 'type', string | null>>
const TEXT_FIELDS = new Set(['name', 'desc', 'cmt', 'ele', 'sym', 'type'])

export function readGpx(slices: Iterable<string>, rows: RowCounter): SourceDocument {
  const places: RawPlace[] = []
  const rtes: { row: number; texts: Texts; points: Position[] }[] = []
  const trks: { row: number; texts: Texts; lines: Position[][] }[] = []
  const stack: string[] = []
  const capture = new TextCapture()
  let row = 0
  let documentName: string | null = null
  let texts: Texts = {}
  let attributes: Record<string, string> = {}
  let points: Position[] = []
  let lines: Position[][] = []
  let point: Position | null = null

  streamXml(slices, {
    open(name, attrs) {
      stack.push(name)
      const depth = stack.length
      if (depth === 1) {
        if (name !== 'gpx') throw new ImportRefused(422, 'wrong_content')
        return
      }
      const parent = stack[depth - 2]
      if (depth === 2) {
        texts = {}
        attributes = attrs
        points = []
        lines = []
      } else if (depth === 3 && TEXT_FIELDS.has(name) && (parent === 'wpt' || parent === 'rte' || parent === 'trk')) {
        capture.start()
      } else if (depth === 3 && parent === 'metadata' && name === 'name') {
        capture.start()
      } else if ((name === 'rtept' && depth === 3 && parent === 'rte') || (name === 'trkpt' && depth === 4 && parent === 'trkseg')) {
        point = [num(attrs.lon), num(attrs.lat)]
      } else if (name === 'trkseg' && depth === 3 && parent === 'trk') {
        lines.push([])
      } else if (name === 'ele' && point && (depth === 4 || depth === 5)) {
        capture.start()
      }
    },
    text(text) {
      if (capture.active) capture.add(text)
    },
    close(name) {
      const depth = stack.length
      stack.pop()
      const parent = stack[depth - 2]
      if (depth === 2) {
        if (name === 'wpt') {
          rows.add()
          row++
          places.push({
            row,
            ref: `wpt-${row}`,
            name: texts.name ?? null,
            lat: num(attributes.lat),
            lng: num(attributes.lon),
            ele: texts.ele ?? null,
            description: texts.desc ?? texts.cmt ?? null,
            translations: {},
            hints: { comment: texts.cmt ?? null, symbol: texts.sym ?? null },
          })
        } else if (name === 'rte') {
          rows.add()
          rtes.push({ row: ++row, texts, points })
        } else if (name === 'trk') {
          rows.add()
          trks.push({ row: ++row, texts, lines })
        }
      } else if (depth === 3 && capture.active && (parent === 'wpt' || parent === 'rte' || parent === 'trk')) {
        texts[name as keyof Texts] = capture.end()
      } else if (depth === 3 && capture.active && parent === 'metadata') {
        documentName = capture.end()
      } else if (name === 'ele' && capture.active && point) {
        const ele = capture.end()
        if (ele !== null) point[2] = num(ele)
      } else if ((name === 'rtept' || name === 'trkpt') && point) {
        if (name === 'rtept') points.push(point)
        else lines.at(-1)?.push(point)
        point = null
      }
    },
  })

  const byPosition = new Map(places.map((p) => [key(p.lat, p.lng), p.ref!]))
  const routes: RawRoute[] = []
  const planned = new Map<string, RawRoute>()
  for (const rte of rtes) {
    const stops = rte.points.map((p) => byPosition.get(key(p[1], p[0]))).filter((ref): ref is string => ref !== undefined)
    const name = rte.texts.name ?? null
    // Trailguide's export marks a route's stops as <type>stops</type>: they are not a path.
    const onlyStops = rte.texts.type?.toLowerCase() === 'stops'
    const route: RawRoute = { row: rte.row, ref: null, name, texts: { description: rte.texts.desc ?? null }, translations: {}, lines: onlyStops ? [] : [rte.points], stops, color: null, hints: { comment: rte.texts.cmt ?? null, kind: 'route' } }
    routes.push(route)
    if (name && !planned.has(name)) planned.set(name, route)
  }
  for (const trk of trks) {
    const name = trk.texts.name ?? null
    const pair = name ? planned.get(name) : undefined
    if (pair) {
      // The track is the walked path of the route whose points were its stops.
      pair.lines = trk.lines
      planned.delete(name!)
    } else {
      routes.push({ row: trk.row, ref: null, name, texts: { description: trk.texts.desc ?? null }, translations: {}, lines: trk.lines, stops: [], color: null, hints: { comment: trk.texts.cmt ?? null, kind: 'track' } })
    }
  }
  routes.sort((a, b) => a.row - b.row)
  return { places, routes, problems: [], documentName }
}
