import type { LatLng } from './geo.ts'

// The one GPX 1.1 writer (https://www.topografix.com/GPX/1/1/): the route's GPX and the
// category's export both write through it, so every GPX the app sends follows the schema's
// order (waypoints, then routes, then tracks; in each, its children in the schema's order) and
// keeps heights. Every file it writes is checked against the XSD with xmllint in the tests.

export interface GpxPoint extends LatLng {
  /** Height in metres, when known. */
  ele?: number | null
}

interface GpxLink {
  href: string
  text?: string
}

export interface GpxWaypoint extends GpxPoint {
  name: string
  desc?: string | null
}

export interface GpxRoute {
  name: string
  desc?: string | null
  link?: GpxLink
  /** GPX's free classification: Trailguide writes "stops" for a route's stops. */
  type?: string
  points: (GpxPoint & { name?: string })[]
}

export interface GpxTrack {
  name: string
  desc?: string | null
  link?: GpxLink
  segments: GpxPoint[][]
}

export interface GpxDocument {
  name: string
  /** The file's description (the category export says there what GPX cannot hold). */
  desc?: string | null
  link?: GpxLink
  waypoints: GpxWaypoint[]
  routes: GpxRoute[]
  tracks: GpxTrack[]
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

/** Text and attribute values safe in XML; characters XML 1.0 forbids are dropped. */
export function xmlEscape(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c])
}

const coord = (n: number) => (Math.round(n * 1e7) / 1e7).toString()
const at = (p: LatLng) => `lat="${coord(p.lat)}" lon="${coord(p.lng)}"`
const ele = (p: GpxPoint) => (p.ele === undefined || p.ele === null || !Number.isFinite(p.ele) ? '' : `<ele>${Math.round(p.ele * 10) / 10}</ele>`)
const text = (tag: string, value: string | null | undefined) => (value ? `<${tag}>${xmlEscape(value)}</${tag}>` : '')
const link = (l: GpxLink | undefined) => (l ? `<link href="${xmlEscape(l.href)}">${text('text', l.text)}</link>` : '')
/** A point element: its children in the schema's order (ele, …, name, cmt, desc, …). */
const point = (tag: string, p: GpxPoint & { name?: string; desc?: string | null }) => {
  const inner = `${ele(p)}${text('name', p.name)}${text('desc', p.desc)}`
  return inner ? `<${tag} ${at(p)}>${inner}</${tag}>` : `<${tag} ${at(p)}/>`
}

export function writeGpx(doc: GpxDocument): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="Trailguide" xmlns="http://www.topografix.com/GPX/1/1">',
    `  <metadata>${text('name', doc.name)}${text('desc', doc.desc)}${link(doc.link)}</metadata>`,
  ]
  for (const w of doc.waypoints) lines.push(`  ${point('wpt', w)}`)
  for (const r of doc.routes) {
    lines.push(`  <rte>${text('name', r.name)}${text('desc', r.desc)}${link(r.link)}${text('type', r.type)}`)
    for (const p of r.points) lines.push(`    ${point('rtept', p)}`)
    lines.push('  </rte>')
  }
  for (const t of doc.tracks) {
    lines.push(`  <trk>${text('name', t.name)}${text('desc', t.desc)}${link(t.link)}`)
    for (const segment of t.segments) lines.push(`    <trkseg>${segment.map((p) => point('trkpt', p)).join('')}</trkseg>`)
    lines.push('  </trk>')
  }
  lines.push('</gpx>', '')
  return lines.join('\n')
}
