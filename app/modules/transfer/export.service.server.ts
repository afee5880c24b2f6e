import type { DB } from '#app/db/db.server.ts'
import type { User } from '#app/db/schema.ts'
import { routeAddress, type Addressing } from '#app/modules/addresses/route-address.ts'
import type { CategoryAccess } from '#app/modules/categories/access.server.ts'
import type { LatLng } from '#app/modules/geo/geo.ts'
import { linePaths, type FeatureCollection } from '#app/modules/geo/geojson.schema.ts'
import { routeColors, walkTextFields, type RouteColor, type WalkTexts } from '#app/modules/walks/walks.schema.ts'
import { notFound } from '#app/utils/errors.ts'
import { isLocale } from '#app/i18n/config.ts'
import { translate } from '#app/i18n/i18n.server.ts'
import { routeName as routeTitle, toCsv, toGeoJson, toGpx, toKml, type ExportModel, type ExportPlace, type ExportRoute } from './formats/write.ts'
import type { ExportFormat } from './transfer.schema.ts'
import { TransferRepo, type PlaceTranslationRow, type WalkRow, type WalkTranslationRow } from './transfer.repo.server.ts'

export interface ExportFile {
  body: string
  contentType: string
  filename: string
}

const writers: Record<ExportFormat, { write: (m: ExportModel) => string; contentType: string; extension: string }> = {
  geojson: { write: toGeoJson, contentType: 'application/geo+json; charset=utf-8', extension: 'geojson' },
  csv: { write: toCsv, contentType: 'text/csv; charset=utf-8', extension: 'csv' },
  gpx: { write: toGpx, contentType: 'application/gpx+xml; charset=utf-8', extension: 'gpx' },
  kml: { write: toKml, contentType: 'application/vnd.google-earth.kml+xml; charset=utf-8', extension: 'kml' },
}

const placeRef = (id: number) => `place-${id}`
const routeRef = (uuid: string) => `route-${uuid}`

function groupBy<R, K>(rows: R[], key: (row: R) => K): Map<K, R[]> {
  const groups = new Map<K, R[]>()
  for (const row of rows) {
    const k = key(row)
    const group = groups.get(k)
    if (group) group.push(row)
    else groups.set(k, [row])
  }
  return groups
}

const walkTexts = (rows: WalkTranslationRow[]): Record<string, Partial<WalkTexts>> =>
  Object.fromEntries(rows.map((row) => [row.locale, Object.fromEntries(walkTextFields.map((f) => [f, row[f]]))]))
const placeTexts = (rows: PlaceTranslationRow[]): ExportPlace['texts'] => Object.fromEntries(rows.map((r) => [r.locale, { name: r.name, description: r.description }]))

/**
 * A category's content as one model: every place, every route (drafts too for members; the open
 * data answers take the published ones and their stops only), texts in every language, and each
 * route's public addresses from the addresses module (ADR 011). Five queries whatever the size.
 */
export async function loadExportModel(db: DB, addressing: Addressing, categoryId: number, options: { publishedOnly?: boolean } = {}): Promise<(ExportModel & { slug: string }) | null> {
  const repo = new TransferRepo(db)
  const category = await repo.category(categoryId)
  if (!category) return null
  const [places, walks, walkTranslations, stops, placeTranslations] = await Promise.all([
    repo.places(categoryId),
    repo.walks(categoryId, options),
    repo.walkTranslations(categoryId),
    repo.stops(categoryId),
    repo.placeTranslations(categoryId),
  ])
  const stopsOf = groupBy(stops, (s) => s.walk_id)
  const textsOf = groupBy(walkTranslations, (t) => t.walk_id)
  const placeTextsOf = groupBy(placeTranslations, (t) => t.place_id)
  const routes: ExportRoute[] = walks.map((walk: WalkRow) => {
    const ref = { category: category.slug, slug: walk.slug }
    const lines = walk.features_collection ? linePaths(JSON.parse(walk.features_collection) as FeatureCollection) : []
    return {
      ref: routeRef(walk.uuid),
      uuid: walk.uuid,
      slug: walk.slug,
      status: walk.status,
      color: routeColors[walk.color as RouteColor] ?? routeColors['bg-orange'],
      distance: walk.distance,
      duration: walk.duration,
      url: routeAddress(addressing, 'landing', ref).url,
      mapUrl: routeAddress(addressing, 'map', ref).url,
      lines: options.publishedOnly && walk.is_path_visible !== 1 ? [] : (lines as LatLng[][]),
      stops: (stopsOf.get(walk.id) ?? []).map((s) => placeRef(s.place_id)),
      texts: walkTexts(textsOf.get(walk.id) ?? []),
      photoPath: walk.photo_path,
    }
  })
  // Open data shows the places its routes pass by, not the category's other (unpublished) places.
  const shown = options.publishedOnly ? new Set(routes.flatMap((r) => r.stops)) : null
  return {
    name: category.name,
    slug: category.slug,
    fallbackLocale: category.fallback_locale,
    places: places
      .filter((p) => !shown || shown.has(placeRef(p.id)))
      .map((p) => ({ ref: placeRef(p.id), name: p.name, lat: p.lat, lng: p.lng, ele: p.ele, texts: placeTexts(placeTextsOf.get(p.id) ?? []) })),
    routes,
  }
}

/**
 * What a GPX cannot hold, named in its description in the category's language: a waypoint needs a
 * position, and a route with neither path nor stops has nothing to write. GeoJSON, KML and CSV
 * keep them (a feature without geometry, a row with empty position cells).
 */
function gpxLeftOut(model: ExportModel): string | null {
  const locale = isLocale(model.fallbackLocale) ? model.fallbackLocale : 'en'
  const places = model.places.filter((p) => p.lat === null || p.lng === null).map((p) => p.name)
  const routes = model.routes.filter((r) => r.lines.length === 0 && r.stops.length === 0).map((r) => routeTitle(model, r))
  const parts = [
    places.length > 0 ? translate(locale, { key: 'import.gpxLeftOut.places', values: { names: places.join(', ') } }) : null,
    routes.length > 0 ? translate(locale, { key: 'import.gpxLeftOut.routes', values: { names: routes.join(', ') } }) : null,
  ].filter((part): part is string => part !== null)
  return parts.length > 0 ? parts.join(' ') : null
}

/** A category's places and routes as a file, for its members (another tenant: 404). */
export class ExportService {
  constructor(private readonly deps: { db: DB; access: CategoryAccess; addressing: Addressing }) {}

  async category(user: User, categoryId: number, format: ExportFormat): Promise<ExportFile> {
    await this.deps.access.require(user.id, categoryId, 'editor')
    const model = await loadExportModel(this.deps.db, this.deps.addressing, categoryId)
    if (!model) throw notFound()
    const writer = writers[format]
    const note = format === 'gpx' ? gpxLeftOut(model) : null
    return { body: writer.write({ ...model, note }), contentType: writer.contentType, filename: `${model.slug}.${writer.extension}` }
  }

  /** One route with its stops, as GeoJSON or KML (beside its GPX). */
  routeFile(model: ExportModel & { slug: string }, uuid: string, format: 'geojson' | 'kml'): ExportFile | null {
    const route = model.routes.find((r) => r.uuid === uuid)
    if (!route) return null
    const stops = new Set(route.stops)
    const single = { ...model, places: model.places.filter((p) => stops.has(p.ref)), routes: [route] }
    const writer = writers[format]
    return { body: writer.write(single), contentType: writer.contentType, filename: `${route.slug}.${writer.extension}` }
  }
}
