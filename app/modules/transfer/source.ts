import { isLocale, locales, type Locale } from '#app/i18n/config.ts'
import { MAX_DURATION_S, walkTextFields, type WalkTextField } from '#app/modules/walks/walks.schema.ts'
import type { Message } from '#app/utils/errors.ts'

// What every format's reader gives: places and routes as the file describes them, before any
// check against the category. Rows are numbered as the user sees them (a spreadsheet's row, the
// Nth feature or placemark), so an error names the line to fix.

interface LatLngPoint {
  lat: number
  lng: number
  /** Height in metres when the file gives one (GPX <ele>, a third coordinate): kept for the route's profile (ADR 027). */
  ele?: number
}

interface PlaceTexts {
  name?: string | null
  description?: string | null
}

/** A place as read: coordinates and name still unchecked (a CSV cell is text). */
export interface RawPlace {
  row: number
  /** The file's own id of the feature (GeoJSON id, KML id): a route's stops name it. */
  ref: string | null
  name: unknown
  lat: unknown
  lng: unknown
  description: unknown
  /** Height in metres, when the file gives one (GPX <ele>, a third coordinate). */
  ele?: unknown
  translations: Partial<Record<Locale, PlaceTexts>>
  /** What else the file says of it, from which a missing name can be proposed. */
  hints?: { comment?: string | null; symbol?: string | null }
  /** A name to propose when the file gives none ("Waypoint 12", its comment…): shown in the preview, editable. */
  proposedName?: ProposedName
  /** The file says the place has no position (Trailguide's export of a place without coordinates): kept without one. */
  positionless?: boolean
}

/** A proposed name: the file's own text, or a numbered label in the manager's language. */
export type ProposedName = string | Message

type RouteTexts = Partial<Record<WalkTextField, string | null>>

export interface RawRoute {
  row: number
  ref: string | null
  name: unknown
  texts: RouteTexts
  translations: Partial<Record<Locale, RouteTexts>>
  /** The walked lines, as read (positions unchecked). */
  lines: unknown[][]
  /** Refs of places of the same file, in order. */
  stops: string[]
  /** A route colour's hex (simplestyle `stroke`), if the file has one. */
  color: string | null
  /** What else the file says of it, from which a missing name can be proposed. */
  hints?: { comment?: string | null; kind?: 'track' | 'route' }
  proposedName?: ProposedName
  /** The file says it is a route with neither path nor stops yet (Trailguide's export of a new route): kept as it is. */
  empty?: boolean
  /**
   * The walking time (s) Trailguide's export states for the route: kept on import, since it may
   * come from the directions service rather than from the path.
   */
  duration?: unknown
}

export interface RowProblem {
  row: number
  field: string
  message: Message
}

export interface SourceDocument {
  places: RawPlace[]
  routes: RawRoute[]
  /** Rows the reader could not make sense of at all (an unsupported geometry…). */
  problems: RowProblem[]
  /** CSV: the headings; GeoJSON: the property keys holding text. With the mapping used. */
  columns?: { headings: string[]; mapping: Record<string, string | null> }
  /** The file's own title (GPX metadata/name), if any. */
  documentName?: string | null
}

/** A checked place, ready to be compared with the category's. */
export interface SourcePlace {
  row: number
  ref: string | null
  name: string
  /** Null only for a place the file says has no position (`positionless`). */
  lat: number | null
  lng: number | null
  /** Height in metres (plausible ones only), kept on the place. */
  ele: number | null
  /** Set when the file gave no name: `name` is then empty until the proposal is read (ImportService). */
  proposedName?: ProposedName
  description: string | null
  translations: Partial<Record<Locale, PlaceTexts>>
}

export interface SourceRoute {
  row: number
  /** The untagged name, else the first language's. */
  name: string
  /** The name came from a language's text (the file has no untagged one). */
  nameTagged?: boolean
  proposedName?: ProposedName
  texts: RouteTexts
  translations: Partial<Record<Locale, RouteTexts>>
  lines: LatLngPoint[][]
  /** Rows of the file's places, in order. */
  stopRows: number[]
  color: string | null
  /** Positions read and kept when the path was simplified (ADR 050), else null. */
  simplified?: { from: number; to: number } | null
  /** The walking time (s) the file states, else the path's at walking pace. */
  duration?: number
}

const PLACE_NAME_MAX = 160
const PLACE_DESCRIPTION_MAX = 5_000
const ROUTE_NAME_MAX = 120
const ROUTE_TEXT_MAX: Record<WalkTextField, number> = { name: 120, subtitle: 200, description: 5_000, content_title: 200, content_text: 20_000, logo_title: 200 }

