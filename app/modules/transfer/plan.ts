import { translate } from '#app/i18n/i18n.server.ts'
import type { Locale } from '#app/i18n/config.ts'
import { haversineDistance, NEARBY_RADIUS_M, pathLength, walkingDuration, type LatLng } from '#app/modules/geo/geo.ts'
import { MAX_GEOJSON_POSITIONS, type FeatureCollection } from '#app/modules/geo/geojson.schema.ts'
import { defaultRouteColor, routeColors, type WalkTexts } from '#app/modules/walks/walks.schema.ts'
import { previewText } from './import-protocol.ts'
import { NearbyIndex } from './nearby-index.ts'
import type { ParsedImport } from './parse.ts'
import type { RowProblem, SourcePlace, SourceRoute } from './source.ts'
import type { DuplicateAction, ImportAnswer, ImportOptions, PreviewPlace, PreviewRoute } from './transfer.schema.ts'

// An import's plan (ADR 023, 054): every row of the file compared with the category (the nearby
// rule: a place under 20 m is already there; a route of the same name and ends), the choices
// applied, and what the answer shows and the commit writes. Pure: it runs in the import's worker
// (import.worker.ts), so the server's main thread never holds the file's rows, only the answer's
// (as JSON text) and, for a commit, the rows to write in compact form.

/** A place of the category as the comparison needs it. */
export interface ExistingPlace {
  id: number
  name: string
  lat: number | null
  lng: number | null
}

/** A route of the category: its names (any language, normalised) and ends (the path's, else the stops'). */
export interface ExistingRoute {
  uuid: string
  name: string
  names: string[]
  ends: [LatLng, LatLng] | null
}

/** What the worker needs to plan an import: the category as it is, and the manager's choices. */
export interface PlanInput {
  places: ExistingPlace[]
  routes: ExistingRoute[]
  /** The category's fallback language: untagged texts are its. */
  fallback: string
  /** The manager's language: proposed names and row errors are written in it. */
  locale: Locale
  /** Names, per-row choices and the choice for all (the mapping was used to read the file). */
  options: Pick<ImportOptions, 'names' | 'rows' | 'duplicates'>
  /** A commit: the rows to write come back too. */
  commit: boolean
}

/**
 * A place to write, compact: [row, name, lat, lng, ele, texts], texts flat as
 * locale, name, description, locale, name, description…
 */
export type PlaceWrite = [row: number, name: string, lat: number | null, lng: number | null, ele: number | null, texts: (string | null)[]]

/** A route to write: everything but its slug (the database's) and its stops' ids (the commit's). */
export interface RouteWrite {
  row: number
  name: string
  color: string
  distance: number
  duration: number
  featuresCollection: string | null
  texts: [locale: string, fields: Partial<WalkTexts>][]
  stopRows: number[]
}

export type PreviewRouteRow = Omit<PreviewRoute, 'uuid'>

export type PlanSummary = ImportAnswer['summary']

const PREVIEW_POINTS = 400

/** Every nth position, the ends kept: at most `max` (the preview map and the stored path). */
export function thin<T>(points: T[], max: number): T[] {
  if (points.length <= max) return points
  const step = Math.ceil((points.length - 1) / (max - 1))
  const kept = points.filter((_, i) => i % step === 0)
  if (kept.at(-1) !== points.at(-1)) kept.push(points.at(-1)!)
  return kept
}

export const normalName = (name: string) => name.normalize('NFC').trim().toLocaleLowerCase()

export const routeEnds = (lines: LatLng[][], stops: LatLng[]): [LatLng, LatLng] | null => {
  const points = lines.length > 0 ? [lines[0][0], lines.at(-1)!.at(-1)!] : stops.length > 0 ? [stops[0], stops.at(-1)!] : null
  return points ? [points[0], points[1]] : null
}

/**
 * A route's texts per language: those the file tags, and its untagged ones (name, description…)
 * as the fallback language's, field by field unless the file tags that language's own. The
 * preview shows the fallback language's name, which is the one stored.
 */
