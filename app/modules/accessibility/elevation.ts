import { haversineDistance } from '#app/modules/geo/geo.ts'
import type { FeatureCollection } from '#app/modules/geo/geojson.schema.ts'
import type { ElevationView } from './accessibility-responses.schema.ts'

// The height profile of a route from the heights of its drawn path (GeoJSON's third coordinate,
// kept from an imported GPX `<ele>`, a KML altitude or a directions provider that gives them).
// Pure: the server computes it for the route view, the pages only draw it.

/**
 * Height changes smaller than this are not counted as climbing. Heights in GPX files come from
 * GPS (noisy by several metres from one point to the next) or a terrain model sampled along the
 * track: summing every small up-and-down would report a flat lakeside walk as a hill climb
 * (30–100 % too much ascent is typical). A 3 m hysteresis keeps real climbs, even gentle ones,
 * and drops the jitter; it is close to what common GPS tools use for walking.
 */
export const ASCENT_THRESHOLD_M = 3
/** Points of the drawn profile: enough for a smooth line on a phone, few for the HTML. */
export const PROFILE_POINTS = 120

interface HeightPoint {
  /** Metres along the path. */
  at: number
  ele: number
}

/** The walked lines' positions that have a height, with their distance along the path. */
function heightPoints(fc: FeatureCollection): HeightPoint[][] {
  const lines: number[][][] = []
  for (const f of fc.features) {
    if (f.geometry.type === 'LineString') lines.push(f.geometry.coordinates)
    if (f.geometry.type === 'MultiLineString') lines.push(...f.geometry.coordinates)
  }
  let along = 0
  const result: HeightPoint[][] = []
  for (const line of lines) {
    const points: HeightPoint[] = []
    for (let i = 0; i < line.length; i++) {
      if (i > 0) along += haversineDistance({ lng: line[i - 1][0], lat: line[i - 1][1] }, { lng: line[i][0], lat: line[i][1] })
      const ele = line[i][2]
      if (typeof ele === 'number' && Number.isFinite(ele)) points.push({ at: along, ele })
    }
    if (points.length > 0) result.push(points)
  }
  return result
}

/** Total climb and descent of one line with the hysteresis above. */
export function climb(heights: number[], threshold = ASCENT_THRESHOLD_M): { ascent: number; descent: number } {
  let ascent = 0
  let descent = 0
  let anchor = heights[0]
  for (const ele of heights.slice(1)) {
    const change = ele - anchor
    if (change >= threshold) {
      ascent += change
      anchor = ele
    } else if (change <= -threshold) {
      descent -= change
      anchor = ele
    }
  }
  return { ascent, descent }
}

/** Evenly spread points of the profile, first and last kept. */
function thin(points: HeightPoint[], max: number): HeightPoint[] {
  if (points.length <= max) return points
  const step = (points.length - 1) / (max - 1)
  return Array.from({ length: max }, (_, i) => points[Math.round(i * step)])
}

/**
 * The profile and its totals, or null when the path has fewer than two heights (most drawn
 * paths have none: then no profile is shown). Separate lines are climbed separately: the gap
 * between two lines is not a slope.
 */
export function elevationOf(fc: FeatureCollection | null): ElevationView | null {
  if (!fc) return null
  const lines = heightPoints(fc)
  const all = lines.flat()
  if (all.length < 2) return null
  let ascent = 0
  let descent = 0
  for (const line of lines) {
    if (line.length < 2) continue
    const c = climb(line.map((p) => p.ele))
    ascent += c.ascent
    descent += c.descent
  }
  const heights = all.map((p) => p.ele)
  const round1 = (n: number) => Math.round(n * 10) / 10
  return {
    ascent: Math.round(ascent),
    descent: Math.round(descent),
    min: Math.round(Math.min(...heights)),
    max: Math.round(Math.max(...heights)),
    distance: Math.round(all.at(-1)!.at - all[0].at),
    profile: thin(all, PROFILE_POINTS).map((p) => [Math.round(p.at - all[0].at), round1(p.ele)]),
  }
}
