import simplify from 'simplify-js'
import { MAX_GEOJSON_POSITIONS } from '#app/modules/geo/geojson.schema.ts'
import { readImportFile } from './formats/read.ts'
import { checkPlace, checkRoute, type RowProblem, type SourceDocument, type SourcePlace, type SourceRoute } from './source.ts'
import type { CsvMapping, ImportFormat } from './transfer.schema.ts'

// The part of an import that reads the file: run in a worker thread (import-workers.server.ts,
// ADR 050), so it is pure: bytes in, checked rows out, nothing of the server's state touched.

export interface ParsedImport {
  format: ImportFormat
  columns: { headings: string[]; mapping: Record<string, string | null> } | null
  places: SourcePlace[]
  routes: SourceRoute[]
  problems: RowProblem[]
}

/** A route's path keeps at most this many positions; a longer one is simplified (ADR 050). */
export const ROUTE_POSITIONS = Math.min(10_000, MAX_GEOJSON_POSITIONS)
/** The smallest detail a simplified path drops, in metres, doubled until the path fits. */
const FIRST_TOLERANCE_M = 0.5

type Point = SourceRoute['lines'][number][number]

/**
 * The path with at most `max` positions in all: Douglas–Peucker (simplify-js) in metres on a
 * local plane, the tolerance doubled from half a metre until it fits (so a path is never
 * simplified more than it must be). Positions kept are the
 * file's own (heights included).
 */
export function simplifyLines(lines: Point[][], max = ROUTE_POSITIONS): { lines: Point[][]; simplified: { from: number; to: number } | null } {
  const from = lines.reduce((sum, line) => sum + line.length, 0)
  if (from <= max) return { lines, simplified: null }
  const lat0 = lines[0][0].lat
  const kx = 111_320 * Math.cos((lat0 * Math.PI) / 180)
  const ky = 110_574
  const planar = lines.map((line) => line.map((p) => ({ x: p.lng * kx, y: p.lat * ky, p })))
  let kept = planar
  // Each pass simplifies the previous one's result: fast, and within twice the last tolerance.
  for (let tolerance = FIRST_TOLERANCE_M; ; tolerance *= 2) {
    kept = kept.map((line) => simplify(line, tolerance) as typeof line)
    const to = kept.reduce((sum, line) => sum + line.length, 0)
    if (to <= max || tolerance > 1_000) return { lines: kept.map((line) => line.map((q) => q.p)), simplified: { from, to } }
  }
}

/** A short one-line text of the file, fit to name something (a comment, a symbol). */
const shortText = (value: unknown): string | null => {
  if (typeof value !== 'string') return null
  const text = value.trim()
  return text !== '' && text.length <= 80 && !/[\r\n]/.test(text) ? text : null
}

/**
 * Names to propose for rows the file leaves unnamed (a watch's track, Garmin's numbered
 * waypoints): the file's title (GPX metadata/name), the row's comment, description or symbol,
 * the file's name, else "Track 1", "Waypoint 12". The preview shows them; the manager may change them.
 */
function proposeNames(document: SourceDocument, fileName?: string) {
  const title = shortText(document.documentName) ?? shortText(fileName?.replace(/\.[a-z0-9]{2,8}$/i, '').replace(/[_]+/g, ' '))
  document.places.forEach((place, i) => {
    place.proposedName = shortText(place.hints?.comment) ?? shortText(place.description) ?? shortText(place.hints?.symbol) ?? { key: 'import.proposed.waypoint', values: { n: i + 1 } }
  })
  const unnamed = document.routes.filter((r) => typeof r.name !== 'string' || r.name.trim() === '')
  unnamed.forEach((route, i) => {
    const numbered = title && unnamed.length > 1 ? `${title} ${i + 1}` : title
    route.proposedName =
      shortText(route.hints?.comment) ?? shortText(route.texts.description) ?? numbered ?? { key: route.hints?.kind === 'route' ? 'import.proposed.route' : 'import.proposed.track', values: { n: i + 1 } }
  })
}

/** Reads and checks every row of the file: what the worker answers. */
export function parseImport(bytes: Uint8Array, mapping?: CsvMapping, fileName?: string): ParsedImport {
  const { format, document } = readImportFile(bytes, mapping)
  // A spreadsheet row without a name is a gap to fill in the sheet; a GPS file's unnamed track is not.
  if (format !== 'csv') proposeNames(document, fileName)
  const problems: RowProblem[] = [...document.problems]
  const places: SourcePlace[] = []
  for (const raw of document.places) {
    const checked = checkPlace(raw)
    if (Array.isArray(checked)) problems.push(...checked)
    else places.push(checked)
  }
  const validRefs = new Map(places.filter((p) => p.ref !== null).map((p) => [p.ref!, p.row]))
  const invalidRefs = new Set(document.places.filter((p) => p.ref !== null && !validRefs.has(p.ref)).map((p) => p.ref!))
  const routes: SourceRoute[] = []
  for (const raw of document.routes) {
    const broken = raw.stops.find((ref) => invalidRefs.has(ref))
    if (broken !== undefined) {
      problems.push({ row: raw.row, field: 'stops', message: { key: 'import.errors.stop_invalid' } })
      continue
    }
    const checked = checkRoute(raw, validRefs)
    if (Array.isArray(checked)) problems.push(...checked)
    else {
      const { lines, simplified } = simplifyLines(checked.lines)
      routes.push({ ...checked, lines, simplified })
    }
  }
  return { format, columns: document.columns ?? null, places, routes, problems }
}