function routeTexts(route: SourceRoute, fallback: string): Map<string, Partial<WalkTexts>> {
  const byLocale = new Map<string, Partial<WalkTexts>>(Object.entries(route.translations))
  const untagged: Partial<WalkTexts> = { ...route.texts, ...(route.nameTagged ? {} : { name: route.name }) }
  // An untagged text equal to another language's is that language's copy (our export writes the
  // untagged name of a route written in English only as a copy of its English one): it does not
  // become the fallback language's too.
  const copies = Object.entries(untagged).filter(([field, value]) => [...byLocale].some(([locale, texts]) => locale !== fallback && texts[field as keyof WalkTexts] === value))
  for (const [field] of copies) delete untagged[field as keyof WalkTexts]
  byLocale.set(fallback, { ...untagged, ...byLocale.get(fallback) })
  if (![...byLocale.values()].some((t) => t.name)) byLocale.set(fallback, { ...byLocale.get(fallback), name: route.name })
  return byLocale
}

/** Every name a route of the file goes by (untagged and per language), to find it among the category's. */
const namesOf = (route: SourceRoute) => [route.name, ...Object.values(route.translations).map((t) => t?.name)].filter((n): n is string => typeof n === 'string').map(normalName)

const colorName = (hex: string | null) =>
  (Object.entries(routeColors).find(([, value]) => hex !== null && value.toLowerCase() === hex.trim().toLowerCase())?.[0] ?? defaultRouteColor)

/** What the worker sends back, in order: the preview's places in parts, each route, then the rest. */
export interface PlanSink {
  places(preview: PreviewPlace[], writes: PlaceWrite[], links: [row: number, id: number][]): Promise<void>
  route(preview: PreviewRouteRow, write: RouteWrite | null): Promise<void>
  errors(errors: ImportAnswer['errors']): Promise<void>
}

/** Rows per part the worker sends (each taken in on the event loop in a short turn). */
export const PLAN_ROWS_PER_PART = 250