const problem = (row: number, field: string, key: string, values?: Message['values']): RowProblem => ({ row, field, message: { key: `import.errors.${key}`, values } })

/** A number from a cell or a JSON value: "46.52", "46,52" (a decimal comma), 46.52. */
function readNumber(value: unknown): number | null | 'invalid' {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 'invalid'
  if (value === null || value === undefined) return null
  if (typeof value !== 'string') return 'invalid'
  const text = value.trim()
  if (text === '') return null
  const normalised = /^[+-]?\d+,\d+$/.test(text) ? text.replace(',', '.') : text
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(normalised)) return 'invalid'
  const n = Number(normalised)
  return Number.isFinite(n) ? n : 'invalid'
}

/** A text value: trimmed, blank is none; anything but text or a number is none. */
function readText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  if (typeof value !== 'string') return null
  // eslint-disable-next-line no-control-regex
  const text = value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '').trim()
  return text === '' ? null : text
}

function coordinate(row: number, field: 'lat' | 'lng', value: unknown, problems: RowProblem[]): number | null {
  const n = readNumber(value)
  if (n === null) problems.push(problem(row, field, 'coordinate_missing'))
  else if (n === 'invalid') problems.push(problem(row, field, 'coordinate_invalid'))
  else if (field === 'lat' && (n < -90 || n > 90)) problems.push(problem(row, field, 'lat_range'))
  else if (field === 'lng' && (n < -180 || n > 180)) problems.push(problem(row, field, 'lng_range'))
  else return n
  return null
}

function text(row: number, field: string, value: unknown, max: number, problems: RowProblem[]): string | null {
  const t = readText(value)
  if (t !== null && t.length > max) {
    problems.push(problem(row, field, 'text_too_long', { max }))
    return null
  }
  return t
}

/** Checks a place row: a name, both coordinates on Earth, texts within their lengths. */
export function checkPlace(raw: RawPlace): SourcePlace | RowProblem[] {
  const problems: RowProblem[] = []
  // Without an untagged name, the first language's name is the place's (the others stay texts).
  const given = readText(raw.name) ?? firstTagged(raw.translations, 'name')
  const name = given ?? (raw.proposedName !== undefined ? '' : null)
  if (name === null) problems.push(problem(raw.row, 'name', 'name_missing'))
  else if (name.length > PLACE_NAME_MAX) problems.push(problem(raw.row, 'name', 'text_too_long', { max: PLACE_NAME_MAX }))
  const lat = raw.positionless ? null : coordinate(raw.row, 'lat', raw.lat, problems)
  const lng = raw.positionless ? null : coordinate(raw.row, 'lng', raw.lng, problems)
  const description = text(raw.row, 'description', raw.description, PLACE_DESCRIPTION_MAX, problems)
  const translations: Partial<Record<Locale, PlaceTexts>> = {}
  for (const [locale, texts] of Object.entries(raw.translations)) {
    if (!isLocale(locale) || !texts) continue
    const n = text(raw.row, `name_${locale}`, texts.name, PLACE_NAME_MAX, problems)
    const d = text(raw.row, `description_${locale}`, texts.description, PLACE_DESCRIPTION_MAX, problems)
    if (n !== null || d !== null) translations[locale] = { name: n, description: d }
  }
  if (problems.length > 0) return problems
  const ele = readNumber(raw.ele)
  const proposed = given === null ? { proposedName: raw.proposedName } : {}
  return { row: raw.row, ref: raw.ref, name: name!, lat, lng, ele: plausibleHeight(ele) ? Math.round(ele * 10) / 10 : null, description, translations, ...proposed }
}

/** The first language's text of this field, in the app's order of languages. */
function firstTagged(translations: Partial<Record<Locale, object>>, field: string): string | null {
  for (const locale of locales) {
    const value = readText((translations[locale] as Record<string, unknown> | undefined)?.[field])
    if (value !== null) return value
  }
  return null
}

/** Heights beyond the Dead Sea shore and Everest are a file's error, not a walk: dropped. */
const plausibleHeight = (ele: number | null | 'invalid'): ele is number => typeof ele === 'number' && ele >= -500 && ele <= 9000

/** Positions of a line as read ([lng, lat, ele?] or {lat, lng, ele?}), or null when one is not on Earth. */
function readLine(line: unknown[]): LatLngPoint[] | null {
  const points: LatLngPoint[] = []
  for (const position of line) {
    const point = Array.isArray(position)
      ? { lng: readNumber(position[0]), lat: readNumber(position[1]), ele: readNumber(position[2]) }
      : position && typeof position === 'object'
        ? { lat: readNumber((position as { lat?: unknown }).lat), lng: readNumber((position as { lng?: unknown }).lng), ele: readNumber((position as { ele?: unknown }).ele) }
        : null
    if (!point || typeof point.lat !== 'number' || typeof point.lng !== 'number') return null
    if (point.lat < -90 || point.lat > 90 || point.lng < -180 || point.lng > 180) return null
    points.push(plausibleHeight(point.ele) ? { lat: point.lat, lng: point.lng, ele: point.ele } : { lat: point.lat, lng: point.lng })
  }
  return points
}

