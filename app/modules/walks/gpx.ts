import type { LatLng } from '#app/modules/geo/geo.ts'

// GPX 1.1 of a route (https://www.topografix.com/GPX/1/1/): pure, so it is tested without I/O.

interface GpxPlace extends LatLng {
  name: string
  placeSortId: number
}

export interface GpxRoute {
  name: string
  /** The page the route lives on, written as the file's link. */
  url?: string
  places: GpxPlace[]
  /** The drawn path (a track); without it, the places in order make a route (<rte>). */
  paths: (LatLng & { ele?: number })[][] | null
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

/** Text and attribute values safe in XML; characters XML 1.0 forbids are dropped. */
export function xmlEscape(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c])
}

const coord = (n: number) => (Math.round(n * 1e7) / 1e7).toString()
const at = (p: LatLng) => `lat="${coord(p.lat)}" lon="${coord(p.lng)}"`

/** Waypoints for the places, then the walked line as a track or as a route through the places. */
export function buildGpx(route: GpxRoute): string {
  const name = xmlEscape(route.name)
  const link = route.url ? `\n    <link href="${xmlEscape(route.url)}"><text>${name}</text></link>` : ''
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="Trailguide" xmlns="http://www.topografix.com/GPX/1/1">',
    `  <metadata>\n    <name>${name}</name>${link}\n  </metadata>`,
    ...route.places.map((p) => `  <wpt ${at(p)}><name>${xmlEscape(`${p.placeSortId}. ${p.name}`)}</name></wpt>`),
  ]
  const paths = (route.paths ?? []).filter((path) => path.length >= 2)
  if (paths.length > 0) {
    const segments = paths.map((path) => `    <trkseg>\n${path.map((p) => (p.ele === undefined ? `      <trkpt ${at(p)}/>` : `      <trkpt ${at(p)}><ele>${Math.round(p.ele * 10) / 10}</ele></trkpt>`)).join('\n')}\n    </trkseg>`)
    lines.push(`  <trk>\n    <name>${name}</name>\n${segments.join('\n')}\n  </trk>`)
  } else if (route.places.length > 0) {
    const points = route.places.map((p) => `    <rtept ${at(p)}><name>${xmlEscape(p.name)}</name></rtept>`)
    lines.push(`  <rte>\n    <name>${name}</name>\n${points.join('\n')}\n  </rte>`)
  }
  lines.push('</gpx>', '')
  return lines.join('\n')
}