/** Names the rows, compares them with the category, applies the choices, and hands the answer's rows and the writes to `sink`. */
export async function planImport(parsed: Pick<ParsedImport, 'places' | 'routes' | 'problems'>, input: PlanInput, sink: PlanSink): Promise<PlanSummary> {
  const { options, locale, fallback } = input
  // Proposed names in the manager's language; a name the preview gave a row wins.
  const named = <T extends SourcePlace | SourceRoute>(row: T): T => {
    const given = options.names?.[String(row.row)]
    if (given) return { ...row, name: given, proposedName: undefined, nameTagged: false }
    if (row.proposedName === undefined) return row
    return { ...row, name: (typeof row.proposedName === 'string' ? row.proposedName : translate(locale, row.proposedName)).slice(0, 120) }
  }
  const index = new NearbyIndex(input.places.filter((p): p is ExistingPlace & LatLng => p.lat !== null && p.lng !== null))
  // A place without position is already there when one of the category without position has its name.
  const positionless = new Map(input.places.filter((p) => p.lat === null || p.lng === null).map((p) => [normalName(p.name), p]))
  const choice = (row: number): DuplicateAction => options.rows?.[String(row)] ?? options.duplicates ?? 'skip'
  const summary: PlanSummary = { rows: 0, places_created: 0, places_linked: 0, places_skipped: 0, routes_created: 0, routes_skipped: 0, errors: 0 }
  // What routes need of their stops: the position of each place with one, by row.
  const positions = new Map<number, LatLng>()
  for (let i = 0; i < parsed.places.length; i += PLAN_ROWS_PER_PART) {
    const preview: PreviewPlace[] = []
    const writes: PlaceWrite[] = []
    const links: [number, number][] = []
    for (const source of parsed.places.slice(i, i + PLAN_ROWS_PER_PART)) {
      const place = named(source)
      const chosen = options.rows?.[String(place.row)]
      let existing: PreviewPlace['existing'] = null
      let action: PreviewPlace['action']
      if (place.lat === null || place.lng === null) {
        const twin = positionless.get(normalName(place.name))
        if (twin) existing = { id: twin.id, name: twin.name, distance: null }
      } else {
        positions.set(place.row, { lat: place.lat, lng: place.lng })
        const near = index.nearest(place as LatLng, NEARBY_RADIUS_M)
        if (near) existing = { id: near.item.id, name: near.item.name, distance: Math.round(near.distance * 10) / 10 }
      }
      if (existing) action = choice(place.row)
      else action = chosen === 'skip' ? 'skip' : 'create'
      summary[action === 'create' ? 'places_created' : action === 'link' ? 'places_linked' : 'places_skipped']++
      preview.push({
        row: place.row,
        name: place.name,
        lat: place.lat,
        lng: place.lng,
        description: previewText(place.description),
        status: existing ? 'existing' : 'new',
        existing,
        action,
        proposed: place.proposedName !== undefined,
      })
      if (!input.commit) continue
      if (action === 'link' && existing) links.push([place.row, existing.id])
      if (action !== 'create') continue
      // An untagged description is the fallback language's, unless the file gives that language's own.
      const byLocale = { ...place.translations } as Record<string, { name: string | null; description: string | null } | undefined>
      if (place.description !== null && !byLocale[fallback]?.description) byLocale[fallback] = { name: byLocale[fallback]?.name ?? null, description: place.description }
      const texts: (string | null)[] = []
      for (const [textLocale, t] of Object.entries(byLocale)) texts.push(textLocale, t?.name ?? null, t?.description ?? null)
      writes.push([place.row, place.name, place.lat, place.lng, place.ele, texts])
    }
    await sink.places(preview, writes, links)
  }
  summary.rows += parsed.places.length

  for (const source of parsed.routes) {
    const route = named(source)
    // Stops without position have no part in the measures.
    const stops = route.stopRows.map((row) => positions.get(row)).filter((p): p is LatLng => p !== undefined)
    const distance = Math.round(route.lines.length > 0 ? route.lines.reduce((sum, line) => sum + pathLength(line), 0) : pathLength(stops))
    const ends = routeEnds(route.lines, stops)
    const names = namesOf(route)
    const twin = input.routes.find(
      (k) => names.some((name) => k.names.includes(name)) && ((k.ends === null && ends === null) || (k.ends !== null && ends !== null && haversineDistance(k.ends[0], ends[0]) < NEARBY_RADIUS_M && haversineDistance(k.ends[1], ends[1]) < NEARBY_RADIUS_M)),
    )
    const chosen = options.rows?.[String(route.row)]
    const action = twin ? (choice(route.row) === 'create' ? 'create' : 'skip') : chosen === 'skip' ? 'skip' : 'create'
    const duration = route.duration ?? Math.round(walkingDuration(distance))
    summary[action === 'create' ? 'routes_created' : 'routes_skipped']++
    const texts = routeTexts(route, fallback)
    const budget = Math.max(2, Math.floor(PREVIEW_POINTS / Math.max(1, route.lines.length)))
    const preview: PreviewRouteRow = {
      row: route.row,
      name: texts.get(fallback)?.name ?? route.name,
      path: route.lines.map((line) => thin(line, budget).map((p): [number, number] => [p.lat, p.lng])),
      stops: route.stopRows.length,
      distance,
      duration,
      status: twin ? 'existing' : 'new',
      existing: twin ? { uuid: twin.uuid, name: twin.name } : null,
      action,
      simplified: route.simplified ?? null,
      proposed: route.proposedName !== undefined,
    }
    let write: RouteWrite | null = null
    if (input.commit && action === 'create') {
      const stored = Math.floor(MAX_GEOJSON_POSITIONS / Math.max(1, route.lines.length))
      const collection: FeatureCollection | null =
        route.lines.length === 0
          ? null
          : {
              type: 'FeatureCollection',
              features: route.lines.map((line) => ({ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: thin(line, stored).map((p) => (p.ele === undefined ? [p.lng, p.lat] : [p.lng, p.lat, p.ele])) } })),
            }
      write = { row: route.row, name: route.name, color: colorName(route.color), distance, duration, featuresCollection: collection ? JSON.stringify(collection) : null, texts: [...texts], stopRows: route.stopRows }
    }
    await sink.route(preview, write)
  }
  summary.rows += parsed.routes.length

  const problems: RowProblem[] = [...parsed.problems].sort((a, b) => a.row - b.row)
  const errorRows = new Set(problems.map((p) => p.row)).size
  summary.rows += errorRows
  summary.errors = errorRows
  for (let i = 0; i < problems.length; i += PLAN_ROWS_PER_PART) {
    await sink.errors(problems.slice(i, i + PLAN_ROWS_PER_PART).map((p) => ({ row: p.row, field: p.field, message: translate(locale, p.message) })))
  }
  return summary
}