/**
 * Checks a route row against the places of its file (`placeRows`: ref → row of a valid place):
 * a name, lines of two positions or more, and stops that are places of the file.
 */
export function checkRoute(raw: RawRoute, placeRows: Map<string, number>): SourceRoute | RowProblem[] {
  const problems: RowProblem[] = []
  const untaggedName = readText(raw.name)
  const given = untaggedName ?? firstTagged(raw.translations, 'name')
  const name = given ?? (raw.proposedName !== undefined ? '' : null)
  if (name === null) problems.push(problem(raw.row, 'name', 'name_missing'))
  else if (name.length > ROUTE_NAME_MAX) problems.push(problem(raw.row, 'name', 'text_too_long', { max: ROUTE_NAME_MAX }))
  const lines: LatLngPoint[][] = []
  for (const line of raw.lines) {
    const read = readLine(line)
    if (read === null) {
      problems.push(problem(raw.row, 'geometry', 'path_invalid'))
      break
    }
    if (read.length >= 2) lines.push(read)
  }
  if (raw.lines.length > 0 && lines.length === 0 && problems.length === 0) problems.push(problem(raw.row, 'geometry', 'path_too_short'))
  const stopRows: number[] = []
  for (const ref of raw.stops) {
    const row = placeRows.get(ref)
    if (row === undefined) {
      problems.push(problem(raw.row, 'stops', 'stop_unknown', { ref: ref.slice(0, 60) }))
      break
    }
    stopRows.push(row)
  }
  if (lines.length === 0 && stopRows.length === 0 && problems.length === 0 && !raw.empty) problems.push(problem(raw.row, 'geometry', 'path_too_short'))
  const texts = checkRouteTexts(raw.row, '', raw.texts, problems)
  const translations: Partial<Record<Locale, RouteTexts>> = {}
  for (const [locale, given] of Object.entries(raw.translations)) {
    if (!isLocale(locale) || !given) continue
    const checked = checkRouteTexts(raw.row, `_${locale}`, given, problems)
    if (Object.keys(checked).length > 0) translations[locale] = checked
  }
  if (problems.length > 0) return problems
  const proposed = given === null ? { proposedName: raw.proposedName } : {}
  const duration = statedDuration(raw.duration)
  return { row: raw.row, name: name!, nameTagged: untaggedName === null && given !== null, texts, translations, lines, stopRows, color: raw.color, ...proposed, ...(duration === null ? {} : { duration }) }
}

/** A stated walking time in seconds, or null when there is none or it is no plausible one (then the path's is taken). */
function statedDuration(value: unknown): number | null {
  const n = readNumber(value)
  return typeof n === 'number' && n >= 0 && n <= MAX_DURATION_S ? Math.round(n) : null
}

function checkRouteTexts(row: number, suffix: string, given: RouteTexts, problems: RowProblem[]): RouteTexts {
  const out: RouteTexts = {}
  for (const field of walkTextFields) {
    const value = text(row, `${field}${suffix}`, given[field], ROUTE_TEXT_MAX[field], problems)
    if (value !== null) out[field] = value
  }
  return out
}

/**
 * Texts keyed `name:fr` (OpenStreetMap's habit) or `name_fr` in a property bag: the language
 * versions of the given fields.
 */
export function languageVersions<F extends string>(properties: Record<string, unknown>, fields: readonly F[]): Partial<Record<Locale, Partial<Record<F, unknown>>>> {
  const out: Partial<Record<Locale, Partial<Record<F, unknown>>>> = {}
  for (const locale of locales) {
    for (const field of fields) {
      const value = properties[`${field}:${locale}`] ?? properties[`${field}_${locale}`]
      if (value === undefined) continue
      const texts: Partial<Record<F, unknown>> = (out[locale] ??= {})
      texts[field] = value
    }
  }
  return out
}

/** The first of these keys that a property bag holds (case-insensitive). */
export function pick(properties: Record<string, unknown>, keys: readonly string[]): unknown {
  const lower = new Map(Object.entries(properties).map(([k, v]) => [k.toLowerCase(), v]))
  for (const key of keys) if (lower.has(key)) return lower.get(key)
  return undefined
}
