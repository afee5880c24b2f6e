import type { Element } from '@xmldom/xmldom'
import type { RawPlace, RawRoute, SourceDocument } from '../source.ts'
import { child, children, parseXml, textOf } from './xml.ts'
import { ImportRefused } from './refusal.ts'

// GPX 1.0 and 1.1: waypoints are places; tracks and routes are routes. A track's segments are
// its path. A route (<rte>) is a path through its points, and those points that are waypoints of
// the file (same position) are its stops. A <rte> and a <trk> of the same name are one route
// (Trailguide's own export writes the stops as a <rte> and the walked path as a <trk>).

const position = (el: Element) => ({ lat: el.getAttribute('lat'), lng: el.getAttribute('lon'), ele: textOf(child(el, 'ele')) })
const key = (lat: string | null, lng: string | null) => `${Number(lat).toFixed(7)},${Number(lng).toFixed(7)}`

export function readGpx(text: string): SourceDocument {
  const doc = parseXml(text)
  const root = doc.documentElement
  if (!root || root.localName !== 'gpx') throw new ImportRefused(422, 'wrong_content')
  let row = 0
  const places: RawPlace[] = children(root, 'wpt').map((wpt) => {
    const { lat, lng } = position(wpt)
    row++
    return { row, ref: `wpt-${row}`, name: textOf(child(wpt, 'name')), lat, lng, description: textOf(child(wpt, 'desc')) ?? textOf(child(wpt, 'cmt')), translations: {} }
  })
  const byPosition = new Map(places.map((p) => [key(p.lat as string | null, p.lng as string | null), p.ref!]))
  const routes: RawRoute[] = []
  const planned = new Map<string, RawRoute>()
  for (const rte of children(root, 'rte')) {
    const points = children(rte, 'rtept').map(position)
    const stops = points.map((p) => byPosition.get(key(p.lat, p.lng))).filter((ref): ref is string => ref !== undefined)
    const name = textOf(child(rte, 'name'))
    // Trailguide's export marks a route's stops as <type>stops</type>: they are not a path.
    const onlyStops = textOf(child(rte, 'type'))?.toLowerCase() === 'stops'
    const route: RawRoute = { row: ++row, ref: null, name, texts: { description: textOf(child(rte, 'desc')) }, translations: {}, lines: onlyStops ? [] : [points], stops, color: null }
    routes.push(route)
    if (name && !planned.has(name)) planned.set(name, route)
  }
  for (const trk of children(root, 'trk')) {
    const lines = children(trk, 'trkseg').map((seg) => children(seg, 'trkpt').map(position))
    const name = textOf(child(trk, 'name'))
    const pair = name ? planned.get(name) : undefined
    if (pair) {
      // The track is the walked path of the route whose points were its stops.
      pair.lines = lines
      planned.delete(name!)
    } else {
      routes.push({ row: ++row, ref: null, name, texts: { description: textOf(child(trk, 'desc')) }, translations: {}, lines, stops: [], color: null })
    }
  }
  return { places, routes, problems: [] }
}
