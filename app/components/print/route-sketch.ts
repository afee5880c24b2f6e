import type { LatLng } from '#app/modules/geo/geo.ts'
import { EARTH_RADIUS_M } from '#app/modules/geo/geo.ts'

// The printed leaflet's map: the path and the numbered stops drawn as an SVG on a plain ground
// (ADR 024). Web Mercator, fitted into a box with a margin; a scale bar of a round length.

export interface SketchStop extends LatLng {
  number: number
}

export interface Sketch {
  width: number
  height: number
  /** Each line as an SVG `points` string. */
  lines: string[]
  stops: { number: number; x: number; y: number }[]
  scale: { length: number; label: string }
}

const mercatorY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (Math.max(-85, Math.min(85, lat)) * Math.PI) / 360))

/** Room kept around every drawn point: a stop's disc (r 17 + its ring) and the path's white halo never touch the frame. */
export const SKETCH_PAD = 34
/** The band under the drawing that holds the scale bar (left) and the north arrow (right): no stop covers them. */
export const SKETCH_LEGEND = 85

/** Lays out lines and stops in a `width` × `height` box (SVG units), north up, same scale both ways, fitted to the drawing area. */
export function sketchRoute(lines: LatLng[][], stops: SketchStop[], width: number, height: number): Sketch {
  const points = [...lines.flat(), ...stops]
  if (points.length === 0) return { width, height, lines: [], stops: [], scale: { length: 0, label: '' } }
  const xs = points.map((p) => (p.lng * Math.PI) / 180)
  const ys = points.map((p) => mercatorY(p.lat))
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]
  // A lone point (or a tiny route) still gets a sensible zoom: at least ~300 m across.
  const meanLat = (points.reduce((s, p) => s + p.lat, 0) / points.length) * (Math.PI / 180)
  const minSpan = 300 / (EARTH_RADIUS_M * Math.cos(meanLat))
  const spanX = Math.max(maxX - minX, minSpan)
  const spanY = Math.max(maxY - minY, minSpan)
  const area = { width: width - 2 * SKETCH_PAD, height: height - SKETCH_PAD - SKETCH_LEGEND }
  const unit = Math.min(area.width / spanX, area.height / spanY)
  const cx = (minX + maxX) / 2
  const cy = (minY + maxY) / 2
  const middle = SKETCH_PAD + area.height / 2
  const at = (p: LatLng) => ({ x: width / 2 + ((p.lng * Math.PI) / 180 - cx) * unit, y: middle - (mercatorY(p.lat) - cy) * unit })
  const fmt = (n: number) => (Math.round(n * 10) / 10).toString()
  // Metres per SVG unit at the route's latitude; the bar is the round length nearest a fifth of the width.
  const metresPerUnit = (EARTH_RADIUS_M * Math.cos(meanLat)) / unit
  const target = (width / 5) * metresPerUnit
  const magnitude = 10 ** Math.floor(Math.log10(target))
  const length = [1, 2, 5, 10].map((f) => f * magnitude).reduce((best, v) => (Math.abs(v - target) < Math.abs(best - target) ? v : best))
  return {
    width,
    height,
    lines: lines.filter((l) => l.length >= 2).map((line) => line.map(at).map((p) => `${fmt(p.x)},${fmt(p.y)}`).join(' ')),
    stops: stops.map((s) => ({ number: s.number, ...at(s) })),
    scale: { length: length / metresPerUnit, label: length >= 1000 ? `${length / 1000} km` : `${length} m` },
  }
}
